"""Normal: a hand-planning player that counts cards.

It splits its hand into the cheapest plan (see :mod:`big2.ai.plan`), leads its weakest
combination, follows with plan combinations rather than breaking them, keeps 2s and
unbeatable combinations for when they win the trick or take it out, and blocks a player
close to going out (no weak lead of the size they could finish with; the highest single
on a single when someone holds one card, which is also what the assistant rule asks).
Deciding takes a few milliseconds.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from big2.engine import PASS, Move, Rules, move_key
from big2.engine.cards import FULL_MASK

from .counting import is_unbeatable
from .plan import Planner
from .view import PlayerView, legal_moves

#: Breaking the plan must gain at least this much plan cost to be worth a card.
PLAY_THRESHOLD = 0.35
#: Extra cost of spending a 2 on a trick when nobody is close to going out.
TWO_PENALTY = 0.8
#: Five-card follows considered beyond the plan's own (lowest first).
MAX_FIVE_FOLLOWS = 24


class Why(enum.Enum):
    """Why a move was chosen (the hint turns this into a sentence)."""

    ONLY_MOVE = "only-move"
    GO_OUT = "go-out"
    FIRST_LEAD = "first-lead"
    RUN_WINNERS = "run-winners"
    LEAD_WEAK = "lead-weak"
    LEAD_BLOCK = "lead-block"
    FOLLOW_PLAN = "follow-plan"
    FOLLOW_BREAK = "follow-break"
    FOLLOW_BLOCK = "follow-block"
    PASS_KEEP = "pass-keep"
    PASS_NOTHING = "pass-nothing"
    SEARCHED = "searched"  # Expert: the search preferred another move than the plan's


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen move, why, and the plan it came from (``plan`` before the move)."""

    move: Move
    why: Why
    plan: tuple[Move, ...] = ()
    kept: tuple[Move, ...] = ()  # unbeatable combinations held back
    threat: int | None = None  # the seat being blocked, if any
    worlds: int = 0  # sampled deals behind a searched move


class Normal:
    """The Normal level. Deterministic; ``rng`` is not used.

    Options: ``play_threshold`` (how much plan cost a follow must save; lower plays
    more eagerly), ``lead_big`` (lead the biggest weak combination, five-card hands
    first, rather than the one holding the lowest card) and ``urgent_at`` (an opponent
    with this many cards or fewer is a threat: beat plays instead of holding back).
    """

    name = "normal"

    def __init__(
        self, *, play_threshold: float = PLAY_THRESHOLD, lead_big: bool = True, urgent_at: int = 3
    ) -> None:
        self.play_threshold = play_threshold
        self.lead_big = lead_big
        self.urgent_at = urgent_at
        self._planners: dict[Rules, Planner] = {}

    def planner(self, rules: Rules) -> Planner:
        """The (cached) planner for ``rules``."""
        p = self._planners.get(rules)
        if p is None:
            p = self._planners[rules] = Planner(rules)
        return p

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat to act (see :meth:`decide`)."""
        return self.decide(view, rng).move

    def decide(
        self, view: PlayerView, rng: random.Random, moves: list[Move] | None = None
    ) -> Decision:
        """The move and the reason for it; ``moves`` are the legal moves if known."""
        del rng  # Normal is deterministic
        if moves is None:
            moves = legal_moves(view)
        hand = view.hand.mask
        for m in moves:
            if m & FULL_MASK == hand:
                return Decision(m, Why.GO_OUT)
        if len(moves) == 1:
            return Decision(moves[0], Why.PASS_NOTHING if moves[0] == PASS else Why.ONLY_MOVE)
        decision = self._lead(view, moves) if view.leading else self._follow(view, moves)
        if decision.move not in moves:
            # A house rule (assistant rule, lone 2, pass lock) forbids the planned move:
            # take the allowed move that leaves the cheapest plan.
            planner = self.planner(view.rules)
            best = min(moves, key=lambda m: planner.cost(hand & ~(m & FULL_MASK)) if m else 99.0)
            return Decision(best, Why.FOLLOW_BREAK if best else Why.PASS_KEEP, decision.plan)
        return decision

    # -- helpers ---------------------------------------------------------------------

    def _opponent_counts(self, view: PlayerView) -> list[int]:
        return [view.counts[s] for s in view.opponents()]

    def _unbeatable(self, view: PlayerView, move: Move) -> bool:
        return is_unbeatable(move, view.unseen_mask, view.rules, self._opponent_counts(view))

    # -- leading ---------------------------------------------------------------------

    def _lead(self, view: PlayerView, moves: list[Move]) -> Decision:
        planner = self.planner(view.rules)
        hand = view.hand.mask
        plan = planner.plan(hand).combos
        legal = set(moves)
        if view.must_include is not None:
            return self._first_lead(view, moves, plan)
        winners = [c for c in plan if self._unbeatable(view, c)]
        losers = [c for c in plan if c not in winners]
        # Run out: unbeatable combinations keep the lead, the last loser goes last.
        if len(losers) <= 1 and winners:
            pick = max(winners, key=lambda m: ((m & FULL_MASK).bit_count(), -move_key(m)))
            if pick in legal:
                return Decision(pick, Why.RUN_WINNERS, plan, tuple(winners))
        opp = self._opponent_counts(view)
        danger = {n for n in opp if n in (1, 2, 3, 5)}
        pool = losers or list(plan)
        safe = [c for c in pool if (c & FULL_MASK).bit_count() not in danger]
        if safe:
            # The weakest combination: the biggest, lowest first (or the one holding
            # our lowest card).
            if self.lead_big:
                low = min(safe, key=lambda m: (-(m & FULL_MASK).bit_count(), move_key(m)))
            else:
                low = min(safe, key=lambda m: min(view.rules.card_strength(c) for c in _cards(m)))
            if low in legal:
                return Decision(low, Why.LEAD_WEAK, plan, tuple(winners))
        if pool:
            # Every weak lead lets someone finish: lead the strongest of the size they
            # can use, or a winner.
            threat = min(view.opponents(), key=lambda s: view.counts[s])
            cands = [c for c in plan if c in legal]
            if winners:
                pick = max(winners, key=lambda m: (m & FULL_MASK).bit_count())
            else:
                pick = max(cands, key=lambda m: ((m & FULL_MASK).bit_count() > 1, move_key(m)))
            if pick in legal:
                return Decision(pick, Why.LEAD_BLOCK, plan, tuple(winners), threat)
        # Fallback (the plan's combinations are always legal leads).
        best = min(moves, key=lambda m: planner.cost(hand & ~(m & FULL_MASK)))
        return Decision(best, Why.LEAD_WEAK, plan)

    def _first_lead(self, view: PlayerView, moves: list[Move], plan: tuple[Move, ...]) -> Decision:
        planner = self.planner(view.rules)
        hand = view.hand.mask
        for c in plan:
            if c in moves:
                return Decision(c, Why.FIRST_LEAD, plan)
        best = min(moves, key=lambda m: planner.cost(hand & ~(m & FULL_MASK)))
        return Decision(best, Why.FIRST_LEAD, plan)

    # -- following -------------------------------------------------------------------

    def _follow(self, view: PlayerView, moves: list[Move]) -> Decision:
        planner = self.planner(view.rules)
        hand = view.hand.mask
        plan_obj = planner.plan(hand)
        plan = plan_obj.combos
        plan_set = set(plan)
        beaters = [m for m in moves if m != PASS]
        if not beaters:
            return Decision(PASS, Why.PASS_NOTHING, plan)
        size = (view.trick & FULL_MASK).bit_count()
        opp = self._opponent_counts(view)
        owner = view.trick_owner if view.trick_owner is not None else view.seat
        # Blocking: someone could go out on this size of play.
        threats = [s for s in view.opponents() if view.counts[s] <= size]
        if size == 1 and threats:
            top = max(beaters, key=move_key)
            return Decision(top, Why.FOLLOW_BLOCK, plan, threat=threats[0])
        urgent = min(opp) <= self.urgent_at or view.counts[owner] <= self.urgent_at + 1
        if size == 5 and len(beaters) > MAX_FIVE_FOLLOWS:
            beaters = [m for m in beaters if m in plan_set] + beaters[:MAX_FIVE_FOLLOWS]
        base = plan_obj.cost
        n_combos = len(plan)
        best_move, best_value = PASS, -1e9
        for m in beaters:
            mask = m & FULL_MASK
            gain = base - planner.cost(hand & ~mask)
            if self._unbeatable(view, m):
                # Winning the lead is worth more the closer we are to going out.
                gain += 0.3 + (0.4 if n_combos <= 3 else 0.0)
            twos = (mask >> 48).bit_count()
            if twos and not urgent and n_combos > 3:
                trick_strength = move_key(view.trick) / 51 if size < 5 else 0.5
                gain -= TWO_PENALTY * twos * (1.0 - trick_strength) ** 0.5
            if gain > best_value + 1e-9:
                best_move, best_value = m, gain
        if best_value >= self.play_threshold or (urgent and best_move != PASS):
            why = Why.FOLLOW_PLAN if best_move in plan_set else Why.FOLLOW_BREAK
            if urgent and best_value < self.play_threshold:
                why = Why.FOLLOW_BLOCK
            return Decision(best_move, why, plan, threat=owner if urgent else None)
        kept = tuple(c for c in plan if self._unbeatable(view, c))
        return Decision(PASS, Why.PASS_KEEP, plan, kept)


def _cards(move: Move) -> list[int]:
    mask = move & FULL_MASK
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

