"""What one seat may know of its room, all at once: :class:`SeatState`.

A room sends a seat a snapshot when the seat joins, after a move is taken back, and
with every batch of events (see :class:`~big2.room.link.LocalLink`), so a table always
has the position as that seat may see it — ahead of the animations, as the engine is.
It holds the seat's own hand and public facts only: other seats' hands appear as card
counts until the hand is over. It is plain data (ints, strings, tuples, card sets, the
rules) and round-trips through JSON exactly (:mod:`big2.room.codec`).

:meth:`SeatState.view` gives the opponents' :class:`~big2.ai.view.PlayerView` of the
same facts, so a table can check a selection, list legal moves or ask for a hint
without the engine's game (see :mod:`big2.room.seatrules`).
"""

from __future__ import annotations

from dataclasses import dataclass

from big2.engine.cards import CardSet
from big2.engine.combos import PASS, Move
from big2.engine.rules import STANDARD, Rules

from .config import HandResult, MatchConfig, SeatConfig


@dataclass(frozen=True, slots=True)
class SeatState:
    """The room as seat ``seat`` may see it.

    Seats are numbered as in the engine. ``people[s]`` is True for a person's seat (as
    set up; ``by_computer`` lists people's seats the computer plays for the rest of
    this hand). ``at_screen`` are the seats shown on the same screen as this one (all
    people in hot-seat; this seat alone online). ``hand`` is this seat's own cards;
    ``counts``, ``played`` (cards each seat has played), ``history`` (the hand's public
    ``(seat, move)`` list) and the trick are public. ``to_act`` is None when no hand is
    in play. ``exchange`` is the three-player exchange waiting for the winner's card
    (``(loser, winner)``), ``exchange_card`` the card that crossed (only for those two),
    and ``exchanged`` the finished exchange ``(loser, winner, given, returned)`` with
    the cards known to those two only. ``revealed`` holds every seat's remaining cards
    once the hand is over. ``deal_number`` is None where the room withholds it (several
    people at different screens, until the hand is scored). ``seq`` counts the events
    the room has sent this seat in this hand.
    """

    seat: int
    names: tuple[str, ...]
    people: tuple[bool, ...]
    levels: tuple[str, ...]
    by_computer: tuple[int, ...] = ()
    at_screen: tuple[int, ...] = ()
    rules: Rules = STANDARD
    scoring: str = "penalty-table"
    hands: int = 4
    target: int | None = None
    undo_allowed: bool = True
    # the hand in play (or the last one)
    hand_number: int = 0
    deal_number: int | None = None
    in_hand: bool = False
    hand: CardSet = CardSet()
    counts: tuple[int, ...] = ()
    played: tuple[CardSet, ...] = ()
    history: tuple[tuple[int, Move], ...] = ()
    to_act: int | None = None
    leading: bool = False
    trick: Move = PASS
    trick_owner: int | None = None
    #: The plays of the trick in progress, oldest first, as ``(seat, move)``.
    trick_plays: tuple[tuple[int, Move], ...] = ()
    passed: frozenset[int] = frozenset()
    must_include: int | None = None
    clockwise: bool = False
    out: tuple[int, ...] = ()
    stock_size: int = 0
    exchange: tuple[int, int] | None = None
    exchange_card: int | None = None
    #: The engine's suggestion of a card to give back, for the exchange's winner only.
    give_back_hint: int | None = None
    exchanged: tuple[int, int, int | None, int | None] | None = None
    hand_over: bool = False
    winner: int | None = None
    revealed: tuple[CardSet, ...] = ()
    # the session
    totals: tuple[int, ...] = ()
    #: Hands the session still has after the one in play (or the next one).
    hands_left: int = 0
    results: tuple[HandResult, ...] = ()
    session_over: bool = False
    undo_steps: int = 0
    seq: int = 0

    @property
    def n_players(self) -> int:
        return len(self.names)

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` now (not a computer, not handed over)."""
        return self.people[seat] and seat not in self.by_computer

    @property
    def person_seats(self) -> tuple[int, ...]:
        """The seats people play now."""
        return tuple(s for s in range(self.n_players) if self.is_person(s))

    @property
    def several_at_screen(self) -> bool:
        """More than one person at this screen (hot-seat): hands hide between turns."""
        return len(self.at_screen) > 1

    @property
    def my_turn(self) -> bool:
        return self.in_hand and not self.hand_over and self.to_act == self.seat

    def called(self, seat: int) -> str:
        """How sentences name ``seat``: "You" for the one person playing alone against
        computers ("You win the trick"), else the seat's name."""
        people = tuple(s for s in range(self.n_players) if self.people[s])
        return "You" if people == (seat,) else self.names[seat]

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, name, total) best first; equal totals share a place."""
        totals = self.totals or (0,) * self.n_players
        order = sorted(range(self.n_players), key=lambda s: -totals[s])
        out: list[tuple[int, str, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if out and totals[s] == out[-1][2] else i + 1
            out.append((place, self.names[s], totals[s]))
        return out

    def match_config(self) -> MatchConfig:
        """The table's set-up as New game would make it (for "Play again" and "Play
        this deal"): the seats, rules, scoring and session length."""
        seats = tuple(SeatConfig(name, person, level) for name, person, level in zip(self.names, self.people, self.levels))
        return MatchConfig(seats=seats, rules=self.rules, hands=self.hands, target=self.target, scoring=self.scoring,
                           undo_hot_seat=self.undo_allowed and sum(self.people) > 1)

    def view(self):
        """The opponents' :class:`~big2.ai.view.PlayerView` of this state (once a hand
        is dealt; after its end ``to_act`` is this seat): what a hint, a legality
        check or the card tracker may know."""
        from big2.ai.view import PlayerView
        from big2.engine.scoring import scoring_preset

        if not self.in_hand:
            raise ValueError("no hand has been dealt")
        return PlayerView(
            seat=self.seat, hand=self.hand, counts=self.counts, played=self.played,
            to_act=self.to_act if self.to_act is not None else self.seat,
            trick=self.trick, trick_owner=self.trick_owner, passed=self.passed, must_include=self.must_include,
            rules=self.rules, scores=self.totals or (0,) * self.n_players, history=self.history,
            clockwise=self.clockwise, out=self.out, stock_size=self.stock_size,
            scoring=scoring_preset(self.scoring), hands_left=self.hands_left, target=self.target,
        )
