"""A room as the server hosts it: its code, its seats and who sits in them, the lobby.

:class:`HostedRoom` knows the people: each seat is ``open``, a ``person`` (with a name,
a seat token known only to their client — the room keeps its SHA-256, never the token —
a connection or none while they are away) or a ``computer``. The host (the seat that
opened the room) adds or removes computer seats and starts the session once every
person is ready. Everyone in the room gets a ``room`` frame after every change, with
``you`` set to their own seat.

Everything a room must keep to go on in another process is in :meth:`to_state`, a
JSON-able dict; :meth:`restore` builds the room back from it (people come back by their
seat tokens).

Refusals are :class:`RoomError` with a stable ``code`` and a sentence; the server turns
them into ``error`` frames. Nothing here does network I/O itself: frames go out through
the connections the server gave the room.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..ai import LEVELS
from ..engine import preset_names
from ..engine.presets import get_preset
from .protocol import Frame
from .tokens import format_code, new_room_code, new_seat_token, same_token

if TYPE_CHECKING:  # pragma: no cover
    from .server import Connection, Server

#: What a saved room looks like; bumped when :meth:`HostedRoom.to_state` changes shape.
STATE_VERSION = 1


class RoomError(Exception):
    """A request the room refuses: a stable ``code`` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatSlot:
    """One seat: ``kind`` is ``open``, ``person`` or ``computer``."""

    kind: str = "open"
    name: str = ""
    token_hash: str = ""
    ready: bool = False
    conn: "Connection | None" = None

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "connected": self.conn is not None, "ready": self.ready}


class HostedRoom:
    """A room of ``players`` seats run by ``server``. Build with :meth:`create` or
    :meth:`restore`."""

    def __init__(self, server: "Server", code: str, *, players: int, preset: str, level: str) -> None:
        self.server = server
        self.code = code
        self.players = players
        self.preset = preset
        self.level = level
        self.seats = [SeatSlot() for _ in range(players)]
        self.host = 0
        self.started = False
        self.idle_since: float | None = time.monotonic()

    # -- building ----------------------------------------------------------------------

    @staticmethod
    def new_code() -> str:
        return new_room_code()

    @classmethod
    def create(cls, server: "Server", *, name: str, players: int, computers: int, preset: str | None,
               level: str | None) -> "HostedRoom":
        """A new room: the host (``name``) will sit at seat 0, ``computers`` seats at the
        end are computers."""
        if computers > players - 1:
            raise RoomError("bad_value", "A room needs at least one seat for a person.")
        try:
            preset_name = get_preset(preset or "standard").name
        except KeyError:
            raise RoomError("bad_preset", f"There is no rule preset called that; choose one of: "
                                          f"{', '.join(preset_names())}.") from None
        level = level or "normal"
        if level not in LEVELS:
            raise RoomError("bad_level", f"The computer level must be one of: {', '.join(LEVELS)}.")
        room = cls(server, cls.new_code(), players=players, preset=preset_name, level=level)
        for seat in range(players - computers, players):
            room.seats[seat] = SeatSlot(kind="computer", name=f"Computer {seat + 1}", ready=True)
        room.seats[0] = SeatSlot(kind="person", name=name, ready=True)
        return room

    def to_state(self) -> dict[str, Any]:
        """Everything needed to run the room elsewhere, as JSON-able data."""
        return {
            "v": STATE_VERSION, "code": self.code, "players": self.players, "preset": self.preset,
            "level": self.level, "host": self.host, "started": self.started,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token_hash, "ready": s.ready} for s in self.seats],
        }

    @classmethod
    def restore(cls, server: "Server", code: str, state: dict[str, Any]) -> "HostedRoom":
        """The room saved as ``state`` (by :meth:`to_state`), with nobody connected."""
        if state.get("v") != STATE_VERSION:
            raise RoomError("unavailable", "The saved room is from another version of the server.")
        room = cls(server, code, players=int(state["players"]), preset=str(state["preset"]),
                   level=str(state["level"]))
        room.host = int(state["host"])
        room.started = bool(state["started"])
        room.seats = [SeatSlot(kind=str(s["kind"]), name=str(s["name"]), token_hash=str(s["token"]),
                               ready=bool(s["ready"])) for s in state["seats"]]
        return room

    # -- who is here -------------------------------------------------------------------

    def connections(self) -> Iterator[tuple[int, "Connection"]]:
        for seat, slot in enumerate(self.seats):
            if slot.conn is not None:
                yield seat, slot.conn

    def lobby(self, you: int) -> dict[str, Any]:
        """The ``room`` frame's body for seat ``you``."""
        return {
            "code": self.code, "code_shown": format_code(self.code), "players": self.players,
            "preset": self.preset, "level": self.level, "host": self.host, "you": you,
            "started": self.started, "seats": [s.public() for s in self.seats],
        }

    async def broadcast_lobby(self) -> None:
        for seat, conn in list(self.connections()):
            await conn.send({"type": "room", "room": self.lobby(seat)})

    async def _changed(self) -> None:
        """Save, then tell everyone (a change that cannot be saved is not announced)."""
        await self.server.save(self)
        await self.broadcast_lobby()

    def _attach(self, seat: int, conn: "Connection") -> None:
        self.seats[seat].conn = conn
        conn.room = self
        conn.seat = seat
        self.idle_since = None

    def _detach(self, seat: int) -> None:
        slot = self.seats[seat]
        if slot.conn is not None:
            slot.conn.room = None
            slot.conn.seat = None
        slot.conn = None
        if not any(s.conn is not None for s in self.seats):
            self.idle_since = time.monotonic()

    async def _seat(self, seat: int, conn: "Connection", name: str, token: str | None) -> None:
        slot = self.seats[seat]
        fresh = token or new_seat_token()
        slot.kind, slot.name = "person", name
        slot.token_hash = token_hash(fresh)
        self._attach(seat, conn)
        await conn.send({"type": "joined", "code": self.code, "seat": seat, "token": fresh})

    async def seat_host(self, conn: "Connection") -> None:
        """Seat the connection that opened the room at the host's seat."""
        await self._seat(self.host, conn, self.seats[self.host].name, None)
        await self._changed()

    async def join(self, conn: "Connection", name: str, token: str | None) -> None:
        """Seat ``conn``: by ``token`` at the seat it was given, else at the first open
        seat (only before the session starts)."""
        if token is not None:
            wanted = token_hash(token)
            for seat, slot in enumerate(self.seats):
                if slot.kind == "person" and slot.token_hash and same_token(slot.token_hash, wanted):
                    old = slot.conn
                    if old is not None and old is not conn:
                        self._detach(seat)
                        await old.send({"type": "left", "reason": "Your seat was taken back from another connection."})
                    self._attach(seat, conn)
                    await conn.send({"type": "joined", "code": self.code, "seat": seat, "token": token})
                    await self.reconnected(seat)
                    await self._changed()
                    return
            raise RoomError("bad_token", "That seat token is not one of this room's.")
        if self.started:
            raise RoomError("started", "This game has started; only its players can come back to it.")
        for seat, slot in enumerate(self.seats):
            if slot.kind == "open":
                await self._seat(seat, conn, name, None)
                await self._changed()
                return
        raise RoomError("full", "Every seat in this room is taken.")

    async def leave(self, conn: "Connection") -> None:
        """``conn`` gives up its seat: before the start the seat opens again; after it a
        computer holds the seat. A host who leaves hands the room to the next person."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        self._detach(seat)
        slot = self.seats[seat]
        if self.started:
            slot.kind, slot.token_hash, slot.ready = "computer", "", True
            slot.name = f"Computer {seat + 1}"
            await self.seat_to_computer(seat)
        else:
            self.seats[seat] = SeatSlot()
        await conn.send({"type": "left", "reason": "You left the room."})
        if seat == self.host:
            people = [i for i, s in enumerate(self.seats) if s.kind == "person"]
            if not people:
                await self.server.drop(self, "The room closed: everyone left.", forget=True)
                return
            self.host = next((i for i in people if self.seats[i].conn is not None), people[0])
        await self._changed()

    async def disconnected(self, conn: "Connection") -> None:
        """``conn`` dropped: its seat waits for it (the seat token brings it back)."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        self._detach(seat)
        await self.went_away(seat)
        await self._changed()

    # -- the lobby ---------------------------------------------------------------------

    async def handle(self, conn: "Connection", frame: Frame) -> None:
        """A frame from the person at ``conn.seat``."""
        seat = conn.seat
        assert seat is not None
        kind = frame.type
        if kind == "reaction":
            for _, other in list(self.connections()):
                await other.send({"type": "reaction", "seat": seat, "reaction": frame["reaction"]})
        elif kind == "ready":
            if self.started:
                raise RoomError("started", "The game has already started.")
            self.seats[seat].ready = frame["ready"]
            await self._changed()
        elif kind == "seat":
            await self._set_seat(seat, frame["seat"], frame["computer"])
        elif kind == "start":
            await self._start(seat)
        elif kind == "command":
            await self.command(seat, frame["seq"], frame["command"])
        else:  # pragma: no cover - the server sends only room frames here
            raise RoomError("bad_frame", f"A room does not take {kind} frames.")

    async def _set_seat(self, by: int, seat: int, computer: bool) -> None:
        if by != self.host:
            raise RoomError("not_host", "Only the host can change the seats.")
        if self.started:
            raise RoomError("started", "The seats are set once the game has started.")
        if seat >= self.players:
            raise RoomError("bad_value", f"This room has {self.players} seats.")
        slot = self.seats[seat]
        if slot.kind == "person":
            raise RoomError("seat_taken", "A person sits there; they must leave first.")
        self.seats[seat] = (SeatSlot(kind="computer", name=f"Computer {seat + 1}", ready=True)
                            if computer else SeatSlot())
        await self._changed()

    async def _start(self, by: int) -> None:
        if by != self.host:
            raise RoomError("not_host", "Only the host can start the game.")
        if self.started:
            raise RoomError("started", "The game has already started.")
        if any(s.kind == "open" for s in self.seats):
            raise RoomError("not_ready", "Every seat needs a person or a computer first.")
        waiting = [s.name for s in self.seats if s.kind == "person" and not (s.ready and s.conn is not None)]
        if waiting:
            raise RoomError("not_ready", f"Waiting for {', '.join(waiting)} to be ready.")
        self.started = True
        await self.start_game()
        await self._changed()

    # -- the game (the room of big2.room plugs in here) --------------------------------

    async def start_game(self) -> None:
        raise RoomError("unavailable", "This server cannot deal yet.")

    async def command(self, seat: int, seq: int, command: dict[str, Any]) -> None:
        raise RoomError("not_started", "The game has not started yet.")

    async def reconnected(self, seat: int) -> None:
        return None

    async def went_away(self, seat: int) -> None:
        return None

    async def seat_to_computer(self, seat: int) -> None:
        return None

    async def resumed(self) -> None:
        return None

    async def tick(self, now: float) -> None:
        return None

    # -- ending ------------------------------------------------------------------------

    async def close(self, reason: str) -> None:
        """Tell everyone the room closed and let go of their connections."""
        for seat, conn in list(self.connections()):
            self._detach(seat)
            await conn.send({"type": "left", "reason": reason})

    async def shutdown(self) -> None:
        """The server stops: let go of connections without a word (they reconnect to
        another process, which takes the room over from the directory)."""
        for seat, _conn in list(self.connections()):
            self._detach(seat)


__all__ = ["HostedRoom", "RoomError", "SeatSlot", "STATE_VERSION", "token_hash"]
