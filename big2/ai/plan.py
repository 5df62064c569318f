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
from itertools import product
from typing import Final

from big2.engine import PASS, CardSet, Kind, Move, Rules, classify, move_key, move_kind
from big2.engine.cards import FULL_MASK
from big2.engine.combos import classify_move, flush_moves, straight_flush_move
from big2.engine.rules import KEY_SHIFT, KIND_ID_SHIFT, StraightShape, tables_for

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
#: Five-card kind ids in move ints (see big2.engine.combos): straight, full house, four.
_STRAIGHT_ID: Final = 0
_FULL_HOUSE_ID: Final = 2
_FOUR_ID: Final = 3
_KIND_BITS: Final = KEY_SHIFT + KIND_ID_SHIFT
#: Memo of :func:`combo_cost` (moves are ints; the cost depends on the move alone).
_COSTS: dict[Move, float] = {}


def _low_bits(nib: int, k: int) -> int:
    """The ``k`` lowest set bits of ``nib``; 0 when it has fewer."""
    if nib.bit_count() < k:
        return 0
    out = 0
    for _ in range(k):
        low = nib & -nib
        out |= low
        nib ^= low
    return out


#: Per suit nibble: its two (three) lowest suits' bits, 0 when it holds fewer; its
#: highest suit's bit.
_LOW_PAIR: Final = tuple(_low_bits(nib, 2) for nib in range(16))
_LOW_TRIPLE: Final = tuple(_low_bits(nib, 3) for nib in range(16))
_HIGH_BIT: Final = tuple(1 << (nib.bit_length() - 1) if nib else 0 for nib in range(16))


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
    got = _COSTS.get(move)
    if got is None:
        size = (move & FULL_MASK).bit_count()
        scale = (1.0, 1.0, 0.8, 0.6, 0.0, 0.45)[size]
        got = 1.0 + WEAKNESS * scale * (1.0 - strength(move))
        if len(_COSTS) > _CACHE_LIMIT:
            _COSTS.clear()
        _COSTS[move] = got
    return got


@dataclass(frozen=True, slots=True)
class Plan:
    """A partition of a hand: ``combos`` (moves, weakest first) and its total ``cost``."""

    cost: float
    combos: tuple[Move, ...]


class Planner:
    """Finds the cheapest plan of a hand under one rule set (results cached per mask)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tables = tables_for(rules)
        self._card_strength = self._tables.card_strength
        ss = self._tables.suit_strength
        #: Per suit nibble: its strongest suit under these rules.
        self._strongest_suit = tuple(max((s for s in range(4) if nib >> s & 1),
                                         key=lambda s: ss[s], default=0) for nib in range(16))
        #: The sort key of each combination in a plan: weakest first, then bigger first.
        self._order: dict[Move, tuple[float, int]] = {}
        self._groups: dict[tuple[int, int], Move | None] = {}
        self._small, self._small_split = self._small_tables()
        # small_cost's tables: per byte of a card mask (ranks 2i and 2i + 1), the cost
        # of its low rank's cards and of its high rank's.
        self._small_lo = [[self._small[2 * i][b & 15] for b in range(256)] for i in range(7)]
        self._small_hi = [[self._small[2 * i + 1][b >> 4] if 2 * i + 1 < 13 else 0.0
                           for b in range(256)] for i in range(7)]
        # plan's table: per byte of a card mask, the split of its two ranks' cards.
        self._split_by_byte = [[self._small_split[2 * i][b & 15]
                                + (self._small_split[2 * i + 1][b >> 4] if 2 * i + 1 < 13 else ())
                                for b in range(256)] for i in range(7)]
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
        # Rank by rank, lowest first, as a loop over the ranks would add them (so the
        # float is the same); a byte holds two ranks.
        lo, hi = self._small_lo, self._small_hi
        b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")
        return (lo[0][b0] + hi[0][b0] + lo[1][b1] + hi[1][b1] + lo[2][b2] + hi[2][b2]
                + lo[3][b3] + hi[3][b3] + lo[4][b4] + hi[4][b4] + lo[5][b5] + hi[5][b5]
                + lo[6][b6])

    # -- the search --------------------------------------------------------------------

    def _fives(self, hand: int) -> list[Move]:
        """The five-card hands of ``hand`` worth weighing: every flush and straight
        flush, for each set of ranks the strongest straight that is no straight flush,
        and for each choice of ranks one full house or four of a kind (its lowest cards).
        """
        t = self._tables
        fives: list[Move] = []
        nibs = [(hand >> (4 * r)) & 15 for r in range(13)]
        present = 0
        pairs: list[tuple[int, int]] = []  # (rank, its lowest pair's card mask)
        triples: list[tuple[int, int]] = []
        fours: list[int] = []
        for r, nib in enumerate(nibs):
            if nib:
                present |= 1 << r
                if nib & (nib - 1):
                    pairs.append((r, _LOW_PAIR[nib] << (4 * r)))
                    if _LOW_TRIPLE[nib]:
                        triples.append((r, _LOW_TRIPLE[nib] << (4 * r)))
                        if nib == 15:
                            fours.append(r)
        for r4 in fours:
            quad = t.five_base[_FOUR_ID] | r4 << KEY_SHIFT | 15 << (4 * r4)
            fives.extend([quad | (nib & -nib) << (4 * r)
                          for r, nib in enumerate(nibs) if nib and r != r4])
        for r3, m3 in triples:
            key = t.five_base[_FULL_HOUSE_ID] | r3 << KEY_SHIFT | m3
            fives.extend([key | m2 for r2, m2 in pairs if r2 != r3])
        for shape in t.straights:
            if present & shape.rank_mask != shape.rank_mask:
                continue
            # The strongest straight: the tie rank's strongest suit, the highest card
            # of every other rank (unless that makes a straight flush).
            tie = shape.tie_rank
            suit = self._strongest_suit[nibs[tie]]
            mask = 1 << (4 * tie + suit)
            for r in shape.other_ranks:
                mask |= _HIGH_BIT[nibs[r]] << (4 * r)
            if mask != shape.suit_masks[suit]:
                inner = shape.order * 4 + t.suit_strength[suit]
                fives.append(t.five_base[_STRAIGHT_ID] | inner << KEY_SHIFT | mask)
            else:
                plain = self._plain_straight(shape, nibs)
                if plain != PASS:
                    fives.append(plain)
            for s in range(4):
                sf = shape.suit_masks[s]
                if hand & sf == sf:
                    fives.append(straight_flush_move(shape, s, t))
        if t.allow_flushes:
            fives += flush_moves(hand, t)
        return fives

    def _plain_straight(self, shape: StraightShape, nibs: list[int]) -> Move:
        """The strongest straight of ``shape``'s ranks (suits per rank in ``nibs``)
        that is not a straight flush; PASS when there is none."""
        cards = [[1 << (4 * r + s) for s in range(4) if nibs[r] >> s & 1] for r in shape.ranks]
        best = PASS
        for picked in product(*cards):
            mask = picked[0] | picked[1] | picked[2] | picked[3] | picked[4]
            m = classify_move(mask, self._tables)
            if m is not None and (m >> _KIND_BITS) & 7 == _STRAIGHT_ID and m > best:
                best = m
        return best

    def _candidates(self, hand: int) -> list[tuple[float, Move]]:
        """Pruned five-card hands: ``(own cost, move)``, most promising first."""
        small_cost = self.small_cost
        costed = [(combo_cost(m), m) for m in self._fives(hand)]
        # By the plan cost with the rest in small groups, then by move (the own cost
        # last: it never decides, moves differ).
        scored = sorted([(cost + small_cost(hand & ~(m & FULL_MASK)), m, cost)
                         for cost, m in costed])
        return [(cost, m) for _, m, cost in scored[:MAX_FIVES]]

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
        split = self._split_by_byte
        for i, b in enumerate(rest.to_bytes(7, "little")):
            if b:
                combos += split[i][b]
        order = self._order
        if len(order) > _CACHE_LIMIT:
            order.clear()
        for m in combos:
            if m not in order:
                order[m] = (strength(m), -(m & FULL_MASK).bit_count())
        combos.sort(key=order.__getitem__)
        if len(self._plans) > _CACHE_LIMIT // 10:
            self._plans.clear()
        self._plans[hand] = (cost, tuple(combos))
        return Plan(cost, tuple(combos))
