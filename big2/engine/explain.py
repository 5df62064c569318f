"""Every sentence the game uses to explain its rules and scoring, built from the real values.

One pure module, so that what the Rules screen, F1, the New game blurbs, the results
screen and the error messages say can never drift from what the engine does. Everything
here takes a :class:`Rules` (and a :class:`Scoring` where points are concerned) and
returns plain player words, no option ids or enum values, as
:class:`~big2.engine.messages.Message` values: ``str()`` of one is the English, and the
app renders it in the player's language (``big2.i18n.render``). Sentences are whole
templates with parameters (cards, numbers, nested phrases), never English glued
together, so each language can order and join them its own way.

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
    STANDARD,
    Rules,
    StockDraw,
    StraightOrder,
    StraightShape,
    check_rules,
    tables_for,
)
from .messages import Message, capitalized, clauses, msg, msg_n, msg_p, sentences
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
    """The suits, lowest first: ``♦ < ♣ < ♥ < ♠`` (symbols: the same in every language)."""
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


def straight_words(rules: Rules) -> Message:
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
    order = ""
    for k, part in enumerate(parts):
        if k:
            same = (part != "…" and parts[k - 1] != "…"
                    and _place(shapes, part) == _place(shapes, parts[k - 1]))
            order += " = " if same else " > "
        order += part
    text = msg_p("straights", "{order}", order=order)
    present = {s.ranks for s in shapes}
    missing = ["-".join(RANK_NAMES[r] for r in m) for m in _NOTABLE if m not in present]
    if len(missing) == 1:
        text = msg("{order}; {run} is no straight", order=text, run=missing[0])
    elif len(missing) == 2:
        text = msg("{order}; {run} and {other} are no straights", order=text, run=missing[0],
                   other=missing[1])
    elif missing:
        text = msg("{order}; {run}, {other} and {third} are no straights", order=text,
                   run=missing[0], other=missing[1], third=missing[2])
    if any(s.order == t.order for s in shapes for t in shapes if s is not t):
        text = msg("{order}; equal straights go by the suit of the 2", order=text)
    return text


def _place(shapes: list[StraightShape], text: str) -> int:
    return next(s.order for s in shapes if _run_text(s) == text)


def flush_words(rules: Rules) -> Message:
    """How flushes rank against each other."""
    order = check_rules(rules).flush_order
    if order is FlushOrder.HIGHEST_CARD:
        return msg("by their highest card, then its suit")
    if order is FlushOrder.SUIT_FIRST:
        return msg("by suit first, then by their highest card")
    return msg("card by card from the top, as in poker; the suit only when all five ranks are equal")


def straight_flush_words(rules: Rules) -> Message:
    """How straight flushes rank against each other."""
    if not rules.straight_flush_by_flush_order or rules.flush_order is FlushOrder.HIGHEST_CARD:
        if rules.straight_flush_by_flush_order:
            return msg("by their highest card, then its suit, then as straights rank")
        return msg("as straights rank, then by suit")
    if rules.flush_order is FlushOrder.SUIT_FIRST:
        return msg("by suit first, then as straights rank")
    return msg("card by card from the top as in poker, then by suit")


def direction_words(rules: Rules) -> Message:
    """Which way the turn goes, as a phrase: ``anticlockwise`` … ."""
    direction = check_rules(rules).direction
    if direction is Direction.ANTICLOCKWISE:
        return msg("anticlockwise")
    if direction is Direction.CLOCKWISE:
        return msg("clockwise")
    if direction is Direction.ALTERNATE:
        return msg("anticlockwise in the first hand, then the other way round every hand")
    return msg("clockwise in the first hand, then the other way round every hand")


def _later_leader(rules: Rules) -> Message:
    lowest = _lowest(rules)
    must = msg("who must play it") if rules.first_lead_has_lowest else msg("who may start with anything")
    if rules.later_leader is LaterLeader.LOWEST_CARD:
        return msg("Every hand is started by the player holding {card}, {must}.", card=lowest, must=must)
    if rules.later_leader is LaterLeader.WINNER:
        return msg("The first hand is started by the player holding {card}, {must}; every later "
                   "hand by the winner of the hand before, with anything.", card=lowest, must=must)
    if rules.later_leader is LaterLeader.LOSER:
        return msg("The first hand is started by the player holding {card}, {must}; every later "
                   "hand by the player left with most cards in the hand before, with anything "
                   "(a tie goes to the one whose largest combination is smallest).",
                   card=lowest, must=must)
    return msg("Hands come in rounds of ten: the first hand of a round is started by the player "
               "holding {card}, {must}; the other nine by the winner of the hand before, with "
               "anything.", card=lowest, must=must)


def _assistant(rules: Rules) -> Message | None:
    if rules.assistant is AssistantRule.ENFORCED:
        return msg("When the next player holds a single card, you must play a combination of "
                   "more cards or your highest single card, and you may not pass while your "
                   "highest single beats the card on the table.")
    if rules.assistant is AssistantRule.LIABILITY:
        return msg("When the next player holds a single card you should play a combination of "
                   "more cards or your highest single card; you may hold back, but if that "
                   "player then goes out at once, you pay everyone's losses for the hand.")
    return None


def _lone_two(rules: Rules) -> Message | None:
    if rules.lone_two is LoneTwo.ALLOWED:
        return None
    if rules.lone_two is LoneTwo.NO_LONE_TWO:
        return msg("You may not keep a lone 2 as your last card, so nobody goes out on a single 2.")
    top = format_card(tables_for(rules).by_strength[-1], symbols=True)
    return msg("You may not keep the {card} alone as your last card.", card=top)


def _deal(rules: Rules) -> Message:
    if rules.leftovers is Leftovers.TO_LOWEST:
        small = msg("With two or three players the whole pack is dealt out evenly; the cards "
                    "left over go to the player holding {card} (or the next lowest card).",
                    card=_lowest(rules))
    elif rules.stock_draw is StockDraw.ONE:
        small = msg("With two or three players each is dealt {n} cards too and the rest of the "
                    "pack lies unused; a player who passes draws one card from it while it lasts.",
                    n=rules.cards_per_player)
    elif rules.stock_draw is StockDraw.AS_MANY_AS_NEEDED:
        small = msg("With two or three players each is dealt {n} cards too and the rest of the "
                    "pack lies unused; a player who passes draws as many cards from it as the "
                    "play on the table has, while it lasts.", n=rules.cards_per_player)
    else:
        small = msg("With two or three players each is dealt {n} cards too and the rest of the "
                    "pack lies unused.", n=rules.cards_per_player)
    out = sentences(msg("Four players are dealt 13 cards each."), small)
    if rules.three_player_exchange:
        out = sentences(out, msg("With three players, from the second hand on the loser of the "
                                 "last hand gives their highest card to the winner, who gives back "
                                 "any card they choose."))
    return out


def _passing(rules: Rules) -> Message:
    if rules.pass_locks_out:
        return msg("Once you pass you sit out the rest of the trick. If everyone else passes, the "
                   "player who played last may beat their own play or pass; then they start a new "
                   "trick with anything.")
    return msg("Passing does not stop you playing later in the same trick. When everyone else has "
               "passed, the last player to play starts a new trick with anything.")


def _end(rules: Rules) -> Message:
    if rules.hand_end is HandEnd.PLAY_ON:
        return msg("When a player runs out of cards the others play on, until only one player "
                   "still holds cards; if nobody beats a finished player's last play, the next "
                   "player still in starts a new trick.")
    return msg("The first player with no cards left wins the hand, and the hand ends at once.")


def _extras(rules: Rules) -> list[Message]:
    out: list[Message | None] = []
    if rules.bombs is Bombs.HONOUR_HANDS:
        out.append(msg("Four of a kind with one card, and straight flushes, may also be played on "
                       "any single, pair or triple."))
    if rules.dragon_wins:
        out.append(msg("A player dealt a dragon (one card of every rank) wins the hand at once."))
    if rules.auto_pass:
        out.append(msg("A player who cannot beat the play on the table passes automatically."))
    return [s for s in (*out, _assistant(rules), _lone_two(rules)) if s is not None]


# -- the Rules screen ---------------------------------------------------------------------

def how_to_play(rules: Rules) -> list[Message]:
    """The paragraphs that open the Rules screen: the deal, who starts, a turn, the
    ranking, the house rules in force and how a hand ends."""
    check_rules(rules)
    return [
        sentences(_deal(rules), _later_leader(rules)),
        msg("Play goes {direction}. Play a combination; each next player must beat it with a "
            "higher combination of the same number of cards, or pass. {passing}",
            direction=direction_words(rules), passing=_passing(rules)),
        msg("Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits, low to high: {suits}.",
            suits=suit_words(rules)),
        sentences(*_extras(rules), _end(rules)),
    ]


def combinations(rules: Rules) -> list[tuple[Message, str, Message, bool]]:
    """Each kind of combination as ``(name, example cards, words, played here)``, weakest
    kind first; the words say how it ranks and what it beats under ``rules`` (for a kind
    the rules leave out, only what it is: the caller says it is not played)."""
    t = tables_for(rules)
    flushes, triples = t.allow_flushes, t.allow_triples
    da_lao_er = rules.deck is Deck.DA_LAO_ER
    out = [
        (msg("Single"), "2s", msg("One card. The higher rank wins; the same rank goes to the "
                                  "higher suit."), True),
        (msg("Pair"), "9h 9s", msg("Two cards of one rank. The higher rank wins; the same rank "
                                   "goes to the pair holding the higher suit."), True),
        (msg("Triple"), "Qd Qc Qs", msg("Three cards of one rank. The higher rank wins.")
         if triples else msg("Three cards of one rank."), triples),
    ]
    if rules.four_alone:
        out.append((msg("Four of a kind alone"), "Jd Jc Jh Js",
                    msg("Four cards of one rank played alone: its own kind, beaten only by a "
                        "higher four."), True))
    out.append((msg("Straight"), "5h 6d 7c 8s 9d",
                msg("Five ranks in a row, any suits: {straights}. The lowest five-card hand.",
                    straights=straight_words(rules)), True))
    out.append((msg("Flush"), "4c 8c Tc Jc Kc",
                msg("Five cards of one suit, ranked {order}. Beats any straight.",
                    order=flush_words(rules)) if flushes else msg("Five cards of one suit."),
                flushes))
    if da_lao_er:
        full = msg("A triple with a pair; the triple decides. It cannot be played on a straight, "
                   "nor a straight on it.")
    elif flushes:
        full = msg("A triple with a pair; the triple decides. Beats any straight or flush.")
    else:
        full = msg("A triple with a pair; the triple decides. Beats any straight.")
    out.append((msg("Full house"), "7d 7h 7s Kc Kh", full, True))
    four = (msg("Four cards of one rank with any fifth card; the four decide. Beats any "
                "straight, flush or full house.") if flushes
            else msg("Four cards of one rank with any fifth card; the four decide. Beats any "
                     "straight or full house."))
    if rules.bombs is Bombs.ROYAL_OVER_FOURS:
        four = sentences(four, msg("Beats every straight flush but the royal one (10-J-Q-K-A)."))
    if rules.bombs is Bombs.HONOUR_HANDS:
        four = sentences(four, msg("May also be played on any single, pair or triple."))
    out.append((msg("Four of a kind"), "Jd Jc Jh Js 3c", four, True))
    flush = msg("A straight all in one suit, ranked {order}.", order=straight_flush_words(rules))
    if rules.bombs is Bombs.ROYAL_OVER_FOURS:
        flush = sentences(flush, msg("Beats any other five-card hand but four of a kind; the "
                                     "royal flush (10-J-Q-K-A) beats four of a kind too."))
    else:
        flush = sentences(flush, msg("Beats every other five-card hand."))
    if rules.bombs is Bombs.HONOUR_HANDS:
        flush = sentences(flush, msg("May also be played on any single, pair or triple."))
    out.append((msg("Straight flush"), "9h Th Jh Qh Kh", flush, True))
    return out


def rule_lines(rules: Rules) -> list[tuple[Message, Message]]:
    """Every option of ``rules`` as ``(label, plain words)``, for the rules screen."""
    check_rules(rules)
    lowest = _lowest(rules)
    deck = {
        Deck.FULL: msg("singles, pairs, triples and five-card hands"),
        Deck.NO_TRIPLES_NO_FLUSHES: msg("no triples and no flushes"),
        Deck.DA_LAO_ER: msg("no flushes; a full house cannot be played on a straight"),
    }[rules.deck]
    bombs = {
        Bombs.NONE: msg("none: a play is beaten only by one of the same number of cards"),
        Bombs.HONOUR_HANDS: msg("four of a kind with one card and straight flushes also beat "
                                "singles, pairs and triples"),
        Bombs.ROYAL_OVER_FOURS: msg("only the royal flush beats four of a kind; four of a kind "
                                    "beats the other straight flushes"),
    }[rules.bombs]
    leader = {
        LaterLeader.LOWEST_CARD: msg("the player holding {card}", card=lowest),
        LaterLeader.WINNER: msg("the winner of the hand before, with anything"),
        LaterLeader.LOSER: msg("the player left with most cards in the hand before, with anything"),
        LaterLeader.INDONESIAN_ROUNDS: msg("rounds of ten hands: {card} starts a round, the last "
                                           "winner the other nine", card=lowest),
    }[rules.later_leader]
    assistant = {
        AssistantRule.OFF: msg("off: you may play anything"),
        AssistantRule.ENFORCED: msg("before a player holding one card, play your highest single "
                                    "or more cards"),
        AssistantRule.LIABILITY: msg("hold back before a player on one card and you pay "
                                     "everyone's losses if they go out next"),
    }[rules.assistant]
    if rules.lone_two is LoneTwo.ALLOWED:
        lone = msg("allowed")
    elif rules.lone_two is LoneTwo.NO_LONE_TWO:
        lone = msg("You may not keep a lone 2 as your last card, so nobody goes out on a single 2")
    else:
        lone = msg("You may not keep the {card} alone as your last card",
                   card=format_card(tables_for(rules).by_strength[-1], symbols=True))
    cards = (msg("the whole pack, dealt out evenly; leftovers to the lowest card's holder")
             if rules.leftovers is Leftovers.TO_LOWEST
             else msg("{n} each, the rest unused", n=rules.cards_per_player))
    stock = {
        StockDraw.NONE: msg("no drawing"),
        StockDraw.ONE: msg("a player who passes draws one card"),
        StockDraw.AS_MANY_AS_NEEDED: msg("a player who passes draws as many cards as the play has"),
    }[rules.stock_draw]
    no = msg_p("rule option", "no")
    return [
        (msg("Suits, low to high"), msg_p("suits", "{suits}", suits=suit_words(rules))),
        (msg("Straights"), straight_words(rules)),
        (msg("Flushes"), flush_words(rules) if tables_for(rules).allow_flushes
         else msg("not played under these rules")),
        (msg("Straight flushes"), straight_flush_words(rules)),
        (msg("Combinations"), deck),
        (msg("Four of a kind alone"), msg("its own kind, beaten only by a higher four")
         if rules.four_alone else msg("not allowed: it needs a fifth card")),
        (msg("Bombs"), bombs),
        (msg("First play"), msg("must include {card}", card=lowest) if rules.first_lead_has_lowest
         else msg("the holder of {card} may play anything", card=lowest)),
        (msg("Later hands started by"), leader),
        (msg("Direction"), direction_words(rules)),
        (msg("Assistant rule"), assistant),
        (msg("Passing"), msg("locks you out until the trick ends") if rules.pass_locks_out
         else msg("you may play again later in the trick")),
        (msg("Dragon (one card of each rank)"), msg("wins the hand at once") if rules.dragon_wins
         else msg("no special effect")),
        (msg("Going out on a 2"), lone),
        (msg("End of a hand"), msg("play on until one player is left")
         if rules.hand_end is HandEnd.PLAY_ON else msg("the first player out wins")),
        (msg("Automatic pass"), msg("yes, when you cannot beat the table") if rules.auto_pass else no),
        (msg("Cards dealt (2-3 players)"), cards),
        (msg("Stock (2-3 players)"), stock),
        (msg("Three-player exchange"), msg("the loser gives their highest card for one the winner "
                                           "chooses") if rules.three_player_exchange else no),
    ]


# -- one line for the New game screen ------------------------------------------------------

def scoring_short(scoring: Scoring) -> Message:
    """The scoring scheme in a few words: ``every pair settles up with multipliers``."""
    s = scoring.settlement
    multiplied = scoring.table is not Multiplier.NONE
    if s is Settlement.PENALTIES:
        words = msg("penalty points that grow with cards left") if multiplied else msg("penalty points, one a card")
    elif s is Settlement.WINNER_ONLY:
        words = msg("the winner collects, more for many cards left") if multiplied else msg("the winner collects, one a card")
    elif s is Settlement.PAIRWISE:
        words = msg("every pair settles up with multipliers") if multiplied else msg("every pair settles up, one a card")
    elif s is Settlement.LOSER_PAYS:
        words = msg("only the loser pays")
    elif s is Settlement.POSITIVE:
        words = msg("the winner scores, doubled for each 2 in the last play")
    else:
        words = msg("points by finishing place")
    if scoring.honours and s.uses_penalties:
        words = msg("{scoring}, honours cost extra", scoring=words)
    return words


def _direction_change(rules: Rules) -> Message:
    if rules.direction is Direction.CLOCKWISE:
        return msg("clockwise")
    if rules.direction is Direction.ALTERNATE:
        return msg("anticlockwise first, then the direction switches every hand")
    return msg("clockwise first, then the direction switches every hand")


def _top_straights(rules: Rules) -> Message:
    shapes = straight_order(rules)
    top = [_run_text(s) for s in shapes if s.order == shapes[0].order]
    if len(top) == 1:
        words = msg("{run} is the top straight", run=top[0])
    elif len(top) == 2:
        words = msg("{run} and {other} are the top straights", run=top[0], other=top[1])
    else:
        words = msg("{runs} are the top straights", runs=", ".join(top))
    present = {s.ranks for s in shapes}
    if _NOTABLE[1] not in present and _NOTABLE[2] not in present:
        words = msg("{straights}, and no straight runs from 2 to 3", straights=words)
    return words


def blurb(rules: Rules, scoring: Scoring) -> Message:
    """One sentence: what ``rules`` change from the common core, then the scoring."""
    check_rules(rules)
    parts: list[Message] = []
    if rules.suit_order != "dchs":
        parts.append(msg("suits {suits} ({card} leads)", suits=suit_words(rules), card=_lowest(rules)))
    if rules.direction is not Direction.ANTICLOCKWISE:
        parts.append(_direction_change(rules))
    if rules.straight_order is not StraightOrder.HONG_KONG:
        parts.append(_top_straights(rules))
    if rules.flush_order is not FlushOrder.HIGHEST_CARD and tables_for(rules).allow_flushes:
        parts.append(msg("flushes by suit first") if rules.flush_order is FlushOrder.SUIT_FIRST
                     else msg("flushes compared as in poker"))
    if rules.straight_flush_by_flush_order and rules.flush_order is not FlushOrder.HIGHEST_CARD:
        parts.append(msg("straight flushes too"))
    if rules.deck is Deck.NO_TRIPLES_NO_FLUSHES:
        parts.append(msg("no triples or flushes"))
    elif rules.deck is Deck.DA_LAO_ER:
        parts.append(msg("no flushes, full houses apart from straights"))
    if rules.four_alone:
        parts.append(msg("four of a kind alone"))
    if rules.bombs is Bombs.HONOUR_HANDS:
        parts.append(msg("fours and straight flushes beat anything"))
    elif rules.bombs is Bombs.ROYAL_OVER_FOURS:
        parts.append(msg("only a royal flush beats four of a kind"))
    if not rules.first_lead_has_lowest:
        parts.append(msg("the first play need not hold {card}", card=_lowest(rules)))
    if rules.later_leader is LaterLeader.WINNER:
        parts.append(msg("the winner leads the next hand"))
    elif rules.later_leader is LaterLeader.LOSER:
        parts.append(msg("the loser leads the next hand"))
    elif rules.later_leader is LaterLeader.INDONESIAN_ROUNDS:
        parts.append(msg("rounds of ten hands"))
    if rules.assistant is AssistantRule.ENFORCED:
        parts.append(msg("before a player on one card you must play your best"))
    elif rules.assistant is AssistantRule.LIABILITY:
        parts.append(msg("hold back before a player on one card and you pay for it"))
    if rules.pass_locks_out:
        parts.append(msg("passing locks you out of the trick"))
    if rules.dragon_wins:
        parts.append(msg("a dragon wins at once"))
    if rules.lone_two is not LoneTwo.ALLOWED:
        parts.append(msg("no going out on a lone 2") if rules.lone_two is LoneTwo.NO_LONE_TWO
                     else msg("no going out on the top 2"))
    if rules.hand_end is HandEnd.PLAY_ON:
        parts.append(msg("play on to a finishing order"))
    if rules.auto_pass:
        parts.append(msg("automatic passing"))
    if not parts:
        parts.append(msg("{card} leads every hand, anticlockwise", card=_lowest(rules)))
    parts.append(scoring_short(scoring))
    return capitalized(msg_p("sentence", "{text}.", text=clauses(*parts)))


# -- scoring ----------------------------------------------------------------------------

def scoring_text(scoring: Scoring, *, dragon: bool = False, liability: bool = False) -> Message:
    """The scoring scheme in full sentences (the engine's own description of it; see
    :meth:`Scoring.explained` for ``dragon`` and ``liability``)."""
    if not isinstance(scoring, Scoring):
        raise ValueError(f"{scoring!r} is not a scoring scheme: use scoring_preset(name).")
    return scoring.explained(dragon=dragon, liability=liability)


def seat_working(cards_left: int, counted: int, multiplier: int, points: int,
                 scoring: Scoring) -> str:
    """How one seat's points came about, for the results screen: ``8 × 2`` when the scheme
    counts cards and multiplies them, else '' (the points say it all). Digits and a sign:
    the same in every language."""
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
        return msg_p("combination", "four of a kind")
    return None


def why_not(cards: CardsLike, rules: Rules = STANDARD) -> str:
    """A sentence saying why ``cards`` are not a combination ('' when they are one), in
    English: what the cards are ("that is two pairs, which these rules don't allow") and
    what to play instead. :func:`why_not_message` gives it as a :class:`Message` to
    translate."""
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
    # lowest first, as the hand shows them (strongest first read as unsorted: "6♠ 3♣")
    text = " ".join(reversed(format_play(cs.mask & FULL_MASK, rules).split(" ")))
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
