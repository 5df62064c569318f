"""Computer players for the table, run off the render thread.

Opponents come from :mod:`big2.ai`: each sees only a :class:`~big2.ai.PlayerView`.
Decisions run in a worker *process* by default, so a long search never competes with
the render loop for the GIL; a thread worker is there for tests and as a fallback when
a process cannot be started. Each decision gets a fresh ``random.Random`` seeded from
the seat's own generator, so a seeded match plays the same way in either worker.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from big2.engine.combos import Move

log = logging.getLogger(__name__)

#: Seconds the expert may search per move.
EXPERT_BUDGET = 1.0

_opponents: dict[str, Any] = {}  # per worker (one decision at a time per worker)


def _ai_levels() -> tuple[str, ...]:
    try:
        from big2.ai import LEVELS

        return tuple(LEVELS)
    except ImportError:  # pragma: no cover - big2.ai is part of the project
        return ("normal",)


def levels() -> tuple[str, ...]:
    """The computer levels a seat may have, weakest first."""
    return _ai_levels()


def seat_kinds() -> tuple[str, ...]:
    """What a seat in New game and Settings may be: "Human" or "Computer (level)" (ids,
    in English; :func:`seat_kind_label` says them in the player's language)."""
    return ("Human",) + tuple(f"Computer ({lvl})" for lvl in levels())


def seat_kind_label(kind: str) -> str:
    """A seat kind of :func:`seat_kinds` in the current language."""
    from ...i18n import _
    from .. import vocab

    if kind == "Human":
        return _("Human")
    if kind.startswith("Computer (") and kind.endswith(")"):
        return _("Computer ({level})").format(level=vocab.level(kind[len("Computer (") : -1]))
    return kind


def decide(view: Any, level: str, seed: int) -> Move:
    """Run in the worker: the move of ``level`` for the seat to act in ``view``."""
    from big2.ai import make_opponent

    opp = _opponents.get(level)
    if opp is None:
        options = {"time_budget": EXPERT_BUDGET} if level == "expert" else {}
        opp = _opponents[level] = make_opponent(level, **options)
    return opp.choose(view, random.Random(seed))


def _behind_the_window() -> None:
    """In the worker process: a lower priority, so a search never takes a core from
    drawing the window (the machine may have only two)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # pragma: no cover - no nice() on this platform
        pass


def _warm_up() -> bool:
    import big2.ai  # noqa: F401  (import the opponents before the first real move)

    return True


class Thinker:
    """Runs computer decisions in one background worker (a process, or a thread)."""

    def __init__(self, on_done: Callable[[], None] | None = None, *, processes: bool = True) -> None:
        self._on_done = on_done
        self._pool: Executor | None = None
        self.processes = processes
        self._start()

    def _start(self) -> None:
        if self.processes:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_behind_the_window)
                self._pool.submit(_warm_up)
                return
            except (OSError, ValueError, RuntimeError) as exc:  # pragma: no cover
                log.warning("no worker process (%s): thinking in a thread", exc)
                self.processes = False
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="big2-ai")

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        """Start choosing the move of computer ``level`` for the seat to act in ``view``
        (a :class:`~big2.ai.PlayerView`: what that seat may know, the table's scoring
        and totals included); the future gives the move. The room's
        :class:`~big2.room.brain.Brain`."""
        assert self._pool is not None
        try:
            fut = self._pool.submit(decide, view, level, seed)
        except RuntimeError:  # a broken process pool: carry on in a thread
            self.processes = False
            self._start()
            fut = self._pool.submit(decide, view, level, seed)
        if self._on_done is not None:
            cb = self._on_done
            fut.add_done_callback(lambda _f: cb())
        return fut

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
