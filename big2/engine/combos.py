"""Combinations: what a set of cards is, and what beats what.

:func:`classify` and :func:`beats` are the only places strength is decided. Both work
through *moves*: a move is an ``int`` ``size << SIZE_SHIFT | key << KEY_SHIFT | mask``:
the low 52 bits are the card mask, above them a strength key, above that the number of
cards. Moves sort by size, then strength, so one sorted list holds a player's every
combination and the plays that beat the table are one slice of it (two bisects).
``PASS`` is the move ``0``. Five-card keys put the kind above the rank, so any flush
outranks any straight, and so on.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations, product
from typing import Final

from .cards import FULL_MASK, CardSet, CardsLike, format_card, mask_cards, to_cardset
from .rules import STANDARD, FlushOrder, Rules, RuleTables, tables_for

Move = int
PASS: Final = 0
KEY_SHIFT: Final = 52
#: Keys are below ``1 << 30``; the size of the play sits above them.
SIZE_SHIFT: Final = KEY_SHIFT + 30
_KEY_MASK: Final = (1 << 30) - 1
_S1: Final = 1 << SIZE_SHIFT
_S2: Final = 2 << SIZE_SHIFT
_S3: Final = 3 << SIZE_SHIFT
_S5: Final = 5 << SIZE_SHIFT
#: Five-card keys: ``kind_order << KIND_SHIFT | inner key``.
KIND_SHIFT: Final = 24


class Kind(enum.IntEnum):
    """Kinds of combination, five-card kinds in ascending order of strength."""

    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]

    @property
    def size(self) -> int:
        return 5 if self >= Kind.STRAIGHT else int(self)


_KIND_LABELS = {
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLE: "triple",
    Kind.STRAIGHT: "straight",
    Kind.FLUSH: "flush",
    Kind.FULL_HOUSE: "full house",
    Kind.FOUR_OF_A_KIND: "four of a kind",
    Kind.STRAIGHT_FLUSH: "straight flush",
}
_FIVE_KINDS = (Kind.STRAIGHT, Kind.FLUSH, Kind.FULL_HOUSE, Kind.FOUR_OF_A_KIND, Kind.STRAIGHT_FLUSH)
_FIVE_ORDER = {k: i for i, k in enumerate(_FIVE_KINDS)}


@dataclass(frozen=True, slots=True)
class Combo:
    """A legal combination: its kind, its cards, and its strength key.

    Two combos of the same size compare by ``key``; ``move`` is the engine's int form.
    """

    kind: Kind
    cards: CardSet
    key: int

    @property
    def move(self) -> Move:
        return make_move(self.key, self.cards.mask)

    @property
    def size(self) -> int:
        return len(self.cards)

    def ordered(self, rules: Rules = STANDARD) -> list[int]:
        """The cards in the order a player reads them.

        Straights run in sequence as the sources write them (``A 2 3 4 5``); a full
        house shows its triple first and four of a kind its four; anything else goes
        strongest first (``9♠ 9♦``).
        """
        t = tables_for(rules)
        strength = t.card_strength
        cards = sorted(self.cards, key=lambda c: strength[c], reverse=True)
        if self.kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
            ranks = sum(1 << (c >> 2) for c in cards)
            shape = t.straight_by_ranks[ranks]
            return sorted(cards, key=lambda c: shape.ranks.index(c >> 2))
        if self.kind in (Kind.FULL_HOUSE, Kind.FOUR_OF_A_KIND):
            count = {r: sum(1 for c in cards if c >> 2 == r) for r in {c >> 2 for c in cards}}
            return sorted(cards, key=lambda c: -count[c >> 2])
        return cards

    def text(self, rules: Rules = STANDARD, *, symbols: bool = True) -> str:
        """The cards as a player reads them (see :meth:`ordered`): ``9♠ 9♦``."""
        return " ".join(format_card(c, symbols=symbols) for c in self.ordered(rules))

    def __str__(self) -> str:
        return self.text()


def format_play(mask: int, rules: Rules = STANDARD, *, symbols: bool = True) -> str:
    """Cards of a play, strongest first, as a player reads them."""
    strength = tables_for(rules).card_strength
    cards = sorted(mask_cards(mask & FULL_MASK), key=lambda c: strength[c], reverse=True)
    return " ".join(format_card(c, symbols=symbols) for c in cards)


def make_move(key: int, mask: int) -> Move:
    """The move int of a combination with strength ``key`` and card ``mask``."""
    return (mask.bit_count() << SIZE_SHIFT) | (key << KEY_SHIFT) | mask


def move_key(move: Move) -> int:
    """The strength key of a move (compare keys only between moves of one size)."""
    return (move >> KEY_SHIFT) & _KEY_MASK


def move_mask(move: Move) -> int:
    """The 52-bit card mask of a move."""
    return move & FULL_MASK


def move_cards(move: Move) -> CardSet:
    """The cards of a move (empty for ``PASS``)."""
    return CardSet.from_mask(move & FULL_MASK)


def move_size(move: Move) -> int:
    return (move & FULL_MASK).bit_count()


def move_kind(move: Move) -> Kind | None:
    """The kind of a move, or None for ``PASS``."""
    size = (move & FULL_MASK).bit_count()
    if size == 0:
        return None
    if size < 5:
        return Kind(size)
    return _FIVE_KINDS[((move >> KEY_SHIFT) & _KEY_MASK) >> KIND_SHIFT]


def combo_of_move(move: Move) -> Combo:
    """The :class:`Combo` a (non-pass) move int stands for."""
    kind = move_kind(move)
    if kind is None:
        raise ValueError("a pass is not a combination")
    return Combo(kind, CardSet.from_mask(move & FULL_MASK), (move >> KEY_SHIFT) & _KEY_MASK)


# -- classification --------------------------------------------------------------------


def _rank_nibbles(mask: int) -> dict[int, int]:
    nibs: dict[int, int] = {}
    for r in range(13):
        nib = (mask >> (4 * r)) & 15
        if nib:
            nibs[r] = nib
    return nibs


def _five_key(mask: int, t: RuleTables) -> tuple[Kind, int] | None:
    """Kind and key of five cards, or None when they are no combination."""
    nibs = _rank_nibbles(mask)
    counts = sorted((n.bit_count() for n in nibs.values()), reverse=True)
    if counts == [3, 2]:
        triple = next(r for r, n in nibs.items() if n.bit_count() == 3)
        return Kind.FULL_HOUSE, _FIVE_ORDER[Kind.FULL_HOUSE] << KIND_SHIFT | triple
    if counts == [4, 1]:
        four = next(r for r, n in nibs.items() if n == 15)
        return Kind.FOUR_OF_A_KIND, _FIVE_ORDER[Kind.FOUR_OF_A_KIND] << KIND_SHIFT | four
    if len(nibs) != 5:
        return None
    suits = {n.bit_length() - 1 for n in nibs.values()}
    rank_mask = sum(1 << r for r in nibs)
    shape = t.straight_by_ranks.get(rank_mask)
    is_flush = len(suits) == 1
    if shape is not None:
        inner = shape.order * 4 + t.suit_strength[nibs[shape.tie_rank].bit_length() - 1]
        kind = Kind.STRAIGHT_FLUSH if is_flush else Kind.STRAIGHT
        return kind, _FIVE_ORDER[kind] << KIND_SHIFT | inner
    if is_flush:
        return Kind.FLUSH, _FIVE_ORDER[Kind.FLUSH] << KIND_SHIFT | _flush_inner(
            sorted(nibs, reverse=True), t.suit_strength[suits.pop()], t
        )
    return None


def _flush_inner(ranks_desc: list[int], suit_strength: int, t: RuleTables) -> int:
    """Inner key of a flush with the given ranks (highest first) and suit strength."""
    if t.flush_order is FlushOrder.HIGHEST_CARD:
        return ranks_desc[0] * 4 + suit_strength
    raise ValueError(f"unknown flush order {t.flush_order!r}")


def classify(cards: CardsLike, rules: Rules = STANDARD) -> Combo | None:
    """The combination ``cards`` form under ``rules``, or None (see :func:`why_not`)."""
    cs = to_cardset(cards)
    mask = cs.mask
    n = mask.bit_count()
    t = tables_for(rules)
    if 1 <= n <= 3:
        nibs = _rank_nibbles(mask)
        if len(nibs) != 1:
            return None
        (rank, nib), = nibs.items()
        return Combo(Kind(n), cs, rank * 4 + t.top_suit[nib])
    if n == 5:
        found = _five_key(mask, t)
        if found is None:
            return None
        return Combo(found[0], cs, found[1])
    return None


def why_not(cards: CardsLike, rules: Rules = STANDARD) -> str:
    """A sentence saying why ``cards`` are not a combination ('' when they are one)."""
    cs = to_cardset(cards)
    if classify(cs, rules) is not None:
        return ""
    n = len(cs)
    text = format_play(cs.mask, rules)
    if n == 0:
        return "Choose some cards first."
    if n in (2, 3):
        word = "pair" if n == 2 else "triple"
        return f"{text} is not a {word}: all {n} cards must have the same rank."
    if n == 4:
        return "Four cards are not a combination: four of a kind needs a fifth card."
    if n > 5:
        return f"{n} cards are not a combination: play 1, 2, 3 or 5 cards."
    return (
        f"{text} is not a five-card hand: play a straight, flush, full house, "
        "four of a kind with one card, or straight flush."
    )


def beats(a: Combo, b: Combo, rules: Rules = STANDARD) -> bool:
    """Whether ``a`` may be played on ``b`` (same size and stronger)."""
    del rules  # the keys already carry the rule set's order
    return a.size == b.size and a.key > b.key


# -- move generation -------------------------------------------------------------------

_SUBSETS: list[list[list[int]]] = [
    [[sub for sub in range(16) if sub & ~nib == 0 and sub.bit_count() == k] for k in range(5)]
    for nib in range(16)
]
_BITS_OF_NIB = [[[1 << (r * 4 + s) for s in range(4) if nib >> s & 1] for r in range(13)] for nib in range(16)]
_CARDS_OF_NIB = [[s for s in range(4) if nib >> s & 1] for nib in range(16)]
_SUIT_MASKS = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
_FLUSH_ORDER = _FIVE_ORDER[Kind.FLUSH] << KIND_SHIFT
_FULL_ORDER = _FIVE_ORDER[Kind.FULL_HOUSE] << KIND_SHIFT
_FOUR_ORDER = _FIVE_ORDER[Kind.FOUR_OF_A_KIND] << KIND_SHIFT
_STRAIGHT_ORDER = _FIVE_ORDER[Kind.STRAIGHT] << KIND_SHIFT
_SF_ORDER = _FIVE_ORDER[Kind.STRAIGHT_FLUSH] << KIND_SHIFT


def generate_moves(hand: int, rules: Rules = STANDARD) -> dict[int, list[Move]]:
    """Every combination formable from the card mask ``hand``, by size, each list sorted.

    Sizes are 1, 2, 3 and 5. Because a move sorts by its key first, the moves that beat a
    table play of the same size are a suffix of the list (find it with ``bisect``).
    """
    singles, pairs, triples = generate_small(hand, rules)
    return {1: singles, 2: pairs, 3: triples, 5: generate_fives(hand, rules)}


def all_moves(hand: int, t: RuleTables) -> list[Move]:
    """Every combination of the card mask ``hand`` in one list sorted by size, then key."""
    singles, pairs, triples = small_moves(hand, t)
    return singles + pairs + triples + five_moves(hand, t)


def generate_small(hand: int, rules: Rules = STANDARD) -> tuple[list[Move], list[Move], list[Move]]:
    """Sorted singles, pairs and triples formable from the card mask ``hand``."""
    return small_moves(hand, tables_for(rules))


def generate_fives(hand: int, rules: Rules = STANDARD) -> list[Move]:
    """Sorted five-card combinations formable from the card mask ``hand``."""
    return five_moves(hand, tables_for(rules))


def small_moves(hand: int, t: RuleTables) -> tuple[list[Move], list[Move], list[Move]]:
    """:func:`generate_small` for callers that hold the rule tables already."""
    strength = t.card_strength
    top_suit = t.top_suit
    singles = [_S1 | (strength[c] << KEY_SHIFT) | (1 << c) for c in mask_cards(hand)]
    pairs: list[Move] = []
    triples: list[Move] = []
    for r in range(13):
        nib = (hand >> (4 * r)) & 15
        if nib & (nib - 1) == 0:
            continue
        shift = 4 * r
        subs = _SUBSETS[nib]
        for sub in subs[2]:
            pairs.append(_S2 | ((r * 4 + top_suit[sub]) << KEY_SHIFT) | sub << shift)
        for sub in subs[3]:
            triples.append(_S3 | ((r * 4 + top_suit[sub]) << KEY_SHIFT) | sub << shift)
    if not t.standard_suits:
        singles.sort()
        pairs.sort()
        triples.sort()
    return singles, pairs, triples


def five_moves(hand: int, t: RuleTables) -> list[Move]:
    """:func:`generate_fives` for callers that hold the rule tables already."""
    ss = t.suit_strength
    fives: list[Move] = []
    nibs = [(hand >> (4 * r)) & 15 for r in range(13)]
    pair_sets: list[tuple[int, int]] = []  # (rank, mask)
    triple_sets: list[tuple[int, int]] = []
    present = 0
    for r, nib in enumerate(nibs):
        if not nib:
            continue
        present |= 1 << r
        if nib & (nib - 1) == 0:
            continue
        shift = 4 * r
        subs = _SUBSETS[nib]
        for sub in subs[2]:
            pair_sets.append((r, sub << shift))
        for sub in subs[3]:
            triple_sets.append((r, sub << shift))
        if nib == 15:
            quad = _S5 | (_FOUR_ORDER | r) << KEY_SHIFT | 15 << shift
            fives.extend([quad | 1 << c for c in mask_cards(hand & ~(15 << shift))])
    # Full houses: every triple with every pair of another rank.
    for r3, m3 in triple_sets:
        key = _S5 | (_FULL_ORDER | r3) << KEY_SHIFT | m3
        fives.extend([key | m2 for r2, m2 in pair_sets if r2 != r3])
    # Straights and straight flushes: the tie-break card sets the key, the other four
    # ranks multiply out as plain masks.
    flush_suits = [s for s in range(4) if (hand & _SUIT_MASKS[s]).bit_count() >= 5]
    for shape in t.straights:
        if present & shape.rank_mask != shape.rank_mask:
            continue
        others = [_BITS_OF_NIB[nibs[r]][r] for r in shape.other_ranks]
        rest = [a | b | c | d for a, b, c, d in product(*others)]
        tie = shape.tie_rank
        for suit in _CARDS_OF_NIB[nibs[tie]]:
            key = _S5 | (_STRAIGHT_ORDER | shape.order * 4 + ss[suit]) << KEY_SHIFT | 1 << (tie * 4 + suit)
            fives.extend([key | m for m in rest])
        for suit in flush_suits:
            sf = shape.suit_masks[suit]
            if hand & sf == sf:
                fives.remove(_S5 | (_STRAIGHT_ORDER | shape.order * 4 + ss[suit]) << KEY_SHIFT | sf)
                fives.append(_S5 | (_SF_ORDER | shape.order * 4 + ss[suit]) << KEY_SHIFT | sf)
    # Flushes that are not straight flushes.
    sf_masks = t.straight_flush_masks
    by_top = t.flush_order is FlushOrder.HIGHEST_CARD
    for s in flush_suits:
        suited = hand & _SUIT_MASKS[s]
        flush_base = _S5 | _FLUSH_ORDER << KEY_SHIFT
        for five in combinations(mask_cards(suited), 5):
            m = 1 << five[0] | 1 << five[1] | 1 << five[2] | 1 << five[3] | 1 << five[4]
            if m in sf_masks:
                continue
            if by_top:
                inner = (five[4] >> 2) * 4 + ss[s]
            else:
                inner = _flush_inner([c >> 2 for c in reversed(five)], ss[s], t)
            fives.append((flush_base | inner << KEY_SHIFT) | m)
    fives.sort()
    return fives
