"""Scoring of a finished hand: pure functions over the cards each seat has left.

Points are signed: a penalty is negative, so a session's running totals add up plainly
and the highest total leads.
"""

from __future__ import annotations

from collections.abc import Sequence


def penalty_per_card(cards_left: int) -> int:
    """The standard penalty table (seed 004): 1 a card up to 9, 2 for 10-12, 3 for 13+.

    A player with more than 13 cards (two- and three-player deals) pays as for 13.
    """
    if cards_left <= 9:
        return 1
    if cards_left <= 12:
        return 2
    return 3


def standard_penalties(cards_left: Sequence[int]) -> tuple[int, ...]:
    """Points for each seat under the standard penalty table: ``-penalty`` or 0.

    >>> standard_penalties([0, 5, 10, 13])
    (0, -5, -20, -39)
    """
    return tuple(-n * penalty_per_card(n) if n else 0 for n in cards_left)


def settle_pairwise(totals: Sequence[int]) -> tuple[int, ...]:
    """What each seat wins or pays when every pair settles the difference of totals.

    With penalties as negative totals, seat ``i`` receives ``totals[i] - totals[j]`` from
    every other seat ``j``; the result sums to zero.

    >>> settle_pairwise([0, -5, -10, -3])
    (18, -2, -22, 6)
    """
    n = len(totals)
    return tuple(sum(totals[i] - totals[j] for j in range(n)) for i in range(n))
