"""A room as the server hosts it: the lobby (:mod:`big2.net.lobby`) and the game it runs.

:class:`HostedRoom` is a :class:`~big2.net.lobby.RoomLobby` (the code, the seats and
who sits in them, ready, the host's set-up, reactions, Start) that, once the host
starts, runs a :class:`big2.room.room.Room` (:attr:`game`): each command acts for the
sender's own seat only, each seat is sent its own redacted events and then its snapshot
(``event`` and ``state`` frames), computers think on the server's worker threads
(:mod:`big2.net.brain`) and move at the server's pace times their character's (and react
as their temperament says: :mod:`big2.net.characters`), and a host-chosen turn clock
passes (or plays the lowest move) for a person who waits too long. A person who drops
is played by the computer until they come back with their token; one still away when
the hand ends leaves a computer seat behind. After the session the host may start a
rematch with the same seats.

Everything a room must keep to go on in another process is in :meth:`to_state`, a
JSON-able dict (the game through :meth:`big2.room.room.Room.to_dict`); :meth:`restore` builds the
room back from it, everyone away until they come back with their seat tokens.

Refusals are :class:`RoomError` with a stable ``code`` and a sentence; the server turns
them into ``error`` frames. Nothing here does network I/O itself: frames go out through
the connections the server gave the room. :class:`RoomError`, :class:`SeatSlot` and
:func:`token_hash` live in :mod:`big2.net.lobby` and are importable from here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import move_cards
from ..engine.rules import Rules
from ..room import codec
from ..room import commands as cmds
from ..room.config import MatchConfig, SeatConfig
from ..room.events import HintGiven
from ..room.match import Match
from ..room.room import Room, lowest_move
from .brain import ExecutorBrain
from .characters import RoomReactions, think_delay
from .gate import TokenBucket, address_key
from .lobby import KNOWN_MAX, Host, RoomError, RoomLobby, SeatSlot, token_hash
from .protocol import encode_frame
from .roomstate import room_from_state, room_to_state
from .tokens import SecretDeals, same_token

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Executor

    from .directory import RoomDirectory
    from .limits import Limits

log = logging.getLogger("big2.net.room")

#: Seconds a person has to come to the table for a hand another person dealt (from the
#: results or the final standings) before their turn clock runs anyway.
ARRIVAL_S = 30.0

#: What a saved room looks like; bumped when :meth:`HostedRoom.to_state` changes shape.
#: Version 2 added the set-up the host chooses in the lobby (rules, scoring, target);
#: a version 1 room is read back with its preset's rules and scoring.
STATE_VERSION = 2


class GameHost(Host, Protocol):
    """What the game's side needs of the server besides what the lobby does
    (:class:`~big2.net.lobby.Host`): its worker threads, its room store and its limits."""

    executor: Executor
    directory: RoomDirectory
    limits: Limits

    def allow_hint(self, address: str) -> bool: ...


class HostedRoom(RoomLobby):
    """A room of ``players`` seats run by ``server``: its lobby and its game. Build with
    :meth:`create` or :meth:`restore`."""

    server: GameHost

    def __init__(self, server: GameHost, code: str, *, players: int, preset: str, level: str,
                 hands: int = 4, turn_clock: int = 0, rules: Rules | None = None, scoring: str | None = None,
                 target: int | None = None) -> None:
        super().__init__(server, code, players=players, preset=preset, level=level, hands=hands,
                         turn_clock=turn_clock, rules=rules, scoring=scoring, target=target)
        self.brain = ExecutorBrain(server.executor, self.wake_threadsafe)
        #: Each seat's hint budget, and the seats whose hint is being searched.
        self._hint_buckets: dict[int, TokenBucket] = {}
        self._hinting: set[int] = set()
        self._cursors: dict[int, int] = {}
        #: Seats whose person just (re)joined: their next frames are a snapshot, never a replay.
        self._fresh: set[int] = set()
        self._serials: dict[int, int] = {}
        self._saved_at: tuple[int, int] = (-1, -1)
        self._turn_seen: tuple[int, int] | None = None
        self._turn_started = 0.0
        #: Person seats -> when (time.monotonic) they are at the table for this hand: a
        #: person's turn clock never runs before (see :meth:`_dealt_by`).
        self._arrival: dict[int, float] = {}
        #: The turn clock waits for its person to arrive (a clock frame is due then).
        self._clock_waits = False
        #: The turn changed since the clock was last sent (see :meth:`clock_frame`).
        self._clock_news = False
        self._driver: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self._closed = False
        self._loop = asyncio.get_running_loop()
        #: Seats whose person is reconnecting: seat -> when (time.monotonic) the computer
        #: takes the seat if they are not back. Meanwhile nobody plays for them (their
        #: turn clock, where there is one, still runs).
        self._grace: dict[int, float] = {}
        #: Seats whose person is away only because the room moved to this process (a
        #: takeover): never turned into a computer's seat at a hand's end for that.
        self._moved: set[int] = set()
        #: What the computers' characters say (``reaction`` frames), from a secret seed.
        self.reactions = RoomReactions(secrets.randbits(64))

    def wake_threadsafe(self) -> None:
        """:meth:`wake` from another thread (a computer finished thinking)."""
        if not self._closed:
            self._loop.call_soon_threadsafe(self.wake)

    # -- saving ------------------------------------------------------------------------

    def to_state(self) -> dict[str, Any]:
        """Everything needed to run the room elsewhere, as JSON-able data."""
        return {
            "v": STATE_VERSION, "code": self.code, "players": self.players, "preset": self.preset,
            "level": self.level, "hands": self.hands, "turn_clock": self.turn_clock, "host": self.host,
            "rules": codec.to_json(self.rules), "scoring": self.scoring, "target": self.target,
            "started": self.started,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token_hash, "ready": s.ready,
                       **({"prev": s.prev_hash} if s.prev_hash else {})} for s in self.seats],
            "known": list(self.known),
            "game": None if self.game is None else room_to_state(self.game),
        }

    @staticmethod
    def state_knows(state: dict[str, Any], token: str) -> bool:
        """:meth:`~big2.net.lobby.RoomLobby.knows` of the room saved as ``state`` (one
        this process does not run)."""
        hashes = [str(h) for s in state.get("seats", ()) if isinstance(s, dict)
                  for h in (s.get("token"), s.get("prev")) if h]
        hashes += [str(h) for h in state.get("known", ()) if h]
        wanted = token_hash(token)
        return any(same_token(h, wanted) for h in hashes)

    @classmethod
    def restore(cls, server: GameHost, code: str, state: dict[str, Any]) -> "HostedRoom":
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
                               ready=bool(s["ready"]), prev_hash=str(s.get("prev") or "")) for s in state["seats"]]
        room.known = [str(h) for h in state.get("known") or ()][-KNOWN_MAX:]
        if state.get("game") is not None:
            try:
                room.game = room_from_state(state["game"], brain=room.brain)
            except (ValueError, KeyError, TypeError) as exc:
                raise RoomError("unavailable", "The saved game could not be read back.") from exc
            # The saved generator was never the deals' (see SecretDeals): new secret ones.
            match = room.game.match
            match.rng = match.session.rng = SecretDeals()
            # Everyone is away until they reconnect: each person's seat waits for them
            # (a grace from :meth:`resumed`), and is never lost for the move.
            room._moved = {seat for seat, slot in enumerate(room.seats) if slot.kind == "person"}
            room._saved_at = (room.game.hand_serial, len(room.game.log))
            room.reactions.skip(room.game)
        return room

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
        self._dealt_by(self.host)  # the others are reading the final standings
        await self._changed()

    # -- the game: a big2.room Room, run here ------------------------------------------

    def _config(self) -> MatchConfig:
        seats = tuple(SeatConfig(slot.name, human=(slot.kind == "person"), level=self.level) for slot in self.seats)
        return MatchConfig(seats=seats, rules=self.rules, hands=self.hands, target=self.target, scoring=self.scoring)

    async def start_game(self) -> None:
        """Deal the session's first hand and send each person their snapshot."""
        self.game = Room(match=Match(self._config(), rng=SecretDeals()), brain=self.brain, reveal_deal=False)
        self.game.start_hand()
        self._turn_seen = None
        self._dealt_by(None)
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
        if command["kind"] == "undo":
            # Online nobody takes a move back, not even alone against computers: the
            # others at a table have seen it, and a hand is the same game for everyone.
            raise RoomError("no_undo", "There is no undo in a game online.")
        hand = self.game.match.game
        if command["kind"] == "next_hand" and hand is not None and not hand.is_over:
            # Another person dealt the next hand first: this one asked for the same; its
            # table gets the new hand's frames (sent already), no refusal to show, and
            # their clock may run.
            if self._arrived(seat):
                await self.flush()
            conn = self.seats[seat].conn
            if conn is not None:
                await conn.send({"type": "ack", "seq": seq})
            return
        if command["kind"] == "hint" and hand is not None and not hand.is_over:
            await self._hint(seat, seq)
            return
        dealing = command["kind"] == "next_hand"
        refusal = self.game.command(seat, self._command(command))
        if refusal is not None:
            raise RoomError("refused", str(refusal.message), msg=codec.to_json(refusal.message))
        # The room keeps a position (the game and four generators, ~100 KiB) for undo
        # before every move; online there is no undo: let it go.
        self.game.match.undo.clear()
        if command["kind"] == "hand_to_computer":
            self.wake()
        if dealing:
            self._dealt_by(seat)
        await self.flush()
        conn = self.seats[seat].conn
        if conn is not None:
            await conn.send({"type": "ack", "seq": seq})
        self.wake()

    async def _hint(self, seat: int, seq: int) -> None:
        """A hint for ``seat``: one that needs a search is searched in the server's
        computer pool (never on the event loop), within the seat's hint budget and its
        address's; logged for the seat unless the game moved meanwhile."""
        game = self.game
        assert game is not None
        task = game.hint_task(seat)
        if not isinstance(task, HintGiven):
            conn = self.seats[seat].conn
            address = address_key(conn.peer) if conn is not None else ""
            bucket = self._hint_buckets.get(seat)
            if bucket is None:
                limits = self.server.limits
                bucket = self._hint_buckets[seat] = TokenBucket(limits.hint_rate, limits.hint_burst)
            if seat in self._hinting or not bucket.take() or not self.server.allow_hint(address):
                raise RoomError("no_hint", "No more hints for now; try again in a minute.")
            at = (game.hand_serial, len(game.log))
            self._hinting.add(seat)
            try:
                found = await asyncio.wrap_future(self.brain.search(task))
            finally:
                self._hinting.discard(seat)
            if self.game is not game or self._closed or (game.hand_serial, len(game.log)) != at:
                found = None  # the position moved on: that hint is of no use now
            task = found
        if task is not None:
            game.add_hint(task)
            await self.flush()
        conn = self.seats[seat].conn
        if conn is not None:
            await conn.send({"type": "ack", "seq": seq})

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
        # the characters' reactions to what was just logged: the frame people's go in
        said = [encode_frame({"type": "reaction", "seat": seat, "reaction": reaction})
                for seat, reaction in self.reactions.heard(game)]
        for seat, conn in connected:
            await conn.send_texts(frames[seat] + ([clock] if clock else []) + said)
        if seats_changed:  # a seat became the computer's: every lobby shows it (the host may reopen it)
            await self.broadcast_lobby()

    def clock_frame(self) -> dict[str, Any]:
        """The ``clock`` frame for the turn now: who is to act and the seconds their
        clock has left (0 when no clock runs: a computer's turn, none in play, or a
        person not at the table yet)."""
        game = self.game
        g = game.match.game if game is not None else None
        if g is None or g.is_over:
            return {"type": "clock", "seat": 0, "seconds_left": 0}
        seat = g.exchange[1] if g.exchange is not None else g.to_act
        left = 0
        now = time.monotonic()
        if self.turn_clock and self._turn_seen is not None and game is not None and game.is_person(seat):
            start = self._clock_start(seat)
            if now >= start:
                left = max(0, min(self.turn_clock, math.ceil(start + self.turn_clock - now)))
        return {"type": "clock", "seat": seat, "seconds_left": left}

    async def here(self, seat: int, hand: int) -> None:
        """The person's table shows hand ``hand``: when it is the hand in play, their
        turn clock may run from now (told at once when it is their turn)."""
        game = self.game
        if game is None or game.match.game is None or game.match.game.is_over:
            return
        if game.match.hand_number == hand and self._arrived(seat):
            await self.flush()
            self.wake()

    def _dealt_by(self, seat: int | None) -> None:
        """A hand was dealt by the person at ``seat`` (None: every table shows it at
        once, as when the lobby's Start opens them): they are at the table; the others
        are reading their results, and their turn clocks wait for them to come (their
        table's ``next_hand``) or :data:`ARRIVAL_S` seconds."""
        now = time.monotonic()
        self._arrival = {s: now if seat is None or s == seat else now + ARRIVAL_S
                         for s, slot in enumerate(self.seats) if slot.kind == "person"}
        self._clock_waits = False

    def _arrived(self, seat: int) -> bool:
        """The person at ``seat`` is at the table now; True when their clock starts now."""
        now = time.monotonic()
        if self._arrival.get(seat, now) <= now:
            return False
        self._arrival[seat] = now
        self._clock_news = True
        return True

    def _clock_start(self, seat: int) -> float:
        """When the turn clock of the turn now starts for ``seat``: the turn's start, or
        their arrival at the table if that is later."""
        return max(self._turn_started, self._arrival.get(seat, 0.0))

    def _turn_person(self) -> int | None:
        """The person to act now (a give-back included), or None."""
        game = self.game
        g = game.match.game if game is not None else None
        if g is None or g.is_over:
            return None
        seat = g.exchange[1] if g.exchange is not None else g.to_act
        return seat if game.is_person(seat) else None

    def _after_move(self) -> bool:
        """Keep the turn clock's start; at a hand's end, seats whose people are still away
        become computer seats (True when one did)."""
        game = self.game
        assert game is not None
        changed = False
        if game.match.game is not None and game.match.game.is_over:
            for seat, slot in enumerate(self.seats):
                if slot.kind == "person" and slot.conn is None and seat not in self._grace and seat not in self._moved:
                    self._retire(slot.token_hash, slot.prev_hash)
                    slot.kind, slot.token_hash, slot.prev_hash, slot.ready = "computer", "", "", True
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
        self._grace.pop(seat, None)
        self._moved.discard(seat)
        conn = self.seats[seat].conn
        if not self.brain.address and conn is not None:  # a room taken over: whose time its computers spend
            self.brain.address = address_key(conn.peer)
        if self.game is None:
            return
        self.game.seat_back(seat)
        self._arrived(seat)  # (a snapshot takes them straight to the table)
        self._clock_news = True  # their clock runs again (and they need to hear it)
        await self.flush(states=True)
        self.wake()  # its computers were paused while nobody was here

    async def seat_given(self, seat: int, name: str) -> None:
        """The host gave this seat back to a person: they play it now, under their own
        name, which every seat is shown at once."""
        assert self.game is not None
        self.game.rename(seat, name)
        self.game.seat_back(seat)
        await self.flush(states=True)
        self.wake()

    async def went_away(self, seat: int) -> None:
        """A person dropped mid-session: their seat waits for them for the server's
        reconnect grace (``Limits.reconnect_grace_s``: a dropped connection comes back by
        itself within it), then a computer plays their turns until they are back (seed
        000's policy); if the hand ends meanwhile, the seat stays a computer's."""
        if self.game is None:
            return
        self._grace[seat] = time.monotonic() + self.server.limits.reconnect_grace_s
        self.wake()

    async def _grace_ran_out(self, now: float) -> bool:
        """Seats whose person did not come back within the grace: the computer holds
        them now (True when one changed)."""
        late = [seat for seat, due in self._grace.items() if now >= due]
        changed = False
        for seat in late:
            del self._grace[seat]
            if self.game is not None and self.seats[seat].kind == "person" and self.seats[seat].conn is None:
                self.game.hold_seat(seat)
                changed = True
        if changed:
            self._clock_news = True  # no clock for the computer holding the seat
            await self.flush()
        return changed

    async def seat_to_computer(self, seat: int) -> None:
        """The person at ``seat`` left for good: a computer plays it from now on."""
        self._grace.pop(seat, None)
        self._moved.discard(seat)
        if self.game is None:
            return
        self.game.hold_seat(seat)
        self._clock_news = True  # no clock for the computer holding the seat
        await self.flush()
        self.wake()

    async def resumed(self) -> None:
        """This process took the room over: the computers go on; each person not back
        yet has the reconnect grace before a computer plays for them."""
        due = time.monotonic() + self.server.limits.reconnect_grace_s
        for seat in self._moved:
            if self.seats[seat].conn is None:
                self._grace.setdefault(seat, due)
        self.wake()

    def wake(self) -> None:
        """Let the room's driver look for a computer move or a clock to run out."""
        if self.game is None or self._closed:
            return
        self.brain.pause(self.idle_since is not None)  # nobody here: its searches wait
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._woken.set()

    async def _drive(self) -> None:
        """The room's own task: computers move (at the server's pace times their
        character's: :func:`~big2.net.characters.think_delay`), the turn clock runs out."""
        while not self._closed and self.game is not None:
            self._woken.clear()
            self.brain.pause(self.idle_since is not None)
            now = time.monotonic()
            pace = think_delay(self.game, self.server.limits.computer_pace_s)
            try:
                moved = self.game.tick(now, pace, pace)
            except Exception:
                log.exception("room %s: a computer move failed", self.code)
                moved = False
            try:
                if moved:
                    await self.flush()
                    continue
                if await self._clock_ran_out(now) or await self._grace_ran_out(now):
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:  # the directory is down, say: try again shortly, never stop
                log.exception("room %s: could not send or save a move", self.code)
                await asyncio.sleep(1.0)
                continue
            due = self.game.next_due(pace)
            wait = 3600.0 if self.game.computer_to_act() is None or self.brain.paused else 0.5
            if due is not None:
                wait = min(wait, max(0.0, due - now))
            person = self._turn_person()
            if self.turn_clock and self._turn_seen is not None and person is not None:
                start = self._clock_start(person)
                wait = min(wait, max(0.05, start + self.turn_clock - now))
                if start > now:  # the clock waits for its person: tell the tables when it runs
                    self._clock_waits = True
                    wait = min(wait, start - now)
                elif self._clock_waits:
                    self._clock_waits = False
                    self._clock_news = True
                    with contextlib.suppress(Exception):  # (a directory down: said by the next move)
                        await self.flush()
                    continue
            if self._grace:
                wait = min(wait, max(0.01, min(self._grace.values()) - now))
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
        person = self._turn_person()
        if g is None or g.is_over or person is None or now < self._clock_start(person) + self.turn_clock:
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

    async def close(self, reason: str, *, moved: bool = False, ended: bool = False) -> None:
        """Tell everyone the room closed and let go of their connections; ``moved``: it
        goes on in another process, and they are told to reconnect; ``ended``: the game
        is over for everyone (the app that hosted it left), nobody's seat is kept."""
        self._stop()
        flag = {"reconnect": True} if moved else {"ended": True} if ended else {}
        for seat, conn in list(self.connections()):
            self._detach(seat)
            await conn.send({"type": "left", "reason": reason, **flag})

    async def shutdown(self) -> None:
        """The server stops: let go of connections without a word (they reconnect to
        another process, which takes the room over from the directory)."""
        self._stop()
        for seat, _conn in list(self.connections()):
            self._detach(seat)


__all__ = ["HostedRoom", "RoomError", "SeatSlot", "STATE_VERSION", "token_hash"]
