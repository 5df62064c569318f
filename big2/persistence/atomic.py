"""Write files so that a crash at any moment leaves either the new or the previous copy.

:func:`write_atomic` takes bytes that are already serialised, writes them to a temporary
file in the same folder, flushes and fsyncs it, moves the current file to
``<name>.bak``, moves the temporary file into place with :func:`os.replace` and fsyncs
the folder where the platform allows. A failure at any step leaves the previous copy
(as ``<name>`` or ``<name>.bak``) and raises :class:`StorageError`.

:func:`load_with_fallback` is the matching reader: it tries ``<name>``, sets a damaged
file aside with :func:`quarantine`, falls back to ``<name>.bak``, and reports what it
did as :class:`Notice` sentences instead of raising. :func:`write_checked` is
:func:`write_atomic` behind that reader's own check: a writer never writes what its reader
would refuse. The temporary files, and the sweep of those interrupted writes leave, are
in :mod:`.tempfiles`.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import logging
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Final, Generic, TypeVar

from ..engine.messages import Message, msg, msg_p
from .notices import Notice, Severity, StorageError
from .private import make_private_dir
from .tempfiles import make_temp, remove_leftover_temps

log = logging.getLogger(__name__)

T = TypeVar("T")

BACKUP_SUFFIX: Final = ".bak"


def backup_path(path: Path) -> Path:
    """Where :func:`write_atomic` keeps the previous copy of ``path``."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    """Make the renames in ``folder`` durable; silently skipped where unsupported."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:  # Windows cannot open a directory
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # cannot even be looked at (a folder without permission)
        return False


def refused(path: Path, reason: str, *, had_copy: bool | None = None) -> StorageError:
    """The error a write of ``path`` that did not happen raises: "Could not save
    <file> (<reason>)", adding that the previous copy is kept when there is one."""
    if had_copy is None:
        had_copy = _exists(path)
    if had_copy or _exists(path) or _exists(backup_path(path)):
        return StorageError(msg("Could not save {file} ({reason}); the previous copy is kept.",
                                file=path.name, reason=reason))
    # nothing was saved before: there is no previous copy to speak of
    return StorageError(msg("Could not save {file} ({reason}).", file=path.name, reason=reason))


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash never leaves a half-written file.

    Creates the parent folder if needed. With ``keep_backup`` the current file becomes
    ``<name>.bak`` first. Raises :class:`StorageError` (chaining the :class:`OSError`)
    if any step fails; the previous copy, when there is one, is then still on disk (the
    sentence says so only then). The temporary file stays locked until it is renamed
    into place (see :mod:`.tempfiles`), and leftovers of earlier interrupted writes of
    ``path`` are removed afterwards.
    """
    folder = path.parent
    tmp: str | None = None
    fd = -1
    had_copy = _exists(path)
    try:
        make_private_dir(folder)
        fd, tmp = make_temp(path)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        if os.name == "nt":  # Windows cannot rename a file that is open
            os.close(fd)
            fd = -1
        if keep_backup and path.exists():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
        tmp = None
        _fsync_dir(folder)
    except OSError as exc:
        raise refused(path, str(exc.strerror or exc), had_copy=had_copy) from exc
    finally:
        if fd >= 0:
            with contextlib.suppress(OSError):  # written and renamed already, or failed
                os.close(fd)
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    remove_leftover_temps(folder, [glob.escape(path.name)])


def write_checked(path: Path, data: bytes, read: Callable[[bytes], object], *,
                  keep_backup: bool = True) -> None:
    """:func:`write_atomic`, if the file's own reader accepts ``data``.

    ``read`` is the parser the file is loaded with (the one given to
    :func:`load_with_fallback`): whatever it refuses (:class:`ValueError`) would be set
    aside as damaged at the next load, so it is never written. Raises
    :class:`StorageError` saying why, before anything touches the disk.
    """
    try:
        read(data)
    except (ValueError, RecursionError) as exc:
        reason = exc.reason if isinstance(exc, Unreadable) else str(exc)
        log.warning("not writing %s: its reader would refuse it (%s)", path, reason)
        raise refused(path, reason) from exc
    write_atomic(path, data, keep_backup=keep_backup)


def write_text_atomic(path: Path, text: str, *, keep_backup: bool = True) -> None:
    """:func:`write_atomic` for text, encoded as UTF-8."""
    write_atomic(path, text.encode("utf-8"), keep_backup=keep_backup)


def utc_stamp(now: datetime | None = None) -> str:
    """A compact UTC timestamp for file names, e.g. ``20261121T075700Z``."""
    moment = now or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def quarantine(path: Path, *, tag: str = "damaged", now: datetime | None = None) -> Path:
    """Rename ``path`` to ``<name>.<tag>-<UTC timestamp>`` and return the new path.

    Never overwrites: a numbered suffix is added when the name is taken. SQLite
    companions (``-wal``, ``-shm``, ``-journal``) move along under the same stamp.
    Raises :class:`OSError` if the rename fails.
    """
    base = f"{path.name}.{tag}-{utc_stamp(now)}"
    target = path.with_name(base)
    counter = 1
    while target.exists():
        target = path.with_name(f"{base}-{counter}")
        counter += 1
    os.replace(path, target)
    for companion in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + companion)
        if side.exists():
            with contextlib.suppress(OSError):
                os.replace(side, target.with_name(target.name + companion))
    log.warning("set aside %s as %s", path, target)
    return target


class Unreadable(ValueError):
    """Raised by a parser given to :func:`load_with_fallback` for a file it refuses.

    ``reason`` completes "… because it …"-style sentences ("it is not valid JSON");
    ``tag`` names the quarantine suffix ("damaged", or "newer" for a file written by a
    later version of the app) and ``headline`` the notice's opening clause.
    """

    def __init__(self, reason: str, *, tag: str = "damaged", headline: Message | str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.tag = tag
        self.headline = headline


class NotRegularFile(OSError):
    """A FIFO, device, socket or folder where a file was expected: refused, left alone."""


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of ``path``, if it is a regular file of at most ``max_bytes``.

    Never blocks on a FIFO or a device: the file is opened without waiting and checked
    with ``fstat`` before anything is read, and reading stops past ``max_bytes``. Raises
    :class:`NotRegularFile` (an :class:`OSError`: the file "could not be read" and is
    not set aside) for anything but a regular file, :class:`Unreadable` for a file that
    is too large, and :class:`OSError` (``FileNotFoundError`` among them) when it cannot
    be opened.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(errno.EINVAL, "it is not a regular file", str(path))
        if info.st_size > max_bytes:
            raise Unreadable(f"it is {info.st_size:,} bytes, more than the {max_bytes:,} allowed")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise Unreadable(f"it is more than the {max_bytes:,} bytes allowed")
        return b"".join(chunks)
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class LoadResult(Generic[T]):
    """What a load found: ``value`` (``None``/defaults when nothing usable), where it came
    from, and the notices the app should show (in order; empty when all was well)."""

    value: T
    #: "main", "backup" or "none" for files; :meth:`History.open` uses "main", "new" and
    #: "memory".
    source: str
    notices: tuple[Notice, ...] = ()


def _file(what: str) -> Message | str:
    """The kind of file ``what`` names, as a message the app translates."""
    if what == "settings file":
        return msg_p("file", "settings file")
    if what == "saved game":
        return msg_p("file", "saved game")
    if what == "daily results file":
        return msg_p("file", "daily results file")
    if what == "achievements file":
        return msg_p("file", "achievements file")
    return what


def _headline(exc: ValueError, what: str) -> tuple[Message | str, str]:
    if isinstance(exc, Unreadable):
        return exc.headline or msg("Your {what} was damaged ({reason})", what=_file(what), reason=exc.reason), exc.tag
    return msg("Your {what} was damaged ({reason})", what=_file(what), reason=str(exc)), "damaged"


def _unreadable(source: str, what: str, exc: OSError, notices: list[Notice]) -> Message | str:
    """The problem sentence for an unreadable main file, or a notice for the backup."""
    log.warning("cannot read %s: %s", what, exc)
    if source == "main":
        return msg("Your {what} could not be read ({reason})", what=_file(what), reason=str(exc.strerror or exc))
    notices.append(Notice.of(msg("The previous copy of your {what} could not be read ({reason}).",
                                 what=_file(what), reason=str(exc.strerror or exc)), Severity.ERROR))
    return ""


def load_with_fallback(
    path: Path,
    parse: Callable[[bytes], T],
    *,
    what: str,
    max_bytes: int,
    now: datetime | None = None,
) -> LoadResult[T | None]:
    """Read ``path`` with ``parse``, falling back to ``<name>.bak``; never raises for bad data.

    ``parse`` gets the raw bytes and raises :class:`ValueError` (ideally
    :class:`Unreadable`) for a file it refuses; such a file is set aside with
    :func:`quarantine` and the backup is tried. ``what`` names the file for the player
    ("saved game", "settings file"). A missing file with no backup gives
    ``LoadResult(None, "none", ())`` — a first run, not a problem.
    """
    notices: list[Notice] = []
    main_problem: Message | str = ""  # the sentence that explains why the backup is being used
    for source, candidate in (("main", path), ("backup", backup_path(path))):
        try:
            raw = read_regular(candidate, max_bytes)
        except FileNotFoundError:
            if source == "main" and backup_path(path).exists():
                main_problem = msg("The last save of your {what} did not finish", what=_file(what))
            continue
        except OSError as exc:
            main_problem = _unreadable(source, what, exc, notices) or main_problem
            continue
        except Unreadable as exc:
            raw, refused = b"", exc
        else:
            refused = None
        try:
            if refused is not None:
                raise refused
            value = parse(raw)
        except OSError as exc:
            main_problem = _unreadable(source, what, exc, notices) or main_problem
            continue
        except ValueError as exc:
            headline, tag = _headline(exc, what)
            log.warning("%s: %s", candidate, exc)
            try:
                moved = quarantine(candidate, tag=tag, now=now)
                aside = msg("it was set aside as {file}", file=moved.name)
            except OSError as move_exc:
                aside = msg("it could not be set aside ({reason})", reason=str(move_exc.strerror))
            if source == "main":
                main_problem = msg("{problem}; {aside}", problem=headline, aside=aside)
            else:
                notices.append(Notice.of(msg("The previous copy of your {what} was damaged too; {aside}.",
                                             what=_file(what), aside=aside), Severity.ERROR))
            continue
        if source == "backup":
            notices.append(Notice.of(msg("{problem} and the previous copy was loaded.", problem=main_problem),
                                     Severity.WARNING))
        return LoadResult(value, source, tuple(notices))
    if main_problem:
        notices.insert(0, Notice.of(msg("{problem}, and no earlier copy could be loaded.", problem=main_problem),
                                    Severity.ERROR))
    return LoadResult(None, "none", tuple(notices))
