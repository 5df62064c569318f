"""Cards, sets of cards, and their text notation.

A card is a plain ``int`` from 0 to 51: ``rank * 4 + suit``. Ranks run 3 4 5 6 7 8 9 10
J Q K A 2 (0..12) and suits ♦ ♣ ♥ ♠ (0..3), so under the standard suit order the int *is*
the card's strength: 3♦ is 0 and 2♠ is 51. House rules that reorder the suits keep these
identities and rank cards through :meth:`big2.engine.rules.Rules.card_strength`.

A set of cards is a :class:`CardSet`: an immutable 52-bit mask that behaves like a
``frozenset`` of card ints (iteration is in ascending card order).

Notation, both ways: ``3d 4c Th 10h Js Qs Kh Ad 2s`` (ten as ``T`` or ``10``, either
case) and suit symbols (``3♦ 10♥``). :func:`format_cards` then :func:`parse_cards` gives
back the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, Union

Card = int

RANK_CHARS: Final = "3456789TJQKA2"
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_CHARS: Final = "dchs"
SUIT_SYMBOLS: Final = "♦♣♥♠"

DIAMONDS, CLUBS, HEARTS, SPADES = 0, 1, 2, 3
FULL_MASK: Final = (1 << 52) - 1

_RANK_LOOKUP: dict[str, int] = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_LOOKUP["10"] = RANK_CHARS.index("T")
_RANK_LOOKUP.update({c.lower(): i for c, i in list(_RANK_LOOKUP.items())})
_SUIT_LOOKUP: dict[str, int] = {}
for _i, (_c, _s) in enumerate(zip(SUIT_CHARS, SUIT_SYMBOLS)):
    _SUIT_LOOKUP[_c] = _SUIT_LOOKUP[_c.upper()] = _SUIT_LOOKUP[_s] = _i
# The text-presentation variants of the suit symbols, as some keyboards type them.
_SUIT_LOOKUP.update({"♢": 0, "♧": 1, "♡": 2, "♤": 3})


class CardParseError(ValueError):
    """Text that is not a card or not a valid set of cards; the message names the token."""

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token


def _is_index(value: object, size: int) -> bool:
    return type(value) is int and 0 <= value < size


def check_card(c: object) -> Card:
    """``c`` when it is a card index (0..51); else ``ValueError`` with a sentence."""
    if type(c) is not int or not 0 <= c < 52:
        raise ValueError(f"{c!r} is not a card: a card is a whole number from 0 to 51.")
    return c


def card(rank: int, suit: int) -> Card:
    """The card of rank index ``rank`` (0 = 3 … 12 = 2) and suit index ``suit``."""
    if not (_is_index(rank, 13) and _is_index(suit, 4)):
        raise ValueError(
            f"There is no card with rank {rank!r} and suit {suit!r}: ranks are 0 to 12, "
            "suits 0 to 3."
        )
    return rank * 4 + suit


def rank_of(c: Card) -> int:
    """Rank index of a card: 0 for 3 up to 12 for 2."""
    return check_card(c) >> 2


def suit_of(c: Card) -> int:
    """Suit index of a card: 0 ♦, 1 ♣, 2 ♥, 3 ♠."""
    return check_card(c) & 3


def parse_card(token: str) -> Card:
    """Parse one card such as ``3d``, ``Th``, ``10H`` or ``A♠``.

    Raises :class:`CardParseError` naming the token when it is not a card.
    """
    if not isinstance(token, str):
        raise CardParseError(f"{token!r} is not a card: write it like 3d, 10h or A♠.", str(token))
    text = token.strip()
    if len(text) < 2:
        raise CardParseError(f"'{token}' is not a card (write it like 3d, 10h or A♠)", token)
    rank_text, suit_text = text[:-1], text[-1]
    if suit_text not in _SUIT_LOOKUP:
        raise CardParseError(
            f"'{token}' has no suit: end a card with d, c, h or s (or ♦ ♣ ♥ ♠)", token
        )
    if rank_text not in _RANK_LOOKUP:
        raise CardParseError(
            f"'{token}' has no rank: use 3-10, T, J, Q, K, A or 2", token
        )
    return _RANK_LOOKUP[rank_text] * 4 + _SUIT_LOOKUP[suit_text]


def format_card(c: Card, *, symbols: bool = False) -> str:
    """Card notation: ``Th`` style, or ``10♥`` style with ``symbols=True``."""
    check_card(c)
    if symbols:
        return RANK_NAMES[c >> 2] + SUIT_SYMBOLS[c & 3]
    return RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]


CardsLike = Union["CardSet", str, Iterable[Card]]


class CardSet:
    """An immutable set of cards stored as a 52-bit mask.

    Behaves like a ``frozenset[int]``: ``in``, ``len``, iteration in ascending card order,
    ``|``, ``&``, ``-``, ``^``, ``<=``, equality and hashing. ``CardSet.parse`` reads card
    notation; ``str()`` writes it; ``repr()`` is a constructor you could paste.
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if not isinstance(cards, Iterable) or isinstance(cards, str):
            raise ValueError(f"{cards!r} is not a collection of cards: use CardSet.parse for text.")
        mask = 0
        for c in cards:
            if type(c) is not int or not 0 <= c < 52:
                raise ValueError(f"{c!r} is not a card: a card is a whole number from 0 to 51.")
            mask |= 1 << c
        self._mask = mask

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bit ``c`` is set for each card ``c``."""
        if type(mask) is not int or mask & ~FULL_MASK or mask < 0:
            raise ValueError(f"{mask!r} is not a card mask: a whole number of at most 52 bits.")
        obj = cls.__new__(cls)
        obj._mask = mask
        return obj

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or commas; see :func:`parse_cards`."""
        return parse_cards(text)

    @classmethod
    def full_deck(cls) -> CardSet:
        return cls.from_mask(FULL_MASK)

    @property
    def mask(self) -> int:
        return self._mask

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 52 and bool(self._mask >> c & 1)

    def __iter__(self) -> Iterator[Card]:
        m = self._mask
        while m:
            low = m & -m
            yield low.bit_length() - 1
            m ^= low

    def __reversed__(self) -> Iterator[Card]:
        m = self._mask
        while m:
            top = m.bit_length() - 1
            yield top
            m ^= 1 << top

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & ~other._mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask ^ other._mask)

    def __le__(self, other: CardSet) -> bool:
        return not self._mask & ~other._mask

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self._mask != other._mask

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    def __gt__(self, other: CardSet) -> bool:
        return other < self

    def isdisjoint(self, other: CardSet) -> bool:
        return not self._mask & other._mask

    def lowest(self) -> Card:
        """The card with the smallest index (the weakest under standard suits)."""
        if not self._mask:
            raise ValueError("an empty set has no lowest card")
        return (self._mask & -self._mask).bit_length() - 1

    def highest(self) -> Card:
        if not self._mask:
            raise ValueError("an empty set has no highest card")
        return self._mask.bit_length() - 1

    def format(self, *, symbols: bool = False) -> str:
        """Cards in ascending order, space separated."""
        return " ".join(format_card(c, symbols=symbols) for c in self)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"CardSet.parse({self.format()!r})"


def parse_cards(text: str) -> CardSet:
    """Parse a set of cards such as ``"3d 4c Th 10h"`` or ``"3♦, 10♥"``.

    Raises :class:`CardParseError` for empty text, a token that is not a card, or a card
    written twice; the message names the offending token.
    """
    if not isinstance(text, str):
        raise CardParseError(f"{text!r} is not card text: write cards like '3d 4c 10h'.", str(text))
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise CardParseError("no cards given", "")
    mask = 0
    for token in tokens:
        c = parse_card(token)
        if mask >> c & 1:
            raise CardParseError(f"'{token}' is listed twice", token)
        mask |= 1 << c
    return CardSet.from_mask(mask)


def to_cardset(cards: CardsLike) -> CardSet:
    """Accept a CardSet, card text, or an iterable of card ints; return a CardSet.

    A card listed twice in an iterable raises :class:`CardParseError`.
    """
    if isinstance(cards, CardSet):
        return cards
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Iterable) or isinstance(cards, (bytes, dict)):
        raise CardParseError(
            f"{cards!r} is not a set of cards: give card text like '3d 4c', card numbers "
            "from 0 to 51, or a CardSet.", str(cards))
    mask = 0
    for c in cards:
        if type(c) is not int or not 0 <= c < 52:
            raise CardParseError(f"{c!r} is not a card: a card is a whole number from 0 to 51.", str(c))
        if mask >> c & 1:
            raise CardParseError(f"{format_card(c)} is listed twice", format_card(c))
        mask |= 1 << c
    return CardSet.from_mask(mask)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards joined by spaces, in the order given."""
    return " ".join(format_card(c, symbols=symbols) for c in cards)


def mask_cards(mask: int) -> list[Card]:
    """The card ints of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
