"""The Expert's race of candidate moves over sampled worlds (:class:`WorldRace`, a part
of :class:`~big2.ai.expert.Expert`).

Every live candidate is played in each sampled world, so the values are paired world
by world: differences against Normal's move (candidate 0, never dropped) decide the
pick (:meth:`WorldRace._pick`), differences against the leader drop candidates clearly
behind (:meth:`WorldRace._prune`, at :data:`FIRST_CHECK` worlds and each doubling), and
with a fixed number of worlds the race may stop once the leader is clear
(:meth:`WorldRace._settled`, the ``settle`` option). The worlds are played one at a time
(:meth:`WorldRace._race`) or in batches for the network's playouts
(:meth:`WorldRace._search_batched`), within the time budget or for exactly
``iterations`` worlds.

The class holds no state of its own: it reads the Expert's options (``clock``,
``time_budget``, ``iterations``, ``prune``, ``settle``, ``confidence``), its
``last_margin`` and ``_stall``, calls its ``_playout_fn``, and sets its
``last_iterations`` and ``last_playouts``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from big2.engine import Move

if TYPE_CHECKING:
    from .sampling import Sampler
    from .view import PlayerView

#: Seconds kept back from the budget for the bookkeeping after the last playout.
SAFETY_MARGIN: Final = 0.004
#: Worlds after which the race is checked for candidates to drop (then every doubling).
FIRST_CHECK: Final = 24
#: ``settle``: the fewest worlds after which a search with fixed ``iterations`` may stop
#: early, and how often it checks.
SETTLE_MIN: Final = 16
SETTLE_EVERY: Final = 8
#: The most worlds the batched network playouts play at once (see ``_search_batched``).
BATCH_WORLDS: Final = 32


class WorldRace:
    """The race of :class:`~big2.ai.expert.Expert`'s search (see the module doc)."""

    # Set by the Expert (its options and what its last search did).
    clock: Callable[[], float]
    time_budget: float
    iterations: int | None
    prune: float
    settle: float
    confidence: float
    last_margin: float
    last_iterations: int
    last_playouts: int
    _stall: float

    def _playout_fn(self, view: PlayerView) -> Callable[[list[int], list[int], Move], float]:
        raise NotImplementedError

    def _race(
        self, view: PlayerView, rng: random.Random, cands: list[Move], start: float,
        sampler: Sampler, queued: list[tuple[list[int], list[int]]],
    ) -> tuple[list[list[float]], list[int], int]:
        """Play every live candidate in each sampled world until the budget (or
        ``iterations``) is spent, dropping those clearly behind: the values per
        candidate (world by world), the candidates still alive, and the worlds played."""
        clock = self.clock
        deadline = start + self.time_budget - SAFETY_MARGIN
        last = clock()
        gap = self._stall  # stalls seen in earlier decisions: the machine may still be busy

        def out_of_time() -> bool:
            nonlocal last, gap
            now = clock()
            gap = max(gap, now - last)
            last = now
            return now + gap >= deadline

        fixed = self.iterations
        play = self._playout_fn(view)
        last = clock()
        k = len(cands)
        # Paired results: per world, every live candidate's value. Differences against
        # Normal's move (index 0) decide; differences against the leader prune.
        vals: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        worlds = playouts = 0
        check = FIRST_CHECK
        while fixed is None or worlds < fixed:
            if fixed is None and out_of_time():
                break
            hands, stock = queued[worlds] if worlds < len(queued) else sampler.draw(rng)
            got: list[float] = []
            for i in alive:
                got.append(play(hands, stock, cands[i]))
                playouts += 1
                if fixed is None and out_of_time():
                    break
            if len(got) < len(alive):
                break  # out of time mid-world: drop it so every move saw the same worlds
            for i, v in zip(alive, got):
                vals[i].append(v)
            worlds += 1
            if worlds >= check and self.prune > 0 and len(alive) > 2:
                check *= 2
                alive = self._prune(vals, alive, worlds)
            if worlds % SETTLE_EVERY == 0 and self._settled(vals, alive, worlds):
                break
        self.last_iterations = worlds
        self.last_playouts = playouts
        self._stall = 0.8 * gap  # remembered, fading, for the next decision
        return vals, alive, worlds

    def _search_batched(
        self, view: PlayerView, rng: random.Random, cands: list[Move], start: float,
        play_batch: Callable[[Sequence[tuple[list[int], list[int]]], Sequence[Move]], list[float]],
        sampler: Sampler, queued: list[tuple[list[int], list[int]]], margin: float,
    ) -> Move:
        """The search of :meth:`_search` with its worlds played in batches (the network
        playouts): each batch plays every live candidate in a few worlds at once, from
        4 worlds doubling to :data:`BATCH_WORLDS`, cut to what half the time left
        allows at the slowest rate of the batches so far; pruning checks fall between
        batches."""
        clock = self.clock
        deadline = start + self.time_budget - SAFETY_MARGIN
        fixed = self.iterations
        vals: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        worlds = playouts = 0
        check = FIRST_CHECK
        size = 4
        per_playout = 0.0  # seconds, the slowest rate seen in this decision
        while fixed is None or worlds < fixed:
            want = min(size, check - worlds) if self.prune > 0 and len(alive) > 2 else size
            if fixed is not None:
                want = min(want, fixed - worlds)
                if self.settle:  # a settle check every SETTLE_EVERY worlds
                    want = min(want, SETTLE_EVERY - worlds % SETTLE_EVERY)
            else:
                left = deadline - clock()
                if per_playout:  # half the time left kept back for a slower batch
                    want = min(want, int(0.5 * left / (per_playout * len(alive))))
                if want < 1 or left <= 0:
                    break
            batch = [queued[w] if w < len(queued) else sampler.draw(rng)
                     for w in range(worlds, worlds + want)]
            t0 = clock()
            got = play_batch(batch, [cands[i] for i in alive])
            per_playout = max(per_playout, (clock() - t0) / len(got))
            playouts += len(got)
            for w in range(want):
                row = got[w * len(alive):(w + 1) * len(alive)]
                for i, v in zip(alive, row):
                    vals[i].append(v)
            worlds += want
            size = min(2 * size, BATCH_WORLDS)
            if worlds >= check and self.prune > 0 and len(alive) > 2:
                check *= 2
                alive = self._prune(vals, alive, worlds)
            if self._settled(vals, alive, worlds):
                break
        self.last_iterations = worlds
        self.last_playouts = playouts
        return self._pick(cands, vals, alive, worlds, margin)

    def _pick(self, cands: list[Move], vals: list[list[float]], alive: list[int],
              worlds: int, margin: float) -> Move:
        """The candidate whose paired gain over Normal's move (index 0) has the highest
        lower bound above ``margin``; Normal's move when none has."""
        if worlds < 2:
            return cands[0]
        best, best_score = 0, 0.0
        base = vals[0]  # never dropped: every live candidate shares all its worlds
        for i in alive[1:]:
            score = lower_bound([a - b for a, b in zip(vals[i], base)], self.confidence) - margin
            if score > best_score + 1e-12:
                best, best_score = i, score
        return cands[best]

    def _settled(self, vals: list[list[float]], alive: list[int], worlds: int) -> bool:
        """With ``settle`` and fixed ``iterations``: whether the leader (the best mean of
        the live candidates) is ``settle`` standard errors ahead of each of the others
        on their shared worlds, and, when it is not Normal's move, that far above
        Normal's by the search's margin (:attr:`last_margin`), from :data:`SETTLE_MIN`
        worlds on: the choice the remaining worlds would make. Never with a
        ``confidence`` (the pick is then not the leader)."""
        if (not self.settle or self.iterations is None or worlds < SETTLE_MIN
                or self.confidence):
            return False
        lead = _leader(vals, alive, worlds)
        z = self.settle
        if lead != 0 and _ahead(vals, lead, 0, z) <= self.last_margin:
            return False
        return all(_ahead(vals, lead, i, z) > 0 for i in alive if i != lead)

    def _prune(self, vals: list[list[float]], alive: list[int], worlds: int) -> list[int]:
        """Drop candidates ``prune`` standard errors behind the best one (never Normal's)."""
        lead = _leader(vals, alive, worlds)
        # kept while the upper bound of its gain over the leader is not below 0
        return [i for i in alive if i in (0, lead) or _ahead(vals, lead, i, self.prune) <= 0]


def _leader(vals: list[list[float]], alive: list[int], worlds: int) -> int:
    """The live candidate of the best mean over the ``worlds`` played (the first of a tie)."""
    means = {i: sum(vals[i]) / worlds for i in alive}
    return max(alive, key=lambda i: means[i])


def _ahead(vals: list[list[float]], a: int, b: int, z: float) -> float:
    """How far candidate ``a`` is ahead of ``b`` on their shared worlds, ``z`` standard
    errors down (:func:`lower_bound` of the paired differences)."""
    return lower_bound([x - y for x, y in zip(vals[a], vals[b])], z)


def lower_bound(diffs: list[float], z: float) -> float:
    """Mean of ``diffs`` minus ``z`` standard errors."""
    w = len(diffs)
    if w < 2:
        return 0.0
    mean = sum(diffs) / w
    var = max(sum(d * d for d in diffs) / w - mean * mean, 0.0)
    return mean - z * math.sqrt(var / w)
