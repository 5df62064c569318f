"""Show a folder in the system's file manager, without ever stopping the game.

:func:`open_folder` makes the folder if it is missing (it is one of the game's own), then
hands it to ``os.startfile`` (Windows), ``open`` (macOS) or ``xdg-open`` (other systems).
The launcher is started and left running; a watcher thread waits for it briefly, so a
launcher that fails at once (no file manager installed, no desktop session) is reported
too. Every failure is a sentence for the player that names the folder, so they can open
it by hand. No pygame here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...i18n import _, verbatim

#: How long the watcher waits for the launcher's answer before assuming it worked.
WATCH_SECONDS = 10.0


def launcher_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that shows ``path`` on ``platform`` (None: use ``os.startfile``)."""
    if platform == "win32":
        return None
    if platform == "darwin":
        return ["open", str(path)]
    return ["xdg-open", str(path)]


@dataclass
class Opening:
    """One request to show a folder: :attr:`problem` is set (a sentence) if it failed,
    at once or when the launcher exits with an error; :attr:`done` once it is known."""

    path: Path
    problem: str = ""
    done: threading.Event = field(default_factory=threading.Event)

    def fail(self, why: str) -> None:
        self.problem = _("The folder could not be opened ({why}). It is {path}").format(why=why, path=verbatim(str(self.path)))
        self.done.set()


def open_folder(
    path: Path,
    *,
    platform: str | None = None,
    popen: Callable[..., subprocess.Popen[bytes]] | None = None,
    startfile: Callable[[str], None] | None = None,
    watch: float = WATCH_SECONDS,
) -> Opening:
    """Show ``path`` in a file manager; returns at once (see :class:`Opening`).

    ``platform`` defaults to ``sys.platform``; ``popen`` (``subprocess.Popen``) and
    ``startfile`` (``os.startfile``) are the system calls, looked up when called.
    """
    opening = Opening(Path(path))
    platform = platform or sys.platform
    popen = popen or subprocess.Popen
    try:
        opening.path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        opening.fail(_("it cannot be made: {error}").format(error=verbatim(str(exc.strerror or exc))))
        return opening
    command = launcher_command(opening.path, platform)
    if command is None:
        start = startfile or getattr(os, "startfile", None)
        if start is None:
            opening.fail(_("this system has no way to open folders"))
            return opening
        try:
            start(str(opening.path))
        except OSError as exc:
            opening.fail(exc.strerror or str(exc))
        else:
            opening.done.set()
        return opening
    try:
        proc = popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except FileNotFoundError:
        opening.fail(_("{command} is not installed").format(command=verbatim(command[0])))
        return opening
    except OSError as exc:
        opening.fail(_("{command} did not start: {error}").format(command=verbatim(command[0]), error=verbatim(str(exc.strerror or exc))))
        return opening
    threading.Thread(target=_watch, args=(opening, proc, command[0], watch), daemon=True,
                     name="big2-open-folder").start()
    return opening


def _watch(opening: Opening, proc: subprocess.Popen[bytes], name: str, watch: float) -> None:
    try:
        code = proc.wait(timeout=watch)
    except subprocess.TimeoutExpired:  # still running: a file manager it started itself
        opening.done.set()
        return
    if code == 0:
        opening.done.set()
    else:
        opening.fail(_("{command} found no file manager, exit status {code}").format(command=verbatim(name), code=code))


def describe(paths: Sequence[tuple[str, Path]]) -> list[tuple[str, str]]:
    """``(what, path text)`` rows, with the home folder shortened to ``~``."""
    home = Path.home()
    rows = []
    for what, path in paths:
        try:
            shown = "~" + os.sep + str(Path(path).relative_to(home))
        except ValueError:
            shown = str(path)
        rows.append((what, shown))
    return rows
