"""A hand's review, run off the render thread, with progress, cancel and a cache.

:class:`ReviewJob` reviews one seat's decisions in a recorded hand
(:mod:`big2.ai.review`). It first asks the score history for a review kept with the
hand (:mod:`big2.persistence.reviews`, on the storage's writer thread); without one
it sends the decisions to a worker — a process at low priority, as the computers'
moves (:mod:`big2.app.table.opponents`), or a thread where the app thinks in threads
(tests) — one decision at a time, so :meth:`ReviewJob.cancel` stops it within one
decision and :attr:`ReviewJob.done` counts up for a progress bar. A finished review is
kept with the hand. The scene calls :meth:`ReviewJob.poll` from its ``update``: it
never waits, and the worker's futures wake the loop when they finish.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from big2.ai.review import HandReview, Verdict, decisions, played_move, review_decision, settings_name, view_at
from big2.persistence.reviews import load_review, save_review

from big2.app import storage

log = logging.getLogger(__name__)

#: Seconds of search a decision (the Expert's budget), or sampled deals a decision when
#: :data:`ITERATIONS` is set (tests set it: repeatable and quick).
BUDGET: float = 1.0
ITERATIONS: int | None = None


def _pool(processes: bool) -> Executor:
    if processes:
        try:
            nice: Callable[..., Any] | None = getattr(os, "nice", None)
            return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=nice, initargs=(10,) if nice else ())
        except (OSError, ValueError, RuntimeError) as exc:  # pragma: no cover
            log.warning("no review process (%s): reviewing in a thread", exc)
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="big2-review")


class ReviewJob:
    """The review of ``seat`` in hand ``hand_id`` (``positions``: the replay's games).

    States: ``"cache"`` (asking the history), ``"running"``, ``"done"`` (:attr:`review`
    holds it), ``"cancelled"`` (:attr:`review` holds the decisions reviewed before),
    ``"failed"`` (:attr:`error` says why)."""

    def __init__(self, app: Any, hand_id: int, positions: Sequence[Any], seat: int) -> None:
        self.app = app
        self.hand_id = hand_id
        self.positions = list(positions)
        self.seat = seat
        self.steps = decisions(self.positions, seat)
        self.settings = settings_name(BUDGET, ITERATIONS)
        self.verdicts: list[Verdict] = []
        self.review: HandReview | None = None
        self.state = "cache"
        self.error = ""
        self._pool: Executor | None = None
        self._future: Future[Any] | None = None
        st = storage.of(app)
        if st is None:
            self._start()
        else:
            self._future = st.call(lambda h: load_review(h, hand_id, seat, self.settings))
            self._future.add_done_callback(lambda _f: app.post_wake())

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def done(self) -> int:
        return len(self.verdicts)

    @property
    def running(self) -> bool:
        return self.state in ("cache", "running")

    def partial(self) -> HandReview:
        """The decisions reviewed so far (the whole review once done)."""
        if self.review is not None:
            return self.review
        return HandReview(self.seat, tuple(self.verdicts), settings=self.settings, complete=False)

    def poll(self) -> bool:
        """Take what the worker finished (never waits); True when something changed."""
        fut = self._future
        if fut is None or not fut.done():
            return False
        self._future = None
        if self.state == "cache":
            cached = None
            try:
                data = fut.result()
                cached = HandReview.from_json(data) if data is not None else None
            except Exception as exc:  # a cache that cannot be read is made again
                log.info("review cache not used: %s", exc)
            if cached is not None and cached.complete and cached.seat == self.seat:
                self.review, self.verdicts, self.state = cached, list(cached.verdicts), "done"
                return True
            self._start()
            return True
        if self.state != "running":
            return False
        try:
            self.verdicts.append(fut.result())
        except Exception as exc:
            log.exception("review failed")
            self.state, self.error = "failed", str(exc)
            self._stop()
            return True
        self._next()
        return True

    def _start(self) -> None:
        self.state = "running"
        self._pool = _pool(bool(getattr(self.app, "ai_in_process", True)))
        self._next()

    def _next(self) -> None:
        i = len(self.verdicts)
        if i >= len(self.steps):
            self.review = HandReview(self.seat, tuple(self.verdicts), settings=self.settings)
            self.state = "done"
            self._stop()
            self._keep()
            from big2.app import achievements

            achievements.after_review(self.app, self.hand_id, self.seat, self.review)
            return
        step = self.steps[i]
        view = view_at(self.positions, step, self.seat)
        played = played_move(self.positions, step)[1]
        assert self._pool is not None
        try:
            fut = self._pool.submit(review_decision, view, played, step, budget=BUDGET,
                                    iterations=ITERATIONS, seed=self.hand_id)
        except RuntimeError:  # a broken process pool: go on in a thread
            self._pool = _pool(False)
            fut = self._pool.submit(review_decision, view, played, step, budget=BUDGET,
                                    iterations=ITERATIONS, seed=self.hand_id)
        self._future = fut
        fut.add_done_callback(lambda _f: self.app.post_wake())

    def _keep(self) -> None:
        st = storage.of(self.app)
        review = self.review
        if st is None or review is None:
            return
        data = review.to_json()
        hand_id, seat, settings = self.hand_id, self.seat, self.settings
        st.call(lambda h: save_review(h, hand_id, seat, settings, data), write=True)

    def cancel(self) -> None:
        """Stop after the decision in the worker now (its result is dropped)."""
        if self.state in ("cache", "running"):
            self.state = "cancelled"
            self.review = HandReview(self.seat, tuple(self.verdicts), settings=self.settings, complete=False)
        self._future = None
        self._stop()

    def _stop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
