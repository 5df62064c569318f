"""A suggested move for the human, with one sentence saying why.

:func:`hint` uses the Normal planner (a few milliseconds), or the Expert search when
given ``search_budget`` seconds. The sentence names the cards and the reason, e.g.
"Keep your 2♠ — lead the straight 4♦ 5♣ 6♥ 7♠ 8♦ while you hold control."

Every fact a reason states is computed from the position, never assumed from why the
planner chose the move: "nobody can beat it" only when no other seat could hold a
combination that beats it (from the cards nobody has shown and the seats' card counts),
"you hold control" only when your highest single left beats every unseen card, "without
breaking up your hand" only when the play is a whole part of the hand's plan, "your
weakest" only when nothing of that size you hold is weaker. Where a fact does not hold
the sentence says less. ``tests/ai/test_hint_claims.py`` checks every claim.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from big2.engine import PASS, SEAT_NAMES, Move, combo_of_move, format_play
from big2.engine.cards import FULL_MASK, format_card
from big2.engine.combos import Kind, all_moves, beats_move, five_moves, small_moves
from big2.engine.messages import Message, msg, msg_n, msg_p
from big2.engine.rules import tables_for

from .normal import Decision, Normal, Why
from .view import PlayerView, legal_moves


@dataclass(frozen=True, slots=True)
class Hint:
    """A legal ``move`` for the seat to act and a one-sentence ``reason``."""

    move: Move
    reason: Message


def hint(
    view: PlayerView,
    rng: random.Random,
    *,
    search_budget: float | None = None,
    normal: Normal | None = None,
    names: Sequence[str] | None = None,
) -> Hint:
    """Suggest a move for ``view.seat`` (which must be the seat to act).

    ``search_budget`` (seconds) asks the Expert search instead of the Normal planner;
    pass a ``normal`` object to reuse its caches between hints. ``names`` (one a seat,
    the table's) are how the sentence names other seats, as plain text; without them it
    says the compass positions. Safe to call from a worker thread as long as each thread
    uses its own objects.
    """
    if search_budget is not None:
        from .expert import Expert

        decision = Expert(time_budget=search_budget).decide(view, rng)
    else:
        decision = (normal or Normal()).decide(view, rng)
    return Hint(decision.move, explain(view, decision, names))


def kind_name(kind: Kind) -> Message:
    """A kind of combination as players say it (``pair``), to translate."""
    if kind is Kind.SINGLE:
        return msg_p("combination", "single")
    if kind is Kind.PAIR:
        return msg_p("combination", "pair")
    if kind is Kind.TRIPLE:
        return msg_p("combination", "triple")
    if kind is Kind.STRAIGHT:
        return msg_p("combination", "straight")
    if kind is Kind.FLUSH:
        return msg_p("combination", "flush")
    if kind is Kind.FULL_HOUSE:
        return msg_p("combination", "full house")
    if kind is Kind.STRAIGHT_FLUSH:
        return msg_p("combination", "straight flush")
    return msg_p("combination", "four of a kind")


def describe(move: Move, view: PlayerView) -> Message:
    """A play in words: ``the 9♠`` or ``the straight 4♦ 5♣ 6♥ 7♠ 8♦``."""
    combo = combo_of_move(move)
    text = combo.text(view.rules)
    if combo.size == 1:
        return msg_p("a play", "the {cards}", cards=text)
    return msg_p("a play", "the {kind} {cards}", kind=kind_name(combo.kind), cards=text)


def _named(move: Move, view: PlayerView) -> Message:
    """A play in words without the article: ``straight 4♦ 5♣ 6♥ 7♠ 8♦``."""
    combo = combo_of_move(move)
    text = combo.text(view.rules)
    if combo.size == 1:
        return msg_p("cards kept", "{cards}", cards=text)
    return msg_p("cards kept", "{kind} {cards}", kind=kind_name(combo.kind), cards=text)


def _seat_name(view: PlayerView, seat: int, names: Sequence[str] | None) -> Message | str:
    """How the sentence names ``seat``: the table's name when known (plain text, which
    the app shows as the table does), else the compass position."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    name = SEAT_NAMES[view.n_players][seat]
    if name == "East":
        return msg_p("seat", "East")
    if name == "North":
        return msg_p("seat", "North")
    if name == "West":
        return msg_p("seat", "West")
    return msg_p("seat", "South")


# -- facts about the position -----------------------------------------------------------

def can_be_beaten(move: Move, view: PlayerView) -> bool:
    """Whether some other seat still in the hand could hold a combination that beats
    ``move``: one formed from cards this seat has not seen, by a seat holding (or able
    to draw) at least as many cards as it needs; bombs count where the rules allow them."""
    others = [s for s in range(view.n_players) if s != view.seat and s not in view.out]
    most = max((view.counts[s] for s in others), default=0) + view.stock_size
    size = (move & FULL_MASK).bit_count()
    t = tables_for(view.rules)
    unseen = view.unseen_mask
    if size < 5 and most >= size:
        singles, pairs, triples = small_moves(unseen, t)
        group = {1: singles, 2: pairs}.get(size, triples)
        if any(beats_move(m, move, t) for m in group):
            return True
    if most < 5 or (size < 5 and not t.honour_bombs):
        return False
    return any(beats_move(m, move, t) for m in five_moves(unseen, t))


def top_single(mask: int, view: PlayerView) -> Move | None:
    """The single move of the strongest card in ``mask`` (None when empty)."""
    if not mask:
        return None
    t = tables_for(view.rules)
    best = max((c for c in range(52) if mask >> c & 1), key=lambda c: t.card_strength[c])
    return t.single_moves[best]


def holds_control(mask: int, view: PlayerView) -> bool:
    """Whether the cards ``mask`` include a single nobody else could beat."""
    top = top_single(mask, view)
    return top is not None and not can_be_beaten(top, view)


def breaks_plan(move: Move, decision: Decision) -> bool:
    """Whether ``move`` is not one whole combination of the hand's plan."""
    return move not in decision.plan


def weakest_of_size(move: Move, view: PlayerView) -> bool:
    """Whether no combination of ``move``'s size in the hand is weaker than it."""
    size = (move & FULL_MASK).bit_count()
    t = tables_for(view.rules)
    same = [m for m in all_moves(view.hand.mask, t) if (m & FULL_MASK).bit_count() == size]
    return bool(same) and min(same) == move


def _twos(view: PlayerView, decision: Decision) -> Message | None:
    """The control cards kept back, in words (None when there are none)."""
    keep = view.hand.mask & ~(decision.move & FULL_MASK)
    twos = keep >> 48
    if twos:
        return msg_p("cards kept", "{cards}", cards=format_play(twos << 48, view.rules))
    for c in decision.kept:
        if c != decision.move and not c & decision.move & FULL_MASK:
            return _named(c, view)
    return None


def explain(view: PlayerView, decision: Decision, names: Sequence[str] | None = None) -> Message:
    """The sentence for a decision (never empty); every fact in it holds (see above).
    ``str()`` of it is the English sentence; the app renders it in the player's language.
    ``names``: as for :func:`hint`."""
    move, why = decision.move, decision.why
    trick = describe(view.trick, view) if view.trick != PASS else msg_p("a play", "the {cards}", cards="")
    t = tables_for(view.rules)
    if move == PASS:
        beating = [m for m in all_moves(view.hand.mask, t) if beats_move(m, view.trick, t)]
        if not beating:
            return msg("Nothing you hold beats {trick}: pass.", trick=trick)
        if why is Why.PASS_NOTHING or why is Why.ONLY_MOVE:
            return msg("Pass: the rules leave you no play on {trick} here.", trick=trick)
        if why is Why.SEARCHED:
            if decision.worlds:
                return msg_n("Pass: in {n} sampled deal, holding your cards did better than beating {trick}.",
                             "Pass: in {n} sampled deals, holding your cards did better than beating {trick}.",
                             decision.worlds, trick=trick)
            return msg("Pass: in sampled deals, holding your cards did better than beating {trick}.",
                       trick=trick)
        keep = _twos(view, decision)
        whole = [m for m in beating if m in decision.plan]
        if whole:
            if keep is not None:
                return msg("Pass: hold back for now and keep your {keep} for later.", keep=keep)
            return msg("Pass: hold your cards back for a better moment than {trick}.", trick=trick)
        if keep is not None:
            return msg("Pass: beating {trick} would break up your hand — keep your {keep} for later.",
                       trick=trick, keep=keep)
        return msg("Pass: beating {trick} would break up your hand for little gain.", trick=trick)
    if why is Why.SEARCHED:
        if decision.worlds:
            return msg_n("Play {play}: in {n} sampled deal it did better than any other play.",
                         "Play {play}: in {n} sampled deals it did better than any other play.",
                         decision.worlds, play=describe(move, view))
        return msg("Play {play}: in sampled deals it did better than any other play.",
                   play=describe(move, view))
    play = describe(move, view)
    mask = move & FULL_MASK
    n = mask.bit_count()
    if mask == view.hand.mask:
        return msg("Play {play} — it is all you have left, so you go out.", play=play)
    if why is Why.ONLY_MOVE and len(legal_moves(view)) == 1:
        return msg("Play {play}: it is your only legal play.", play=play)
    if view.must_include is not None and mask >> view.must_include & 1:
        lowest = format_card(view.must_include, symbols=True)
        return msg("Open with {play}: the first play must hold the {card}.", play=play, card=lowest)
    unbeatable = not can_be_beaten(move, view)
    if why is Why.RUN_WINNERS and unbeatable:
        return msg("Lead {play} — nobody can beat it, so you keep the lead on the way out.", play=play)
    if view.trick == PASS:
        if why is Why.LEAD_BLOCK and decision.threat is not None:
            who = decision.threat
            return msg_n("{name} has {n} card left: lead {play}, aiming to keep them from going out.",
                         "{name} has {n} cards left: lead {play}, aiming to keep them from going out.",
                         view.counts[who], name=_seat_name(view, who, names), play=play)
        keep = _twos(view, decision)
        if keep is not None:
            if holds_control(view.hand.mask & ~mask, view):
                return msg("Keep your {keep} — lead {play} while you hold control.", keep=keep, play=play)
            return msg("Keep your {keep} for later — lead {play}.", keep=keep, play=play)
        if unbeatable:
            return msg("Lead {play}: nobody can beat it, so you keep the lead.", play=play)
        if n == 5:
            return msg("Lead {play}: five cards gone in one play.", play=play)
        if weakest_of_size(move, view):
            if n > 1:
                return msg("Lead {play}: your weakest cards, best shed while you choose the play.", play=play)
            return msg("Lead {play}: your weakest card, best shed while you choose the play.", play=play)
        if not breaks_plan(move, decision):
            return msg("Lead {play}: cards your plan can spare, best shed while you choose the play.", play=play)
        return msg("Lead {play}: best shed while you choose the play.", play=play)
    if why is Why.FOLLOW_BLOCK and decision.threat is not None:
        who = decision.threat
        return msg_n("{name} is down to {n} card: beat {trick} with {play} rather than let them take the lead.",
                     "{name} is down to {n} cards: beat {trick} with {play} rather than let them take the lead.",
                     view.counts[who], name=_seat_name(view, who, names), trick=trick, play=play)
    if unbeatable:
        return msg("Play {play} on {trick}: nobody can beat it, so you win the lead.", play=play, trick=trick)
    if not breaks_plan(move, decision):
        return msg("Play {play}: it beats {trick} without breaking up your hand.", play=play, trick=trick)
    return msg("Play {play} on {trick}: it costs your hand the least and may win you the lead.",
               play=play, trick=trick)
