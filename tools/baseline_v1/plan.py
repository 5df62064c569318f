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

from big2.engine import CardSet, Kind, Move, Rules, classify, generate_moves, move_key, move_kind
from big2.engine.cards import FULL_MASK
from big2.engine.rules import tables_for

#: How much a combination's weakness adds to its cost (a combination itself costs 1).
WEAKNESS: Final = 0.9
#: Five-card candidates kept after pruning (the pair search is quadratic in this).
MAX_FIVES: Final = 16
_CACHE_LIMIT: Final = 200_000

#: Where each five-card kind starts on the 0..1 strength scale.
_FIVE_BASE: Final = {
    Kind.STRAIGHT: 0.25, Kind.FLUSH: 0.45, Kind.FULL_HOUSE: 0.6,
    Kind.FOUR_OF_A_KIND: 0.85, Kind.STRAIGHT_FLUSH: 0.95,
}
#: One bit per rank (the lowest suit's bit): folds a card mask to the ranks it holds.
_RANK_BITS: Final = sum(1 << (4 * r) for r in range(13))


def strength(move: Move) -> float:
    """How strong a (non-pass) move is among moves of its size, from 0.0 to 1.0.

    Singles, pairs and triples by their key; five-card hands by kind, then by the rank
    of their top card (a cheap proxy that holds under every straight order).
    """
    mask = move & FULL_MASK
    if mask.bit_count() < 5:
        return min(move_key(move) / 51, 1.0)
    base = _FIVE_BASE.get(move_kind(move) or Kind.STRAIGHT, 0.5)
    top = (mask.bit_length() - 1) >> 2
    return base + (1.0 - base) * top / 12


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
        self._card_strength = tables_for(rules).card_strength
        self._groups: dict[tuple[int, int], Move | None] = {}
        self._small, self._small_split = self._small_tables()
        self._costs: dict[int, float] = {}
        # Plain tuples of numbers: the garbage collector stops scanning them, so a big
        # cache does not slow every collection (and every decision) down.
        self._plans: dict[int, tuple[float, tuple[Move, ...]]] = {}

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

    def _group(self, r: int, sub: int) -> Move | None:
        """The move of the cards ``sub`` (a suit nibble) of rank ``r``, if it is one."""
        got = self._groups.get((r, sub), -1)
        if got == -1:
            combo = classify(CardSet.from_mask(sub << (4 * r)), self.rules)
            got = self._groups[(r, sub)] = combo.move if combo is not None else None
        return got

    def _split_options(self, r: int, nib: int) -> list[tuple[int, ...]]:
        """Every way to play the cards ``nib`` of rank ``r`` that the rules allow."""
        suits = sorted((s for s in range(4) if nib >> s & 1),
                       key=lambda s: self._card_strength[r * 4 + s])
        bits = [1 << s for s in suits]
        n = len(suits)
        shapes: list[list[int]] = [list(bits)]  # all singles
        if n >= 2:
            shapes.append([bits[0] | bits[1]] + bits[2:])
            shapes.append([bits[-1] | bits[-2]] + bits[:-2])
        if n >= 3:
            shapes.append([bits[0] | bits[1] | bits[2]] + bits[3:])
            shapes.append([bits[-1] | bits[-2] | bits[-3]] + bits[:-3])
        if n == 4:
            shapes.append([bits[0] | bits[1], bits[2] | bits[3]])
            shapes.append([nib])
        options = []
        for shape in shapes:
            parts = [self._group(r, sub) for sub in shape]
            if all(p is not None for p in parts):
                options.append(tuple(p for p in parts if p is not None))
        return options

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
        for m in generate_moves(hand, self.rules).get(5, []):
            kind = move_kind(m)
            mask = m & FULL_MASK
            if kind is Kind.STRAIGHT:
                # Same ranks, other suits: keep the strongest.
                held = (mask | mask >> 1 | mask >> 2 | mask >> 3) & _RANK_BITS
                sig: tuple[int, ...] = (1, held)
                if sig in best and best[sig] > m:
                    continue
            elif kind in (Kind.FULL_HOUSE, Kind.FOUR_OF_A_KIND):
                # Same ranks: one is enough.
                groups = sorted(((mask >> (4 * r)) & 15).bit_count() * 16 + r
                                for r in range(13) if (mask >> (4 * r)) & 15)
                sig = (2, *groups)
                if sig in best:
                    continue
            else:
                sig = (3, mask)
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
        cached = self._plans.get(hand)
        if cached is not None:
            return Plan(*cached)
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
        self._plans[hand] = (cost, tuple(combos))
        return Plan(cost, tuple(combos))
