"""Arrange a hand by combinations: the plan the Normal opponent would make, as groups.

:func:`arrange_by_plan` splits a hand with :class:`~big2.ai.plan.Planner` (the same
partition the Normal level plays from) and orders the groups for the player's eye:
five-card hands, then triples, pairs and singles, each kind weakest first, and the
cards inside a group weakest first under the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from big2.engine import Rules
from big2.engine.cards import FULL_MASK
from big2.engine.rules import tables_for

from .plan import Planner, strength


@lru_cache(maxsize=8)
def _planner(rules: Rules) -> Planner:
    return Planner(rules)


def arrange_by_plan(cards: Iterable[int], rules: Rules) -> list[list[int]]:
    """``cards`` as the groups of the Normal opponent's plan, in display order.

    Every card appears in exactly one group; an empty hand gives no groups.
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    if not mask:
        return []
    rank = tables_for(rules).card_strength
    order = {5: 0, 4: 0, 3: 1, 2: 2, 1: 3}
    combos = sorted(_planner(rules).plan(mask).combos,
                    key=lambda m: (order[(m & FULL_MASK).bit_count()], strength(m)))
    groups = []
    for move in combos:
        group = [c for c in range(52) if move >> c & 1 and mask >> c & 1]
        groups.append(sorted(group, key=lambda c: rank[c]))
    return groups
