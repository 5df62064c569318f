"""Beginner: legal, sensible-looking play with the mistakes a new player makes.

It leads its lowest card (now and then its lowest pair or triple, rarely a five-card
hand), beats the table with the cheapest play it has even if that breaks a pair or
spends a 2, often misses the five-card hands it could follow with, and sometimes passes
for no reason. It never plans, counts cards or blocks.
"""

from __future__ import annotations

import random

from big2.engine import PASS, Move
from big2.engine.cards import FULL_MASK

from .view import PlayerView, legal_moves


class Beginner:
    """The Beginner level. Options: ``pass_rate`` (chance of an idle pass)."""

    name = "beginner"

    def __init__(
        self,
        *,
        pass_rate: float = 0.12,
        multi_lead_rate: float = 0.3,
        five_lead_rate: float = 0.1,
        five_blind_rate: float = 0.5,
    ) -> None:
        self.pass_rate = pass_rate
        self.multi_lead_rate = multi_lead_rate
        self.five_lead_rate = five_lead_rate
        self.five_blind_rate = five_blind_rate

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat to act."""
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if view.leading:
            return self._lead(moves, rng)
        beaters = [m for m in moves if m != PASS]
        if rng.random() < self.pass_rate:
            return PASS
        if (view.trick & FULL_MASK).bit_count() == 5 and rng.random() < self.five_blind_rate:
            return PASS  # does not see its five-card hands
        # The cheapest play that beats the table (moves of one size sort by strength).
        return beaters[0]

    def _lead(self, moves: list[Move], rng: random.Random) -> Move:
        by_size: dict[int, list[Move]] = {}
        for m in moves:
            by_size.setdefault((m & FULL_MASK).bit_count(), []).append(m)
        if 5 in by_size and rng.random() < self.five_lead_rate:
            return min(by_size[5])
        if rng.random() < self.multi_lead_rate:
            options = [n for n in (2, 3) if n in by_size]
            if options:
                size = rng.choice(options)
                return min(by_size[size])
        if 1 in by_size:
            return min(by_size[1])
        return min(moves)
