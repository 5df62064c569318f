"""A session: hand after hand at one table, with running totals.

Each hand is dealt from its own *deal number* (drawn from the session's ``random.Random``),
so any hand can be replayed or shared: ``Game.deal(deal_number, ...)`` deals the same
cards (see :mod:`big2.engine.dealnumber`). A session can also be told the number of its
next hand (:meth:`Session.new_hand`), for "play a deal".
The session applies the rules that span hands: who leads later hands, alternating
direction, the three-player exchange, and the table's scoring scheme.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .combos import generate_moves
from .dealnumber import DEAL_NUMBER_LIMIT, check_deal_number
from .game import Game, seat_names_for
from .rules import STANDARD, LaterLeader, Rules, check_rules
from .scoring import Scoring, score_hand


@dataclass(frozen=True, slots=True)
class HandSetup:
    """How a session's next hand starts (see :meth:`Game.deal`)."""

    leader: int | None
    clockwise: bool
    exchange: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The result of one finished hand."""

    number: int
    deal_number: int
    winner: int
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    finish_order: tuple[int, ...] = ()


def loser_of(game: Game) -> int:
    """The seat with most cards left; a tie is settled as seed 004 says.

    Each tied player forms the largest combination they can (their strongest of that
    size, our reading); the one whose combination has fewest cards is the loser, and
    among equal sizes the weakest combination.
    """
    counts = game.card_counts
    most = max(counts)
    tied = [s for s in range(game.n_players) if counts[s] == most]
    if len(tied) == 1:
        return tied[0]
    best: list[tuple[int, int, int]] = []
    for s in tied:
        by_size = generate_moves(game.hand_mask(s), game.rules)
        size = max(k for k, moves in by_size.items() if moves)
        best.append((size, max(by_size[size]), s))
    return min(best)[2]


def target_reached(totals: Sequence[int], target: int | None) -> bool:
    """Whether a seat's total has reached ``target`` points either way (None: no target):
    the rule that ends a session early."""
    return target is not None and any(abs(t) >= target for t in totals)


class Session:
    """Plays hands in turn and keeps the running totals.

    The session ends after ``max_hands`` hands, or once a seat's total reaches
    ``-target`` (penalty schemes) or ``+target`` (positive-point schemes), whichever the
    table chose; with neither it goes on until the players stop. ``scoring`` is the
    table's scoring scheme (the standard penalty table by default).
    """

    def __init__(
        self,
        rng: random.Random,
        *,
        rules: Rules = STANDARD,
        players: int = 4,
        names: Sequence[str] | None = None,
        max_hands: int | None = None,
        target: int | None = None,
        scoring: Scoring | None = None,
    ) -> None:
        if not isinstance(rng, random.Random):
            raise ValueError(f"{rng!r} is not a random.Random: start a session with random.Random(seed).")
        check_rules(rules)
        if scoring is not None and not isinstance(scoring, Scoring):
            raise ValueError(f"{scoring!r} is not a scoring scheme: use scoring_preset(name).")
        for what, value in (("number of hands", max_hands), ("target score", target)):
            if value is not None and type(value) is not int:
                raise ValueError(f"The {what} is a whole number or None, not {value!r}.")
        self.names = seat_names_for(players, names)
        if max_hands is not None and max_hands < 1:
            raise ValueError("a session needs at least one hand")
        if target is not None and target < 1:
            raise ValueError("the target score must be at least 1 point")
        self.rng = rng
        self.rules = rules
        self.n_players = players
        self.max_hands = max_hands
        self.target = target
        self.scoring = scoring if scoring is not None else Scoring()
        self.totals: list[int] = [0] * players
        self.records: list[HandRecord] = []
        self.current: Game | None = None
        self.current_deal: int | None = None
        self.last_game: Game | None = None

    @property
    def is_over(self) -> bool:
        if self.max_hands is not None and len(self.records) >= self.max_hands:
            return True
        return target_reached(self.totals, self.target)

    def next_hand_setup(self) -> HandSetup:
        """How the next hand starts: who leads, the direction, and any exchange."""
        rules = self.rules
        number = len(self.records)  # 0 for the first hand
        last = self.last_game
        leader: int | None = None
        if last is not None and last.winner is not None:
            if rules.later_leader is LaterLeader.WINNER:
                leader = last.winner
            elif rules.later_leader is LaterLeader.LOSER:
                leader = loser_of(last)
            elif rules.later_leader is LaterLeader.INDONESIAN_ROUNDS and number % 10:
                leader = last.winner
        clockwise = rules.direction.clockwise_in_hand(number)
        exchange = None
        if (rules.three_player_exchange and self.n_players == 3 and last is not None
                and last.winner is not None):
            exchange = (loser_of(last), last.winner)
        return HandSetup(leader, clockwise, exchange)

    def new_hand(self, *, deal_number: int | None = None) -> Game:
        """Deal the next hand (the previous one must be finished and recorded).

        ``deal_number`` deals that number's cards instead of drawing a number from the
        session's generator (which is then left untouched).
        """
        if self.current is not None:
            if not self.current.is_over:
                raise ValueError("the current hand is still being played")
            raise ValueError("record the finished hand before dealing the next")
        if self.is_over:
            raise ValueError("the session is over")
        setup = self.next_hand_setup()
        if deal_number is None:
            deal_number = self.rng.randrange(DEAL_NUMBER_LIMIT)
        check_deal_number(deal_number)
        self.current_deal = deal_number
        self.current = Game.deal(
            deal_number, rules=self.rules, players=self.n_players,
            names=self.names, leader=setup.leader, clockwise=setup.clockwise,
            exchange=setup.exchange,
        )
        return self.current

    def record(self) -> HandRecord:
        """Score the finished current hand, add it to the totals and return its record."""
        game = self.current
        if game is None or not game.is_over or self.current_deal is None:
            raise ValueError("there is no finished hand to record")
        winner = game.winner
        assert winner is not None
        points = score_hand(game.outcome(), self.scoring)
        rec = HandRecord(len(self.records) + 1, self.current_deal, winner, game.card_counts,
                         points, tuple(game.finish_order))
        self.records.append(rec)
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.last_game = game
        self.current = None
        self.current_deal = None
        return rec

    def standings(self) -> list[tuple[int, int]]:
        """``(seat, total)`` from first place to last (ties keep seat order)."""
        return sorted(enumerate(self.totals), key=lambda st: -st[1])
