"""Expert: information-set Monte Carlo search over sampled deals.

For each iteration it samples one *world*: the unseen cards dealt at random to the other
seats, each getting exactly the number of cards it holds (so every world agrees with the
cards played and the card counts), with worlds that make earlier passes unlikely drawn
less often (:mod:`big2.ai.sampling`). Every candidate move is then played in that same world
and the hand finished by every seat playing its hand plan (:class:`PlanPolicy`). The
move with the best average outcome wins: 1 for going out first, plus the hand's points
times ``points_weight`` (1/60 by default; points are the standard penalty, so fewer
cards left scores better). Normal's
choice is kept unless another move beats it by ``confidence`` standard errors of the
paired difference (every move is scored on the same worlds).

Candidates are Normal's choice (tried first; it wins ties), passing, and the plan's
other combinations and the cheapest and strongest plays of each size, at most
``max_candidates``. It is anytime: it stops at ``time_budget`` seconds (checked after
every playout, stopping early by the longest gap seen between checks in this and,
fading, earlier decisions, so a playout or a stall of a busy machine does not push it
past the budget), or after
exactly ``iterations`` worlds when that is given, which with a seeded rng makes it
deterministic.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from big2.engine import PASS, Move, move_key
from big2.engine.cards import FULL_MASK

from big2.ai.base import legal_moves
from .normal import Decision, Normal, Why
from .playout import PlanPolicy
from .sampling import Sampler
from big2.ai.view import PlayerView, view_game

#: Seconds kept back from the budget for the bookkeeping after the last playout.
SAFETY_MARGIN = 0.004


class Expert:
    """The Expert level.

    Options: ``time_budget`` seconds (default 1.0), ``iterations`` (fixed number of
    sampled worlds; overrides the budget and makes it deterministic for a seeded rng),
    ``max_candidates`` moves searched, ``confidence`` (standard errors by which a move
    must beat Normal's choice to replace it), ``pass_weight`` (how much less likely a
    world is per pass it makes suspicious; 1.0 ignores passes, see
    :mod:`big2.ai.sampling`), ``points_weight`` (value of one point of the hand's score
    against 1 for going out first), and ``clock`` (a ``perf_counter``-like function).
    """

    name = "expert-v1"

    def __init__(
        self,
        *,
        time_budget: float = 1.0,
        iterations: int | None = None,
        max_candidates: int = 8,
        confidence: float = 1.5,
        pass_weight: float = 0.35,
        points_weight: float = 1 / 60,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if time_budget <= 0:
            raise ValueError("the time budget must be positive")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.time_budget = time_budget
        self.iterations = iterations
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.pass_weight = pass_weight
        self.points_weight = points_weight
        self.clock = clock
        self.normal = Normal()
        #: Worlds sampled for the last decision (for tests and the arena).
        self.last_iterations = 0
        self._stall = 0.0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat to act, within the time budget."""
        return self.decide(view, rng).move

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        """The searched move; the reason is Normal's when the search agrees with it."""
        start = self.clock()
        self.last_iterations = 0
        moves = legal_moves(view)
        base = self.normal.decide(view, rng, moves)
        if len(moves) == 1 or base.why is Why.GO_OUT:
            return base
        cands = self.candidates(view, moves, base.move)
        if len(cands) == 1:
            return base
        best = self._search(view, rng, cands, start)
        if best == base.move:
            return base
        return Decision(best, Why.SEARCHED, base.plan, worlds=self.last_iterations)

    def candidates(self, view: PlayerView, moves: list[Move], first: Move) -> list[Move]:
        """The moves worth searching, Normal's pick first."""
        plan = self.normal.planner(view.rules).plan(view.hand.mask).combos
        legal = set(moves)
        out = [first]
        extra: list[Move] = []
        if not view.leading:
            extra.append(PASS)
        extra.extend(c for c in plan if c in legal)
        by_size: dict[int, list[Move]] = {}
        for m in moves:
            if m != PASS:
                by_size.setdefault((m & FULL_MASK).bit_count(), []).append(m)
        for group in by_size.values():
            group.sort(key=move_key)
            extra.extend((group[0], group[-1]))
        for m in extra:
            if m not in out:
                out.append(m)
            if len(out) >= self.max_candidates:
                break
        return out

    def _search(
        self, view: PlayerView, rng: random.Random, cands: list[Move], start: float
    ) -> Move:
        clock = self.clock
        deadline = start + self.time_budget - SAFETY_MARGIN
        # The longest gap seen between two clock checks: one playout, plus any time the
        # process waited for a busy CPU. Stopping that long before the deadline keeps a
        # late stall from pushing the answer past the budget.
        last = clock()
        gap = self._stall  # stalls seen in earlier decisions: the machine may still be busy

        def out_of_time() -> bool:
            nonlocal last, gap
            now = clock()
            gap = max(gap, now - last)
            last = now
            return now + gap >= deadline

        fixed = self.iterations
        pw = self.points_weight
        me = view.seat
        policy = PlanPolicy(self.normal.planner(view.rules))
        sampler = Sampler(view, pass_weight=self.pass_weight)
        # Paired results: every candidate is scored on the same worlds, and a move other
        # than Normal's (index 0) must beat it by a clear margin (``confidence`` standard
        # errors of the paired difference) to be chosen.
        sums = [0.0] * len(cands)
        sq = [0.0] * len(cands)
        worlds = 0
        while fixed is None or worlds < fixed:
            if fixed is None and out_of_time():
                break
            world = view_game(view, *sampler.draw(rng))
            values = []
            for c in cands:
                g = world.copy()
                g.apply(c)
                policy.play_out(g)
                values.append((1.0 if g.winner == me else 0.0) + g.points()[me] * pw)
                if fixed is None and out_of_time():
                    break
            if len(values) < len(cands):
                break  # out of time mid-world: drop it so every move saw the same worlds
            for i, v in enumerate(values):
                d = v - values[0]
                sums[i] += d
                sq[i] += d * d
            worlds += 1
        self.last_iterations = worlds
        self._stall = 0.8 * gap  # remembered, fading, for the next decision
        if worlds < 2:
            return cands[0]
        best, best_score = 0, 0.0
        for i in range(1, len(cands)):
            mean = sums[i] / worlds
            var = max(sq[i] / worlds - mean * mean, 0.0)
            score = mean - self.confidence * (var / worlds) ** 0.5
            if score > best_score + 1e-12:
                best, best_score = i, score
        return cands[best]
