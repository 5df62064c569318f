"""Computers' moves for rooms on a server: chosen on worker threads, never on the event
loop, so a slow level (Master thinks for seconds) holds up no connection.

:class:`ExecutorBrain` is the room's :class:`~big2.room.brain.Brain`: it hands the choice
to the server's shared :class:`~big2.net.pool.ComputerPool` (or any executor) and calls
``wake`` (from the worker thread) when the move is ready, so the room's task looks at
once instead of polling. It is also the pool's :class:`~big2.net.pool.Owner` of its
room's searches: the room's ``address`` (whose computer time they spend) and whether
they wait (``paused``: nobody is connected to the room).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from ..engine.combos import Move
from ..room.brain import decide
from .pool import CHEAPEST_LEVEL, ComputerPool, decide_here

T = TypeVar("T")


class ExecutorBrain:
    """Decide on ``executor``; ``wake()`` is called from the worker when a move is ready."""

    def __init__(self, executor: Executor, wake: Callable[[], None]) -> None:
        self.executor = executor
        self.wake = wake
        #: The address whose computer time this room's searches spend ("" unknown).
        self.address = ""
        #: Nobody is connected to the room: its searches wait in the pool.
        self.paused = False

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        pool = self.executor
        if isinstance(pool, ComputerPool):
            future: Future[Move] = pool.run(self, lambda: decide_here(view, level, seed),
                                            cheap=lambda: decide_here(view, CHEAPEST_LEVEL, seed))
        else:
            future = self.executor.submit(decide, view, level, seed)
        future.add_done_callback(lambda _f: self.wake())
        return future

    def search(self, fn: Callable[[], T]) -> Future[T]:
        """Run ``fn`` (a hint's search) for a person waiting for it: first in line."""
        pool = self.executor
        if isinstance(pool, ComputerPool):
            return pool.run(self, fn, priority=0)
        return self.executor.submit(fn)

    def pause(self, paused: bool) -> None:
        """Let the room's searches wait (nobody is connected), or go on."""
        if paused != self.paused:
            self.paused = paused
            if not paused and isinstance(self.executor, ComputerPool):
                self.executor.poke()

    def shutdown(self) -> None:
        """The executor is the server's: it outlives the room; the room's searches that
        have not started are dropped."""
        if isinstance(self.executor, ComputerPool):
            self.executor.cancel(self)
