"""A suggested move for the human, with one sentence saying why.

:func:`hint` uses the Normal planner (a few milliseconds), or the Expert search when
given ``search_budget`` seconds. The sentence names the cards and the reason, e.g.
"Keep your 2♠ — lead the straight 4♦ 5♣ 6♥ 7♠ 8♦ while you hold control."
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from big2.engine import PASS, SEAT_NAMES, Move, combo_of_move, format_play
from big2.engine.cards import FULL_MASK

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


def _twos(view: PlayerView, decision: Decision) -> str:
    """The control cards kept back, as text ('' when there are none)."""
    keep = view.hand.mask & ~(decision.move & FULL_MASK)
    twos = keep >> 48
    if twos:
        return format_play(twos << 48, view.rules)
    for c in decision.kept:
        if c != decision.move:
            return describe(c, view).removeprefix("the ")
    return ""


def explain(view: PlayerView, decision: Decision) -> str:
    """The sentence for a decision (never empty)."""
    move, why = decision.move, decision.why
    trick = describe(view.trick, view) if view.trick != PASS else ""
    if move == PASS:
        if why is Why.PASS_NOTHING or why is Why.ONLY_MOVE:
            return f"Nothing you hold beats {trick}: pass."
        keep = _twos(view, decision)
        if keep:
            return f"Pass: beating {trick} would break up your hand — keep your {keep} for later."
        return f"Pass: beating {trick} would break up your hand for little gain."
    if why is Why.SEARCHED:
        deals = f"{decision.worlds} sampled deals" if decision.worlds else "sampled deals"
        if move == PASS:
            return f"Pass: in {deals}, holding your cards did better than beating {trick}."
        return f"Play {describe(move, view)}: in {deals} it did better than any other play."
    play = describe(move, view)
    n = (move & FULL_MASK).bit_count()
    if why is Why.GO_OUT:
        return f"Play {play} — it is all you have left, so you go out."
    if why is Why.ONLY_MOVE:
        return f"Play {play}: it is your only legal play."
    if why is Why.FIRST_LEAD:
        return f"Open with {play}: the first play must hold the lowest card, and this sheds your weakest."
    if why is Why.RUN_WINNERS:
        return f"Lead {play} — nobody can beat it, so you keep the lead on the way out."
    if why is Why.LEAD_WEAK:
        keep = _twos(view, decision)
        if keep:
            return f"Keep your {keep} — lead {play} while you hold control."
        if n == 5:
            return f"Lead {play}: five cards gone in one play, and few hands can beat it."
        what = "cards" if n > 1 else "card"
        return f"Lead {play}: your weakest {what}, best shed while you choose the play."
    if why is Why.LEAD_BLOCK:
        who = decision.threat
        if who is not None:
            left = view.counts[who]
            return (f"{_seat_name(view, who)} has {left} card{'s' if left != 1 else ''} left: "
                    f"lead {play}, the play least likely to let them go out.")
        return f"Lead {play}: it is the play least likely to let someone go out."
    if why is Why.FOLLOW_BLOCK:
        who = decision.threat
        if who is not None:
            left = view.counts[who]
            return (f"{_seat_name(view, who)} is down to {left} card{'s' if left != 1 else ''}: "
                    f"beat {trick} with {play} to stop them going out.")
        return f"Beat {trick} with {play} before someone goes out."
    if why is Why.FOLLOW_PLAN:
        return f"Play {play}: it beats {trick} without breaking up your hand."
    return f"Play {play} on {trick}: it costs your hand the least and may win you the lead."
