"""Hand planning: split a hand into the combinations that take it out cheapest.

A *plan* is a partition of the hand into legal combinations. Its cost counts the
combinations (each one is a turn we must win or lead) and adds a little for weak ones,
which are harder to get rid of: ``cost(c) = 1 + weakness(c)``. The best plan minimises
the total. Search: choose up to two (three for hands over 14 cards) disjoint five-card
hands from a pruned candidate list, and split the rest by rank into triples, pairs and
singles with a precomputed table. :class:`Planner` caches results per hand mask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from big2.engine import CardSet, Move, Rules, classify
from big2.engine.cards import FULL_MASK
from big2.engine.combos import KEY_SHIFT, KIND_SHIFT, generate_fives

#: How much a combination's weakness adds to its cost (a combination itself costs 1).
WEAKNESS: Final = 0.9
#: Five-card candidates kept after pruning (the pair search is quadratic in this).
MAX_FIVES: Final = 16
_CACHE_LIMIT: Final = 200_000

# Five-card kind order inside a move key (see big2.engine.combos).
STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH = range(5)
_FIVE_BASE: Final = (0.25, 0.45, 0.6, 0.85, 0.95)
_KEY_MASK: Final = (1 << 30) - 1


def move_key(move: Move) -> int:
    """The strength key of a move (compare only between moves of one size)."""
    return (move >> KEY_SHIFT) & _KEY_MASK


def strength(move: Move) -> float:
    """How strong a (non-pass) move is among moves of its size, from 0.0 to 1.0."""
    mask = move & FULL_MASK
    key = (move >> KEY_SHIFT) & _KEY_MASK
    if mask.bit_count() < 5:
        return key / 51
    kind = key >> KIND_SHIFT
    inner = key & ((1 << KIND_SHIFT) - 1)
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        frac = inner / 39  # ten shapes, four suits
    elif kind == FLUSH:
        frac = inner / 51
    else:
        frac = inner / 12
    base = _FIVE_BASE[kind]
    return base + (1.0 - base) * frac


def combo_cost(move: Move) -> float:
    """The plan cost of one combination: 1 plus its weakness."""
    size = (move & FULL_MASK).bit_count()
    scale = (1.0, 1.0, 0.8, 0.6, 0.0, 0.45)[size]
    return 1.0 + WEAKNESS * scale * (1.0 - strength(move))


@dataclass(frozen=True, slots=True)
class Plan:
    """A partition of a hand: ``combos`` (moves, weakest first) and its total ``cost``."""

    cost: float
    combos: tuple[Move, ...]


class Planner:
    """Finds the cheapest plan of a hand under one rule set (results cached per mask)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._small, self._small_split = self._small_tables()
        self._costs: dict[int, float] = {}
        self._plans: dict[int, Plan] = {}

    # -- the rank-by-rank split of cards outside five-card hands -----------------------

    def _small_tables(self) -> tuple[list[list[float]], list[list[tuple[int, ...]]]]:
        """Per rank and suit nibble: the cheapest split into triples/pairs/singles."""
        costs: list[list[float]] = []
        splits: list[list[tuple[int, ...]]] = []
        for r in range(13):
            row_c: list[float] = []
            row_s: list[tuple[int, ...]] = []
            for nib in range(16):
                best: tuple[float, tuple[int, ...]] = (0.0, ())
                if nib:
                    best = min(
                        ((sum(combo_cost(m) for m in parts), parts)
                         for parts in self._split_options(r, nib)),
                        key=lambda cp: cp[0],
                    )
                row_c.append(best[0])
                row_s.append(best[1])
            costs.append(row_c)
            splits.append(row_s)
        return costs, splits

    def _group(self, r: int, sub: int) -> Move:
        """The move of the cards ``sub`` (a suit nibble) of rank ``r``."""
        combo = classify(CardSet.from_mask(sub << (4 * r)), self.rules)
        assert combo is not None
        return combo.move

    def _split_options(self, r: int, nib: int) -> list[tuple[int, ...]]:
        suits = [s for s in range(4) if nib >> s & 1]
        n = len(suits)
        whole = self._group(r, nib) if n <= 3 else 0
        singles = tuple(self._group(r, 1 << s) for s in suits)
        if n == 1:
            return [singles]
        if n == 4:
            # By suit strength: two pairs, or a triple and a single.
            order = sorted(suits, key=lambda s: self.rules.card_strength(r * 4 + s))
            lo = (1 << order[0]) | (1 << order[1])
            hi = (1 << order[2]) | (1 << order[3])
            return [
                (self._group(r, lo), self._group(r, hi)),
                (self._group(r, 1 << order[0]), self._group(r, nib ^ (1 << order[0]))),
            ]
        return [(whole,)]

    def small_cost(self, mask: int) -> float:
        """Cost of ``mask`` split only into triples, pairs and singles."""
        small = self._small
        total = 0.0
        r = 0
        while mask:
            nib = mask & 15
            if nib:
                total += small[r][nib]
            mask >>= 4
            r += 1
        return total

    # -- the search --------------------------------------------------------------------

    def _candidates(self, hand: int) -> list[tuple[float, Move]]:
        """Pruned five-card hands: ``(own cost, move)``, most promising first."""
        best: dict[tuple[int, ...], Move] = {}
        for m in generate_fives(hand, self.rules):
            key = move_key(m)
            kind = key >> KIND_SHIFT
            mask = m & FULL_MASK
            if kind == STRAIGHT:
                sig: tuple[int, ...] = (kind, (key & 0xFFFFFF) >> 2)
                if sig in best and best[sig] > m:
                    continue
            elif kind in (FULL_HOUSE, FOUR):
                r = key & 0xFF
                rest = mask & ~(15 << (4 * r))
                sig = (kind, r, rest.bit_length() - 1 >> 2)
                if sig in best:
                    continue
            else:
                sig = (kind, mask)
            best[sig] = m
        scored = sorted(
            (combo_cost(m) + self.small_cost(hand & ~(m & FULL_MASK)), m) for m in best.values()
        )
        return [(combo_cost(m), m) for _, m in scored[:MAX_FIVES]]

    def _search(self, hand: int) -> tuple[float, tuple[Move, ...]]:
        cands = self._candidates(hand)
        best_cost = self.small_cost(hand)
        best: tuple[Move, ...] = ()
        depth = 3 if hand.bit_count() >= 15 else 2
        small_cost = self.small_cost

        def walk(start: int, left: int, cost: float, chosen: tuple[Move, ...], d: int) -> None:
            nonlocal best_cost, best
            for i in range(start, len(cands)):
                c, m = cands[i]
                mm = m & FULL_MASK
                if mm & ~left:
                    continue
                rest = left ^ mm
                total = cost + c
                if total >= best_cost:
                    continue
                here = total + small_cost(rest)
                if here < best_cost:
                    best_cost, best = here, chosen + (m,)
                if d > 1 and rest.bit_count() >= 5:
                    walk(i + 1, rest, total, chosen + (m,), d - 1)

        walk(0, hand, 0.0, (), depth)
        return best_cost, best

    def cost(self, hand: int) -> float:
        """The cost of the cheapest plan of the card mask ``hand`` (0.0 when empty)."""
        got = self._costs.get(hand)
        if got is None:
            if len(self._costs) > _CACHE_LIMIT:
                self._costs.clear()
            got = self._search(hand)[0] if hand.bit_count() >= 5 else self.small_cost(hand)
            self._costs[hand] = got
        return got

    def plan(self, hand: int) -> Plan:
        """The cheapest plan of the card mask ``hand``, combinations weakest first."""
        got = self._plans.get(hand)
        if got is not None:
            return got
        cost, fives = self._search(hand) if hand.bit_count() >= 5 else (self.small_cost(hand), ())
        rest = hand
        for m in fives:
            rest &= ~(m & FULL_MASK)
        combos = list(fives)
        for r in range(13):
            nib = (rest >> (4 * r)) & 15
            if nib:
                combos.extend(self._small_split[r][nib])
        combos.sort(key=lambda m: (strength(m), -(m & FULL_MASK).bit_count()))
        if len(self._plans) > _CACHE_LIMIT // 10:
            self._plans.clear()
        got = Plan(cost, tuple(combos))
        self._plans[hand] = got
        return got
