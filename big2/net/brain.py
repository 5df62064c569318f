"""Computers' moves for rooms on a server: chosen on worker threads, never on the event
loop, so a slow level (Expert thinks for half a second) holds up no connection.

:class:`ExecutorBrain` is the room's :class:`~big2.room.brain.Brain`: it hands the choice
to a shared :class:`~concurrent.futures.ThreadPoolExecutor` and calls ``wake`` (from the
worker thread) when the move is ready, so the room's task looks at once instead of
polling.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from ..engine.combos import Move
from ..room.brain import decide


class ExecutorBrain:
    """Decide on ``executor``; ``wake()`` is called from the worker when a move is ready."""

    def __init__(self, executor: Executor, wake: Callable[[], None]) -> None:
        self.executor = executor
        self.wake = wake

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        future: Future[Move] = self.executor.submit(decide, view, level, seed)
        future.add_done_callback(lambda _f: self.wake())
        return future

    def shutdown(self) -> None:
        """The executor is the server's: it outlives the room."""
