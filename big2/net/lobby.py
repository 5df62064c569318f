"""The lobby half of a room the server hosts: its code, its seats and who sits in them,
ready, the host's set-up, reactions and Start.

:class:`RoomLobby` knows the people: each seat is ``open``, a ``person`` (with a name,
a seat token known only to their client — the room keeps its SHA-256, never the token —
a connection or none while they are away) or a ``computer``, named after a character of
the room's level (:mod:`big2.room.personas`, :meth:`RoomLobby.name_computers`: the
name every seat sees; no client needs to know it is one). The host (the seat that
opened the room) adds or removes computer seats, changes the set-up (``configure``) and
starts the session once every person is ready. Everyone in the room gets a ``room``
frame after every change (:meth:`RoomLobby.lobby`, with ``you`` set to their own seat),
the room saved first.

What a caller must know:

* A lobby is never used alone: :class:`big2.net.hosted.HostedRoom` is the lobby that
  also runs the game, and the server builds that (``HostedRoom.create`` /
  ``HostedRoom.restore``). The lobby reaches the game only through :attr:`RoomLobby.game`
  (None until the host starts) and the hooks a game must have, abstract here:
  :meth:`~RoomLobby.start_game`, :meth:`~RoomLobby._rematch`,
  :meth:`~RoomLobby.command`, :meth:`~RoomLobby._skip_to_now`,
  :meth:`~RoomLobby.reconnected`, :meth:`~RoomLobby.seat_given`,
  :meth:`~RoomLobby.went_away` and :meth:`~RoomLobby.seat_to_computer`.
* Refusals are :class:`RoomError` with a stable ``code`` (one of
  :data:`big2.net.protocol.ERROR_CODES`) and a sentence; the server turns them into
  ``error`` frames. Nothing here does network I/O itself: frames go out through the
  connections the server gave the room, and every change is saved through
  ``server.save`` before it is announced.
"""

from __future__ import annotations

import abc
import hashlib
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..ai import LEVELS
from ..engine import preset_names
from ..engine.presets import get_preset
from ..engine.rules import Rules
from ..engine.scoring import SCORING_PRESETS
from ..room import codec, personas
from .protocol import TURN_CLOCKS, Frame, ProtocolError
from .tokens import format_code, new_room_code, new_seat_token, same_token

if TYPE_CHECKING:  # pragma: no cover
    from ..room.room import Room

_Lobby = TypeVar("_Lobby", bound="RoomLobby")


class RoomError(Exception):
    """A request the room refuses: a stable ``code`` and one sentence."""

    def __init__(self, code: str, message: str, *, msg: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg = msg


class Client(Protocol):
    """A seat's connection as a room sees it: the server's
    :class:`~big2.net.server.Connection`, or a client of another process
    (:class:`~big2.net.relay.RelayedConnection`). Stated here, below the server, so that
    a room needs nothing of the server's module."""

    peer: str
    room: RoomLobby | None
    seat: int | None
    closed: bool

    async def send(self, frame: dict[str, Any]) -> None: ...

    async def send_text(self, text: str) -> None: ...

    async def send_texts(self, texts: list[str]) -> None: ...

    async def fail(self, error: ProtocolError, close_code: int = 1008) -> None: ...


class Host(Protocol):
    """What a room needs of the server that runs it (:class:`~big2.net.server.Server`):
    the rooms it runs, and a room's save and its end."""

    @property
    def rooms(self) -> Mapping[str, RoomLobby]: ...

    async def save(self, room: RoomLobby) -> None: ...

    async def drop(self, room: RoomLobby, reason: str, *, release: bool = True, forget: bool = False) -> None: ...


def _named(rules: Rules, preset: str) -> Rules:
    """``rules`` under a name the server gives them, never the host's words (a rule set's
    name reaches every seat and their score history): the preset they name (else the
    room's ``preset``), as that preset's name when they are its rules, else with
    " (house)" after it, as the app's New game names house rules."""
    try:
        base = get_preset(rules.name.removesuffix(" (house)"))
    except KeyError:
        base = get_preset(preset)
    if replace(rules, name=base.name) == base.rules:
        return base.rules
    return replace(rules, name=f"{base.name} (house)")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


#: How many seat tokens a room remembers after they stopped working (see
#: :meth:`RoomLobby.knows`), newest kept.
KNOWN_MAX = 32


@dataclass
class SeatSlot:
    """One seat: ``kind`` is ``open``, ``person`` or ``computer``. A person's seat has the
    hash of its newest token, and until that token is heard from (see
    :meth:`RoomLobby.heard`) the hash of the one it replaced (``prev_hash``): a ``joined``
    frame lost on its way (a connection that drops at once) costs no one their seat."""

    kind: str = "open"
    name: str = ""
    token_hash: str = ""
    ready: bool = False
    conn: Client | None = None
    prev_hash: str = ""

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "connected": self.conn is not None, "ready": self.ready}


class RoomLobby(abc.ABC):
    """The lobby of a room of ``players`` seats run by ``server`` (see the module's notes:
    the game's side is :class:`big2.net.hosted.HostedRoom`)."""

    def __init__(self, server: Host, code: str, *, players: int, preset: str, level: str,
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
        #: Hashes of seat tokens that stopped working (a rejoin gave a new one, the seat
        #: became a computer's or opened again), at most KNOWN_MAX, oldest first.
        self.known: list[str] = []
        self.idle_since: float | None = time.monotonic()
        #: The session, once the host started it (run by the game's side).
        self.game: Room | None = None

    # -- building ----------------------------------------------------------------------

    @staticmethod
    def new_code() -> str:
        return new_room_code()

    @classmethod
    def create(cls: type[_Lobby], server: Host, *, name: str, players: int, computers: int,
               preset: str | None, level: str | None, hands: int = 4, turn_clock: int = 0) -> _Lobby:
        """A new room of this class (the server's: ``HostedRoom.create``): the host
        (``name``) will sit at seat 0, ``computers`` seats at the end are computers."""
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
            room.seats[seat] = SeatSlot(kind="computer", ready=True)
        room.seats[0] = SeatSlot(kind="person", name=name, ready=True)
        room.name_computers()
        return room

    # -- the computers' characters -------------------------------------------------------

    def name_computers(self) -> None:
        """Before the start: each computer seat is named after a character of the room's
        level (:func:`big2.room.personas.pick`, in seat order), no two alike and none
        a person's name here. Deterministic: the same level and people give the same
        names, so a seat's character changes only with the level or a person's name."""
        if self.started:
            return
        people = {s.name for s in self.seats if s.kind == "person"}
        computers = [s for s in self.seats if s.kind == "computer"]
        for slot, persona in zip(computers, personas.pick([self.level] * len(computers), taken=people)):
            slot.name = persona.name

    def free_character(self) -> str:
        """A character of the room's level for a seat a computer takes over mid-session:
        none of the names at the table (the game's and the lobby's)."""
        names = {s.name for s in self.seats}
        if self.game is not None:
            names |= {seat.name for seat in self.game.config.seats}
        return personas.pick([self.level], taken=names)[0].name

    # -- who is here -------------------------------------------------------------------

    def connections(self) -> Iterator[tuple[int, Client]]:
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
        """Save, then tell everyone (a change that cannot be saved is not announced), and
        the server (its announcement on the local network counts the free seats)."""
        await self.server.save(self)
        await self.broadcast_lobby()
        seats_changed = getattr(self.server, "seats_changed", None)
        if seats_changed is not None:
            seats_changed()

    def _attach(self, seat: int, conn: Client) -> None:
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

    async def _seat(self, seat: int, conn: Client, name: str, token: str | None) -> None:
        slot = self.seats[seat]
        fresh = token or new_seat_token()
        slot.kind, slot.name = "person", name
        self.name_computers()  # (a computer never keeps a name the person has)
        slot.token_hash = token_hash(fresh)
        # The seat is saved before its token goes out: a token the directory does not
        # know would be refused ("bad_token") by the process that takes the room over
        # if this one died (or lost the room) in between.
        await self.server.save(self)
        if self.server.rooms.get(self.code) is not self:  # the room moved: the save was refused
            raise RoomError("unavailable", "The room moved to another server; try again.")
        # "joined" goes out before the seat is attached, so no frame can overtake it
        await conn.send({"type": "joined", "code": self.code, "seat": seat, "token": fresh})
        self._attach(seat, conn)

    async def seat_host(self, conn: Client) -> None:
        """Seat the connection that opened the room at the host's seat."""
        await self._seat(self.host, conn, self.seats[self.host].name, None)
        await self._changed()

    def knows(self, token: str) -> bool:
        """Whether ``token`` is, or once was, a seat token of this room (the last
        :data:`KNOWN_MAX` that stopped working included): a reconnect with it is a person
        coming back, never a guess (the server does not throttle it)."""
        wanted = token_hash(token)
        return any(same_token(known, wanted) for known in self._token_hashes())

    def _token_hashes(self) -> Iterator[str]:
        for slot in self.seats:
            yield from (h for h in (slot.token_hash, slot.prev_hash) if h)
        yield from self.known

    def _retire(self, *hashes: str) -> None:
        """These tokens stop working (they are still known: see :meth:`knows`)."""
        self.known.extend(h for h in hashes if h)
        del self.known[:-KNOWN_MAX]

    def heard(self, conn: Client) -> None:
        """A frame came from ``conn``: its seat's newest token reached it (the link
        reads ``joined`` before it sends anything), so the token it replaced stops
        working."""
        seat = conn.seat
        if seat is None or seat >= len(self.seats):
            return
        slot = self.seats[seat]
        if slot.prev_hash and slot.conn is conn:
            self._retire(slot.prev_hash)
            slot.prev_hash = ""

    async def join(self, conn: Client, name: str, token: str | None) -> None:
        """Seat ``conn``: by ``token`` at the seat it was given, else at the first open
        seat (only before the session starts). A seat taken back by its token gets a new
        one (a token copied from a file or a log is good until its person comes back):
        the token shown works until the new one is heard from, every other one stops."""
        if token is not None:
            wanted = token_hash(token)
            for seat, slot in enumerate(self.seats):
                if slot.kind != "person" or not slot.token_hash:
                    continue
                if same_token(slot.token_hash, wanted):
                    dead = slot.prev_hash  # the newest token was shown: the older one dies
                elif slot.prev_hash and same_token(slot.prev_hash, wanted):
                    dead = slot.token_hash  # the newest never arrived: it dies
                else:
                    continue
                fresh = new_seat_token()
                was = (slot.token_hash, slot.prev_hash, list(self.known))
                self._retire(dead)
                slot.prev_hash, slot.token_hash = wanted, token_hash(fresh)
                # Saved before the new token goes out (as a new seat is, in _seat).
                try:
                    await self.server.save(self)
                except BaseException:
                    slot.token_hash, slot.prev_hash, self.known = was
                    raise
                if self.server.rooms.get(self.code) is not self:  # the room moved: the save was refused
                    raise RoomError("unavailable", "The room moved to another server; try again.")
                old = slot.conn
                if old is not None and old is not conn:
                    self._detach(seat)
                    await old.send({"type": "left", "reason": "Your seat was taken back from another connection."})
                if self.game is not None:
                    self._skip_to_now(seat)  # before it can be sent anything: a snapshot, no replay
                # "joined" goes out before the seat is attached, so no frame can overtake it
                await conn.send({"type": "joined", "code": self.code, "seat": seat, "token": fresh})
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
        if self.game is not None:  # the host gave this seat back to a person: they play it now
            await self.seat_given(seat, name)
        await self._changed()

    async def leave(self, conn: Client) -> None:
        """``conn`` gives up its seat: before the start the seat opens again; after it a
        computer holds the seat. A host who leaves hands the room to the next person."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        self._detach(seat)
        slot = self.seats[seat]
        self._retire(slot.token_hash, slot.prev_hash)
        if self.started:
            slot.kind, slot.token_hash, slot.prev_hash, slot.ready = "computer", "", "", True
            slot.name = self.free_character()
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

    async def disconnected(self, conn: Client) -> None:
        """``conn`` dropped: its seat waits for it (the seat token brings it back)."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        self._detach(seat)
        await self.went_away(seat)
        await self._changed()

    # -- the lobby ---------------------------------------------------------------------

    async def handle(self, conn: Client, frame: Frame) -> None:
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
        elif kind == "here":
            await self.here(seat, frame["hand"])
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
        self.seats[seat] = SeatSlot(kind="computer", ready=True) if computer else SeatSlot()
        self.name_computers()
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
            rules = self._read_rules(fields["rules"], preset)
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
        before = self._setup()
        self.preset, self.rules, self.scoring = preset, rules, scoring
        self.level, self.turn_clock, self.hands, self.target = level, turn_clock, hands, target
        if players < self.players:
            del self.seats[players:]
        else:
            self.seats.extend(SeatSlot() for _ in range(players - self.players))
        self.players = players
        self.name_computers()  # a new level: characters of it
        if self._setup() != before:
            # Everyone else said ready to the set-up as it was: they must say it again to
            # this one (the host may not change it under them and start at once).
            for seat, slot in enumerate(self.seats):
                if slot.kind == "person" and seat != by:
                    slot.ready = False
        await self._changed()

    def _setup(self) -> tuple[Any, ...]:
        """The game's set-up as the host chose it (what a ready mark agrees to)."""
        return (self.preset, self.rules, self.scoring, self.level, self.turn_clock, self.hands, self.target,
                self.players)

    @staticmethod
    def _read_rules(data: Any, preset: str) -> Rules:
        """House rules as the room codec writes them, named by the server
        (:func:`_named`); ``bad_value`` with the reason else."""
        if not isinstance(data, dict) or set(data) != {"$rules"}:
            raise RoomError("bad_value", "The house rules must be written as the room codec writes them.")
        try:
            rules = codec.from_json(data)
        except (ValueError, TypeError):
            # (the reader's reason quotes the host's values: never sent back, however long)
            raise RoomError("bad_value", "The house rules could not be read: each option must be one the game "
                                         "knows, with one of its values.") from None
        if not isinstance(rules, Rules):  # pragma: no cover - "$rules" always reads as Rules
            raise RoomError("bad_value", "The house rules could not be read.")
        return _named(rules, preset)

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

    # -- the game's side (big2.net.hosted.HostedRoom) ------------------------------------

    @abc.abstractmethod
    async def start_game(self) -> None:
        """The host started: deal the session's first hand and send each person their
        snapshot."""

    @abc.abstractmethod
    async def _rematch(self) -> None:
        """The session is over and the host starts again with the same seats (refused
        with ``not_ready`` while a person is away)."""

    @abc.abstractmethod
    async def command(self, seat: int, seq: int, command: dict[str, Any]) -> None:
        """A game command (a ``command`` frame's ``command``) from the person at ``seat``."""

    @abc.abstractmethod
    def _skip_to_now(self, seat: int) -> None:
        """A person (re)joins mid-session: their next frames are a snapshot, never a
        replay (called before they can be sent anything)."""

    @abc.abstractmethod
    async def reconnected(self, seat: int) -> None:
        """A person came back with their token: they play their seat again."""

    @abc.abstractmethod
    async def seat_given(self, seat: int, name: str) -> None:
        """Mid-session, a new person took the seat the host opened: they play it now,
        under their own name."""

    @abc.abstractmethod
    async def here(self, seat: int, hand: int) -> None:
        """The person's table shows hand number ``hand`` now (see the ``here`` frame)."""

    @abc.abstractmethod
    async def went_away(self, seat: int) -> None:
        """A person's connection dropped mid-session: the computer holds their seat."""

    @abc.abstractmethod
    async def seat_to_computer(self, seat: int) -> None:
        """A person left for good mid-session: a computer plays their seat from now on."""


__all__ = ["KNOWN_MAX", "RoomError", "RoomLobby", "SeatSlot", "token_hash"]
