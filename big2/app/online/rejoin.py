"""The seat a player can take back after the app restarts: ``online-seat.json`` in the
user data folder. No pygame.

When a link has been seated (it has its room code and seat token) the app keeps
``{url, code, token, name, seat}`` with :func:`remember` (a :class:`Keeper` does it and
watches the link); the hub offers "Rejoin room HFSY-JXDC" while it is there
(:func:`load`), and it is forgotten (:func:`forget`) when the player leaves the room or
the session ends (the :class:`Keeper` sees the link's ``left`` or the last state's
``session_over``; screens may also call :func:`forget`), or when the hub finds it stale
(the server gone, the token refused). The file holds a secret (the seat token), so it is
written private (``0600``) and atomically, as every file the game keeps
(:func:`big2.persistence.atomic.write_atomic`). A damaged file is set aside (renamed
``…damaged-<time>``) with a notice for the player, and the app goes on without it.

A hosted game is not kept: its server runs inside the app and ends with it.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from big2.persistence import AppPaths, Notice, StorageError
from big2.persistence.atomic import quarantine, read_regular, write_atomic
from big2.persistence.notices import Severity

from big2.engine.messages import msg
from ...i18n import _, verbatim

log = logging.getLogger(__name__)

FILE_NAME = "online-seat.json"
#: A stored seat is a few hundred bytes; anything far larger is not one.
MAX_BYTES = 16 * 1024


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


def _parse(raw: bytes) -> Seat:
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    fields = {"url": str, "code": str, "token": str, "name": str, "seat": int}
    for key, kind in fields.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise ValueError(f"its {key} is missing or of the wrong type")
    if not data["url"].startswith(("ws://", "wss://")) or not 0 <= data["seat"] <= 3:
        raise ValueError("it names no game server or seat")
    return Seat(**{key: data[key] for key in fields})


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
    except (ValueError, UnicodeDecodeError) as exc:
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


def remember(link: Any, paths: AppPaths | None = None) -> Seat | None:
    """Keep ``link``'s seat (once it has its code and token) for a rejoin after a restart.
    Returns what was kept; None when the link is not seated or it cannot be written
    (logged: the game goes on, only the offer after a restart is lost)."""
    code, token = getattr(link, "code", None), getattr(link, "token", None)
    if not code or not token:
        return None
    seat = Seat(url=link.url, code=code, token=token, name=link.name, seat=int(link.seat))
    try:
        write_atomic(path(paths), json.dumps(asdict(seat), ensure_ascii=False).encode("utf-8"), keep_backup=False)
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
#: closed, or the seat was taken back from another connection), or the room refused it.
GONE = frozenset({"left", "bad_token", "bad_code", "started", "full"})


class Keeper:
    """A kept seat's link's ``on_message``: wakes the window (``wake``) and forgets the
    seat once the player has left the room, the room refused the seat, or the session
    ended — whichever screen holds the link then (lobby, table, results). Called on the
    link's thread."""

    def __init__(self, wake: Any, paths: AppPaths | None = None) -> None:
        self.wake = wake
        self.paths = paths
        self.link: Any = None
        self.forgotten = False

    def watch(self, link: Any) -> Any:
        """Keep ``link``'s seat and watch it from now on; returns the link."""
        self.link = link
        link.on_message = self
        remember(link, self.paths)
        return link

    def __call__(self) -> None:
        self.wake()
        link = self.link
        if link is None or self.forgotten:
            return
        problem = link.problem
        state = link.state
        if (problem is not None and problem[0] in GONE) or (state is not None and state.session_over):
            self.forgotten = True
            forget(self.paths)


def stale_sentence(seat: Seat, why: str) -> str:
    """What the hub says when a stored seat cannot be taken back (``why``: the reason)."""
    return _("Your seat in room {code} could not be taken back: {why} It has been forgotten.").format(
        code=verbatim(seat.code_shown), why=why)
