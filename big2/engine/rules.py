"""The rule set: which combinations exist and how they rank.

:class:`Rules` is a frozen dataclass; presets are named values of it and house rules are
derived with :func:`dataclasses.replace`. Everything that decides strength reads the
precomputed :class:`RuleTables` of a rule set (see :func:`tables_for`), so a variant is
data, not a code path.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .cards import SUIT_CHARS, SUIT_SYMBOLS


class StraightOrder(enum.Enum):
    """How straights (and straight flushes) rank against each other."""

    #: Hong Kong (Ivan Ip, seeds 000/004): A2345 > 23456 > AKQJT > … > 34567;
    #: JQKA2 is not a straight. Ties go to the suit of the 2 (A2345, 23456) or of the
    #: highest card.
    HONG_KONG = "hong-kong"


class FlushOrder(enum.Enum):
    """How flushes rank against each other."""

    #: By the highest card: its rank, then its suit (seeds 002, 004, 001 option 2).
    HIGHEST_CARD = "highest-card"


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. Build variants with ``dataclasses.replace``.

    ``suit_order`` lists the suits from lowest to highest in ``dchs`` letters.
    """

    name: str = "standard"
    suit_order: str = "dchs"
    straight_order: StraightOrder = StraightOrder.HONG_KONG
    flush_order: FlushOrder = FlushOrder.HIGHEST_CARD
    first_lead_has_lowest: bool = True
    cards_per_player: int = 13

    def __post_init__(self) -> None:
        if sorted(self.suit_order) != sorted(SUIT_CHARS):
            raise ValueError(
                f"suit order '{self.suit_order}' must list d, c, h and s once each"
            )

    def suit_rank(self, suit: int) -> int:
        """0 for the lowest suit under this rule set up to 3 for the highest."""
        return tables_for(self).suit_strength[suit]

    def card_strength(self, c: int) -> int:
        """Strength of a single card, 0 (lowest) to 51 (highest), under this rule set."""
        return tables_for(self).card_strength[c]

    @property
    def lowest_card(self) -> int:
        """The card that must start the first hand: the 3 of the lowest suit."""
        return tables_for(self).lowest_card

    def describe_suits(self) -> str:
        return " < ".join(SUIT_SYMBOLS[SUIT_CHARS.index(s)] for s in self.suit_order)


STANDARD: Final = Rules()


@dataclass(frozen=True, slots=True)
class StraightShape:
    """One legal straight: its rank-set mask, place in the order, and tie-break rank."""

    rank_mask: int
    ranks: tuple[int, ...]
    order: int
    tie_rank: int
    #: The four ranks other than ``tie_rank``.
    other_ranks: tuple[int, ...]
    #: For each suit, the card mask of this straight's straight flush in that suit.
    suit_masks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RuleTables:
    """Lookup tables derived once from a rule set; the fast paths read only these."""

    suit_strength: tuple[int, ...]
    #: True when the suit order is the standard ♦ < ♣ < ♥ < ♠ (card int = strength).
    standard_suits: bool
    card_strength: tuple[int, ...]
    #: All 52 cards, weakest first.
    by_strength: tuple[int, ...]
    lowest_card: int
    straights: tuple[StraightShape, ...]
    straight_by_ranks: dict[int, StraightShape]
    flush_order: FlushOrder
    #: Card masks of every straight flush in every suit (flush generation skips them).
    straight_flush_masks: frozenset[int]
    #: For each 4-bit rank nibble: the strength (0..3) of its highest suit.
    top_suit: tuple[int, ...]


def _straight_shapes(order: StraightOrder) -> list[tuple[tuple[int, ...], int]]:
    """(ranks, tie_rank) for each legal straight, lowest first."""
    if order is StraightOrder.HONG_KONG:
        shapes = [(tuple(range(lo, lo + 5)), lo + 4) for lo in range(0, 8)]
        shapes.append(((12, 0, 1, 2, 3), 12))  # 23456, tie on the 2
        shapes.append(((11, 12, 0, 1, 2), 12))  # A2345, tie on the 2
        return shapes
    raise ValueError(f"unknown straight order {order!r}")


@lru_cache(maxsize=64)
def tables_for(rules: Rules) -> RuleTables:
    """The lookup tables for ``rules`` (cached per rule set)."""
    suit_strength = tuple(rules.suit_order.index(s) for s in SUIT_CHARS)
    card_strength = tuple((c >> 2) * 4 + suit_strength[c & 3] for c in range(52))
    lowest_suit = SUIT_CHARS.index(rules.suit_order[0])
    shapes = []
    for order, (ranks, tie) in enumerate(_straight_shapes(rules.straight_order)):
        mask = 0
        for r in ranks:
            mask |= 1 << r
        others = tuple(r for r in ranks if r != tie)
        suit_masks = tuple(sum(1 << (r * 4 + s) for r in ranks) for s in range(4))
        shapes.append(StraightShape(mask, ranks, order, tie, others, suit_masks))
    top_suit = tuple(
        max((suit_strength[s] for s in range(4) if nib >> s & 1), default=0)
        for nib in range(16)
    )
    return RuleTables(
        suit_strength=suit_strength,
        standard_suits=suit_strength == (0, 1, 2, 3),
        card_strength=card_strength,
        by_strength=tuple(sorted(range(52), key=lambda c: card_strength[c])),
        lowest_card=lowest_suit,
        straights=tuple(shapes),
        straight_by_ranks={s.rank_mask: s for s in shapes},
        flush_order=rules.flush_order,
        straight_flush_masks=frozenset(
            sum(1 << (r * 4 + s) for r in shape.ranks) for shape in shapes for s in range(4)
        ),
        top_suit=top_suit,
    )
