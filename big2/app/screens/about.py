"""About: the game's version, and where the player's own files live, with a button that
shows each folder in the system's file manager.

The folders are the running game's (:class:`big2.persistence.AppPaths`: ``BIG2_HOME`` or
the platform's per-user folders), so what is shown is where this copy really reads and
writes. Opening a folder never blocks the window; if it fails (no file manager, no
desktop), a sentence below the list says so and names the folder.
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path

import pygame

from big2.persistence import AppPaths
from big2.version import version

from ...i18n import N_, _, verbatim
from ..storage import folders
from .. import storage
from ..ui import text
from ..ui.scene import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
WHITE = (235, 238, 240)
SOFT = (185, 195, 200)
GOOD = (150, 225, 160)
BAD = (255, 170, 120)


def how_installed() -> str:
    """A few words on what kind of copy is running."""
    if getattr(sys, "frozen", False):
        return _("standalone app")
    return _("Python package")


def library_versions() -> str:
    """``Python 3.11.7 · pygame-ce 2.5.8 · pygame_gui 0.6.14`` (what a bug report needs);
    pygame_gui's number comes from its package metadata, which a frozen app may lack."""
    parts = [f"Python {platform.python_version()}", f"pygame-ce {pygame.version.ver}"]
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version

        parts.append(f"pygame_gui {dist_version('pygame_gui')}")
    except PackageNotFoundError:
        pass
    return verbatim(" · ".join(parts))


def player_folders(paths: AppPaths) -> list[tuple[str, Path, Path]]:
    """``(what, shown path, folder to open)`` for each kind of file the game keeps."""
    return [
        (N_("Settings"), paths.settings_file, paths.config_dir),
        (N_("Saved games"), paths.saves_dir, paths.saves_dir),
        (N_("Score history"), paths.history_db, paths.history_db.parent),
        (N_("Logs"), paths.log_dir, paths.log_dir),
    ]


def elide(words: str, size: int, width: int) -> str:
    """``words`` shortened in the middle with "…" until it fits ``width`` pixels."""
    from ..ui import assets

    fnt = assets.font(size)
    if fnt.size(words)[0] <= width:
        return words
    keep = len(words)
    while keep > 8:
        keep -= 1
        head = keep // 3
        trial = words[:head] + "…" + words[len(words) - (keep - head):]
        if fnt.size(trial)[0] <= width:
            return trial
    return words[:8] + "…"


class AboutScene(Scene):
    name = "about"

    def __init__(self, app) -> None:
        super().__init__(app)
        found = storage.of(app)
        self.paths: AppPaths = found.paths if found is not None else AppPaths.from_environment()
        self.rows = player_folders(self.paths)
        self.shown = dict(zip((r[0] for r in self.rows), (t for _w, t in folders.describe([(w, p) for w, p, _f in self.rows]))))
        self.opening: folders.Opening | None = None
        self.message = ""
        self.message_bad = False

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        r = self.rect = dialog_rect(self.app.size, px(860), px(560))
        self.pad = px(32)
        self.row_h = px(44)
        self.rows_top = r.y + px(196)
        self.open_w = self.button_width([_("Open folder")])
        self.b_open: dict[str, object] = {}
        for i, (what, _shown, folder) in enumerate(self.rows):
            y = self.rows_top + i * self.row_h
            self.b_open[what] = self.button(
                (r.right - self.pad - self.open_w, y + px(4), self.open_w, self.row_h - px(8)), _("Open folder"),
                tooltip=_("Show {folder} in your file manager").format(folder=verbatim(str(folder))),
            )
        self.b_back = self.button((r.centerx - px(100), r.bottom - px(70), px(200), px(46)), _("Back"), object_id="#primary")

    def handle(self, event: pygame.event.Event) -> bool:
        for what, _shown, folder in self.rows:
            if self.pressed(event, self.b_open[what]):
                self.show_folder(folder)
                return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def show_folder(self, folder: Path) -> None:
        """Ask the file manager to show ``folder``; the outcome appears as a sentence."""
        self.opening = folders.open_folder(folder)
        self.note_outcome()
        if not self.message_bad:
            shown = folders.describe([("", folder)])[0][1]
            self.message = _("Showing {folder} in your file manager.").format(folder=verbatim(shown))

    def note_outcome(self) -> None:
        if self.opening is not None and self.opening.problem:
            self.message, self.message_bad = self.opening.problem, True
            self.opening = None
        else:
            self.message_bad = False

    def update(self, dt: float) -> None:
        if self.opening is not None:
            if self.opening.problem:
                self.note_outcome()
            elif self.opening.done.is_set():
                self.opening = None

    def next_deadline(self) -> float | None:
        return 0.25 if self.opening is not None else None

    # Drawing -----------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt((w, h), self.app.settings.felt_colours), (0, 0))
        r, px, fpx, pad = self.rect, self.px, self.fpx, self.pad
        frame(surf, r)
        inner = r.w - 2 * pad
        text.draw(surf, _("About Big Two"), fpx(30), (r.centerx, r.y + px(44)), GOLD, anchor="center", bold=True)
        text.draw(surf, _("Version {version} · {kind}").format(version=verbatim(version()), kind=how_installed()), fpx(20), (r.centerx, r.y + px(86)), WHITE, anchor="center")
        text.draw(surf, library_versions(), fpx(15), (r.centerx, r.y + px(114)), SOFT, anchor="center", max_width=inner)
        text.draw(surf, _("Your files"), fpx(20), (r.x + pad, r.y + px(156)), GOLD, bold=True)
        label_w = max(self.text_width(_(what), 17, bold=True) for what, _p, _f in self.rows) + px(24)
        path_w = inner - label_w - self.open_w - px(16)
        for i, (what, _path, _folder) in enumerate(self.rows):
            y = self.rows_top + i * self.row_h + self.row_h // 2
            text.draw(surf, _(what), fpx(17), (r.x + pad, y), WHITE, anchor="midleft", bold=True)
            text.draw(surf, verbatim(elide(self.shown[what], fpx(16), path_w)), fpx(16), (r.x + pad + label_w, y), SOFT, anchor="midleft")
        y = self.rows_top + len(self.rows) * self.row_h + px(14)
        note = _("Upgrading or uninstalling the game keeps these files; delete the folders to forget everything.")
        for line in text.wrap(note, fpx(15), inner):
            text.draw(surf, line, fpx(15), (r.x + pad, y), SOFT)
            y += fpx(15) + px(5)
        if self.message:
            y += px(8)
            colour = BAD if self.message_bad else GOOD
            for line in text.wrap(self.message, fpx(16), inner)[:3]:
                text.draw(surf, line, fpx(16), (r.x + pad, y), colour)
                y += fpx(16) + px(6)
