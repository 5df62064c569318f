"""The app's last line of defence: an exception escaping a scene never kills the program.

:meth:`App.frame <big2.app.app.App.frame>` hands any exception that escapes a turn of the
loop (a scene's input, update or drawing, the table's event playback) to
:func:`recover`, which

1. writes a crash report (the traceback, the versions, the screens open, the rules, the
   scoring and the deal's seed) to the log folder, in a file only the user can read;
2. saves what can be saved: the writes still queued (the last move's autosave, the
   score history) are finished; when a table was open its autosave, which may hold the
   state that crashed, is set aside (``autosave.json.crashed-<time>``, its reason in the
   report) and the previous good copy (``autosave.json.bak``) takes its place, so the
   next Continue cannot crash the same way and offers the game a move earlier;
3. **no crash loop, by construction**: when the table that crashed holds a game that
   was *resumed* in this run (Continue, or loaded from Saved games), no copy of that
   game is offered again: the autosave, its previous copy and every save slot holding
   the same game (found by the game's id, kept in each save: see
   :func:`big2.persistence.sessioncodec.game_id`) are set aside, and the player is told
   once and offered a new game. A fresh game gets one retry from its previous copy; if
   that crashes too it is a resumed game, and its copies go;
4. a screen that crashes while it shows a file (it wraps that work in
   :func:`marks_file`) has that file set aside, so opening the screen again cannot
   crash the same way;
5. closes every screen and shows the title with a calm dialog that says what happened
   and where the report is (:class:`CrashScene`).

Crashes that keep coming (more than :data:`MAX_CRASHES` within :data:`CRASH_WINDOW`
seconds: the title itself failing) end the program with exit code 1 and one sentence on
stderr, after the report is written. ``app.guard_crashes = False`` (the app tests)
re-raises instead, so a test sees the real error.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import platform
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pygame

from .ui import text
from ..i18n import _, verbatim
from .ui.scene import Scene, SceneHost
from .screens.common import dialog_rect, frame, veil

log = logging.getLogger(__name__)

#: More crashes than this within :data:`CRASH_WINDOW` seconds end the program.
MAX_CRASHES: Final = 3
CRASH_WINDOW: Final = 10.0
GOLD = (245, 210, 122)


@dataclass
class Recovery:
    """What :func:`recover` did: the report's path (None if it could not be written), the
    autosave it set aside, whether the previous copy now stands in for it."""

    report: Path | None
    set_aside: Path | None = None
    previous_offered: bool = False
    gave_up: bool = False
    #: Every copy of a resumed game set aside (the autosave, its previous copy, slots).
    all_copies: list[Path] = field(default_factory=list)
    #: Files a screen was showing when it crashed, set aside (see :func:`marks_file`).
    marked: list[Path] = field(default_factory=list)


#: The attribute :func:`marks_file` leaves on an exception: the files in use.
_FILES_ATTR = "_big2_files_in_use"


@contextlib.contextmanager
def marks_file(path: Path | None, *, game: str | None = None) -> Iterator[None]:
    """Wrap a screen's work on one file (listing a slot, drawing its preview, opening
    a save): an exception escaping it carries ``path``, and :func:`recover` sets that
    file aside, so the screen cannot crash on it again. ``game``: the id of the game
    the file holds, when a crash means that game cannot be opened (Continue, Load):
    every copy of it is set aside too. ``None`` marks nothing."""
    try:
        yield
    except Exception as exc:
        if path is not None:
            with contextlib.suppress(Exception):
                files = list(getattr(exc, _FILES_ATTR, ()))
                files.append((Path(path), game))
                setattr(exc, _FILES_ATTR, files)
        raise


def recover(app: SceneHost, exc: BaseException) -> Recovery:
    """Handle ``exc``, which escaped a turn of ``app``'s loop (see the module notes).

    Never raises (short of the interpreter failing).
    """
    now = time.monotonic()
    times = [t for t in getattr(app, "_crash_times", []) if now - t < CRASH_WINDOW]
    times.append(now)
    app._crash_times = times  # type: ignore[attr-defined]
    log.error("the app recovered from an unexpected error", exc_info=exc)
    table = _table_of(app)
    result = Recovery(report=None)
    with contextlib.suppress(Exception):
        result.set_aside, result.previous_offered, result.all_copies = _set_aside_autosave(app, table, exc)
    with contextlib.suppress(Exception):
        result.marked, copies = _set_aside_marked(app, exc)
        result.all_copies += copies
    result.report = write_report(app, exc, table=table, set_aside=result.set_aside,
                                 more=[*result.all_copies, *result.marked])
    if len(times) > MAX_CRASHES:
        result.gave_up = True
        where = f" A report was written to {result.report}." if result.report else ""
        print(f"big2: the game kept failing and had to stop.{where}", file=sys.stderr)
        app.quit(1)
        return result
    _back_to_title(app, result)
    return result


# -- the report ---------------------------------------------------------------------------

def report_folder(app: SceneHost) -> Path:
    """The log folder: the storage's when the app has one, else ``BIG2_HOME``'s."""
    st = getattr(app, "storage", None)
    if st is not None:
        return Path(st.paths.log_dir)
    from big2.persistence.paths import AppPaths

    return AppPaths.from_environment().log_dir


def describe(app: SceneHost, exc: BaseException, *, table: Any = None, set_aside: Path | None = None,
             note: str | None = None, more: list[Path] | None = None) -> str:
    """The text of a crash report; ``note`` says what was done about it, when the app
    went on (a computer's failed turn played another way)."""
    from big2 import __version__

    lines = [
        "Big2 crash report",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"big2: {__version__}",
        f"python: {platform.python_version()} ({platform.platform()})",
        f"pygame-ce: {getattr(pygame, 'version', None) and pygame.version.ver}, "
        f"SDL {'.'.join(map(str, pygame.get_sdl_version()))}",
        f"window: {app.size[0]}x{app.size[1]}{' fullscreen' if getattr(app, 'fullscreen', False) else ''}",
        f"screens open (bottom to top): {', '.join(_name(s) for s in app.stack) or 'none'}",
        f"error: {type(exc).__name__}: {exc}",
    ]
    if note:
        lines.append(f"what happened: {note}")
    lines += _game_lines(table)
    if set_aside is not None:
        lines.append(f"saved game set aside as: {set_aside} "
                     f"(reason: the table crashed with {type(exc).__name__} while playing it)")
    for path in more or ():
        if path != set_aside:
            lines.append(f"also set aside: {path} (reason: {type(exc).__name__} while it was in use)")
    lines += ["", "traceback:", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
    return "\n".join(lines)


def _name(scene: Any) -> str:
    return str(getattr(scene, "name", type(scene).__name__))


def match_of(table: Any) -> Any:
    """The session behind a table shown here: its room's (None for a room elsewhere)."""
    room = getattr(getattr(table, "link", None), "room", None)
    return getattr(room, "match", None)


def _game_lines(table: Any) -> list[str]:
    if table is None:
        return ["game: no table was open"]
    out: list[str] = []
    try:
        match = match_of(table)
        session = match.session
        config = match.config
        from big2.persistence.gamecodec import rules_to_dict

        out.append(f"rules: {session.rules.name} {json.dumps(rules_to_dict(session.rules), sort_keys=True)}")
        out.append(f"scoring: {config.scoring}")
        out.append("seats: " + ", ".join(
            f"{s.name} ({'person' if s.human else s.level})" for s in config.seats))
        out.append(f"match seed: {config.seed}")
        deals = [r.deal_number for r in session.records]
        out.append(f"deal seed of this hand: {session.current_deal}; of the hands before: {deals}")
        game = match.game
        if game is not None:
            out.append(f"moves this hand: {len(game.history)}; over: {game.is_over}")
    except Exception as err:  # the state may be what broke: say so and go on
        out.append(f"game: could not be described ({type(err).__name__}: {err})")
    return out


def write_report(app: SceneHost, exc: BaseException, *, table: Any = None, set_aside: Path | None = None,
                 note: str | None = None, more: list[Path] | None = None) -> Path | None:
    """Write the crash report to the log folder; its path, or None if it could not be.
    ``more``: other files set aside, listed with the reason."""
    try:
        body = describe(app, exc, table=table, set_aside=set_aside, note=note, more=more)
    except Exception as err:  # pragma: no cover - describing must not fail, but be sure
        body = f"Big2 crash report\nerror: {exc!r}\n(describing it failed: {err!r})\n"
    try:
        from big2.persistence.atomic import utc_stamp
        from big2.persistence.private import make_private_dir, write_private

        folder = report_folder(app)
        make_private_dir(folder)
        path = folder / f"crash-{utc_stamp()}.txt"
        n = 1
        while path.exists():
            path = folder / f"crash-{utc_stamp()}-{n}.txt"
            n += 1
        write_private(path, body.encode("utf-8"))
        return path
    except Exception as err:
        log.error("could not write the crash report: %s", err)
        return None


# -- saving what can be saved ---------------------------------------------------------------

def _table_of(app: SceneHost) -> Any:
    for scene in reversed(app.stack):
        if match_of(scene) is not None and hasattr(scene, "viewer"):
            return scene
    return None


def _set_aside_autosave(app: SceneHost, table: Any, exc: BaseException) -> tuple[Path | None, bool, list[Path]]:
    """Finish queued writes; with a table open, set its game's saves aside (see the
    module notes). Returns (where the autosave went, whether a previous copy stands in
    for it, every file set aside)."""
    st = getattr(app, "storage", None)
    if st is None:
        return None, False, []
    st.flush(timeout=3.0)
    if table is None:
        return None, False, []
    from big2.persistence.atomic import backup_path, quarantine
    from big2.persistence.sessioncodec import game_id

    path = st.saves.autosave_path
    previous = backup_path(path)
    wanted = _game_id(st, table)
    if getattr(table, "resumed_moves", None) is not None:
        # a resumed game crashed: no copy of it is offered again
        if wanted is not None:
            files = st.saves.files_of_game(wanted, game_id)
        else:  # (no id known: the autosave, and its previous copy if it is the same state)
            files = [p for p in (path, previous) if p.exists()
                     and (p == path or _not_moved_since_resume(table))]
        moved = [_quarantine(p) for p in files]
        aside = [m for m in moved if m is not None]
        first = moved[0] if files and files[0] == path else None
        log.warning("a resumed game crashed with %s: every copy set aside: %s", type(exc).__name__, aside)
        return first, False, aside
    if not path.exists():
        return None, False, []
    moved_main = quarantine(path, tag="crashed")
    log.warning("the autosave was set aside after %s: %s", type(exc).__name__, moved_main)
    if previous.exists():
        same = wanted is None or previous in st.saves.files_of_game(wanted, game_id)
        if same:  # one retry, from the move before; a crash then is a resumed game's
            os.replace(previous, path)
            return moved_main, True, [moved_main]
    return moved_main, False, [moved_main]


def _quarantine(path: Path) -> Path | None:
    from big2.persistence.atomic import quarantine

    try:
        return quarantine(path, tag="crashed")
    except OSError as err:
        log.error("could not set %s aside: %s", path, err)
        return None


def _game_id(st: Any, table: Any) -> str | None:
    try:
        return st.game_id_of(match_of(table))
    except Exception:
        return None


def _set_aside_marked(app: SceneHost, exc: BaseException) -> tuple[list[Path], list[Path]]:
    """Set aside the files a screen was showing when it crashed (see marks_file), and
    every copy of a game that crashed while being opened. Returns (the marked files as
    set aside, the other copies as set aside)."""
    marked: list[Path] = []
    copies: list[Path] = []
    for path, game in dict.fromkeys(getattr(exc, _FILES_ATTR, ())):
        if path.exists():
            moved = _quarantine(path)
            if moved is not None:
                marked.append(moved)
        st = getattr(app, "storage", None)
        if game is not None and st is not None:
            from big2.persistence.sessioncodec import game_id

            for other in st.saves.files_of_game(game, game_id):
                moved = _quarantine(other)
                if moved is not None:
                    copies.append(moved)
    return marked, copies


def _not_moved_since_resume(table: Any) -> bool:
    """A resumed table that crashed before its hand moved on (see rooms.open_table)."""
    at = getattr(table, "resumed_moves", None)
    game = getattr(match_of(table), "game", None)
    return at is not None and (game is None or len(game.history) <= at)


# -- back to the title ----------------------------------------------------------------------

def _back_to_title(app: SceneHost, result: Recovery) -> None:
    while app.stack:
        scene = app.stack.pop()
        with contextlib.suppress(Exception):
            scene.leave()
    with contextlib.suppress(Exception):
        app.manager.clear_and_reset()
    app.dirty = True
    try:
        app.push("title")
    except Exception as err:  # the title itself failed: the dialog stands alone
        log.error("the title could not be shown after a crash: %s", err)
        app.stack.clear()
    app.push(CrashScene(app, result))


class CrashScene(Scene):
    """A calm dialog over the title: what happened, what was kept, where the report is."""

    name = "crash"
    opaque = False

    def __init__(self, app: SceneHost, result: Recovery) -> None:
        super().__init__(app)
        self.result = result

    @property
    def lines(self) -> list[str]:
        r = self.result
        out = [_("The game ran into a problem it could not handle, so it stopped what it "
                 "was doing and came back to the title. Nothing else was lost.")]
        if r.all_copies and not r.previous_offered and len(r.all_copies) + len(r.marked) > 1:
            out.append(_("The game you were playing, and every copy of it in Saved games, "
                         "was set aside so that it cannot cause the same problem again. "
                         "Start a new game whenever you like."))
        elif r.set_aside is not None and r.previous_offered:
            out.append(_("The game you were playing was saved up to the move before: "
                         "Continue picks it up from there."))
        elif r.set_aside is not None:
            out.append(_("The game you were playing was set aside as {file}, "
                         "so it cannot cause the same problem again.").format(file=verbatim(r.set_aside.name)))
        for path in ([] if r.all_copies else r.marked):
            out.append(_("A saved game could not be shown and was set aside as {file}, "
                         "so it cannot cause the same problem again.").format(file=verbatim(path.name)))
        if r.report is not None:
            out.append(_("A report with the details was written to {path}").format(path=verbatim(str(r.report))))
        else:
            out.append(_("A report could not be written; the details are in the log."))
        return out

    def build_ui(self) -> None:
        w = min(640, self.app.size[0] - 40)  # as dialog_rect will make it
        body = sum(len(text.wrap(line, 16, w - 60)) * 22 + 8 for line in self.lines)
        r = self.rect = dialog_rect(self.app.size, w, max(330, 76 + body + 90))
        self.b_ok = self.button((r.centerx + 10, r.bottom - 70, 220, 46), _("Back to the title"),
                                object_id="#primary")
        #: A fresh start: New game, straight from the dialog.
        self.b_new = self.button((r.centerx - 230, r.bottom - 70, 220, 46), _("New game"))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_new):
            self.app.pop()
            self.app.push("new_game")
            return True
        if self.pressed(event, self.b_ok) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)):
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surf: pygame.Surface) -> None:
        veil(surf, 160)
        r = self.rect
        frame(surf, r)
        text.draw(surf, _("Sorry, something went wrong"), 24, (r.centerx, r.y + 40), GOLD,
                  anchor="center", bold=True, max_width=r.w - 40)
        y = r.y + 76
        for line in self.lines:
            for part in text.wrap(line, 16, r.w - 60):
                text.draw(surf, part, 16, (r.x + 30, y), (215, 220, 225))
                y += 22
            y += 8
