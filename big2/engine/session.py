"""A session: hand after hand at one table, with running totals.

Each hand is dealt from its own *deal number* (drawn from the session's ``random.Random``),
so any hand can be replayed or shared: ``Game.deal(random.Random(deal_number))``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .game import SEAT_NAMES, Game
from .rules import STANDARD, Rules


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The result of one finished hand."""

    number: int
    deal_number: int
    winner: int
    cards_left: tuple[int, ...]
    points: tuple[int, ...]


class Session:
    """Plays hands in turn and keeps the running totals.

    The session ends after ``max_hands`` hands, or once a seat's penalty total reaches
    ``target`` points (its total is ``-target`` or lower), whichever the table chose;
    with neither it goes on until the players stop.
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
    ) -> None:
        if players not in SEAT_NAMES:
            raise ValueError(f"Big Two is played by 2, 3 or 4 players, not {players}")
        if max_hands is not None and max_hands < 1:
            raise ValueError("a session needs at least one hand")
        if target is not None and target < 1:
            raise ValueError("the target score must be at least 1 point")
        self.rng = rng
        self.rules = rules
        self.n_players = players
        self.names: tuple[str, ...] = tuple(names) if names is not None else SEAT_NAMES[players]
        if len(self.names) != players:
            raise ValueError(f"{players} players need {players} names")
        self.max_hands = max_hands
        self.target = target
        self.totals: list[int] = [0] * players
        self.records: list[HandRecord] = []
        self.current: Game | None = None
        self.current_deal: int | None = None

    @property
    def is_over(self) -> bool:
        if self.max_hands is not None and len(self.records) >= self.max_hands:
            return True
        if self.target is not None and any(t <= -self.target for t in self.totals):
            return True
        return False

    def new_hand(self) -> Game:
        """Deal the next hand (the previous one must be finished and recorded)."""
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current hand is still being played")
        if self.current is not None:
            raise ValueError("record the finished hand before dealing the next")
        if self.is_over:
            raise ValueError("the session is over")
        deal_number = self.rng.randrange(1 << 32)
        self.current_deal = deal_number
        self.current = Game.deal(
            random.Random(deal_number), rules=self.rules, players=self.n_players, names=self.names
        )
        return self.current

    def record(self) -> HandRecord:
        """Score the finished current hand, add it to the totals and return its record."""
        game = self.current
        if game is None or not game.is_over or self.current_deal is None:
            raise ValueError("there is no finished hand to record")
        winner = game.winner
        assert winner is not None
        points = game.points()
        rec = HandRecord(len(self.records) + 1, self.current_deal, winner, game.card_counts, points)
        self.records.append(rec)
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.current = None
        self.current_deal = None
        return rec

    def standings(self) -> list[tuple[int, int]]:
        """``(seat, total)`` from first place to last (ties keep seat order)."""
        return sorted(enumerate(self.totals), key=lambda st: -st[1])
