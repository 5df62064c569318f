"""A session of hands between fixed seats: the room's private bookkeeping. No pygame.

:class:`Match` deals each hand through the engine's :class:`~big2.engine.session.Session`,
says who is human, keeps the computers' generators, the undo stack and the totals, and
records each :class:`~big2.engine.events.HandEnded` as a
:class:`~big2.room.config.HandResult`. Only :class:`~big2.room.room.Room` (and the code
that saves and restores rooms) touches it; seats see :class:`~big2.room.state.SeatState`.
"""

from __future__ import annotations

import dataclasses
import random

from big2.i18n import render as render_message
from big2.engine import explain
from big2.engine.cards import CardSet
from big2.engine.events import Dealt, Event, HandEnded
from big2.engine.game import Game
from big2.engine.messages import clauses
from big2.engine.scoring import score_breakdown, scoring_preset
from big2.engine.session import Session

from .config import HandResult, MatchConfig
from .events import ExchangeStarted
from .undo import UndoStack


def exchange_card(game: Game) -> int | None:
    """The card the exchange's loser handed over, while the winner has to give one back."""
    return game.exchange_card


def opening_events(game: Game) -> tuple[Event | ExchangeStarted, ...]:
    """The events that show a hand's start at the table.

    Normally the engine's :meth:`~big2.engine.game.Game.start_events`. When the
    three-player exchange waits for the winner, the deal is shown as it was dealt (the
    loser still holding their highest card), then :class:`ExchangeStarted`; the first
    turn comes with the give-back's events.
    """
    events = game.start_events()
    card = exchange_card(game)
    if card is None or not events or not isinstance(events[0], Dealt):
        return events
    loser, winner = game.exchange  # type: ignore[misc]
    hands = list(events[0].hands)
    hands[loser] = CardSet([*hands[loser], card])
    hands[winner] = CardSet([c for c in hands[winner] if c != card])
    return (dataclasses.replace(events[0], hands=tuple(hands)), ExchangeStarted(loser, winner, card))


class Match:
    """A session of hands between fixed seats, over the engine's :class:`Session`.

    The engine's session deals each hand (who leads, direction, exchanges) and scores
    it with the chosen scheme; this adds who is human, the computers' generators, and
    the record of each hand the results screen shows.
    """

    def __init__(self, config: MatchConfig, *, rng: random.Random | None = None) -> None:
        self.config = config
        seed: int | str | None = config.seed
        if seed is None and config.deal is not None:
            seed = f"deal:{config.deal}"
        self.rng = rng if rng is not None else random.Random(seed)
        self.scoring = scoring_preset(config.scoring)
        self.session = Session(
            self.rng,
            rules=config.rules,
            players=config.n_players,
            names=tuple(s.name for s in config.seats),
            max_hands=config.hands,
            target=config.target,
            scoring=self.scoring,
        )
        self.results: list[HandResult] = []
        self.game: Game | None = None
        self._computer_for_hand: set[int] = set()
        #: Positions a person can go back to in this hand (see :mod:`.undo`).
        self.undo = UndoStack()
        #: Undo was used in the hand in play.
        self.assisted = False
        # each computer gets its own generator, apart from the deal's
        self.ai_rngs = [
            random.Random(f"{seed}:{s}") if seed is not None else random.Random()
            for s in range(config.n_players)
        ]

    @property
    def totals(self) -> list[int]:
        return self.session.totals

    @property
    def hands_left(self) -> int:
        """Hands the session still has after the one in play (or the next one)."""
        return max(self.config.hands - len(self.session.records) - 1, 0)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.config.seats)

    @property
    def n_players(self) -> int:
        return self.config.n_players

    def called(self, seat: int) -> str:
        """How the table's sentences name ``seat``: "You" for a person playing alone
        against computers ("You win the trick"), else the seat's name. Name plates and
        scores always show the name."""
        return "You" if self.config.humans == (seat,) else self.names[seat]

    @property
    def called_names(self) -> tuple[str, ...]:
        return tuple(self.called(s) for s in range(self.n_players))

    @property
    def deal_number(self) -> int | None:
        """The deal number of the hand in play (or the last one dealt)."""
        if self.session.current_deal is not None:
            return self.session.current_deal
        return self.session.records[-1].deal_number if self.session.records else None

    @property
    def hand_number(self) -> int:
        """1 for the first hand; counts the hand in play (or the last one played)."""
        return len(self.results) + (1 if self.game is not None and not self.game.is_over else 0)

    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].human and seat not in self._computer_for_hand

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n_players) if self.is_human(s))

    @property
    def hot_seat(self) -> bool:
        """More than one human at the table: hands must be hidden between turns."""
        return len(self.config.humans) > 1

    def hand_to_computer(self, seat: int) -> None:
        """The computer plays ``seat`` for the rest of this hand."""
        self._computer_for_hand.add(seat)

    def person_plays(self, seat: int) -> bool:
        """The person of ``seat`` plays it again this hand; False when the computer was
        not playing it for them."""
        held = seat in self._computer_for_hand
        self._computer_for_hand.discard(seat)
        return held

    @property
    def held_for_hand(self) -> frozenset[int]:
        """Seats the computer plays for the rest of this hand (people's or not)."""
        return frozenset(self._computer_for_hand)

    def rename(self, seat: int, name: str) -> None:
        """``seat`` is called ``name`` from now on: at the table, in the session's later
        hands and in the hand in play."""
        seats = list(self.config.seats)
        seats[seat] = dataclasses.replace(seats[seat], name=name)
        self.config = dataclasses.replace(self.config, seats=tuple(seats))
        names = tuple(s.name for s in seats)
        self.session.names = names
        for game in (self.game, self.session.current, self.session.last_game):
            if game is not None:
                game.names = names

    @classmethod
    def restore(cls, config: MatchConfig, session: Session, *, ai_rngs: list[random.Random],
                results: list[HandResult], assisted: bool, held_for_hand: set[int] | frozenset[int]) -> Match:
        """The match of a saved ``session`` (its hand in play, or the last one, as
        :attr:`game`), set up as ``config``, with the computers' generators, the
        finished hands' records and the seats the computer plays this hand."""
        if len(config.seats) != session.n_players or len(ai_rngs) != session.n_players:
            raise ValueError("the saved seats do not match the session")
        m = cls(config)
        m.rng = session.rng
        m.session = session
        m.scoring = session.scoring
        m.ai_rngs = list(ai_rngs)
        m.game = session.current if session.current is not None else session.last_game
        m.results = list(results)
        m.assisted = bool(assisted) and session.current is not None
        m._computer_for_hand = {int(s) for s in held_for_hand if 0 <= int(s) < session.n_players}
        return m

    def level(self, seat: int) -> str:
        return self.config.seats[seat].level

    def new_hand(self) -> tuple[Event | ExchangeStarted, ...]:
        """Deal the next hand; returns its opening events (see :func:`opening_events`)."""
        if self.session_over:
            raise RuntimeError("the session is over")
        self._computer_for_hand.clear()
        self.undo.clear()
        self.assisted = False
        first = not self.session.records and self.config.deal is not None
        self.game = self.session.new_hand(deal_number=self.config.deal if first else None)
        return opening_events(self.game)

    def record(self, event: HandEnded) -> HandResult:
        """Score the finished hand with the session's scheme and add it to the totals."""
        game = self.game
        assert game is not None and game.is_over
        left = tuple(tuple(game.hand(s)) for s in range(self.n_players))
        multipliers: tuple[int, ...] = ()
        notes: tuple[str, ...] = ()
        working: tuple[str, ...] = ()
        try:
            breakdown = score_breakdown(game.outcome(), self.scoring)
            multipliers = tuple(seat.multiplier for seat in breakdown.seats)
            working = tuple(explain.seat_working(seat.cards_left, seat.counted, seat.multiplier,
                                                 seat.points, self.scoring)
                            for seat in breakdown.seats)
            notes = tuple(render_message(clauses(*seat.notes)) if seat.notes else "" for seat in breakdown.seats)
        except (AttributeError, ValueError):  # an engine without breakdowns: points only
            pass
        if self.session.current is game:
            rec = self.session.record()
            points = tuple(rec.points)
        else:  # pragma: no cover - recorded already
            points = tuple(event.points)
        result = HandResult(
            number=len(self.results) + 1,
            winner=event.winner,
            cards_left=tuple(game.card_counts),
            points=points,
            totals=tuple(self.session.totals),
            hands_left=left,
            multipliers=multipliers,
            notes=notes,
            working=working,
            deal_number=self.session.records[-1].deal_number if self.session.records else None,
            assisted=self.assisted,
            by_computer=tuple(sorted(s for s in self._computer_for_hand if self.config.seats[s].human)),
        )
        self.results.append(result)
        return result

    @property
    def session_over(self) -> bool:
        return self.session.is_over

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, name, total) best first; equal totals share a place."""
        order = sorted(range(self.n_players), key=lambda s: -self.totals[s])
        out: list[tuple[int, str, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if out and self.totals[s] == out[-1][2] else i + 1
            out.append((place, self.names[s], self.totals[s]))
        return out
