"""The room: one session of Big Two, its seats and their streams. No pygame, no I/O.

A :class:`Room` owns a :class:`~big2.room.match.Match` (the session, the hand's engine
game, the computers' generators, undo) and is the only thing that changes it:

* A seat acts with :meth:`Room.command` (:mod:`big2.room.commands`). The room checks
  the command against the engine for that seat; a refused one returns a
  :class:`~big2.room.commands.Refusal` with the engine's sentence and changes nothing.
* Every change appends the engine's events (and the room's own) to the hand's **log**.
  A seat reads the log through :meth:`Room.events_for` — each event passed through
  :func:`~big2.room.redact.redact` for that seat — and the position through
  :meth:`Room.state_for`. Nothing else leaves the room.
* Computers play when the room is given time (:meth:`Room.tick`): a computer's move is
  asked of a :class:`Brain` (the app's worker process; a plain in-thread brain by
  default) and made once it is ready and the pace has passed. A brain that fails is
  replaced, for that turn, by a simpler level, and the seats hear
  :class:`~big2.room.events.ComputerStumbled`.
* Observers (:class:`RoomObserver`) hear of every change, to autosave and keep the
  score history; they cannot change the game.

A finished hand is scored at once (``HandScored`` follows ``HandEnded`` in the log);
the next hand is dealt by :class:`~big2.room.commands.NextHand` or :meth:`start_hand`.

For a room with people at other screens (the server): :meth:`Room.hold_seat` lets the
computer play a person's seat while they are away and :meth:`Room.seat_back` gives it
back; :meth:`Room.rename` names a seat after the new person who took it;
:meth:`Room.to_dict` / :meth:`Room.from_dict` save the whole room as JSON values and
rebuild it elsewhere (the engine's session written by a codec the caller gives: the
room may not import the save files' code); :meth:`Room.states_json` encodes every
seat's snapshot at once, the part they share once.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from typing import Any, Protocol

from big2.engine.combos import PASS, Move
from big2.engine.errors import IllegalMove
from big2.engine.events import CardsExchanged, HandEnded
from big2.engine.messages import msg

from . import codec
from . import commands as cmd
from .config import HandResult, MatchConfig, SeatConfig
from .brain import Brain, InlineBrain, decide
from .events import ComputerStumbled, HandRevealed, HandScored, HintGiven, MoveUndone, SeatHanded
from .handfields import own_hand_fields, public_hand_fields
from .match import Match
from .redact import redact
from .state import SeatState
from .undo import allowed as undo_allowed
from .undo import snapshot as undo_snapshot

log = logging.getLogger(__name__)


class RoomObserver(Protocol):
    """Hears every change of a room (autosave, score history). Each method may be absent."""

    def hand_started(self, room: Room) -> None: ...

    def moved(self, room: Room) -> None: ...

    def hand_scored(self, room: Room, result: HandResult) -> None: ...


class EngineCodec(Protocol):
    """Writes the engine's session and games as JSON values and reads them back (the
    save files' codec, :mod:`big2.persistence.sessioncodec`, which the room may not
    import): what :meth:`Room.to_dict` and :meth:`Room.from_dict` are given.
    ``session_from_dict`` raises ``ValueError`` for anything it refuses."""

    def session_to_dict(self, session: Any, rngs: dict[str, random.Random]) -> Any: ...

    def session_from_dict(self, data: Any) -> tuple[Any, Mapping[str, random.Random]]: ...

    def game_to_dict(self, game: Any) -> Any: ...

    def game_from_dict(self, data: Any, rules: Any) -> Any: ...


#: The shape of :meth:`Room.to_dict`; bumped when it changes (an older or newer saved
#: room is refused with the reason).
ROOM_STATE_VERSION = 1

#: The levels that stand in, in order, for a computer whose brain failed.
FALLBACK_LEVELS = ("normal", "beginner")


class Room:
    """A session between fixed seats; see the module's docstring.

    ``reveal_deal`` False withholds the deal number from seats until each hand is
    scored (people at different screens could read every hand from it). ``on_stumble``
    is called with (exception, seat, level, what played instead) when a computer's
    brain fails, for the app to write a report. ``hand_start`` is the hand in play as
    it was dealt (an engine game), for a room restored from a save: with it the plays of
    the trick in progress are known, not only the last one.
    """

    def __init__(
        self,
        config: MatchConfig | None = None,
        *,
        match: Match | None = None,
        brain: Brain | None = None,
        reveal_deal: bool = True,
        on_stumble: Callable[[BaseException, int, str, str], None] | None = None,
        hand_start: Any = None,
    ) -> None:
        self.match = match if match is not None else Match(config or MatchConfig())
        self.brain: Brain = brain if brain is not None else InlineBrain()
        self.reveal_deal = reveal_deal
        self.on_stumble = on_stumble
        self.observers: list[Any] = []
        #: The hand's events, unredacted, in order (seats read them through events_for).
        self.log: list[Any] = []
        #: Counts hands dealt in this room (a seat's cursor belongs to one hand).
        self.hand_serial = 0
        self._left: set[int] = set()
        self._future: Future[Move] | None = None
        self._thinking_seat = -1
        self._asked_at = 0.0
        self._give_back_at: float | None = None
        #: The hand in play as dealt (a copy), to find the plays of the trick in progress.
        self.hand_start = hand_start
        self._trick_cache: tuple[int, tuple[tuple[int, Move], ...]] | None = None
        # encodings kept between snapshots (see states_json)
        self._results_json: tuple[int, Any] = (-1, None)
        self._rules_json: tuple[Any, Any] = (None, None)

    # What seats may read ---------------------------------------------------------------

    @property
    def config(self) -> MatchConfig:
        return self.match.config

    @property
    def n_players(self) -> int:
        return self.match.n_players

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` now (set up as a person and not handed over)."""
        return self.match.is_human(seat)

    def events_for(self, seat: int, cursor: int) -> tuple[list[Any], int]:
        """The hand's events from index ``cursor`` on, as ``seat`` may see them, and the
        new cursor."""
        out = []
        for event in self.log[cursor:]:
            seen = redact(event, seat)
            if seen is not None:
                out.append(seen)
        return out, len(self.log)

    def state_for(self, seat: int, *, at_screen: tuple[int, ...] = ()) -> SeatState:
        """Everything ``seat`` may know now (see :class:`~big2.room.state.SeatState`)."""
        return SeatState(**self._shared_fields(), **self._own_fields(seat, at_screen))

    def states_json(self, seats: Iterable[int]) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
        """Every one of ``seats``' snapshots as JSON values, in two parts: ``(shared,
        own)`` where ``{**shared, **own[seat]}`` equals ``codec.to_json(state_for(seat))``
        and the two never share a key. ``shared`` holds the fields every seat sees alike,
        built and encoded once (a server sends every seat its snapshot after every move,
        and may encode the shared part once too); ``own[seat]`` the seat's own cards,
        its part in the exchange and its number. The finished hands' records are
        encoded once per hand."""
        shared: dict[str, Any] = {"$t": "SeatState"}
        for key, value in self._shared_fields().items():
            if key == "results":
                if self._results_json[0] != len(value):
                    self._results_json = (len(value), codec.to_json(value))
                shared[key] = self._results_json[1]
            elif key == "rules":
                if self._rules_json[0] is not value:
                    self._rules_json = (value, codec.to_json(value))
                shared[key] = self._rules_json[1]
            else:
                shared[key] = codec.to_json(value)
        own = {seat: {k: codec.to_json(v) for k, v in self._own_fields(seat, ()).items()} for seat in seats}
        return shared, own

    def _shared_fields(self) -> dict[str, Any]:
        """The :class:`SeatState` fields that are the same for every seat."""
        m = self.match
        c = m.config
        n = m.n_players
        game = m.game
        scored = game is not None and game.is_over and m.session.current is None
        deal = m.deal_number if (self.reveal_deal or scored) else None
        base: dict[str, Any] = dict(
            names=m.names, people=tuple(s.human for s in c.seats), levels=tuple(s.level for s in c.seats),
            by_computer=tuple(sorted(s for s in range(n) if c.seats[s].human and not m.is_human(s))),
            rules=c.rules, scoring=c.scoring, hands=c.hands, target=c.target,
            undo_allowed=undo_allowed(m), hand_number=m.hand_number if game is not None else len(m.results),
            deal_number=deal, totals=tuple(m.totals), hands_left=m.hands_left, results=tuple(m.results),
            session_over=m.session_over, seq=len(self.log),
        )
        if game is not None:
            base.update(public_hand_fields(game), trick_plays=self.trick_plays())
        return base

    def _own_fields(self, seat: int, at_screen: tuple[int, ...]) -> dict[str, Any]:
        """The :class:`SeatState` fields only ``seat`` may see, or that name it."""
        own: dict[str, Any] = dict(seat=seat, at_screen=at_screen or (seat,),
                                   undo_steps=self.match.undo.steps_for(self.match, seat))
        game = self.match.game
        if game is not None:
            own.update(own_hand_fields(game, seat), exchanged=self._exchanged_for(seat))
        return own

    def _exchanged_for(self, seat: int) -> tuple[int, int, int | None, int | None] | None:
        for event in self.log:
            if isinstance(event, CardsExchanged):
                sees = seat in (event.loser, event.winner)
                return (event.loser, event.winner, event.given if sees else None, event.returned if sees else None)
        return None

    # Starting hands ----------------------------------------------------------------------

    def start_hand(self) -> None:
        """Deal the next hand of the session (its opening events start the new log)."""
        m = self.match
        self._drop_thinking()
        self.log = list(m.new_hand())
        self.hand_serial += 1
        self.hand_start = m.game.copy() if m.game is not None else None
        self._trick_cache = None
        for seat in self._left:
            m.hand_to_computer(seat)
        self._notify("hand_started")
        ended = next((e for e in self.log if isinstance(e, HandEnded)), None)
        if ended is not None:  # a dealt dragon ends the hand at once: score it now
            self._score(ended)

    def resume_hand(self) -> None:
        """A restored room: the hand in play goes on from its position. Its log starts
        empty (a seat takes the position from :meth:`state_for`)."""
        self.log = []
        self.hand_serial += 1
        self._trick_cache = None

    def trick_plays(self) -> tuple[tuple[int, Move], ...]:
        """The plays of the trick in progress, oldest first (``(seat, move)``)."""
        game = self.match.game
        if game is None or game.is_over or game.leading:
            return ()
        key = len(game.history)
        if self._trick_cache is not None and self._trick_cache[0] == key:
            return self._trick_cache[1]
        plays: list[tuple[int, Move]] = []
        start = self.hand_start
        try:
            if start is None or start.history != game.history[: len(start.history)]:
                raise ValueError("the hand's start is not known")
            g = start.copy()
            if g.exchange is not None:
                raise ValueError("the exchange is still open at the start")
            for seat, move in game.history[len(g.history):]:
                if g.leading:
                    plays = []
                if move != PASS:
                    plays.append((seat, move))
                g.apply(move)
            if g.leading:
                plays = []
        except (ValueError, AttributeError, IndexError, TypeError):
            owner = game.trick_owner
            plays = [] if owner is None else [(owner, game.trick_move)]
        self._trick_cache = (key, tuple(plays))
        return self._trick_cache[1]

    # Commands ---------------------------------------------------------------------------

    def command(self, seat: int, command: Any) -> cmd.Refusal | None:
        """Do ``command`` for ``seat``; a :class:`~big2.room.commands.Refusal` (and no
        change at all) when the rules or the room do not allow it."""
        m = self.match
        game = m.game
        try:
            if not 0 <= seat < m.n_players:
                raise _Refused(msg("There is no seat {seat} at this table.", seat=seat))
            if isinstance(command, cmd.NextHand):
                return self._next_hand()
            if isinstance(command, cmd.Undo):
                return self._undo(seat)
            if game is None or game.is_over:
                raise _Refused(msg("The hand is over."))
            if isinstance(command, cmd.HandToComputer | cmd.Leave):
                if not m.config.seats[seat].human:
                    raise _Refused(msg("A computer already plays this seat."))
                if isinstance(command, cmd.Leave):
                    self._left.add(seat)
                self._computer_takes(seat)
                return None
            if isinstance(command, cmd.Hint):
                self.log.append(self._hint(seat))
                return None
            if not m.is_human(seat):
                raise _Refused(msg("The computer plays this seat now."))
            if isinstance(command, cmd.GiveBack):
                events = game.give_back(command.card) if game.exchange is not None and game.exchange[1] == seat else None
                if events is None:
                    raise _Refused(msg("There is no card for you to give back now."))
                self._after(events)
                return None
            if isinstance(command, cmd.Play | cmd.Pass):
                # a position to go back to, only where undo is on (a game copy: ~100 KiB)
                snap = undo_snapshot(m, seat) if game.exchange is None and undo_allowed(m) else None
                if isinstance(command, cmd.Play):
                    events = game.play(list(command.cards), seat=seat)
                else:
                    events = game.pass_turn(seat=seat)
                if snap is not None:
                    m.undo.push(snap)
                self._after(events)
                return None
            raise _Refused(msg("That is not something a seat can do."))
        except IllegalMove as exc:
            return cmd.Refusal(exc.message)
        except _Refused as exc:
            return cmd.Refusal(exc.message)

    def _computer_takes(self, seat: int) -> None:
        """The computer plays ``seat`` for the rest of the hand in play; seats hear it."""
        self.match.hand_to_computer(seat)
        if self._thinking_seat == seat:
            self._drop_thinking()
        self.log.append(SeatHanded(seat))
        self._notify("moved")

    # Seats: people away and back, names ---------------------------------------------------

    def hold_seat(self, seat: int) -> bool:
        """The person of ``seat`` is away: the computer plays the seat from now on, the
        rest of this hand and every later one, until :meth:`seat_back`. Works between
        hands too. When a hand is in play and a person was playing the seat, the seats
        hear :class:`~big2.room.events.SeatHanded`. False (and nothing changes) for a
        computer's own seat."""
        m = self.match
        if not m.config.seats[seat].human:
            return False
        self._left.add(seat)
        game = m.game
        if game is None or game.is_over:
            m.hand_to_computer(seat)
        elif m.is_human(seat):
            self._computer_takes(seat)
        return True

    def seat_back(self, seat: int) -> bool:
        """The person of ``seat`` plays it again, at once (they came back, or a new
        person took the seat). False when the computer was not holding it for a person.
        The seats hear no event: give them a snapshot (:meth:`state_for`)."""
        m = self.match
        if not m.config.seats[seat].human:
            return False
        held = m.person_plays(seat)
        held = seat in self._left or held
        self._left.discard(seat)
        if held and self.thinking(seat):
            self._drop_thinking()
        return held

    @property
    def held_seats(self) -> frozenset[int]:
        """People's seats the computer holds until the person is back (:meth:`hold_seat`)."""
        return frozenset(self._left)

    def rename(self, seat: int, name: str) -> None:
        """``seat`` is called ``name`` from now on (a new person took it): every seat's
        next snapshot names it so, as do the later hands. The finished hands' records
        keep the names they were played under. No event: give the seats a snapshot."""
        if not 0 <= seat < self.n_players:
            raise ValueError(f"there is no seat {seat} at this table")
        self.match.rename(seat, str(name))
        if self.hand_start is not None:
            self.hand_start.names = self.match.names

    # Saving -----------------------------------------------------------------------------

    def to_dict(self, engine: EngineCodec) -> dict[str, Any]:
        """Everything needed to rebuild this room elsewhere, as JSON values: the session
        with its hand in play and generators (written by ``engine``, the save files'
        codec), the computers' generators, the set-up, the finished hands' records, the
        seats the computer holds, and the hand as dealt. What is not kept: the event
        log (a restored room's seats start from a snapshot) and a computer's move being
        chosen (the restored room asks again)."""
        m = self.match
        c = m.config
        return {
            "v": ROOM_STATE_VERSION,
            "payload": engine.session_to_dict(m.session, {f"seat-{i}": r for i, r in enumerate(m.ai_rngs)}),
            "seats": [[s.name, s.human, s.level] for s in c.seats],
            "hands": c.hands, "target": c.target, "seed": c.seed, "scoring": c.scoring,
            "undo_hot_seat": c.undo_hot_seat, "deal": c.deal,
            "results": [codec.to_json(r) for r in m.results],
            "computer_for_hand": sorted(m.held_for_hand),
            "left": sorted(self._left),
            "assisted": m.assisted,
            "reveal_deal": self.reveal_deal,
            "hand_serial": self.hand_serial,
            # The hand as dealt: the plays of the trick in progress are read from it.
            "hand_start": None if self.hand_start is None else engine.game_to_dict(self.hand_start),
        }

    @classmethod
    def from_dict(cls, data: Any, engine: EngineCodec, *, brain: Brain | None = None,
                  on_stumble: Callable[[BaseException, int, str, str], None] | None = None) -> Room:
        """The room :meth:`to_dict` wrote (through JSON text or not), going on from where
        it was; its log starts empty (:meth:`resume_hand`). ``ValueError`` with a reason
        for anything else, a saved room of another version included."""
        if not isinstance(data, dict):
            raise ValueError("a saved room is a JSON object")
        if data.get("v") != ROOM_STATE_VERSION:
            raise ValueError(f"a saved room of version {data.get('v')!r}; this program reads version "
                             f"{ROOM_STATE_VERSION} only")
        try:
            session, rngs = engine.session_from_dict(data["payload"])
            n = session.n_players
            seats = tuple(SeatConfig(str(name), bool(human), str(level)) for name, human, level in data["seats"])
            deal = data.get("deal")
            config = MatchConfig(seats=seats, rules=session.rules, hands=int(data["hands"]), target=data["target"],
                                 seed=data["seed"], scoring=str(data["scoring"]),
                                 undo_hot_seat=bool(data["undo_hot_seat"]),
                                 deal=int(deal) if deal is not None else None)
            results = [codec.from_json(r) for r in data["results"]]
            if not all(isinstance(r, HandResult) for r in results):
                raise ValueError("the saved hand records are not hand records")
            m = Match.restore(config, session, ai_rngs=[rngs.get(f"seat-{i}") or random.Random() for i in range(n)],
                              results=results, assisted=bool(data["assisted"]),
                              held_for_hand={int(x) for x in data["computer_for_hand"]})
            start = data.get("hand_start")
            hand_start = engine.game_from_dict(start, session.rules) if isinstance(start, dict) else None
            room = cls(match=m, brain=brain, reveal_deal=bool(data["reveal_deal"]), on_stumble=on_stumble,
                       hand_start=hand_start)
            room._left = {int(x) for x in data["left"] if 0 <= int(x) < n}
            room.hand_serial = int(data["hand_serial"])
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a saved room: {exc!r}") from exc
        room.resume_hand()
        return room

    def _next_hand(self) -> cmd.Refusal | None:
        m = self.match
        if m.session_over:
            raise _Refused(msg("The session is over."))
        if m.game is not None and not m.game.is_over:
            raise _Refused(msg("The hand is not over yet."))
        self.start_hand()
        return None

    def _undo(self, seat: int) -> cmd.Refusal | None:
        m = self.match
        if not undo_allowed(m):
            raise _Refused(msg("Undo is off at this table: New game can turn it on for several people."))
        if not m.undo.can_undo(m, seat):
            owner = m.undo.owner()
            if m.undo.can_undo(m) and owner is not None and owner != seat:
                # hot-seat: the newest decision is another person's, theirs to take back
                raise _Refused(msg("Only {name} can take back the last move.", name=m.names[owner]))
            raise _Refused(msg("There is no move of yours to take back in this hand."))
        snap = m.undo.undo(m, seat)
        assert snap is not None
        self._drop_thinking()
        self.log.append(MoveUndone(snap.seat, len(m.game.history) if m.game else 0,
                                   m.undo.steps_for(m, seat)))
        self._notify("moved")
        return None

    def _hint(self, seat: int) -> HintGiven:
        task = self.hint_task(seat)
        return task if isinstance(task, HintGiven) else task()

    def hint_task(self, seat: int) -> HintGiven | Callable[[], HintGiven]:
        """The hint for ``seat``: at once where it needs no search (a card to give back,
        not their turn), else a function that searches for it, safe to run on another
        thread (it holds its own copy of what the seat sees). A server runs that off its
        event loop and logs the hint with :meth:`add_hint` if nothing moved meanwhile."""
        game = self.match.game
        assert game is not None
        if game.exchange is not None and game.exchange[1] == seat:
            card = game.suggest_give_back()
            alone = sum(1 for c in game.hand(seat) if c // 4 == card // 4) == 1
            why = msg("your lowest card that is not part of a pair") if alone else msg("your lowest card")
            return HintGiven(seat, PASS, why, card)
        if game.to_act != seat:
            return HintGiven(seat, PASS, msg("Wait for your turn."))
        from big2.ai import PlayerView
        from big2.ai.hint import hint as ai_hint

        view = PlayerView.from_game(game, seat)
        rng = random.Random(len(game.history) * 7919 + seat)
        names = tuple(self.match.names)

        def search() -> HintGiven:
            h = ai_hint(view, rng, names=names)
            why = h.reason if not isinstance(h.reason, str) else msg(h.reason)
            return HintGiven(seat, h.move, why)

        return search

    def add_hint(self, hint: HintGiven) -> None:
        """Log a hint found by :meth:`hint_task`'s search (the seat hears it next)."""
        self.log.append(hint)

    def _after(self, events: Any) -> None:
        """A move was made: log its events, score a finished hand, tell the observers."""
        self.log.extend(events)
        if any(isinstance(e, CardsExchanged) for e in events) and self.match.game is not None:
            self.hand_start = self.match.game.copy()  # play starts once the card is back
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is not None:
            self._score(ended)
            return
        self._notify("moved")

    def _score(self, ended: HandEnded) -> None:
        """The hand ended: log every hand left and the score, tell the observers."""
        game = self.match.game
        assert game is not None
        self.log.append(HandRevealed(tuple(game.hand(s) for s in range(self.n_players))))
        result = self.match.record(ended)
        self.log.append(HandScored(result, self.match.session_over))
        self._notify("moved")
        self._notify("hand_scored", result)

    # Computers ----------------------------------------------------------------------------

    def computer_to_act(self) -> int | None:
        """The computer seat the game waits for (its move or its give-back), if any."""
        game = self.match.game
        if game is None or game.is_over:
            return None
        if game.exchange is not None:
            winner = game.exchange[1]
            return None if self.match.is_human(winner) else winner
        seat = game.to_act
        return None if self.match.is_human(seat) else seat

    def thinking(self, seat: int) -> bool:
        """Whether ``seat``'s move is being chosen."""
        return self._future is not None and self._thinking_seat == seat

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> bool:
        """Give the computers time at ``now`` (seconds on the caller's clock): ask the
        brain for the move of the computer to act, and make it once it is ready and
        ``pace`` seconds have passed since it was asked. True when a move was made."""
        seat = self.computer_to_act()
        if seat is None:
            return False
        game = self.match.game
        assert game is not None
        if game.exchange is not None:
            if self._give_back_at is None:
                self._give_back_at = now + (pace if exchange_pace is None else exchange_pace)
                return False
            if now < self._give_back_at:
                return False
            self._give_back_at = None
            self._after(game.give_back(give_back_card(game)))
            return True
        m = self.match
        if self._future is None or self._thinking_seat != seat:
            from big2.ai import PlayerView

            view = PlayerView.from_game(game, seat, scores=list(m.totals), scoring=m.scoring,
                                        hands_left=m.hands_left, target=m.config.target)
            self._future = self.brain.think(view, m.level(seat), m.ai_rngs[seat].getrandbits(64))
            self._thinking_seat = seat
            self._asked_at = now
            return False
        if not self._future.done() or now < self._asked_at + pace:
            return False
        future = self._future
        self._drop_thinking()
        try:
            events = game.make(future.result(), seat=seat)
        except Exception as exc:  # a broken brain or an illegal move: never stall the room
            events = self._fall_back(exc, seat)
        self._after(events)
        return True

    def next_due(self, pace: float) -> float | None:
        """When :meth:`tick` may next make a move (caller's clock), if a move is ready."""
        if self._future is not None and self._future.done():
            return self._asked_at + pace
        return self._give_back_at

    def _drop_thinking(self) -> None:
        self._future = None
        self._thinking_seat = -1
        self._give_back_at = None

    def _fall_back(self, exc: BaseException, seat: int) -> Any:
        m = self.match
        game = m.game
        assert game is not None
        failed = m.level(seat)
        log.error("the computer for seat %d (%s) failed: %r", seat, failed, exc, exc_info=exc)
        from big2.ai import PlayerView

        events = None
        used = "lowest"
        for level in FALLBACK_LEVELS:
            if level == failed:
                continue
            try:
                view = PlayerView.from_game(game, seat, scores=list(m.totals), scoring=m.scoring,
                                            hands_left=m.hands_left, target=m.config.target)
                events = game.make(decide(view, level, m.ai_rngs[seat].getrandbits(64)), seat=seat)
                used = level
                break
            except Exception as err:  # noqa: BLE001, PERF203 - a few tries at most
                log.error("the %s level failed too: %r", level, err)
        if events is None:  # a failure here is a broken game: the caller's last defence
            events = game.make(lowest_move(game), seat=seat)
        self.log.append(ComputerStumbled(seat, failed, used))
        if self.on_stumble is not None:
            self.on_stumble(exc, seat, failed, used)
        return events

    def close(self) -> None:
        """Stop thinking (the brain is shut down)."""
        self._drop_thinking()
        self.brain.shutdown()

    def _notify(self, what: str, *args: Any) -> None:
        for observer in list(self.observers):
            hook = getattr(observer, what, None)
            if hook is not None:
                hook(self, *args)


class _Refused(Exception):
    def __init__(self, message: Any) -> None:
        super().__init__(str(message))
        self.message = message


def lowest_move(game: Any) -> Move:
    """The lowest legal play, or pass when there is none."""
    for move in game.legal_moves():
        if move != PASS:
            return move
    return PASS


def give_back_card(game: Any) -> int:
    """The card a computer exchange winner gives back: the AI's choice (its hand plan
    suffers least), or the engine's suggestion."""
    try:
        from big2.ai.exchange import give_back_for

        return give_back_for(game)
    except ImportError:  # pragma: no cover
        return game.suggest_give_back()
