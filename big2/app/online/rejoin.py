"""The seat a player can take back after the app restarts: ``online-seat.json`` in the
user data folder. No pygame.

When a link has been seated (it has its room code and seat token) the app keeps
``{url, code, token, name, seat}`` with :func:`remember` (a :class:`Keeper` does it and
watches the link); the hub offers "Rejoin room HFSY-JXDC" while it is there
(:func:`load`), and it is forgotten (:func:`forget`) when the player leaves the room or
the session ends (the :class:`Keeper` sees the link's ``left`` or the last state's
``session_over``; screens may also call :func:`forget`), or when the hub finds it stale
(the server gone, the token refused). The file holds a secret (the seat token), so it is
written private (``0600``) and atomically, as every file the game keeps, and only when
its own reader takes it (:func:`big2.persistence.atomic.write_checked`); it is read as
the saves are read: bounded
JSON, a checksum (:mod:`big2.persistence.checksum`), every field checked (a text the
screen could not draw, an address that is not a game server's, a code or token out of
the server's alphabets). A damaged file is set aside (renamed ``…damaged-<time>``) with a
notice for the player, and the app goes on without it; a crash of the hub while it shows
the seat sets the file aside too (:func:`big2.app.crashguard.marks_file`), so it cannot
repeat on the next launch.

A hosted game is not kept: its server runs inside the app and ends with it.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from big2.net.protocol import NAME_MAX
from big2.net.tokens import CODE_ALPHABET, CODE_LENGTH
from big2.persistence import AppPaths, Notice, StorageError
from big2.persistence.atomic import Unreadable, quarantine, read_regular, write_checked
from big2.persistence.checksum import CHECKSUM_KEY, seal, verify
from big2.persistence.jsonsafe import JsonLimits, dump_json, parse_json
from big2.persistence.paths import ONLINE_SEAT_FILE
from big2.persistence.notices import Severity
from big2.persistence.textcheck import check_text

from .address import server_url

from big2.engine.messages import msg
from ...i18n import _, verbatim

log = logging.getLogger(__name__)

FILE_NAME = ONLINE_SEAT_FILE
#: A stored seat is a few hundred bytes; anything far larger is not one.
MAX_BYTES = 16 * 1024
#: The file's format: 2 added ``v`` and the checksum (a file of version 1 had neither).
VERSION: Final = 2
#: The seat's fields and their JSON types.
FIELDS: Final = {"url": str, "code": str, "token": str, "name": str, "seat": int}
#: What a seat file may hold: one flat object.
LIMITS: Final = JsonLimits(max_bytes=MAX_BYTES, max_depth=2, max_int_digits=4, max_containers=4)
#: A seat token's characters (url-safe base64).
TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True)
class Seat:
    """A seat in a room on a server, and what takes it back."""

    url: str
    code: str
    token: str
    name: str
    seat: int

    @property
    def code_shown(self) -> str:
        """The room code as people read it: ``HFSY-JXDC``."""
        c = self.code
        return f"{c[:4]}-{c[4:]}" if len(c) == 8 else c


def path(paths: AppPaths | None = None) -> Path:
    return (paths or AppPaths.from_environment()).data_dir / FILE_NAME


def _check_url(url: str) -> str:
    """A game server's address exactly as the app writes one (what :func:`server_url`
    makes of it); ValueError else."""
    if server_url(url) != url:
        raise ValueError("its address is not a game server's")
    return url


def _parse(raw: bytes) -> Seat:
    """A stored seat from the file's bytes, read as the saves are read: bounded JSON
    (size, depth, numbers), the checksum checked, every field checked (texts printable,
    the code and token of the server's alphabets); ValueError (``Unreadable``) with the
    reason for anything else."""
    data = parse_json(raw, LIMITS)
    if not isinstance(data, dict):
        raise Unreadable("it is not a JSON object")
    version = data.get("v")
    if "v" not in data and CHECKSUM_KEY not in data and set(data) == set(FIELDS):
        version = 1  # written before seats carried a version and a checksum
    elif version != VERSION:
        raise Unreadable("it is of an unknown version")
    verify(data, version=version, required_from=VERSION)
    if set(data) - {*FIELDS, "v", CHECKSUM_KEY}:
        raise Unreadable("it holds fields a seat does not have")
    for key, kind in FIELDS.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Unreadable(f"its {key} is missing or of the wrong type")
    url = _check_url(check_text(data["url"], "its address", max_chars=300, empty=False))
    code = check_text(data["code"], "its room code", max_chars=CODE_LENGTH, empty=False)
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise Unreadable("its room code is not a room code")
    token = check_text(data["token"], "its seat token", max_chars=64, empty=False)
    if len(token) < 22 or any(ch not in TOKEN_CHARS for ch in token):
        raise Unreadable("its seat token is not a seat token")
    name = check_text(data["name"], "its name", max_chars=NAME_MAX, empty=False)
    if not 0 <= data["seat"] <= 3:
        raise Unreadable("it names no seat")
    return Seat(url=url, code=code, token=token, name=name, seat=data["seat"])


def load(paths: AppPaths | None = None) -> tuple[Seat | None, list[Notice]]:
    """The stored seat (None when there is none) and the notices to show: a damaged
    file is set aside and said so; a file that cannot be read is said so and left."""
    where = path(paths)
    try:
        raw = read_regular(where, MAX_BYTES)
        return _parse(raw), []
    except FileNotFoundError:
        return None, []
    except OSError as exc:
        log.warning("cannot read %s: %s", where, exc)
        said = msg("The seat of your last online game could not be read ({reason}).",
                        reason=str(exc.strerror or exc))
        return None, [Notice.of(said, Severity.WARNING)]
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        log.warning("%s is damaged: %s", where, exc)
        try:
            moved = quarantine(where)
        except OSError as move_exc:
            said = msg("The seat of your last online game was damaged and could not be set aside ({reason}).",
                            reason=str(move_exc.strerror or move_exc))
        else:
            said = msg("The seat of your last online game was damaged, so it was set aside as {file}.",
                            file=moved.name)
        return None, [Notice.of(said, Severity.WARNING)]


def peek(paths: AppPaths | None = None) -> Seat | None:
    """The stored seat when it reads well, else None — touching nothing: a damaged file
    stays for :func:`load` (the hub) to set aside and say so."""
    try:
        return _parse(read_regular(path(paths), MAX_BYTES))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None


def remember(link: Any, paths: AppPaths | None = None) -> Seat | None:
    """Keep ``link``'s seat (once it has its code and token) for a rejoin after a restart.
    Returns what was kept; None when the link is not seated or it cannot be written, or
    when :func:`load` would refuse what would be written (an address or a name beyond
    the file's limits: never written, so never set aside as damaged at the next start).
    Both are logged: the game goes on, only the offer after a restart is lost."""
    code, token = getattr(link, "code", None), getattr(link, "token", None)
    if not code or not token:
        return None
    seat = Seat(url=link.url, code=code, token=token, name=link.name, seat=int(link.seat))
    try:
        write_checked(path(paths), dump_json(seal({"v": VERSION, **asdict(seat)})), _parse, keep_backup=False)
    except StorageError as exc:
        log.warning("the online seat was not kept: %s", exc)
        return None
    return seat


def forget(paths: AppPaths | None = None) -> None:
    """Forget the stored seat (the player left, the session ended, or it is stale)."""
    try:
        path(paths).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("the online seat could not be forgotten: %s", exc)


#: Link problems after which the kept seat is gone for good: the player left (or the room
#: closed, or the seat was taken back from another connection), the game ended for
#: everyone (its host left), or the room refused it.
GONE = frozenset({"left", "ended", "bad_token", "bad_code", "started", "full"})


class Keeper:
    """A kept seat's link's ``on_message``: wakes the window (``wake``), keeps the seat
    while a session is being played and forgets it when there is nothing to come back
    to — whichever screen holds the link then (lobby, table, results). Called on the
    link's thread.

    * The player left the room, or the room refused the seat: forgotten for good.
    * The session ended: forgotten (the results need no rejoin) — and kept again as
      soon as a rematch deals a new session on the same link, so an app killed in a
      rematch is offered its seat back like one killed in the first session.
    * The link came back with a new seat token (the server gives one at each rejoin and
      the old one stops working): the new one is kept.
    * :meth:`release`: the player chose to leave (the app's own Leave): forgotten now,
      before the server's ``left`` frame, which a closing link may never read.
    """

    def __init__(self, wake: Any, paths: AppPaths | None = None) -> None:
        self.wake = wake
        self.paths = paths
        self.link: Any = None
        #: The seat is stored now (for a rejoin after a restart).
        self.kept = False
        #: Nothing of this link is ever kept again (left, refused, released).
        self.gone = False
        #: The seat token kept (the link's changes at each rejoin).
        self.token: str | None = None
        # The link's thread calls the keeper while the window's thread may release it:
        # one at a time, or a frame read just before a Leave keeps the seat again after
        # the release forgot it (seen in CI: the file written back after the Leave).
        self._lock = threading.RLock()

    def watch(self, link: Any) -> Any:
        """Keep ``link``'s seat and watch it from now on; returns the link."""
        with self._lock:
            self.link = link
            link.on_message = self
            self._keep(link)
        return link

    def _keep(self, link: Any) -> None:
        self.token = getattr(link, "token", None)
        self.kept = remember(link, self.paths) is not None

    def release(self) -> None:
        """The player leaves on purpose: forget the seat now and keep it no more. Once
        this returns, nothing of the link is written again, whatever its thread hears."""
        with self._lock:
            self.gone = True
            if self.kept:
                self.kept = False
                forget(self.paths)

    def __call__(self) -> None:
        self.wake()
        with self._lock:
            self._heard()

    def _heard(self) -> None:
        link = self.link
        if link is None or self.gone:
            return
        problem = link.problem
        if problem is not None and problem[0] in GONE:
            self.release()
            return
        if self.kept and getattr(link, "token", None) != self.token:
            self._keep(link)  # a rejoin gave the seat a new token: the old one no longer works
        state = _newest_state(link)
        if state is None:
            return
        if state.session_over and self.kept:
            self.kept = False
            forget(self.paths)
        elif not state.session_over and not self.kept:
            self._keep(link)


def _newest_state(link: Any) -> Any:
    """The newest snapshot the link has heard of, whether or not a screen has taken it
    in yet (the link's ``newest`` where it has one, else its ``state``)."""
    newest = getattr(link, "newest", None)
    return newest if newest is not None else getattr(link, "state", None)


def release(link: Any) -> None:
    """The player leaves ``link``'s room on purpose: a kept seat is forgotten at once."""
    keeper = getattr(link, "on_message", None)
    if isinstance(keeper, Keeper):
        keeper.release()


def stale_sentence(seat: Seat, why: str) -> str:
    """What the hub says when a stored seat cannot be taken back (``why``: the reason)."""
    return _("Your seat in room {code} could not be taken back: {why} It has been forgotten.").format(
        code=verbatim(seat.code_shown), why=why)
