"""A room as the server hosts it: its code, its seats and who sits in them, the lobby.

:class:`HostedRoom` knows the people: each seat is ``open``, a ``person`` (with a name,
a seat token known only to their client — the room keeps its SHA-256, never the token —
a connection or none while they are away) or a ``computer``. The host (the seat that
opened the room) adds or removes computer seats and starts the session once every
person is ready. Everyone in the room gets a ``room`` frame after every change, with
``you`` set to their own seat.

Once the host starts, the room runs a :class:`big2.room.room.Room` (:attr:`game`):
each command acts for the sender's own seat only, each seat is sent its own redacted
events and then its snapshot (``event`` and ``state`` frames), computers think on the
server's worker threads (:mod:`big2.net.brain`) and move at the server's pace, and a
host-chosen turn clock passes (or plays the lowest move) for a person who waits too
long. A person who drops is played by the computer until they come back with their
token; one still away when the hand ends leaves a computer seat behind. After the
session the host may start a rematch with the same seats.

Everything a room must keep to go on in another process is in :meth:`to_state`, a
JSON-able dict (the game through :meth:`big2.room.room.Room.to_dict`); :meth:`restore` builds the
room back from it, everyone away until they come back with their seat tokens.

Refusals are :class:`RoomError` with a stable ``code`` and a sentence; the server turns
them into ``error`` frames. Nothing here does network I/O itself: frames go out through
the connections the server gave the room.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..ai import LEVELS
from ..engine import move_cards, preset_names
from ..engine.presets import get_preset
from ..engine.rules import Rules
from ..engine.scoring import SCORING_PRESETS
from ..room import codec
from ..room import commands as cmds
from ..room.config import MatchConfig, SeatConfig
from ..room.room import Room, lowest_move
from ..room.undo import allowed as undo_allowed
from .brain import ExecutorBrain
from .protocol import TURN_CLOCKS, Frame, encode_frame
from .roomstate import room_from_state, room_to_state
from .tokens import format_code, new_room_code, new_seat_token, same_token

if TYPE_CHECKING:  # pragma: no cover
    from .server import Connection, Server

log = logging.getLogger("big2.net.room")

#: What a saved room looks like; bumped when :meth:`HostedRoom.to_state` changes shape.
#: Version 2 added the set-up the host chooses in the lobby (rules, scoring, target);
#: a version 1 room is read back with its preset's rules and scoring.
STATE_VERSION = 2


class RoomError(Exception):
    """A request the room refuses: a stable ``code`` and one sentence."""

    def __init__(self, code: str, message: str, *, msg: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg = msg


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

    def __init__(self, server: "Server", code: str, *, players: int, preset: str, level: str,
                 hands: int = 4, turn_clock: int = 0, rules: Rules | None = None, scoring: str | None = None,
                 target: int | None = None) -> None:
        self.server = server
        self.code = code
        self.players = players
        self.preset = preset
        self.level = level
        self.hands = hands
        self.turn_clock = turn_clock
        #: The house rules and scoring the host chose (the preset's until they change them)
        #: and the total that ends the session before ``hands`` (None: no such total).
        self.rules: Rules = rules if rules is not None else get_preset(preset).rules
        self.scoring: str = scoring or get_preset(preset).scoring
        self.target = target
        self.seats = [SeatSlot() for _ in range(players)]
        self.host = 0
        self.started = False
        self.idle_since: float | None = time.monotonic()
        #: The session, once the host started it.
        self.game: Room | None = None
        self.brain = ExecutorBrain(server.executor, self.wake_threadsafe)
        self._cursors: dict[int, int] = {}
        #: Seats whose person just (re)joined: their next frames are a snapshot, never a replay.
        self._fresh: set[int] = set()
        self._serials: dict[int, int] = {}
        self._saved_at: tuple[int, int] = (-1, -1)
        self._turn_seen: tuple[int, int] | None = None
        self._turn_started = 0.0
        #: The turn changed since the clock was last sent (see :meth:`clock_frame`).
        self._clock_news = False
        self._driver: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self._closed = False
        self._loop = asyncio.get_running_loop()

    def wake_threadsafe(self) -> None:
        """:meth:`wake` from another thread (a computer finished thinking)."""
        if not self._closed:
            self._loop.call_soon_threadsafe(self.wake)

    # -- building ----------------------------------------------------------------------

    @staticmethod
    def new_code() -> str:
        return new_room_code()

    @classmethod
    def create(cls, server: "Server", *, name: str, players: int, computers: int, preset: str | None,
               level: str | None, hands: int = 4, turn_clock: int = 0) -> "HostedRoom":
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
        if turn_clock not in TURN_CLOCKS:
            raise RoomError("bad_value", f"The turn clock is one of {', '.join(map(str, TURN_CLOCKS))} seconds.")
        room = cls(server, cls.new_code(), players=players, preset=preset_name, level=level, hands=hands,
                   turn_clock=turn_clock)
        for seat in range(players - computers, players):
            room.seats[seat] = SeatSlot(kind="computer", name=f"Computer {seat + 1}", ready=True)
        room.seats[0] = SeatSlot(kind="person", name=name, ready=True)
        return room

    def to_state(self) -> dict[str, Any]:
        """Everything needed to run the room elsewhere, as JSON-able data."""
        return {
            "v": STATE_VERSION, "code": self.code, "players": self.players, "preset": self.preset,
            "level": self.level, "hands": self.hands, "turn_clock": self.turn_clock, "host": self.host,
            "rules": codec.to_json(self.rules), "scoring": self.scoring, "target": self.target,
            "started": self.started,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token_hash, "ready": s.ready} for s in self.seats],
            "game": None if self.game is None else room_to_state(self.game),
        }

    @classmethod
    def restore(cls, server: "Server", code: str, state: dict[str, Any]) -> "HostedRoom":
        """The room saved as ``state`` (by :meth:`to_state`), with nobody connected."""
        if state.get("v") not in (1, STATE_VERSION):
            raise RoomError("unavailable", "The saved room is from another version of the server.")
        rules = None
        if state.get("rules") is not None:  # version 2: the set-up chosen in the lobby
            try:
                rules = codec.from_json(state["rules"])
            except ValueError as exc:
                raise RoomError("unavailable", "The saved room's rules could not be read back.") from exc
            if not isinstance(rules, Rules):
                raise RoomError("unavailable", "The saved room's rules could not be read back.")
        target = state.get("target")
        room = cls(server, code, players=int(state["players"]), preset=str(state["preset"]),
                   level=str(state["level"]), hands=int(state["hands"]), turn_clock=int(state["turn_clock"]),
                   rules=rules, scoring=state.get("scoring") or None, target=None if target is None else int(target))
        room.host = int(state["host"])
        room.started = bool(state["started"])
        room.seats = [SeatSlot(kind=str(s["kind"]), name=str(s["name"]), token_hash=str(s["token"]),
                               ready=bool(s["ready"])) for s in state["seats"]]
        if state.get("game") is not None:
            try:
                room.game = room_from_state(state["game"], brain=room.brain)
            except (ValueError, KeyError, TypeError) as exc:
                raise RoomError("unavailable", "The saved game could not be read back.") from exc
            # Everyone is away until they reconnect: the computer holds their seats.
            for seat, slot in enumerate(room.seats):
                if slot.kind == "person":
                    room.game.hold_seat(seat)
            room._saved_at = (room.game.hand_serial, len(room.game.log))
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
            "preset": self.preset, "level": self.level, "hands": self.hands, "turn_clock": self.turn_clock,
            "rules": codec.to_json(self.rules), "scoring": self.scoring, "target": self.target,
            "host": self.host, "you": you,
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
                    if self.game is not None:
                        self._skip_to_now(seat)  # before it can be sent anything: a snapshot, no replay
                    # "joined" goes out before the seat is attached, so no frame can overtake it
                    await conn.send({"type": "joined", "code": self.code, "seat": seat, "token": token})
                    self._attach(seat, conn)
                    await self.reconnected(seat)
                    await self._changed()
                    return
            raise RoomError("bad_token", "That seat token is not one of this room's.")
        open_seats = [seat for seat, slot in enumerate(self.seats) if slot.kind == "open"]
        if self.started and not open_seats:
            raise RoomError("started", "This game has started; only its players can come back to it.")
        if not open_seats:
            raise RoomError("full", "Every seat in this room is taken.")
        seat = open_seats[0]
        if self.game is not None:
            self._skip_to_now(seat)  # before it can be sent anything: a snapshot, no replay
        await self._seat(seat, conn, name, None)
        if self.game is not None:  # the host gave this seat back to a person: they play it now,
            self.game.rename(seat, name)  # under their own name, which every seat is shown at once
            self.game.seat_back(seat)
            await self.flush(states=True)
            self.wake()
        await self._changed()

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
        elif kind == "configure":
            await self.configure(seat, frame.fields)
        elif kind == "start":
            await self._start(seat)
        elif kind == "command":
            await self.command(seat, frame["seq"], frame["command"])
        else:  # pragma: no cover - the server sends only room frames here
            raise RoomError("bad_frame", f"A room does not take {kind} frames.")

    async def _set_seat(self, by: int, seat: int, computer: bool) -> None:
        if by != self.host:
            raise RoomError("not_host", "Only the host can change the seats.")
        if seat >= self.players:
            raise RoomError("bad_value", f"This room has {self.players} seats.")
        slot = self.seats[seat]
        if slot.kind == "person":
            raise RoomError("seat_taken", "A person sits there; they must leave first.")
        if self.game is not None:
            # During the session only a person's seat the computer took over can open
            # again (for someone to join with the room code), or be closed again.
            if not self.game.config.seats[seat].human:
                raise RoomError("started", "The seats are set once the game has started.")
            if computer:
                self.seats[seat] = SeatSlot(kind="computer", name=self.game.config.seats[seat].name, ready=True)
            else:
                self.seats[seat] = SeatSlot(kind="open", name=self.game.config.seats[seat].name)
            await self._changed()
            return
        self.seats[seat] = (SeatSlot(kind="computer", name=f"Computer {seat + 1}", ready=True)
                            if computer else SeatSlot())
        await self._changed()

    async def configure(self, by: int, fields: dict[str, Any]) -> None:
        """The host changes the game's set-up (a ``configure`` frame's fields): every
        value is checked first, and one bad value changes nothing."""
        if by != self.host:
            raise RoomError("not_host", "Only the host can change the game's set-up.")
        if self.started:
            raise RoomError("started", "The set-up is fixed once the game has started.")
        preset, rules, scoring = self.preset, self.rules, self.scoring
        if "preset" in fields:
            try:
                chosen = get_preset(fields["preset"])
            except KeyError:
                raise RoomError("bad_preset", f"There is no rule preset called that; choose one of: "
                                              f"{', '.join(preset_names())}.") from None
            preset, rules, scoring = chosen.name, chosen.rules, chosen.scoring
        if "rules" in fields:
            rules = self._read_rules(fields["rules"])
        if "scoring" in fields:
            scoring = fields["scoring"]
            if scoring not in SCORING_PRESETS:
                raise RoomError("bad_value", f"There is no scoring scheme called that; choose one of: "
                                             f"{', '.join(SCORING_PRESETS)}.")
        level = fields.get("level", self.level)
        if level not in LEVELS:
            raise RoomError("bad_level", f"The computer level must be one of: {', '.join(LEVELS)}.")
        turn_clock = fields.get("turn_clock", self.turn_clock)
        if turn_clock not in TURN_CLOCKS:
            raise RoomError("bad_value", f"The turn clock is one of {', '.join(map(str, TURN_CLOCKS))} seconds.")
        hands = fields.get("hands", self.hands)
        target = (fields["target"] or None) if "target" in fields else self.target
        players = fields.get("players", self.players)
        for seat in range(players, self.players):
            if self.seats[seat].kind == "person":
                raise RoomError("seat_taken", f"{self.seats[seat].name} sits at seat {seat + 1}; "
                                              f"they must leave before the table has {players} seats.")
        if rules.cards_per_player * players > 52:
            raise RoomError("bad_value", f"{players} players cannot each have {rules.cards_per_player} cards "
                                         f"from one deck.")
        self.preset, self.rules, self.scoring = preset, rules, scoring
        self.level, self.turn_clock, self.hands, self.target = level, turn_clock, hands, target
        if players < self.players:
            del self.seats[players:]
        else:
            self.seats.extend(SeatSlot() for _ in range(players - self.players))
        self.players = players
        await self._changed()

    @staticmethod
    def _read_rules(data: Any) -> Rules:
        """House rules as the room codec writes them; ``bad_value`` with the reason else."""
        if not isinstance(data, dict) or set(data) != {"$rules"}:
            raise RoomError("bad_value", "The house rules must be written as the room codec writes them.")
        try:
            rules = codec.from_json(data)
        except (ValueError, TypeError) as exc:
            raise RoomError("bad_value", f"The house rules could not be read: {exc}.") from None
        if not isinstance(rules, Rules):  # pragma: no cover - "$rules" always reads as Rules
            raise RoomError("bad_value", "The house rules could not be read.")
        return rules

    async def _start(self, by: int) -> None:
        if by != self.host:
            raise RoomError("not_host", "Only the host can start the game.")
        if self.started:
            if self.game is None or not self.game.match.session_over:
                raise RoomError("started", "The game has already started.")
            await self._rematch()
            return
        if any(s.kind == "open" for s in self.seats):
            raise RoomError("not_ready", "Every seat needs a person or a computer first.")
        waiting = [s.name for s in self.seats if s.kind == "person" and not (s.ready and s.conn is not None)]
        if waiting:
            raise RoomError("not_ready", f"Waiting for {', '.join(waiting)} to be ready.")
        self.started = True
        await self.start_game()
        await self._changed()

    async def _rematch(self) -> None:
        """The session is over and the host starts again: a new session, the same seats
        (every person must be here; seats that became computers stay computers)."""
        away = [s.name for s in self.seats if s.kind == "person" and s.conn is None]
        if away:
            raise RoomError("not_ready", f"Waiting for {', '.join(away)} to come back.")
        if self.game is not None:
            self.game.close()
        self.game = None
        self._cursors.clear()
        self._serials.clear()
        self._saved_at = (-1, -1)
        await self.start_game()
        await self._changed()

    # -- the game: a big2.room Room, run here ------------------------------------------

    def _config(self) -> MatchConfig:
        seats = tuple(SeatConfig(slot.name, human=(slot.kind == "person"), level=self.level) for slot in self.seats)
        return MatchConfig(seats=seats, rules=self.rules, hands=self.hands, target=self.target, scoring=self.scoring)

    async def start_game(self) -> None:
        """Deal the session's first hand and send each person their snapshot."""
        self.game = Room(self._config(), brain=self.brain, reveal_deal=False)
        self.game.start_hand()
        self._turn_seen = None
        await self.flush(states=True)
        self.wake()

    def _command(self, command: dict[str, Any]) -> Any:
        kind = command["kind"]
        if kind == "play":
            cards = command.get("cards")
            if not cards:
                raise RoomError("bad_value", "A play needs the cards to play.")
            return cmds.Play(tuple(cards))
        if kind == "give_back":
            if "card" not in command:
                raise RoomError("bad_value", "Giving a card back needs the card.")
            return cmds.GiveBack(command["card"])
        return cmds.COMMANDS[kind]()

    async def command(self, seat: int, seq: int, command: dict[str, Any]) -> None:
        """A command from the person at ``seat``, for that seat only."""
        if self.game is None:
            raise RoomError("not_started", "The game has not started yet.")
        hand = self.game.match.game
        if command["kind"] == "next_hand" and hand is not None and not hand.is_over:
            # Another person dealt the next hand first: this one asked for the same; its
            # table gets the new hand's frames (sent already), and no refusal to show.
            conn = self.seats[seat].conn
            if conn is not None:
                await conn.send({"type": "ack", "seq": seq})
            return
        refusal = self.game.command(seat, self._command(command))
        if refusal is not None:
            raise RoomError("refused", str(refusal.message), msg=codec.to_json(refusal.message))
        if not undo_allowed(self.game.match):
            # The room keeps a position (the game and four generators, ~100 KiB) for undo
            # before every move, even where undo is off, as online it is: let it go.
            self.game.match.undo.clear()
        if command["kind"] == "hand_to_computer":
            self.wake()
        await self.flush()
        conn = self.seats[seat].conn
        if conn is not None:
            await conn.send({"type": "ack", "seq": seq})
        self.wake()

    def _frames(self, seats: list[int], *, states: bool) -> dict[int, list[str]]:
        """What each of ``seats`` has not been sent yet, as encoded frames: the hand's
        events since the seat's cursor, each redacted for the seat, then a snapshot of
        the position after them (a snapshot alone when asked, or when a new hand began,
        with no new events; the position now, no replay, for a person who just
        (re)joined). Built at once for every seat, so each event every seat sees alike
        is encoded once, and the snapshots' shared part too (:meth:`Room.states_json
        <big2.room.room.Room.states_json>`)."""
        game = self.game
        assert game is not None
        events: dict[int, list[Any]] = {}
        snapshot: list[int] = []
        for seat in seats:
            if seat in self._fresh:  # a person just (re)joined: the position now, no replay
                self._skip_to_now(seat)
                self._fresh.discard(seat)
                events[seat] = []
                snapshot.append(seat)
                continue
            state = states
            if self._serials.get(seat) != game.hand_serial:
                self._serials[seat] = game.hand_serial
                self._cursors[seat] = 0
                state = True
            events[seat], self._cursors[seat] = game.events_for(seat, self._cursors.get(seat, 0))
            if state or events[seat]:  # after events: the position after them (a table is always current)
                snapshot.append(seat)
        # An event several seats see as the same object (redact gave it unchanged) is
        # encoded once; the object is kept with its text, so no other can take its id.
        encoded: dict[int, tuple[Any, str]] = {}
        out: dict[int, list[str]] = {}
        for seat in seats:
            frames = out[seat] = []
            for event in events[seat]:
                known = encoded.get(id(event))
                if known is None or known[0] is not event:
                    known = encoded[id(event)] = (event, encode_frame({"type": "event", "event": codec.to_json(event)}))
                frames.append(known[1])
        if snapshot:
            shared, own = game.states_json(snapshot)
            # {"type":"state","state":{OWN,SHARED}}: the shared part encoded once (no key
            # is in both)
            tail = "," + encode_frame(shared)[1:] + "}"
            for seat in snapshot:
                out[seat].append('{"type":"state","state":' + encode_frame(own[seat])[:-1] + tail)
        return out

    async def flush(self, *, states: bool = False) -> None:
        """Save the room when it moved, then send every connected seat what it has not
        seen; after a scored hand, seats whose people are still away become computer
        seats."""
        game = self.game
        if game is None:
            return
        moved = (game.hand_serial, len(game.log)) != self._saved_at
        seats_changed = False
        if moved:  # saved before anyone hears of the move: a move seen is a move kept
            seats_changed = self._after_move()
            if self.server.directory.shared:
                await self.server.save(self)  # raises when it cannot: then nobody hears of it yet
            self._saved_at = (game.hand_serial, len(game.log))
        news, self._clock_news = self._clock_news, False
        clock = encode_frame(self.clock_frame()) if news and self.turn_clock else None
        connected = list(self.connections())
        frames = self._frames([seat for seat, _ in connected], states=states)
        for seat, conn in connected:
            await conn.send_texts(frames[seat] + ([clock] if clock else []))
        if seats_changed:  # a seat became the computer's: every lobby shows it (the host may reopen it)
            await self.broadcast_lobby()

    def clock_frame(self) -> dict[str, Any]:
        """The ``clock`` frame for the turn now: who is to act and the seconds their
        clock has left (0 when no clock runs: a computer's turn, or none in play)."""
        game = self.game
        g = game.match.game if game is not None else None
        if g is None or g.is_over:
            return {"type": "clock", "seat": 0, "seconds_left": 0}
        seat = g.exchange[1] if g.exchange is not None else g.to_act
        left = 0
        if self.turn_clock and self._turn_seen is not None and game is not None and game.is_person(seat):
            left = max(0, min(self.turn_clock, math.ceil(self._turn_started + self.turn_clock - time.monotonic())))
        return {"type": "clock", "seat": seat, "seconds_left": left}

    def _after_move(self) -> bool:
        """Keep the turn clock's start; at a hand's end, seats whose people are still away
        become computer seats (True when one did)."""
        game = self.game
        assert game is not None
        changed = False
        if game.match.game is not None and game.match.game.is_over:
            for slot in self.seats:
                if slot.kind == "person" and slot.conn is None:
                    slot.kind, slot.token_hash, slot.ready = "computer", "", True
                    changed = True
            self._turn_seen = None
        else:
            g = game.match.game
            turn = None if g is None else (g.to_act, len(g.history))
            if turn != self._turn_seen:
                self._turn_seen = turn
                self._turn_started = time.monotonic()
                self._clock_news = True
        return changed

    def _skip_to_now(self, seat: int) -> None:
        """A person (re)joins mid-session: they start from a snapshot of the position,
        not a replay of the hand so far."""
        assert self.game is not None
        self._serials[seat] = self.game.hand_serial
        self._cursors[seat] = len(self.game.log)
        self._fresh.add(seat)

    async def reconnected(self, seat: int) -> None:
        """A person came back: they play their seat again, from a fresh snapshot (the
        events before it are not sent again)."""
        if self.game is None:
            return
        self.game.seat_back(seat)
        self._clock_news = True  # their clock runs again (and they need to hear it)
        await self.flush(states=True)

    async def went_away(self, seat: int) -> None:
        """A person dropped mid-session: a computer plays their turns until they are back
        (seed 000's policy); if the hand ends first, the seat stays a computer's."""
        if self.game is None:
            return
        self.game.hold_seat(seat)
        self._clock_news = True  # no clock for the computer holding the seat
        await self.flush()
        self.wake()

    async def seat_to_computer(self, seat: int) -> None:
        """The person at ``seat`` left for good: a computer plays it from now on."""
        if self.game is None:
            return
        self.game.hold_seat(seat)
        self._clock_news = True  # no clock for the computer holding the seat
        await self.flush()
        self.wake()

    async def resumed(self) -> None:
        """This process took the room over: the computers go on."""
        self.wake()

    def wake(self) -> None:
        """Let the room's driver look for a computer move or a clock to run out."""
        if self.game is None or self._closed:
            return
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._woken.set()

    async def _drive(self) -> None:
        """The room's own task: computers move (at ``pace``), the turn clock runs out."""
        while not self._closed and self.game is not None:
            self._woken.clear()
            now = time.monotonic()
            try:
                moved = self.game.tick(now, self.server.limits.computer_pace_s, self.server.limits.computer_pace_s)
            except Exception:
                log.exception("room %s: a computer move failed", self.code)
                moved = False
            try:
                if moved:
                    await self.flush()
                    continue
                if await self._clock_ran_out(now):
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:  # the directory is down, say: try again shortly, never stop
                log.exception("room %s: could not send or save a move", self.code)
                await asyncio.sleep(1.0)
                continue
            due = self.game.next_due(self.server.limits.computer_pace_s)
            wait = 3600.0 if self.game.computer_to_act() is None else 0.5
            if due is not None:
                wait = min(wait, max(0.0, due - now))
            if self.turn_clock and self._turn_seen is not None:
                wait = min(wait, max(0.05, self._turn_started + self.turn_clock - now))
            try:
                await asyncio.wait_for(self._woken.wait(), wait)
            except asyncio.TimeoutError:
                pass

    async def _clock_ran_out(self, now: float) -> bool:
        """A person's turn clock ran out: pass for them, or play their lowest move where
        they may not pass."""
        game = self.game
        if not self.turn_clock or game is None or self._turn_seen is None:
            return False
        g = game.match.game
        if g is None or g.is_over or now < self._turn_started + self.turn_clock:
            return False
        if g.exchange is not None:
            seat = g.exchange[1]
            if not game.is_person(seat):
                return False
            refusal = game.command(seat, cmds.GiveBack(g.suggest_give_back()))
        else:
            seat = g.to_act
            if not game.is_person(seat):
                return False
            refusal = game.command(seat, cmds.Pass())
            if refusal is not None:
                refusal = game.command(seat, cmds.Play(tuple(move_cards(lowest_move(g)))))
        if refusal is not None:  # pragma: no cover - a legal move always exists
            log.error("room %s: the turn clock could not move for seat %d: %s", self.code, seat, refusal)
            self._turn_started = now
            return False
        await self.flush()
        return True

    # -- ending ------------------------------------------------------------------------

    def _stop(self) -> None:
        self._closed = True
        if self._driver is not None:
            self._driver.cancel()
        if self.game is not None:
            self.game.close()

    async def close(self, reason: str) -> None:
        """Tell everyone the room closed and let go of their connections."""
        self._stop()
        for seat, conn in list(self.connections()):
            self._detach(seat)
            await conn.send({"type": "left", "reason": reason})

    async def shutdown(self) -> None:
        """The server stops: let go of connections without a word (they reconnect to
        another process, which takes the room over from the directory)."""
        self._stop()
        for seat, _conn in list(self.connections()):
            self._detach(seat)


__all__ = ["HostedRoom", "RoomError", "SeatSlot", "STATE_VERSION", "token_hash"]
