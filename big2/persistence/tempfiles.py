"""The temporary files of atomic writes: made locked, and swept when their writer is gone.

:func:`make_temp` creates ``.<name>.<pid>-<random>.tmp`` beside the file being written
and locks it (``flock``, exclusive) for as long as the writer keeps it open, which
:func:`big2.persistence.atomic.write_atomic` does until the file is renamed into place.
A process killed mid-write leaves its temporary file behind; :func:`remove_leftover_temps`
(called at start-up for the game's own folders, and after every write for the file just
written) removes such leftovers.

Which leftovers are removed, and why that is safe. Only files named as this module names
them, for the file names the caller lists, in the folder the caller gives. Then one is
removed when nobody holds its lock — the kernel drops a lock when its process ends, however
it ends (a kill, a crash, a zombie not yet reaped, a process id reused or seen from
another PID namespace: none of these keeps a dead writer's lock) — and either it is at
least :data:`TEMP_GRACE_SECONDS` old or its writer's process id (in the name) is gone.
The grace covers the one instant a live writer's file is not locked yet, between its
creation and the lock; a save takes milliseconds, so a file that old and unlocked has no
writer. An age alone is not enough (the rule this replaced removed files over a minute
old): a writer held up longer than that (a suspended laptop, a slow network folder)
would lose its save. Where ``flock`` does not exist (Windows) the system itself refuses
to delete a file another process has open, and that refusal keeps a live writer's file.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Final

try:
    import fcntl
except ImportError:  # Windows: see the module notes
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

TEMP_SUFFIX: Final = ".tmp"
#: An unlocked temporary file at least this old has no writer (see the module notes).
TEMP_GRACE_SECONDS: Final = 2.0


def make_temp(path: Path) -> tuple[int, str]:
    """A new temporary file for writing ``path``, in its folder, locked: ``(fd, name)``.

    Keep ``fd`` open until the file has been renamed into place (closing it drops the
    lock). Raises :class:`OSError` if it cannot be made.
    """
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=TEMP_SUFFIX,
                                dir=path.parent)
    if fcntl is not None:
        with contextlib.suppress(OSError):  # unlocked, the grace still keeps it
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd, name


def _writer_gone(leftover: Path) -> bool:
    """Whether the process that made ``leftover`` (its pid is in the name, see
    :func:`make_temp`) is no longer running; False when that cannot be told."""
    pid_text = leftover.name[: -len(TEMP_SUFFIX)].rsplit(".", 1)[-1].partition("-")[0]
    if os.name != "posix" or not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except OSError:  # someone else's process: alive
        return False
    return False


def _locked(fd: int) -> bool:
    """Whether another open file holds the lock of ``fd``'s file (its writer is at work);
    on success ``fd`` holds the lock itself until it is closed."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    return False


def _remove_if_left(leftover: Path, cutoff: float) -> bool:
    """Remove ``leftover`` if no live process is writing it (see the module notes)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(leftover, flags)
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or _locked(fd):
            return False
        if info.st_mtime >= cutoff and not _writer_gone(leftover):
            return False
        if os.name == "nt":  # Windows deletes no open file, this one's own included
            os.close(fd)
            fd = -1
        os.unlink(leftover)  # (elsewhere while locked: no writer can take it meanwhile)
        return True
    except OSError:  # Windows: another process has it open
        return False
    finally:
        if fd >= 0:
            os.close(fd)


def remove_leftover_temps(folder: Path, names: Iterable[str]) -> int:
    """Remove the temporary files interrupted writes of ``names`` left in ``folder``;
    nothing else is looked at. ``names`` are glob patterns (``slot-*.json``; a literal
    name with ``[``, ``*`` or ``?`` in it through :func:`glob.escape`). Returns how many
    were removed; never raises."""
    cutoff = time.time() - TEMP_GRACE_SECONDS
    removed = 0
    for name in names:
        try:
            candidates = list(folder.glob(f".{name}.*{TEMP_SUFFIX}"))
        except OSError:
            continue
        removed += sum(_remove_if_left(leftover, cutoff) for leftover in candidates)
    if removed:
        log.info("removed %d temporary files left by interrupted saves in %s", removed, folder)
    return removed
