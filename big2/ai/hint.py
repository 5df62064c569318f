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
from dataclasses import dataclass

from big2.engine import PASS, SEAT_NAMES, Move, combo_of_move, format_play
from big2.engine.cards import FULL_MASK, format_card
from big2.engine.combos import all_moves, beats_move, five_moves, small_moves
from big2.engine.rules import tables_for

from .base import legal_moves
from .normal import Decision, Normal, Why
from .view import PlayerView


@dataclass(frozen=True, slots=True)
class Hint:
    """A legal ``move`` for the seat to act and a one-sentence ``reason``."""

    move: Move
    reason: str


def hint(
    view: PlayerView,
    rng: random.Random,
    *,
    search_budget: float | None = None,
    normal: Normal | None = None,
) -> Hint:
    """Suggest a move for ``view.seat`` (which must be the seat to act).

    ``search_budget`` (seconds) asks the Expert search instead of the Normal planner;
    pass a ``normal`` object to reuse its caches between hints. Safe to call from a
    worker thread as long as each thread uses its own objects.
    """
    if search_budget is not None:
        from .expert import Expert

        decision = Expert(time_budget=search_budget).decide(view, rng)
    else:
        decision = (normal or Normal()).decide(view, rng)
    return Hint(decision.move, explain(view, decision))


def describe(move: Move, view: PlayerView) -> str:
    """A play in words: ``the 9♠`` or ``the straight 4♦ 5♣ 6♥ 7♠ 8♦``."""
    combo = combo_of_move(move)
    text = combo.text(view.rules)
    if combo.size == 1:
        return f"the {text}"
    return f"the {combo.kind.label} {text}"


def _seat_name(view: PlayerView, seat: int) -> str:
    return SEAT_NAMES[view.n_players][seat]


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


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


def _twos(view: PlayerView, decision: Decision) -> str:
    """The control cards kept back, as text ('' when there are none)."""
    keep = view.hand.mask & ~(decision.move & FULL_MASK)
    twos = keep >> 48
    if twos:
        return format_play(twos << 48, view.rules)
    for c in decision.kept:
        if c != decision.move and not c & decision.move & FULL_MASK:
            return describe(c, view).removeprefix("the ")
    return ""


def explain(view: PlayerView, decision: Decision) -> str:
    """The sentence for a decision (never empty); every fact in it holds (see above)."""
    move, why = decision.move, decision.why
    trick = describe(view.trick, view) if view.trick != PASS else ""
    t = tables_for(view.rules)
    if move == PASS:
        beating = [m for m in all_moves(view.hand.mask, t) if beats_move(m, view.trick, t)]
        if not beating:
            return f"Nothing you hold beats {trick}: pass."
        if why is Why.PASS_NOTHING or why is Why.ONLY_MOVE:
            return f"Pass: the rules leave you no play on {trick} here."
        if why is Why.SEARCHED:
            deals = f"{decision.worlds} sampled deals" if decision.worlds else "sampled deals"
            return f"Pass: in {deals}, holding your cards did better than beating {trick}."
        keep = _twos(view, decision)
        whole = [m for m in beating if m in decision.plan]
        if whole:
            if keep:
                return f"Pass: hold back for now and keep your {keep} for later."
            return f"Pass: hold your cards back for a better moment than {trick}."
        if keep:
            return f"Pass: beating {trick} would break up your hand — keep your {keep} for later."
        return f"Pass: beating {trick} would break up your hand for little gain."
    if why is Why.SEARCHED:
        deals = f"{decision.worlds} sampled deals" if decision.worlds else "sampled deals"
        return f"Play {describe(move, view)}: in {deals} it did better than any other play."
    play = describe(move, view)
    mask = move & FULL_MASK
    n = mask.bit_count()
    if mask == view.hand.mask:
        return f"Play {play} — it is all you have left, so you go out."
    if why is Why.ONLY_MOVE and len(legal_moves(view)) == 1:
        return f"Play {play}: it is your only legal play."
    if view.must_include is not None and mask >> view.must_include & 1:
        lowest = format_card(view.must_include, symbols=True)
        return f"Open with {play}: the first play must hold the {lowest}."
    unbeatable = not can_be_beaten(move, view)
    if why is Why.RUN_WINNERS and unbeatable:
        return f"Lead {play} — nobody can beat it, so you keep the lead on the way out."
    if view.trick == PASS:
        if why is Why.LEAD_BLOCK and decision.threat is not None:
            who = decision.threat
            return (f"{_seat_name(view, who)} has {_cards(view.counts[who])} left: "
                    f"lead {play}, aiming to keep them from going out.")
        keep = _twos(view, decision)
        if keep:
            if holds_control(view.hand.mask & ~mask, view):
                return f"Keep your {keep} — lead {play} while you hold control."
            return f"Keep your {keep} for later — lead {play}."
        if unbeatable:
            return f"Lead {play}: nobody can beat it, so you keep the lead."
        if n == 5:
            return f"Lead {play}: five cards gone in one play."
        what = "cards" if n > 1 else "card"
        if weakest_of_size(move, view):
            return f"Lead {play}: your weakest {what}, best shed while you choose the play."
        if not breaks_plan(move, decision):
            return f"Lead {play}: cards your plan can spare, best shed while you choose the play."
        return f"Lead {play}: best shed while you choose the play."
    if why is Why.FOLLOW_BLOCK and decision.threat is not None:
        who = decision.threat
        return (f"{_seat_name(view, who)} is down to {_cards(view.counts[who])}: "
                f"beat {trick} with {play} rather than let them take the lead.")
    if unbeatable:
        return f"Play {play} on {trick}: nobody can beat it, so you win the lead."
    if not breaks_plan(move, decision):
        return f"Play {play}: it beats {trick} without breaking up your hand."
    return f"Play {play} on {trick}: it costs your hand the least and may win you the lead."
