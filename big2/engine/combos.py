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
from .rules import (
    KEY_SHIFT,
    KIND_ID_SHIFT,
    SIZE_SHIFT,
    STANDARD,
    FlushOrder,
    Rules,
    RuleTables,
    StraightShape,
    tables_for,
)

Move = int
PASS: Final = 0
_KEY_MASK: Final = (1 << 30) - 1
_S1: Final = 1 << SIZE_SHIFT
_S2: Final = 2 << SIZE_SHIFT
_S3: Final = 3 << SIZE_SHIFT
_S4: Final = 4 << SIZE_SHIFT
#: The ranks of the royal straight, 10 J Q K A.
_ROYAL_RANKS: Final = 0b0111110000000


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
    #: Four of a kind played alone, where the house allows it (its own type, size 4).
    FOUR_ALONE = 9

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]

    @property
    def size(self) -> int:
        if self is Kind.FOUR_ALONE:
            return 4
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
    Kind.FOUR_ALONE: "four of a kind",
}
_FIVE_KINDS = (Kind.STRAIGHT, Kind.FLUSH, Kind.FULL_HOUSE, Kind.FOUR_OF_A_KIND, Kind.STRAIGHT_FLUSH)
_KIND_ID = {k: i for i, k in enumerate(_FIVE_KINDS)}


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


def check_move(move: object) -> Move:
    """``move`` when it is ``PASS`` or a move int the engine could have made; else
    ``ValueError`` with a sentence."""
    if type(move) is not int or move < 0 or move >> (SIZE_SHIFT + 3):
        raise ValueError(f"{move!r} is not a move: use PASS or a move from legal_moves().")
    if move and (not move & FULL_MASK or (move >> SIZE_SHIFT) != (move & FULL_MASK).bit_count()):
        raise ValueError(f"{move!r} is not a move: use PASS or a move from legal_moves().")
    return move


def check_combo(combo: object, what: str = "a combination") -> Combo:
    """``combo`` when it is a :class:`Combo`; else ``ValueError`` with a sentence."""
    if not isinstance(combo, Combo):
        raise ValueError(f"{combo!r} is not {what}: get one from classify().")
    return combo


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
    return CardSet.from_mask(check_move(move) & FULL_MASK)


def move_size(move: Move) -> int:
    return (move & FULL_MASK).bit_count()


def move_kind(move: Move) -> Kind | None:
    """The kind of a move, or None for ``PASS``."""
    size = (move & FULL_MASK).bit_count()
    if size == 0:
        return None
    if size < 4:
        return Kind(size)
    if size == 4:
        return Kind.FOUR_ALONE
    return _FIVE_KINDS[(move >> (KEY_SHIFT + KIND_ID_SHIFT)) & 7]


def combo_of_move(move: Move) -> Combo:
    """The :class:`Combo` a (non-pass) move int stands for."""
    kind = move_kind(check_move(move))
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


def _five_move(mask: int, t: RuleTables) -> Move | None:
    """The move of five cards, or None when they are no combination."""
    nibs = _rank_nibbles(mask)
    counts = sorted((n.bit_count() for n in nibs.values()), reverse=True)
    if counts == [3, 2]:
        triple = next(r for r, n in nibs.items() if n.bit_count() == 3)
        return t.five_base[2] | triple << KEY_SHIFT | mask
    if counts == [4, 1]:
        four = next(r for r, n in nibs.items() if n == 15)
        return t.five_base[3] | four << KEY_SHIFT | mask
    if len(nibs) != 5:
        return None
    suits = {n.bit_length() - 1 for n in nibs.values()}
    rank_mask = sum(1 << r for r in nibs)
    shape = t.straight_by_ranks.get(rank_mask)
    is_flush = len(suits) == 1
    if shape is not None:
        if not is_flush:
            inner = shape.order * 4 + t.suit_strength[nibs[shape.tie_rank].bit_length() - 1]
            return t.five_base[0] | inner << KEY_SHIFT | mask
        base = t.royal_base if rank_mask == _ROYAL_RANKS else t.five_base[4]
        return base | shape.flush_inner[suits.pop()] << KEY_SHIFT | mask
    if is_flush and t.allow_flushes:
        inner = _flush_inner(sorted(nibs, reverse=True), t.suit_strength[suits.pop()], t)
        return t.five_base[1] | inner << KEY_SHIFT | mask
    return None


def _flush_inner(ranks_desc: list[int], suit_strength: int, t: RuleTables) -> int:
    """Inner key of a flush with the given ranks (highest first) and suit strength."""
    order = t.flush_order
    if order is FlushOrder.HIGHEST_CARD:
        return ranks_desc[0] * 4 + suit_strength
    packed = 0
    for r in ranks_desc:
        packed = packed << 4 | r
    if order is FlushOrder.POKER:
        return packed << 2 | suit_strength
    if order is FlushOrder.SUIT_FIRST:
        return suit_strength << 20 | packed
    raise ValueError(f"unknown flush order {order!r}")


def classify_move(mask: int, t: RuleTables) -> Move | None:
    """The move int the card ``mask`` makes under tables ``t``, or None."""
    n = mask.bit_count()
    if 1 <= n <= 4:
        nibs = _rank_nibbles(mask)
        if len(nibs) != 1 or (n == 3 and not t.allow_triples) or (n == 4 and not t.four_alone):
            return None
        (rank, nib), = nibs.items()
        return (n << SIZE_SHIFT) | (rank * 4 + t.top_suit[nib]) << KEY_SHIFT | mask
    if n == 5:
        return _five_move(mask, t)
    return None


def classify(cards: CardsLike, rules: Rules = STANDARD) -> Combo | None:
    """The combination ``cards`` form under ``rules``, or None (why not, in words:
    :func:`big2.engine.explain.why_not`)."""
    cs = to_cardset(cards)
    move = classify_move(cs.mask, tables_for(rules))
    return None if move is None else combo_of_move(move)


def beats(a: Combo, b: Combo, rules: Rules = STANDARD) -> bool:
    """Whether ``a`` may be played on ``b`` (same size and stronger, or a bomb the rules
    allow). Raises ``ValueError`` when either is not a :class:`Combo`."""
    check_combo(a, "a combination to play")
    check_combo(b, "a combination to beat")
    return beats_move(a.move, b.move, tables_for(rules))


_KIND_BITS: Final = KEY_SHIFT + KIND_ID_SHIFT
_STRAIGHT_ID: Final = 0
_FULL_HOUSE_ID: Final = 2
_FOUR_ID: Final = 3


def beats_move(move: Move, table: Move, t: RuleTables) -> bool:
    """Whether ``move`` may be played on ``table`` (both non-pass moves).

    Normally: same size and a higher key. With honour bombs, a four + one or a straight
    flush also beats any single, pair or triple; in Da Lao Er a full house may not be
    played on a straight.
    """
    size, table_size = move >> SIZE_SHIFT, table >> SIZE_SHIFT
    if size == table_size:
        if move >> KEY_SHIFT <= table >> KEY_SHIFT:
            return False
        if t.full_house_apart and size == 5:
            return not (
                (move >> _KIND_BITS) & 7 == _FULL_HOUSE_ID
                and (table >> _KIND_BITS) & 7 == _STRAIGHT_ID
            )
        return True
    return (
        t.honour_bombs and size == 5 and table_size < 4 and (move >> _KIND_BITS) & 7 >= _FOUR_ID
    )


# -- move generation -------------------------------------------------------------------

_SUBSETS: list[list[list[int]]] = [
    [[sub for sub in range(16) if sub & ~nib == 0 and sub.bit_count() == k] for k in range(5)]
    for nib in range(16)
]
_BITS_OF_NIB = [[[1 << (r * 4 + s) for s in range(4) if nib >> s & 1] for r in range(13)] for nib in range(16)]
_CARDS_OF_NIB = [[s for s in range(4) if nib >> s & 1] for nib in range(16)]
_SUIT_MASKS = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))


def generate_moves(hand: int, rules: Rules = STANDARD) -> dict[int, list[Move]]:
    """Every combination formable from the card mask ``hand``, by size, each list sorted.

    Sizes are 1, 2, 3 and 5. Because a move sorts by its key first, the moves that beat a
    table play of the same size are a suffix of the list (find it with ``bisect``).
    """
    t = tables_for(rules)
    CardSet.from_mask(hand)  # refuses anything that is not a card mask
    singles, pairs, triples = small_moves(hand, t)
    return {1: singles, 2: pairs, 3: triples, 5: five_moves(hand, t)}


def all_moves(hand: int, t: RuleTables) -> list[Move]:
    """Every combination of the card mask ``hand`` in one list sorted by size, then key."""
    singles, pairs, triples = small_moves(hand, t)
    return singles + pairs + triples + five_moves(hand, t)


def small_moves(hand: int, t: RuleTables) -> tuple[list[Move], list[Move], list[Move]]:
    """Sorted singles, pairs and triples (and fours alone, where allowed, appended to the
    triples) formable from the card mask ``hand``."""
    singles: list[Move] = []
    pairs: list[Move] = []
    triples: list[Move] = []
    fours: list[Move] = []
    groups = t.group_moves
    for r in range(13):
        nib = (hand >> (4 * r)) & 15
        if nib:
            one, two, three, four = groups[r][nib]
            singles += one
            if two:
                pairs += two
                if three:
                    triples += three
                    if four:
                        fours.append(four)
    if not t.allow_triples:
        triples = []
    if t.four_alone:
        triples += fours
    return singles, pairs, triples


def five_moves(hand: int, t: RuleTables) -> list[Move]:
    """Sorted five-card combinations formable from the card mask ``hand``."""
    ss = t.suit_strength
    fives: list[Move] = []
    nibs = [(hand >> (4 * r)) & 15 for r in range(13)]
    pair_sets: list[tuple[int, int]] = []  # (rank, mask)
    triple_sets: list[tuple[int, int]] = []
    present = 0
    four_base, full_base = t.five_base[3], t.five_base[2]
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
            quad = four_base | r << KEY_SHIFT | 15 << shift
            fives.extend([quad | 1 << c for c in mask_cards(hand & ~(15 << shift))])
    # Full houses: every triple with every pair of another rank.
    for r3, m3 in triple_sets:
        key = full_base | r3 << KEY_SHIFT | m3
        fives.extend([key | m2 for r2, m2 in pair_sets if r2 != r3])
    # Straights and straight flushes: the tie-break card sets the key, the other four
    # ranks multiply out as plain masks.
    flush_suits = [s for s in range(4) if (hand & _SUIT_MASKS[s]).bit_count() >= 5]
    straight_base = t.five_base[0]
    for shape in t.straights:
        if present & shape.rank_mask != shape.rank_mask:
            continue
        others = [_BITS_OF_NIB[nibs[r]][r] for r in shape.other_ranks]
        rest = [a | b | c | d for a, b, c, d in product(*others)]
        tie = shape.tie_rank
        for suit in _CARDS_OF_NIB[nibs[tie]]:
            key = straight_base | (shape.order * 4 + ss[suit]) << KEY_SHIFT | 1 << (tie * 4 + suit)
            fives.extend([key | m for m in rest])
        for suit in flush_suits:
            sf = shape.suit_masks[suit]
            if hand & sf == sf:
                inner = (shape.order * 4 + ss[suit]) << KEY_SHIFT
                fives.remove(straight_base | inner | sf)
                fives.append(straight_flush_move(shape, suit, t))
    if t.allow_flushes and flush_suits:
        fives += flush_moves(hand, t)
    fives.sort()
    return fives


def straight_flush_move(shape: StraightShape, suit: int, t: RuleTables) -> Move:
    """The move of the straight flush of ``shape``'s ranks in ``suit``."""
    base = t.royal_base if shape.rank_mask == _ROYAL_RANKS else t.five_base[4]
    return base | shape.flush_inner[suit] << KEY_SHIFT | shape.suit_masks[suit]


def flush_moves(hand: int, t: RuleTables) -> list[Move]:
    """The flushes formable from the card mask ``hand`` that are not straight flushes
    (unsorted; call it only when the rules allow flushes)."""
    ss = t.suit_strength
    sf_masks = t.straight_flush_masks
    by_top = t.flush_order is FlushOrder.HIGHEST_CARD
    flush_base = t.five_base[1]
    out: list[Move] = []
    for s in range(4):
        suited = hand & _SUIT_MASKS[s]
        if suited.bit_count() < 5:
            continue
        for five in combinations(mask_cards(suited), 5):
            m = 1 << five[0] | 1 << five[1] | 1 << five[2] | 1 << five[3] | 1 << five[4]
            if m in sf_masks:
                continue
            if by_top:
                inner = (five[4] >> 2) * 4 + ss[s]
            else:
                inner = _flush_inner([c >> 2 for c in reversed(five)], ss[s], t)
            out.append(flush_base | inner << KEY_SHIFT | m)
    return out
