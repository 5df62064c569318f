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
3. closes every screen and shows the title with a calm dialog that says what happened
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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame

from . import text
from ..i18n import _, verbatim
from .scenes.base import Scene
from .scenes.common import dialog_rect, frame, veil

if TYPE_CHECKING:
    from .app import App

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


def recover(app: App, exc: BaseException) -> Recovery:
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
        result.set_aside, result.previous_offered = _set_aside_autosave(app, table, exc)
    result.report = write_report(app, exc, table=table, set_aside=result.set_aside)
    if len(times) > MAX_CRASHES:
        result.gave_up = True
        where = f" A report was written to {result.report}." if result.report else ""
        print(f"big2: the game kept failing and had to stop.{where}", file=sys.stderr)
        app.quit(1)
        return result
    _back_to_title(app, result)
    return result


# -- the report ---------------------------------------------------------------------------

def report_folder(app: App) -> Path:
    """The log folder: the storage's when the app has one, else ``BIG2_HOME``'s."""
    st = getattr(app, "storage", None)
    if st is not None:
        return Path(st.paths.log_dir)
    from big2.persistence.paths import AppPaths

    return AppPaths.from_environment().log_dir


def describe(app: App, exc: BaseException, *, table: Any = None, set_aside: Path | None = None,
             note: str | None = None) -> str:
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
    lines += ["", "traceback:", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
    return "\n".join(lines)


def _name(scene: Any) -> str:
    return str(getattr(scene, "name", type(scene).__name__))


def _game_lines(table: Any) -> list[str]:
    if table is None:
        return ["game: no table was open"]
    out: list[str] = []
    try:
        match = table.match
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


def write_report(app: App, exc: BaseException, *, table: Any = None, set_aside: Path | None = None,
                 note: str | None = None) -> Path | None:
    """Write the crash report to the log folder; its path, or None if it could not be."""
    try:
        body = describe(app, exc, table=table, set_aside=set_aside, note=note)
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

def _table_of(app: App) -> Any:
    for scene in reversed(app.stack):
        if getattr(scene, "match", None) is not None and hasattr(scene, "viewer"):
            return scene
    return None


def _set_aside_autosave(app: App, table: Any, exc: BaseException) -> tuple[Path | None, bool]:
    """Finish queued writes; with a table open, set its autosave aside and put the
    previous copy in its place. Returns (where it went, whether a previous copy stands)."""
    st = getattr(app, "storage", None)
    if st is None:
        return None, False
    st.flush(timeout=3.0)
    if table is None:
        return None, False
    from big2.persistence.atomic import backup_path, quarantine

    path = st.saves.autosave_path
    if not path.exists():
        return None, False
    moved = quarantine(path, tag="crashed")
    log.warning("the autosave was set aside after %s: %s", type(exc).__name__, moved)
    previous = backup_path(path)
    if previous.exists():
        if _not_moved_since_resume(table):  # the copy written on resume: the same state
            quarantine(previous, tag="crashed")
            return moved, False
        os.replace(previous, path)
        return moved, True
    return moved, False


def _not_moved_since_resume(table: Any) -> bool:
    """A resumed table that crashed before its hand moved on (see resume.open_payload)."""
    at = getattr(table, "resumed_moves", None)
    game = getattr(table.match, "game", None)
    return at is not None and (game is None or len(game.history) <= at)


# -- back to the title ----------------------------------------------------------------------

def _back_to_title(app: App, result: Recovery) -> None:
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

    def __init__(self, app: App, result: Recovery) -> None:
        super().__init__(app)
        self.result = result

    @property
    def lines(self) -> list[str]:
        r = self.result
        out = [_("The game ran into a problem it could not handle, so it stopped what it "
                 "was doing and came back to the title. Nothing else was lost.")]
        if r.set_aside is not None and r.previous_offered:
            out.append(_("The game you were playing was saved up to the move before: "
                         "Continue picks it up from there."))
        elif r.set_aside is not None:
            out.append(_("The game you were playing was set aside as {file}, "
                         "so it cannot cause the same problem again.").format(file=verbatim(r.set_aside.name)))
        if r.report is not None:
            out.append(_("A report with the details was written to {path}").format(path=verbatim(str(r.report))))
        else:
            out.append(_("A report could not be written; the details are in the log."))
        return out

    def build_ui(self) -> None:
        w = min(640, self.app.size[0] - 40)  # as dialog_rect will make it
        body = sum(len(text.wrap(line, 16, w - 60)) * 22 + 8 for line in self.lines)
        r = self.rect = dialog_rect(self.app.size, w, max(330, 76 + body + 90))
        self.b_ok = self.button((r.centerx - 110, r.bottom - 70, 220, 46), _("Back to the title"),
                                object_id="#primary")

    def handle(self, event: pygame.event.Event) -> bool:
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
