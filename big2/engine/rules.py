"""The rule set: which combinations exist, how they rank, and how a hand is played.

:class:`Rules` is a frozen dataclass with one field per house rule of RULES.md §2-§3 (each
enum value names its source seed); presets are named values of it (see
:mod:`big2.engine.presets`) and variants are derived with :func:`dataclasses.replace`.
Everything that decides strength reads the precomputed :class:`RuleTables` of a rule set
(see :func:`tables_for`), so a variant is data, not a code path.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Final

from .cards import SUIT_CHARS, SUIT_SYMBOLS
from .messages import Message, msg

#: Move layout (see :mod:`big2.engine.combos`): ``size << SIZE_SHIFT | key << KEY_SHIFT |
#: card mask``. Five-card keys are ``order << ORDER_SHIFT | kind id << KIND_ID_SHIFT |
#: inner``, where ``order`` ranks the kinds and the kind id names it.
KEY_SHIFT: Final = 52
SIZE_SHIFT: Final = KEY_SHIFT + 30
ORDER_SHIFT: Final = 27
KIND_ID_SHIFT: Final = 24


class StraightOrder(enum.Enum):
    """Which five-card runs are straights, and how they rank (seeds 000, 003, 004)."""

    #: Ivan Ip, Hong Kong (000, 004): A2345 > 23456 > AKQJT > … > 34567; JQKA2 is no
    #: straight. Ties go to the suit of the 2 (A2345, 23456) or of the top card.
    HONG_KONG = "hong-kong"
    #: Seed 003: ranked by the biggest card, 2 high: JQKA2 highest … 34567 lowest;
    #: 23456 and A2345 rank by their 2. Straights with the same top card (JQKA2, A2345,
    #: 23456) are told apart by their next cards, so JQKA2 > A2345 > 23456 (our reading).
    TOP_CARD = "top-card"
    #: Karl Boehnker, Hong Kong (004): 2 and 3 are never consecutive: 2AKQJ highest,
    #: 76543 lowest.
    NO_WRAP = "no-wrap"
    #: 004: 23456 highest, then A2345, then AKQJT … 34567.
    TWO_HIGH = "23456-high"
    #: 004: 23456 highest but A2345 lowest (below 34567).
    TWO_HIGH_ACE_LOW = "23456-high-a2345-low"
    #: 004: A2345 is not a straight; 23456 highest, then AKQJT … 34567.
    NO_A2345 = "no-a2345"
    #: 004: twos rank high: 2AKQJ highest, 65432 lowest (A2345 is no straight).
    TWOS_HIGH_65432_LOW = "2akqj-high-65432-low"
    #: 004: cards compared from the top down: 2AKQJ, then 65432, then AKQJT … 34567.
    SIX_FIVE_SECOND = "65432-second"
    #: Indonesia (004): straights holding a 2 (A2345, 23456) beat all others and rank
    #: against each other by the suit of the 2 alone; then AKQJT … 34567.
    INDONESIA = "indonesia"


class FlushOrder(enum.Enum):
    """How flushes rank against each other."""

    #: By the highest card: its rank, then its suit (002, 004 "usual in HK", 001 option 2).
    HIGHEST_CARD = "highest-card"
    #: By suit first, then the highest card (001 option 1, 003).
    SUIT_FIRST = "suit-first"
    #: All five ranks from the top down as in poker, then the suit (004).
    POKER = "poker"


class LaterLeader(enum.Enum):
    """Who leads the hands after the first of a session."""

    #: The holder of the lowest card leads every hand, and must include it (003, 004).
    LOWEST_CARD = "lowest-card"
    #: The winner of the last hand leads, with anything (000 tournaments, 002, 004).
    WINNER = "winner"
    #: The loser (most cards left) leads, with anything; a tie is settled by each tied
    #: player's largest combination (004, see ``Session``).
    LOSER = "loser"
    #: Indonesian rounds of ten deals: the lowest card starts the first deal of each
    #: round, the last winner the other nine, with anything (004).
    INDONESIAN_ROUNDS = "indonesian-rounds"


class Direction(enum.Enum):
    """Direction of play. Seats are numbered anticlockwise (South, East, North, West)."""

    ANTICLOCKWISE = "anticlockwise"  # 002, 003, 004
    CLOCKWISE = "clockwise"  # 000, 001, 004 (America, Indonesia)
    ALTERNATE = "alternate"  # 004: anticlockwise first, then every other hand
    #: 000: "play direction is switched from clockwise to counter-clockwise or vice versa"
    #: after each hand; its example plays "to the left" (clockwise), so clockwise first.
    ALTERNATE_CLOCKWISE_FIRST = "alternate-clockwise-first"

    def clockwise_in_hand(self, number: int) -> bool:
        """Whether hand ``number`` (0 for a session's first) is played clockwise."""
        if self is Direction.ALTERNATE:
            return number % 2 == 1
        if self is Direction.ALTERNATE_CLOCKWISE_FIRST:
            return number % 2 == 0
        return self is Direction.CLOCKWISE


class AssistantRule(enum.Enum):
    """The player before one who holds a single card (000, 002, 004)."""

    OFF = "off"
    #: Must play a multi-card combination or their highest single; when following a
    #: single they may not pass while their highest card beats it (our reading of 000's
    #: "must play his best possible card set").
    ENFORCED = "enforced"
    #: May ignore it, but if the next player then wins on their very next play, the
    #: assistant pays everyone's losses (000, 004).
    LIABILITY = "liability"


class Bombs(enum.Enum):
    """Combinations that break the usual ranking (004)."""

    NONE = "none"
    #: Honour hands (four of a kind + one, straight flush) also beat singles, pairs and
    #: triples (Lukang, central Taiwan).
    HONOUR_HANDS = "honour-hands"
    #: Only a royal flush (AKQJT) beats four of a kind; any four beats other straight
    #: flushes.
    ROYAL_OVER_FOURS = "royal-over-fours"


class Deck(enum.Enum):
    """Leaner sets of combinations (004)."""

    FULL = "full"
    #: No triples and no flushes (Singapore, Taiwan); full houses remain.
    NO_TRIPLES_NO_FLUSHES = "no-triples-no-flushes"
    #: No flushes, and a full house cannot beat a straight (Da Lao Er): the two kinds
    #: cannot be played on each other; fours and straight flushes beat both.
    DA_LAO_ER = "da-lao-er"


class LoneTwo(enum.Enum):
    """Whether a player may go out on a lone 2 (004, Ivan Ip)."""

    ALLOWED = "allowed"
    #: No play may leave a player holding just one 2 (so nobody goes out on a single 2).
    NO_LONE_TWO = "no-lone-two"
    #: No play may leave a player holding just the 2♠ (the highest suit's 2).
    NO_LONE_TOP_TWO = "no-lone-top-two"


class HandEnd(enum.Enum):
    """When a hand ends (004)."""

    FIRST_OUT = "first-out"
    #: Play on until one player is left; the finish order is scored (5/3/1/0). When a
    #: player goes out and nobody beats their last play, the next player still in leads.
    PLAY_ON = "play-on"


class Leftovers(enum.Enum):
    """What happens to cards not dealt evenly (two and three players, §3)."""

    #: Deal ``cards_per_player`` each; the rest lie unused face down (001, 004).
    UNUSED = "unused"
    #: Deal out evenly; leftovers (the face-up last card with three players) go to the
    #: holder of the lowest card, or of the next lowest if that card is a leftover
    #: (003, 004).
    TO_LOWEST = "to-lowest"


class StockDraw(enum.Enum):
    """Drawing from the undealt stock when passing (004, two and three players)."""

    NONE = "none"
    ONE = "one"  # draw one card
    AS_MANY_AS_NEEDED = "as-many-as-needed"  # the number of cards the play needed


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. Build variants with ``dataclasses.replace``.

    ``suit_order`` lists the suits from lowest to highest in ``dchs`` letters; the lowest
    card is the 3 of the lowest suit (among the cards dealt). Options that would
    contradict each other are refused by :meth:`validate` (called on construction);
    the rest are resolved by these stated rules:

    * ``stock_draw`` draws only while undealt cards remain (none with four players of
      13), then play goes on without drawing.
    * ``three_player_exchange`` applies only at a three-player table, from the second
      hand of a session on.
    * ``dragon_wins`` needs exactly 13 cards, one of each rank; larger hands never count.
    * ``leftovers=TO_LOWEST`` deals the pack out evenly and ignores ``cards_per_player``.
    * ``flush_order`` has no effect when the deck has no flushes.
    * ``straight_flush_by_flush_order`` (seed 001: "Whatever flush rule variation you
      decide to use apply it to your straight-flushes as well") ranks straight flushes
      against each other by ``flush_order`` first: by suit first, by the highest card
      (rank, then suit) or by all five ranks as in poker; equal by that, the straight
      order decides. Off, straight flushes rank as straights do (top card, then suit).
      It applies whether or not the deck has flushes.
    * With ``pass_locks_out``, an owner whose play everyone else passed may beat their
      own play (the others stay locked out) or pass to take the trick and lead afresh.
    """

    name: str = "standard"
    suit_order: str = "dchs"
    straight_order: StraightOrder = StraightOrder.HONG_KONG
    flush_order: FlushOrder = FlushOrder.HIGHEST_CARD
    straight_flush_by_flush_order: bool = False
    later_leader: LaterLeader = LaterLeader.LOWEST_CARD
    first_lead_has_lowest: bool = True
    direction: Direction = Direction.ANTICLOCKWISE
    assistant: AssistantRule = AssistantRule.OFF
    pass_locks_out: bool = False
    four_alone: bool = False
    bombs: Bombs = Bombs.NONE
    deck: Deck = Deck.FULL
    dragon_wins: bool = False
    lone_two: LoneTwo = LoneTwo.ALLOWED
    hand_end: HandEnd = HandEnd.FIRST_OUT
    auto_pass: bool = False
    cards_per_player: int = 13
    leftovers: Leftovers = Leftovers.UNUSED
    stock_draw: StockDraw = StockDraw.NONE
    three_player_exchange: bool = False

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise ``ValueError`` with a plain sentence for a value of the wrong kind or
        contradictory options."""
        for f in fields(self):
            value, kind = getattr(self, f.name), type(f.default)
            if type(value) is not kind:
                if issubclass(kind, enum.Enum):
                    what = "choose one of " + ", ".join(repr(m) for m in kind)
                else:
                    what = {bool: "it is True or False", int: "it is a whole number",
                            str: "it is text"}.get(kind, f"it is a {kind.__name__}")
                raise ValueError(f"The rule option {f.name} cannot be {value!r}: {what}.")
        if sorted(self.suit_order) != sorted(SUIT_CHARS) or len(self.suit_order) != 4:
            raise ValueError(f"suit order '{self.suit_order}' must list d, c, h and s once each")
        if not 1 <= self.cards_per_player <= 26:
            raise ValueError("each player is dealt between 1 and 26 cards")
        if self.stock_draw is not StockDraw.NONE and self.leftovers is Leftovers.TO_LOWEST:
            raise RulesConflict(msg(
                "drawing from the stock needs undealt cards: it cannot be combined with "
                "dealing the leftovers to the lowest card's holder"))

    @property
    def plain(self) -> bool:
        """True when play needs none of the slower variant paths (the fast engine path)."""
        return (
            not self.pass_locks_out
            and self.assistant is AssistantRule.OFF
            and self.bombs is not Bombs.HONOUR_HANDS
            and self.deck is not Deck.DA_LAO_ER
            and self.lone_two is LoneTwo.ALLOWED
            and self.hand_end is HandEnd.FIRST_OUT
            and not self.auto_pass
            and self.stock_draw is StockDraw.NONE
        )

    def card_strength(self, c: int) -> int:
        """Strength of a single card, 0 (lowest) to 51 (highest), under this rule set."""
        return tables_for(self).card_strength[c]

    @property
    def lowest_card(self) -> int:
        """The 3 of the lowest suit (the first lead's card when all 52 are dealt)."""
        return tables_for(self).by_strength[0]

    def describe_suits(self) -> str:
        return " < ".join(SUIT_SYMBOLS[SUIT_CHARS.index(s)] for s in self.suit_order)


class RulesConflict(ValueError):
    """Options that contradict each other. ``str(error)`` is a sentence for the player
    (English); ``error.message`` is the same sentence as a
    :class:`~big2.engine.messages.Message` for the app to translate."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


STANDARD: Final = Rules()


def check_rules(rules: object) -> Rules:
    """``rules`` when it is a :class:`Rules`; else ``ValueError`` with a sentence."""
    if not isinstance(rules, Rules):
        raise ValueError(
            f"{rules!r} is not a rule set: pass a Rules value, such as get_rules('standard')."
        )
    return rules


@dataclass(frozen=True, slots=True)
class StraightShape:
    """One legal straight: its rank-set mask, place in the order, and tie-break rank."""

    rank_mask: int
    #: Ranks as players write the straight (``A 2 3 4 5``).
    ranks: tuple[int, ...]
    order: int
    tie_rank: int
    #: The four ranks other than ``tie_rank``.
    other_ranks: tuple[int, ...]
    #: For each suit, the card mask of this straight's straight flush in that suit.
    suit_masks: tuple[int, ...]
    #: For each suit, the inner strength key of this straight's straight flush in that
    #: suit (see ``Rules.straight_flush_by_flush_order``).
    flush_inner: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RuleTables:
    """Lookup tables derived once from a rule set; the fast paths read only these."""

    suit_strength: tuple[int, ...]
    #: True when the suit order is the standard ♦ < ♣ < ♥ < ♠ (card int = strength).
    standard_suits: bool
    card_strength: tuple[int, ...]
    #: All 52 cards, weakest first.
    by_strength: tuple[int, ...]
    straights: tuple[StraightShape, ...]
    straight_by_ranks: dict[int, StraightShape]
    flush_order: FlushOrder
    #: Card masks of every straight flush in every suit (flush generation skips them).
    straight_flush_masks: frozenset[int]
    #: For each 4-bit rank nibble: the strength (0..3) of its highest suit.
    top_suit: tuple[int, ...]
    #: Five-card kinds that exist, mapped to their rank among five-card kinds.
    five_order: dict[str, int]
    allow_triples: bool
    allow_flushes: bool
    four_alone: bool
    royal_over_fours: bool
    #: For each five-card kind id (straight, flush, full house, four, straight flush):
    #: the move bits of size and kind, to OR with ``inner << KEY_SHIFT | mask``.
    five_base: tuple[int, ...]
    #: The same for a royal flush when it alone beats fours (else the straight flush's).
    royal_base: int
    #: Honour hands (four + one, straight flush) also beat singles, pairs and triples.
    honour_bombs: bool
    #: A full house may not be played on a straight (Da Lao Er).
    full_house_apart: bool
    #: The move int of each card played as a single.
    single_moves: tuple[int, ...]
    #: ``group_moves[rank][nibble]``: (single moves, pair moves, triple moves, four-alone
    #: move or 0) of the suits ``nibble`` holds in ``rank``, each sorted by strength.
    group_moves: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], ...], ...]


def _run(lo: int) -> tuple[int, ...]:
    return tuple(range(lo, lo + 5))


A2345: Final = (11, 12, 0, 1, 2)
_23456: Final = (12, 0, 1, 2, 3)
JQKA2: Final = (8, 9, 10, 11, 12)


def _straight_shapes(order: StraightOrder) -> list[tuple[tuple[int, ...], int, int]]:
    """(ranks, place, tie_rank) for each legal straight; a higher place is stronger."""
    runs = [(_run(lo), lo, lo + 4) for lo in range(8)]  # 34567 .. TJQKA, places 0..7
    if order is StraightOrder.HONG_KONG:
        return runs + [(_23456, 8, 12), (A2345, 9, 12)]
    if order is StraightOrder.TOP_CARD:
        return runs + [(_23456, 8, 12), (A2345, 9, 12), (JQKA2, 10, 12)]
    if order is StraightOrder.NO_WRAP:
        return runs + [(JQKA2, 8, 12)]
    if order is StraightOrder.TWO_HIGH:
        return runs + [(A2345, 8, 12), (_23456, 9, 12)]
    if order is StraightOrder.TWO_HIGH_ACE_LOW:
        return [(r, p + 1, t) for r, p, t in runs] + [(A2345, 0, 2), (_23456, 9, 12)]
    if order is StraightOrder.NO_A2345:
        return runs + [(_23456, 8, 12)]
    if order is StraightOrder.TWOS_HIGH_65432_LOW:
        return [(r, p + 1, t) for r, p, t in runs] + [(_23456, 0, 3), (JQKA2, 9, 12)]
    if order is StraightOrder.SIX_FIVE_SECOND:
        return runs + [(_23456, 8, 12), (JQKA2, 9, 12)]
    if order is StraightOrder.INDONESIA:
        return runs + [(_23456, 8, 12), (A2345, 8, 12)]
    raise ValueError(f"unknown straight order {order!r}")


def _straight_flush_inner(rules: Rules, ranks: tuple[int, ...], order: int, suit: int,
                          by_poker: list[tuple[int, ...]]) -> int:
    """The inner key of a straight flush of ``ranks`` in a suit of strength ``suit``."""
    as_straight = order * 4 + suit
    if not rules.straight_flush_by_flush_order:
        return as_straight
    if rules.flush_order is FlushOrder.SUIT_FIRST:
        first = suit
    elif rules.flush_order is FlushOrder.HIGHEST_CARD:
        first = max(ranks) * 4 + suit
    else:
        first = by_poker.index(tuple(sorted(ranks, reverse=True))) * 4 + suit
    return first << 6 | as_straight


FIVE_KINDS: Final = ("straight", "flush", "full-house", "four", "straight-flush")


def tables_for(rules: Rules) -> RuleTables:
    """The lookup tables for ``rules`` (cached per rule set); ``ValueError`` when
    ``rules`` is not a :class:`Rules`."""
    if rules.__class__ is not Rules:
        check_rules(rules)
    return _tables_for(rules)


@lru_cache(maxsize=128)
def _tables_for(rules: Rules) -> RuleTables:
    suit_strength = tuple(rules.suit_order.index(s) for s in SUIT_CHARS)
    card_strength = tuple((c >> 2) * 4 + suit_strength[c & 3] for c in range(52))
    shapes = []
    raw_shapes = _straight_shapes(rules.straight_order)
    by_poker = sorted(tuple(sorted(ranks, reverse=True)) for ranks, _, _ in raw_shapes)
    for ranks, order, tie in raw_shapes:
        mask = 0
        for r in ranks:
            mask |= 1 << r
        others = tuple(r for r in ranks if r != tie)
        suit_masks = tuple(sum(1 << (r * 4 + s) for r in ranks) for s in range(4))
        flush_inner = tuple(
            _straight_flush_inner(rules, ranks, order, suit_strength[s], by_poker)
            for s in range(4)
        )
        shapes.append(StraightShape(mask, ranks, order, tie, others, suit_masks, flush_inner))
    top_suit = tuple(
        max((suit_strength[s] for s in range(4) if nib >> s & 1), default=0)
        for nib in range(16)
    )
    allow_flushes = rules.deck is Deck.FULL
    five_order = {k: i for i, k in enumerate(FIVE_KINDS) if allow_flushes or k != "flush"}
    royal = rules.bombs is Bombs.ROYAL_OVER_FOURS
    orders = (0, 1, 2, 4, 3) if royal else (0, 1, 2, 3, 4)  # straight flush below fours

    def base(order: int, kind_id: int) -> int:
        return (5 << SIZE_SHIFT) | ((order << ORDER_SHIFT | kind_id << KIND_ID_SHIFT) << KEY_SHIFT)

    five_base = tuple(base(orders[k], k) for k in range(5))
    single_moves = tuple((1 << SIZE_SHIFT) | (card_strength[c] << KEY_SHIFT) | 1 << c for c in range(52))

    def groups(r: int, nib: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
        subs = [sub for sub in range(16) if sub & ~nib == 0]
        made: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: [], 4: []}
        for sub in subs:
            k = sub.bit_count()
            made[k].append((k << SIZE_SHIFT) | ((r * 4 + top_suit[sub]) << KEY_SHIFT) | sub << (4 * r))
        return (tuple(sorted(made[1])), tuple(sorted(made[2])), tuple(sorted(made[3])),
                (made[4] or [0])[0])

    group_moves = tuple(tuple(groups(r, nib) for nib in range(16)) for r in range(13))
    return RuleTables(
        suit_strength=suit_strength,
        standard_suits=suit_strength == (0, 1, 2, 3),
        card_strength=card_strength,
        by_strength=tuple(sorted(range(52), key=lambda c: card_strength[c])),
        straights=tuple(shapes),
        straight_by_ranks={s.rank_mask: s for s in shapes},
        flush_order=rules.flush_order,
        straight_flush_masks=frozenset(
            sum(1 << (r * 4 + s) for r in shape.ranks) for shape in shapes for s in range(4)
        ),
        top_suit=top_suit,
        five_order=five_order,
        allow_triples=rules.deck is not Deck.NO_TRIPLES_NO_FLUSHES,
        allow_flushes=allow_flushes,
        four_alone=rules.four_alone,
        royal_over_fours=royal,
        five_base=five_base,
        royal_base=base(5, 4) if royal else five_base[4],
        honour_bombs=rules.bombs is Bombs.HONOUR_HANDS,
        full_house_apart=rules.deck is Deck.DA_LAO_ER,
        single_moves=single_moves,
        group_moves=group_moves,
    )
