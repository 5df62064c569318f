"""How a room's computers choose their moves: a :class:`Brain` gives a future move.

The room asks its brain for a computer's move and makes it once the future is done (see
:meth:`big2.room.room.Room.tick`). :class:`InlineBrain` decides at once in the caller's
thread (tests, tools) with :func:`decide`, as a server's worker threads do
(:class:`big2.net.brain.ExecutorBrain`); the app's table thinks in a worker process of
its own (:mod:`big2.app.table.opponents`). Each keeps one opponent per level, so what a
level learns of the table lasts as long as the process.
"""

from __future__ import annotations

import random
from concurrent.futures import Future
from typing import Any, Protocol

from big2.engine.combos import Move


class Brain(Protocol):
    """Chooses computers' moves, perhaps elsewhere: ``think`` returns a future move."""

    def think(self, view: Any, level: str, seed: int) -> Future[Move]: ...

    def shutdown(self) -> None: ...


class InlineBrain:
    """A brain that decides at once, in the caller's thread (tests, servers, tools)."""

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        fut: Future[Move] = Future()
        try:
            fut.set_result(decide(view, level, seed))
        except Exception as exc:  # noqa: BLE001 - the room falls back and says so
            fut.set_exception(exc)
        return fut

    def shutdown(self) -> None:
        pass


_opponents: dict[str, Any] = {}


def decide(view: Any, level: str, seed: int) -> Move:
    """The move of computer level ``level`` for the seat to act in ``view``."""
    from big2.ai import make_opponent

    opp = _opponents.get(level)
    if opp is None:
        opp = _opponents[level] = make_opponent(level)
    return opp.choose(view, random.Random(seed))
