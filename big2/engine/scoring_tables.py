"""The data behind the scoring schemes: multiplier tables, card values and honour hands.

Every table here is a closed set (an enum) whose value is the name used in JSON, with the
seed it comes from. :mod:`big2.engine.scoring` combines them into whole schemes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from .cards import CardSet
from .messages import Message, msg, msg_n, msg_p

#: Rank index of the 2, the highest rank.
TWO_RANK: Final = 12


class ScoringError(ValueError):
    """A scoring scheme or outcome that cannot be used; the message names the culprit."""


class Settlement(enum.Enum):
    """How penalties become points. ``zero_sum`` says whether points always sum to 0."""

    #: Penalty points as they stand (seed 004): each loser scores ``-penalty``, the
    #: winner 0. Players settle the differences of their totals (``settle_pairwise``),
    #: which the breakdown's payments already do hand by hand.
    PENALTIES = "penalties"
    #: The winner collects every loser's penalty; no payments between losers
    #: (seed 003's -1/-2/-3 scoring, seed 004's winner-only payments).
    WINNER_ONLY = "winner-only"
    #: Every pair settles the difference of their penalties (seeds 000, 002).
    PAIRWISE = "pairwise"
    #: Taiwan (seed 004, Jonathan Dushoff): only the loser pays the winner ``unit``
    #: points. The seed's list of how the loser is found is cut short; our reading: the
    #: player with most cards left, ties going to the weaker hand (lower highest card),
    #: unless the outcome names the ``loser`` (the engine's own tie rule).
    LOSER_PAYS = "loser-pays"
    #: Pusoy Dos (seed 004): the winner scores ``unit`` doubled for each 2 in their last
    #: play (1, 2, 4, 8, 16); the others score nothing.
    POSITIVE = "positive"
    #: Play on until one is left (seed 004): places score ``place_points`` (5/3/1/0).
    FINISH_ORDER = "finish-order"

    @property
    def zero_sum(self) -> bool:
        return self in (Settlement.WINNER_ONLY, Settlement.PAIRWISE, Settlement.LOSER_PAYS)

    @property
    def uses_penalties(self) -> bool:
        """Whether the penalty options (basis, table, doublings, honours) matter."""
        return self in (Settlement.PENALTIES, Settlement.WINNER_ONLY, Settlement.PAIRWISE)


class MultiplyBy(enum.Enum):
    """What the multiplier table is looked up by."""

    #: Each player's own number of cards (every seed but one).
    EACH_PLAYER = "each-player"
    #: Anthony Kam's variant (seed 004): between each pair, the *difference* of their
    #: card counts picks the multiplier, and the payer pays difference × multiplier.
    #: Our reading: the payer's own doublings (twos held, starter-only) still apply to
    #: what they pay, honour penalties are settled as their difference, and the scheme
    #: needs pairwise settlement on a card count (the seed describes exactly that).
    PAIR_DIFFERENCE = "pair-difference"


class Multiplier(enum.Enum):
    """How the penalty for each card grows with the number of cards left.

    The multiplier applies to the whole count: under ``HONG_KONG`` 11 cards cost 22.
    Counts above 13 (two- and three-player deals) pay as for 13 (seed 004: "the payment
    per card from a player holding more than 13 cards is the same as from a player with
    13 cards").
    """

    #: One point a card, never doubled (seed 000 basic game; 004 "simplified").
    NONE = "none"
    #: 1-9 ×1, 10-12 ×2, 13 ×3: seed 004's penalty table and seed 002's Hong Kong rules.
    HONG_KONG = "hong-kong"
    #: Seed 003: ×2 with 10 or more cards, ×3 for a player who never played a card.
    BIG_2 = "big-2"
    #: Seed 002 standard: under 8 ×1, 8-10 ×2, 11-12 ×3, 13 ×4.
    CHUDADI = "chudadi"
    #: Seed 000 Super Cho Dai Di: under 8 ×1, 8-10 ×2, 11-13 ×3.
    SUPER = "super"
    #: Seed 004 "greater penalties": ×2 for 8-9, ×3 for 10-12, ×4 for 13.
    STEEP = "steep"
    #: Seed 004: ×2 for 8 or more cards and ×2 again for 10 or more (so ×4).
    DOUBLE_DOUBLE = "double-double"
    #: Seed 004 card-value scoring: doubled for 10 or more cards.
    TEN_OR_MORE = "ten-or-more"
    #: Seed 004 Da Lao Er: 1 a card up to 10 cards, 2 a card with 11 or more.
    DA_LAO_ER = "da-lao-er"
    #: Seed 004 Anthony Kam's example: doubled for 9-11; 12-13 tripled (our reading: the
    #: seed only names 9-11, and a table that doubles 9-11 triples what lies above it).
    KAM = "kam"

    def factor(self, count: int, *, never_played: bool = False) -> int:
        """The multiplier for a player (or a pair's difference) of ``count`` cards.

        ``never_played`` matters only to ``BIG_2``, whose ×3 is for a player who never
        played a card rather than for 13 cards.
        """
        if count <= 0:
            return 1
        if self is Multiplier.BIG_2 and never_played:
            return 3
        factor = 1
        for least, f in _STEPS[self]:
            if count >= least:
                factor = f
        return factor

    def describe(self) -> str:
        """The table in words, e.g. ``"×2 for 10-12 cards, ×3 for 13"``."""
        return str(_TABLE_WORDS[self])

    def words(self) -> Message:
        """:meth:`describe` as a :class:`~big2.engine.messages.Message` to translate."""
        return _TABLE_WORDS[self]


# (least cards, multiplier) steps, ascending; counts below the first step are ×1.
_STEPS: Final = MappingProxyType({
    Multiplier.NONE: (),
    Multiplier.HONG_KONG: ((10, 2), (13, 3)),
    Multiplier.BIG_2: ((10, 2),),
    Multiplier.CHUDADI: ((8, 2), (11, 3), (13, 4)),
    Multiplier.SUPER: ((8, 2), (11, 3)),
    Multiplier.STEEP: ((8, 2), (10, 3), (13, 4)),
    Multiplier.DOUBLE_DOUBLE: ((8, 2), (10, 4)),
    Multiplier.TEN_OR_MORE: ((10, 2),),
    Multiplier.DA_LAO_ER: ((11, 2),),
    Multiplier.KAM: ((9, 2), (12, 3)),
})

_TABLE_WORDS: Final[Mapping[Multiplier, Message]] = MappingProxyType({
    Multiplier.NONE: msg("no multiplier"),
    Multiplier.HONG_KONG: msg("×1 up to 9 cards, ×2 for 10-12, ×3 for 13"),
    Multiplier.BIG_2: msg("×2 for 10 or more cards, ×3 for a player who never played a card"),
    Multiplier.CHUDADI: msg("×1 under 8 cards, ×2 for 8-10, ×3 for 11-12, ×4 for 13"),
    Multiplier.SUPER: msg("×1 under 8 cards, ×2 for 8-10, ×3 for 11-13"),
    Multiplier.STEEP: msg("×1 under 8 cards, ×2 for 8-9, ×3 for 10-12, ×4 for 13"),
    Multiplier.DOUBLE_DOUBLE: msg("×2 for 8 or more cards and ×2 again for 10 or more"),
    Multiplier.TEN_OR_MORE: msg("×2 for 10 or more cards"),
    Multiplier.DA_LAO_ER: msg("×1 up to 10 cards, ×2 for 11 or more"),
    Multiplier.KAM: msg("×1 up to 8 cards, ×2 for 9-11, ×3 for 12-13"),
})


class Basis(enum.Enum):
    """What a player's remaining cards are worth before any multiplier."""

    #: One unit a card (every seed's usual count).
    CARDS = "cards"
    #: Seed 004, first scale: 3-10 one point each, J Q K two, A three, 2 four. (The seed
    #: says "numeral cards 2-10 score 1" and also "twos 4"; we read the 2 as 4, the
    #: explicit and highest value, since 2 is the top card in Big Two.)
    FACE_VALUES = "face-values"
    #: Seed 004, second scale: 1 for a 3, 2 for a 4 … 11 for a K, 12 for an A, 13 for a 2.
    RANK_VALUES = "rank-values"

    def worth(self, cards: CardSet) -> int:
        """What ``cards`` are worth on this basis."""
        if self is Basis.CARDS:
            return len(cards)
        table = _FACE_VALUE if self is Basis.FACE_VALUES else _RANK_VALUE
        return sum(table[c >> 2] for c in cards)

    def describe(self) -> str:
        return str(_BASIS_WORDS[self])

    def words(self) -> Message:
        """:meth:`describe` as a :class:`~big2.engine.messages.Message` to translate."""
        return _BASIS_WORDS[self]


_FACE_VALUE: Final = (1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4)
_RANK_VALUE: Final = tuple(range(1, 14))
_BASIS_WORDS: Final[Mapping[Basis, Message]] = MappingProxyType({
    Basis.CARDS: msg("1 point a card"),
    Basis.FACE_VALUES: msg("card values (3-10 one point, J Q K two, A three, 2 four)"),
    Basis.RANK_VALUES: msg("card values (3 one point, 4 two … K eleven, A twelve, 2 thirteen)"),
})


@dataclass(frozen=True, slots=True)
class Honours:
    """Honour hands a seat is caught holding at the end of a hand (Indonesia, seed 004).

    ``fours`` counts four of a kind other than four twos; ``four_twos`` is 0 or 1.
    """

    fours: int = 0
    straight_flushes: int = 0
    four_twos: int = 0

    def __post_init__(self) -> None:
        if min(self.fours, self.straight_flushes, self.four_twos) < 0 or self.four_twos > 1:
            raise ValueError(f"impossible honour counts {self!r}")

    @property
    def penalty(self) -> int:
        """Seed 004 (Harold Hutabarat): 20 a four of a kind, 40 a straight flush, 80 for
        four twos."""
        return (
            FOUR_PENALTY * self.fours
            + STRAIGHT_FLUSH_PENALTY * self.straight_flushes
            + FOUR_TWOS_PENALTY * self.four_twos
        )

    def describe(self) -> str:
        return str(self.words())

    def words(self) -> Message:
        """The honours held, in words: ``four twos, 1 four of a kind`` (or ``none``)."""
        parts: list[Message] = []
        if self.four_twos:
            parts.append(msg("four twos"))
        if self.fours:
            parts.append(msg_n("{n} four of a kind", "{n} four of a kind", self.fours))
        if self.straight_flushes:
            parts.append(msg_n("{n} straight flush", "{n} straight flush", self.straight_flushes))
        if not parts:
            return msg_p("honours held", "none")
        out = parts[-1]
        for part in reversed(parts[:-1]):
            out = msg_p("honours held", "{first}, {then}", first=part, then=out)
        return out


FOUR_PENALTY: Final = 20
STRAIGHT_FLUSH_PENALTY: Final = 40
FOUR_TWOS_PENALTY: Final = 80

# Rank sets of the straights of the standard (Hong Kong) order: 34567 … TJQKA, 23456,
# A2345 (JQKA2 is not a straight).
_STRAIGHT_RANKS: Final = tuple(
    [tuple(range(lo, lo + 5)) for lo in range(8)] + [(12, 0, 1, 2, 3), (11, 12, 0, 1, 2)]
)
_STRAIGHT_FLUSH_MASKS: Final = tuple(
    sum(1 << (r * 4 + s) for r in ranks) for s in range(4) for ranks in _STRAIGHT_RANKS
)


def count_honours(cards: CardSet) -> Honours:
    """The honour hands in ``cards``, each card counted in at most one honour.

    Straight flushes use the standard straights (A2345 and 23456 count, JQKA2 does not).
    When honours overlap (a four of a kind sharing a card with a straight flush), the
    split that costs the holder most is taken, as a table would count it.
    """
    mask = cards.mask
    candidates: list[tuple[int, int]] = []  # (card mask, penalty)
    for rank in range(13):
        four = 0xF << (rank * 4)
        if mask & four == four:
            penalty = FOUR_TWOS_PENALTY if rank == TWO_RANK else FOUR_PENALTY
            candidates.append((four, penalty))
    candidates += [(m, STRAIGHT_FLUSH_PENALTY) for m in _STRAIGHT_FLUSH_MASKS if mask & m == m]
    best = _best_disjoint(candidates, 0, 0)
    return Honours(
        fours=sum(1 for m, p in best if p == FOUR_PENALTY),
        straight_flushes=sum(1 for m, p in best if p == STRAIGHT_FLUSH_PENALTY),
        four_twos=sum(1 for m, p in best if p == FOUR_TWOS_PENALTY),
    )


def _best_disjoint(
    candidates: list[tuple[int, int]], start: int, used: int
) -> list[tuple[int, int]]:
    """The set of pairwise disjoint candidates from ``start`` on with the largest total."""
    best: list[tuple[int, int]] = []
    best_total = 0
    for i in range(start, len(candidates)):
        m, p = candidates[i]
        if used & m:
            continue
        rest = [(m, p)] + _best_disjoint(candidates, i + 1, used | m)
        total = sum(q for _, q in rest)
        if total > best_total:
            best, best_total = rest, total
    return best
