"""Files and folders only the user can read: everything the game writes is private.

Saves, settings, the score history, the log, crash reports and CSV exports can hold
names and habits, so folders are made ``0700`` and files ``0600`` (on Windows the modes
mean little and the user's profile folders are private already; nothing fails there).

:func:`make_private_dir` makes a folder (and any missing parents) private;
:func:`create_private` makes an empty file private before a library (SQLite, logging)
opens it, so the file never exists with wider permissions; :func:`write_private` writes
a new file; :func:`open_private` opens one for appending or writing text.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import IO, Final

DIR_MODE: Final = 0o700
FILE_MODE: Final = 0o600


def make_private_dir(folder: Path) -> None:
    """Create ``folder`` and any missing parents as ``0700``; tighten ``folder`` itself if
    it exists with wider permissions. Raises :class:`OSError` if it cannot be made."""
    missing: list[Path] = []
    p = folder
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for part in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            os.mkdir(part, DIR_MODE)
    tighten(folder, DIR_MODE)


def tighten(path: Path, mode: int) -> None:
    """Take group and other permissions off ``path`` (if it is ours); never raises."""
    with contextlib.suppress(OSError):
        st = path.stat()
        if os.name == "posix" and st.st_mode & 0o077 and st.st_uid == os.getuid():
            os.chmod(path, stat.S_IMODE(st.st_mode) & ~0o077 & 0o777 | (mode & 0o700))


def create_private(path: Path) -> None:
    """Make sure ``path`` exists as a private file (created empty if missing)."""
    make_private_dir(path.parent)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    tighten(path, FILE_MODE)


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (replacing it) as a private file."""
    make_private_dir(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), FILE_MODE)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    tighten(path, FILE_MODE)


def open_private(path: Path, mode: str = "a", *, encoding: str = "utf-8", newline: str | None = None) -> IO[str]:
    """Open ``path`` for text in ``mode`` ("a" or "w"), creating it private."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode.startswith("a") else os.O_TRUNC)
    make_private_dir(path.parent)
    fd = os.open(path, flags, FILE_MODE)
    tighten(path, FILE_MODE)
    return open(fd, mode, encoding=encoding, newline=newline)
