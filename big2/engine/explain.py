"""Every sentence the game uses to explain its rules and scoring, built from the real values.

One pure module, so that what the Rules screen, F1, the New game blurbs, the results
screen and the error messages say can never drift from what the engine does, and so a
translation layer can wrap it later. Everything here takes a :class:`Rules` (and a
:class:`Scoring` where points are concerned) and returns plain player words: no option
ids, no enum values.

- :func:`how_to_play`: the paragraphs that open the Rules screen.
- :func:`combinations`: each kind of combination, with an example and what beats what.
- :func:`rule_lines`: every option as ``(label, words)``.
- :func:`blurb`: one line saying how a rule set differs from the common core.
- :func:`scoring_text` and :func:`seat_working`: the scoring scheme, and how one seat's
  points came about on the results screen.
- :func:`why_not`: why some cards are not a combination.
"""

from __future__ import annotations

from .cards import RANK_NAMES, CardsLike, format_card, to_cardset
from .cards import FULL_MASK
from .combos import classify_move, format_play
from .rules import (
    AssistantRule,
    Bombs,
    Deck,
    Direction,
    FlushOrder,
    HandEnd,
    LaterLeader,
    Leftovers,
    LoneTwo,
    Rules,
    StockDraw,
    StraightOrder,
    StraightShape,
    check_rules,
    tables_for,
)
from .messages import Message, msg, msg_n, msg_p
from .scoring_scheme import Scoring
from .scoring_tables import Multiplier, Settlement

__all__ = [
    "blurb", "combinations", "direction_words", "flush_words", "how_to_play", "rule_lines",
    "scoring_short", "scoring_text", "seat_working", "straight_words", "suit_words",
    "why_not", "why_not_message",
]

_SUIT_SYMBOLS = {"d": "♦", "c": "♣", "h": "♥", "s": "♠"}


# -- pieces ---------------------------------------------------------------------------------

def suit_words(rules: Rules) -> str:
    """The suits, lowest first: ``♦ < ♣ < ♥ < ♠``."""
    return " < ".join(_SUIT_SYMBOLS[s] for s in check_rules(rules).suit_order)


def _lowest(rules: Rules) -> str:
    return format_card(rules.lowest_card, symbols=True)


def _run_text(shape: StraightShape) -> str:
    return "-".join(RANK_NAMES[r] for r in shape.ranks)


_PLAIN_RUNS = frozenset(sum(1 << r for r in range(lo, lo + 5)) for lo in range(8))
_NOTABLE = ((8, 9, 10, 11, 12), (11, 12, 0, 1, 2), (12, 0, 1, 2, 3))  # J-Q-K-A-2, A-2-3-4-5, 2-3-4-5-6


def straight_order(rules: Rules) -> list[StraightShape]:
    """The straights of ``rules``, strongest first (equal places side by side)."""
    return sorted(tables_for(rules).straights, key=lambda s: -s.order)


def straight_words(rules: Rules) -> str:
    """Which runs are straights and how they rank, read off the engine's own table:
    ``A-2-3-4-5 > 2-3-4-5-6 > 10-J-Q-K-A > … > 3-4-5-6-7; J-Q-K-A-2 is no straight``."""
    shapes = straight_order(rules)
    parts: list[str] = []
    i = 0
    while i < len(shapes):
        shape = shapes[i]
        j = i
        while j + 1 < len(shapes) and shapes[j + 1].rank_mask in _PLAIN_RUNS and shape.rank_mask in _PLAIN_RUNS:
            j += 1
        if j > i + 1:
            parts += [_run_text(shape), "…", _run_text(shapes[j])]
        else:
            parts += [_run_text(s) for s in shapes[i:j + 1]]
        i = j + 1
    text = ""
    for k, part in enumerate(parts):
        if k:
            same = (part != "…" and parts[k - 1] != "…"
                    and _place(shapes, part) == _place(shapes, parts[k - 1]))
            text += " = " if same else " > "
        text += part
    present = {s.ranks for s in shapes}
    missing = [m for m in _NOTABLE if m not in present]
    if missing:
        names = " and ".join("-".join(RANK_NAMES[r] for r in m) for m in missing)
        text += f"; {names} {'is' if len(missing) == 1 else 'are'} no straight"
        text += "" if len(missing) == 1 else "s"
    if any(s.order == t.order for s in shapes for t in shapes if s is not t):
        text += "; equal straights go by the suit of the 2"
    return text


def _place(shapes: list[StraightShape], text: str) -> int:
    return next(s.order for s in shapes if _run_text(s) == text)


def flush_words(rules: Rules) -> str:
    """How flushes rank against each other."""
    return {
        FlushOrder.HIGHEST_CARD: "by their highest card, then its suit",
        FlushOrder.SUIT_FIRST: "by suit first, then by their highest card",
        FlushOrder.POKER: "card by card from the top, as in poker; the suit only when all five ranks are equal",
    }[check_rules(rules).flush_order]


def straight_flush_words(rules: Rules) -> str:
    """How straight flushes rank against each other."""
    if not rules.straight_flush_by_flush_order or rules.flush_order is FlushOrder.HIGHEST_CARD:
        if rules.straight_flush_by_flush_order:
            return "by their highest card, then its suit, then as straights rank"
        return "as straights rank, then by suit"
    if rules.flush_order is FlushOrder.SUIT_FIRST:
        return "by suit first, then as straights rank"
    return "card by card from the top as in poker, then by suit"


def direction_words(rules: Rules) -> str:
    """Which way the turn goes, as a phrase: ``anticlockwise`` … ."""
    return {
        Direction.ANTICLOCKWISE: "anticlockwise",
        Direction.CLOCKWISE: "clockwise",
        Direction.ALTERNATE: "anticlockwise in the first hand, then the other way round every hand",
        Direction.ALTERNATE_CLOCKWISE_FIRST: "clockwise in the first hand, then the other way round every hand",
    }[check_rules(rules).direction]


def _later_leader(rules: Rules) -> str:
    lowest = _lowest(rules)
    must = "who must play it" if rules.first_lead_has_lowest else "who may start with anything"
    return {
        LaterLeader.LOWEST_CARD: f"Every hand is started by the player holding {lowest}, {must}.",
        LaterLeader.WINNER: f"The first hand is started by the player holding {lowest}, {must}; "
        "every later hand by the winner of the hand before, with anything.",
        LaterLeader.LOSER: f"The first hand is started by the player holding {lowest}, {must}; "
        "every later hand by the player left with most cards in the hand before, with anything "
        "(a tie goes to the one whose largest combination is smallest).",
        LaterLeader.INDONESIAN_ROUNDS: "Hands come in rounds of ten: the first hand of a round is "
        f"started by the player holding {lowest}, {must}; the other nine by the winner of the "
        "hand before, with anything.",
    }[rules.later_leader]


def _assistant(rules: Rules) -> str:
    return {
        AssistantRule.OFF: "",
        AssistantRule.ENFORCED: "When the next player holds a single card, you must play a "
        "combination of more cards or your highest single card, and you may not pass while "
        "your highest single beats the card on the table.",
        AssistantRule.LIABILITY: "When the next player holds a single card you should play a "
        "combination of more cards or your highest single card; you may hold back, but if that "
        "player then goes out at once, you pay everyone's losses for the hand.",
    }[rules.assistant]


def _lone_two(rules: Rules) -> str:
    if rules.lone_two is LoneTwo.ALLOWED:
        return ""
    if rules.lone_two is LoneTwo.NO_LONE_TWO:
        return "You may not keep a lone 2 as your last card, so nobody goes out on a single 2."
    top = format_card(tables_for(rules).by_strength[-1], symbols=True)
    return f"You may not keep the {top} alone as your last card."


def _deal(rules: Rules) -> str:
    if rules.leftovers is Leftovers.TO_LOWEST:
        small = ("With two or three players the whole pack is dealt out evenly; the cards left "
                 f"over go to the player holding {_lowest(rules)} (or the next lowest card).")
    else:
        small = (f"With two or three players each is dealt {rules.cards_per_player} cards too and "
                 "the rest of the pack lies unused")
        if rules.stock_draw is StockDraw.ONE:
            small += "; a player who passes draws one card from it while it lasts"
        elif rules.stock_draw is StockDraw.AS_MANY_AS_NEEDED:
            small += ("; a player who passes draws as many cards from it as the play on the "
                      "table has, while it lasts")
        small += "."
    out = f"Four players are dealt 13 cards each. {small}"
    if rules.three_player_exchange:
        out += (" With three players, from the second hand on the loser of the last hand gives "
                "their highest card to the winner, who gives back any card they choose.")
    return out


def _passing(rules: Rules) -> str:
    if rules.pass_locks_out:
        return ("Once you pass you sit out the rest of the trick. If everyone else passes, the "
                "player who played last may beat their own play or pass; then they start a new "
                "trick with anything.")
    return ("Passing does not stop you playing later in the same trick. When everyone else has "
            "passed, the last player to play starts a new trick with anything.")


def _end(rules: Rules) -> str:
    if rules.hand_end is HandEnd.PLAY_ON:
        return ("When a player runs out of cards the others play on, until only one player "
                "still holds cards; if nobody beats a finished player's last play, the next "
                "player still in starts a new trick.")
    return "The first player with no cards left wins the hand, and the hand ends at once."


def _extras(rules: Rules) -> list[str]:
    out = []
    if rules.bombs is Bombs.HONOUR_HANDS:
        out.append("Four of a kind with one card, and straight flushes, may also be played on "
                   "any single, pair or triple.")
    if rules.dragon_wins:
        out.append("A player dealt a dragon (one card of every rank) wins the hand at once.")
    if rules.auto_pass:
        out.append("A player who cannot beat the play on the table passes automatically.")
    return [s for s in (*out, _assistant(rules), _lone_two(rules)) if s]


# -- the Rules screen ---------------------------------------------------------------------

def how_to_play(rules: Rules) -> list[str]:
    """The paragraphs that open the Rules screen: the deal, who starts, a turn, the
    ranking, the house rules in force and how a hand ends."""
    check_rules(rules)
    return [
        f"{_deal(rules)} {_later_leader(rules)}",
        f"Play goes {direction_words(rules)}. Play a combination; each next player must beat it "
        f"with a higher combination of the same number of cards, or pass. {_passing(rules)}",
        f"Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits, low to high: {suit_words(rules)}.",
        " ".join([*_extras(rules), _end(rules)]),
    ]


def combinations(rules: Rules) -> list[tuple[str, str, str, bool]]:
    """Each kind of combination as ``(name, example cards, words, played here)``, weakest
    kind first; the words say how it ranks and what it beats under ``rules`` (for a kind
    the rules leave out, only what it is: the caller says it is not played)."""
    t = tables_for(rules)
    flushes, triples = t.allow_flushes, t.allow_triples
    da_lao_er = rules.deck is Deck.DA_LAO_ER
    below = "straight or flush" if flushes else "straight"
    out = [
        ("Single", "2s", "One card. The higher rank wins; the same rank goes to the higher suit.", True),
        ("Pair", "9h 9s", "Two cards of one rank. The higher rank wins; the same rank goes to the "
         "pair holding the higher suit.", True),
        ("Triple", "Qd Qc Qs", "Three cards of one rank. The higher rank wins."
         if triples else "Three cards of one rank.", triples),
    ]
    if rules.four_alone:
        out.append(("Four of a kind alone", "Jd Jc Jh Js", "Four cards of one rank played alone: "
                    "its own kind, beaten only by a higher four.", True))
    out.append(("Straight", "5h 6d 7c 8s 9d", f"Five ranks in a row, any suits: "
                f"{straight_words(rules)}. The lowest five-card hand.", True))
    out.append(("Flush", "4c 8c Tc Jc Kc", f"Five cards of one suit, ranked {flush_words(rules)}. "
                "Beats any straight." if flushes else "Five cards of one suit.", flushes))
    full = "A triple with a pair; the triple decides. "
    full += ("It cannot be played on a straight, nor a straight on it." if da_lao_er
             else f"Beats any {below}.")
    out.append(("Full house", "7d 7h 7s Kc Kh", full, True))
    beaten = ["straight", "flush", "full house"] if flushes else ["straight", "full house"]
    four = ("Four cards of one rank with any fifth card; the four decide. Beats any "
            f"{', '.join(beaten[:-1])} or {beaten[-1]}.")
    if rules.bombs is Bombs.ROYAL_OVER_FOURS:
        four += " Beats every straight flush but the royal one (10-J-Q-K-A)."
    if rules.bombs is Bombs.HONOUR_HANDS:
        four += " May also be played on any single, pair or triple."
    out.append(("Four of a kind", "Jd Jc Jh Js 3c", four, True))
    flush = f"A straight all in one suit, ranked {straight_flush_words(rules)}. "
    if rules.bombs is Bombs.ROYAL_OVER_FOURS:
        flush += ("Beats any other five-card hand but four of a kind; the royal flush "
                  "(10-J-Q-K-A) beats four of a kind too.")
    else:
        flush += "Beats every other five-card hand."
    if rules.bombs is Bombs.HONOUR_HANDS:
        flush += " May also be played on any single, pair or triple."
    out.append(("Straight flush", "9h Th Jh Qh Kh", flush, True))
    return out


def rule_lines(rules: Rules) -> list[tuple[str, str]]:
    """Every option of ``rules`` as ``(label, plain words)``, for the rules screen."""
    check_rules(rules)
    lowest = _lowest(rules)
    deck = {
        Deck.FULL: "singles, pairs, triples and five-card hands",
        Deck.NO_TRIPLES_NO_FLUSHES: "no triples and no flushes",
        Deck.DA_LAO_ER: "no flushes; a full house cannot be played on a straight",
    }[rules.deck]
    bombs = {
        Bombs.NONE: "none: a play is beaten only by one of the same number of cards",
        Bombs.HONOUR_HANDS: "four of a kind with one card and straight flushes also beat "
        "singles, pairs and triples",
        Bombs.ROYAL_OVER_FOURS: "only the royal flush beats four of a kind; four of a kind beats "
        "the other straight flushes",
    }[rules.bombs]
    leader = {
        LaterLeader.LOWEST_CARD: f"the player holding {lowest}",
        LaterLeader.WINNER: "the winner of the hand before, with anything",
        LaterLeader.LOSER: "the player left with most cards in the hand before, with anything",
        LaterLeader.INDONESIAN_ROUNDS: f"rounds of ten hands: {lowest} starts a round, the last "
        "winner the other nine",
    }[rules.later_leader]
    assistant = {
        AssistantRule.OFF: "off: you may play anything",
        AssistantRule.ENFORCED: "before a player holding one card, play your highest single or "
        "more cards",
        AssistantRule.LIABILITY: "hold back before a player on one card and you pay everyone's "
        "losses if they go out next",
    }[rules.assistant]
    lone = {LoneTwo.ALLOWED: "allowed"}.get(rules.lone_two) or _lone_two(rules).rstrip(".")
    cards = ("the whole pack, dealt out evenly; leftovers to the lowest card's holder"
             if rules.leftovers is Leftovers.TO_LOWEST
             else f"{rules.cards_per_player} each, the rest unused")
    stock = {
        StockDraw.NONE: "no drawing",
        StockDraw.ONE: "a player who passes draws one card",
        StockDraw.AS_MANY_AS_NEEDED: "a player who passes draws as many cards as the play has",
    }[rules.stock_draw]
    return [
        ("Suits, low to high", suit_words(rules)),
        ("Straights", straight_words(rules)),
        ("Flushes", flush_words(rules) if tables_for(rules).allow_flushes
         else "not played under these rules"),
        ("Straight flushes", straight_flush_words(rules)),
        ("Combinations", deck),
        ("Four of a kind alone", "its own kind, beaten only by a higher four"
         if rules.four_alone else "not allowed: it needs a fifth card"),
        ("Bombs", bombs),
        ("First play", f"must include {lowest}" if rules.first_lead_has_lowest
         else f"the holder of {lowest} may play anything"),
        ("Later hands started by", leader),
        ("Direction", direction_words(rules)),
        ("Assistant rule", assistant),
        ("Passing", "locks you out until the trick ends" if rules.pass_locks_out
         else "you may play again later in the trick"),
        ("Dragon (one card of each rank)", "wins the hand at once" if rules.dragon_wins
         else "no special effect"),
        ("Going out on a 2", lone),
        ("End of a hand", "play on until one player is left" if rules.hand_end is HandEnd.PLAY_ON
         else "the first player out wins"),
        ("Automatic pass", "yes, when you cannot beat the table" if rules.auto_pass else "no"),
        ("Cards dealt (2-3 players)", cards),
        ("Stock (2-3 players)", stock),
        ("Three-player exchange", "the loser gives their highest card for one the winner "
         "chooses" if rules.three_player_exchange else "no"),
    ]


# -- one line for the New game screen ------------------------------------------------------

def scoring_short(scoring: Scoring) -> str:
    """The scoring scheme in a few words: ``pairwise payments with multipliers``."""
    s = scoring.settlement
    multiplied = scoring.table is not Multiplier.NONE
    words = {
        Settlement.PENALTIES: "penalty points" + (" that grow with cards left" if multiplied else ", one a card"),
        Settlement.WINNER_ONLY: "the winner collects" + (", more for many cards left" if multiplied else ", one a card"),
        Settlement.PAIRWISE: "every pair settles up" + (" with multipliers" if multiplied else ", one a card"),
        Settlement.LOSER_PAYS: "only the loser pays",
        Settlement.POSITIVE: "the winner scores, doubled for each 2 in the last play",
        Settlement.FINISH_ORDER: "points by finishing place",
    }[s]
    if scoring.honours and s.uses_penalties:
        words += ", honours cost extra"
    return words


def blurb(rules: Rules, scoring: Scoring) -> str:
    """One sentence: what ``rules`` change from the common core, then the scoring."""
    check_rules(rules)
    parts: list[str] = []
    if rules.suit_order != "dchs":
        parts.append(f"suits {suit_words(rules)} ({_lowest(rules)} leads)")
    if rules.direction is not Direction.ANTICLOCKWISE:
        parts.append({
            Direction.CLOCKWISE: "clockwise",
            Direction.ALTERNATE: "anticlockwise first, then the direction switches every hand",
            Direction.ALTERNATE_CLOCKWISE_FIRST: "clockwise first, then the direction switches "
            "every hand",
        }[rules.direction])
    if rules.straight_order is not StraightOrder.HONG_KONG:
        shapes = straight_order(rules)
        top = [_run_text(s) for s in shapes if s.order == shapes[0].order]
        words = (f"{top[0]} is the top straight" if len(top) == 1
                 else f"{' and '.join(top)} are the top straights")
        present = {s.ranks for s in shapes}
        if _NOTABLE[1] not in present and _NOTABLE[2] not in present:
            words += ", and no straight runs from 2 to 3"
        parts.append(words)
    if rules.flush_order is not FlushOrder.HIGHEST_CARD and tables_for(rules).allow_flushes:
        parts.append("flushes " + ("by suit first" if rules.flush_order is FlushOrder.SUIT_FIRST
                                   else "compared as in poker"))
    if rules.straight_flush_by_flush_order and rules.flush_order is not FlushOrder.HIGHEST_CARD:
        parts.append("straight flushes too")
    if rules.deck is not Deck.FULL:
        parts.append({Deck.NO_TRIPLES_NO_FLUSHES: "no triples or flushes",
                      Deck.DA_LAO_ER: "no flushes, full houses apart from straights"}[rules.deck])
    if rules.four_alone:
        parts.append("four of a kind alone")
    if rules.bombs is Bombs.HONOUR_HANDS:
        parts.append("fours and straight flushes beat anything")
    elif rules.bombs is Bombs.ROYAL_OVER_FOURS:
        parts.append("only a royal flush beats four of a kind")
    if not rules.first_lead_has_lowest:
        parts.append(f"the first play need not hold {_lowest(rules)}")
    if rules.later_leader is not LaterLeader.LOWEST_CARD:
        parts.append({LaterLeader.WINNER: "the winner leads the next hand",
                      LaterLeader.LOSER: "the loser leads the next hand",
                      LaterLeader.INDONESIAN_ROUNDS: "rounds of ten hands"}[rules.later_leader])
    if rules.assistant is AssistantRule.ENFORCED:
        parts.append("before a player on one card you must play your best")
    elif rules.assistant is AssistantRule.LIABILITY:
        parts.append("hold back before a player on one card and you pay for it")
    if rules.pass_locks_out:
        parts.append("passing locks you out of the trick")
    if rules.dragon_wins:
        parts.append("a dragon wins at once")
    if rules.lone_two is not LoneTwo.ALLOWED:
        parts.append("no going out on a lone 2" if rules.lone_two is LoneTwo.NO_LONE_TWO
                     else "no going out on the top 2")
    if rules.hand_end is HandEnd.PLAY_ON:
        parts.append("play on to a finishing order")
    if rules.auto_pass:
        parts.append("automatic passing")
    if not parts:
        parts.append(f"{_lowest(rules)} leads every hand, anticlockwise")
    parts.append(scoring_short(scoring))
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


# -- scoring ----------------------------------------------------------------------------

def scoring_text(scoring: Scoring) -> str:
    """The scoring scheme in full sentences (the engine's own description of it)."""
    if not isinstance(scoring, Scoring):
        raise ValueError(f"{scoring!r} is not a scoring scheme: use scoring_preset(name).")
    return scoring.describe()


def seat_working(cards_left: int, counted: int, multiplier: int, points: int,
                 scoring: Scoring) -> str:
    """How one seat's points came about, for the results screen: ``8 × 2`` when the scheme
    counts cards and multiplies them, else '' (the points say it all)."""
    if not scoring.settlement.uses_penalties or not cards_left or multiplier <= 0:
        return ""
    return f"{counted} × {multiplier * scoring.unit}"


# -- why some cards are not a combination ----------------------------------------------------

def _shape_words(counts: list[int]) -> Message | None:
    """What a hand of these rank counts is, as a player would say it."""
    if counts == [2, 2]:
        return msg("two pairs")
    if counts == [3, 1]:
        return msg("a triple with one card")
    if counts == [2, 2, 1]:
        return msg("two pairs and a card")
    if counts == [3, 1, 1]:
        return msg("a triple with two odd cards")
    if counts == [2, 1, 1]:
        return msg("a pair with two odd cards")
    if counts == [2, 1, 1, 1]:
        return msg("a pair with three odd cards")
    if counts == [4]:
        return msg("four of a kind")
    return None


def why_not(cards: CardsLike, rules: Rules) -> str:
    """A sentence saying why ``cards`` are not a combination ('' when they are one), in
    English; :func:`why_not_message` gives it as a :class:`Message` to translate."""
    found = why_not_message(cards, rules)
    return "" if found is None else str(found)


def why_not_message(cards: CardsLike, rules: Rules) -> Message | None:
    """Why ``cards`` are not a combination under ``rules`` (None when they are one)."""
    cs = to_cardset(cards)
    t = tables_for(rules)
    if classify_move(cs.mask, t) is not None:
        return None
    n = len(cs)
    if n == 0:
        return msg("Choose some cards first.")
    text = format_play(cs.mask & FULL_MASK, rules)
    ranks: dict[int, int] = {}
    for c in cs:
        ranks[c >> 2] = ranks.get(c >> 2, 0) + 1
    counts = sorted(ranks.values(), reverse=True)
    shape = _shape_words(counts)
    if n > 5:
        if t.four_alone:
            return msg_n("{n} card is not a combination: play 1, 2, 3, 4 or 5 cards.",
                         "{n} cards are not a combination: play 1, 2, 3, 4 or 5 cards.", n)
        return msg_n("{n} card is not a combination: play 1, 2, 3 or 5 cards.",
                     "{n} cards are not a combination: play 1, 2, 3 or 5 cards.", n)
    if n == 3 and counts == [3]:
        return msg("{cards} is a triple, which these rules don't allow: play singles, pairs or "
                   "five cards.", cards=text)
    if n == 4 and counts == [4]:
        return msg("{cards} is four of a kind, which needs a fifth card under these rules: "
                   "add any card to make a five-card hand.", cards=text)
    if n == 2:
        return msg("{cards} is not a pair: both cards must have the same rank.", cards=text)
    if n == 3:
        return msg("{cards} is not a triple: all 3 cards must have the same rank.", cards=text)
    if n == 4:
        if shape is not None and counts == [2, 2]:
            return msg("{cards} is two pairs, which these rules don't allow: play the pairs one "
                       "at a time.", cards=text)
        if shape is not None and counts == [3, 1]:
            if t.allow_triples:
                return msg("{cards} is a triple with one card, which these rules don't allow: "
                           "play the triple alone, or with a pair as a full house.", cards=text)
            return msg("{cards} is a triple with one card, which these rules don't allow.",
                       cards=text)
        if shape is not None:
            if t.four_alone:
                return msg("{cards} is {shape}, which these rules don't allow: play 1, 2, 3, 4 "
                           "or 5 cards.", cards=text, shape=shape)
            return msg("{cards} is {shape}, which these rules don't allow: play 1, 2, 3 or 5 "
                       "cards.", cards=text, shape=shape)
        if t.four_alone:
            return msg("{cards} is not a combination: play 1, 2, 3, 4 or 5 cards.", cards=text)
        return msg("{cards} is not a combination: play 1, 2, 3 or 5 cards.", cards=text)
    # five cards
    if counts == [3, 2] or counts == [4, 1]:  # a full house or four that the table refuses
        return msg("{cards} is not a combination under these rules.", cards=text)
    if shape is not None:
        if counts == [3, 1, 1]:
            return msg("{cards} is a triple with two odd cards (the other two would have to be "
                       "a pair to make a full house), which these rules don't allow.", cards=text)
        return msg("{cards} is {shape}, which these rules don't allow.", cards=text, shape=shape)
    one_suit = len({c & 3 for c in cs}) == 1
    if one_suit and not t.allow_flushes:
        return msg("{cards} is a flush, which these rules don't allow.", cards=text)
    if len(ranks) == 5 and _is_cyclic_run(set(ranks)):
        return msg("{cards} is not a straight under these rules: the straights are "
                   "{straights}.", cards=text, straights=straight_words(rules))
    if t.allow_flushes:
        return msg("{cards} is not a five-card hand: play a straight, flush, full house, four "
                   "of a kind with one card, or straight flush.", cards=text)
    return msg("{cards} is not a five-card hand: play a straight, full house, four of a kind "
               "with one card, or straight flush.", cards=text)


def _is_cyclic_run(ranks: set[int]) -> bool:
    """Whether five ranks follow each other on the wheel 3 4 … A 2 3 (any wrap)."""
    return any(all((lo + k) % 13 in ranks for k in range(5)) for lo in range(13))
