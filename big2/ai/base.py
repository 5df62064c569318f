"""The one interface every computer opponent implements, and the level registry.

An opponent is anything with ``choose(view, rng) -> Move``: given a
:class:`~big2.ai.view.PlayerView` of the seat to act and a ``random.Random`` it owns, it
returns a move from that seat's legal moves (``PASS`` is ``0``). Opponents never see
hidden cards; they differ in skill only.

:func:`make_opponent` builds a level by name (see :data:`LEVELS`). Opponent objects keep
only caches, no game state, so one object may serve several seats, but it is not
thread-safe: use one object per thread.
"""

from __future__ import annotations

import random
from typing import Any, Final, Protocol, runtime_checkable

from big2.engine import Move

from .view import PlayerView, legal_moves  # legal_moves: re-exported for the levels' callers

#: The levels by name, weakest first: the one list the app shows and settings accept.
LEVELS: Final = ("beginner", "normal", "skilled", "expert", "master")


@runtime_checkable
class Opponent(Protocol):
    """A computer player: picks a legal move for the seat to act in ``view``."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for ``view.seat`` (which must be ``view.to_act``)."""
        ...


def make_opponent(level: str, **options: Any) -> Opponent:
    """A new opponent of the named level (case-insensitive); options go to its class.

    ``skilled`` plays the shipped self-play network's move (numpy; Normal's where the
    network was not trained, see :mod:`big2.ai.skilled`). ``expert`` takes ``time_budget`` (seconds, default 1.0) and ``iterations`` (a fixed
    count that makes it deterministic for a given rng seed); ``master`` is the same
    search with a 3 s default budget. Raises ``ValueError`` for an unknown level. (The
    frozen old Expert the arena measures against lives outside the package, in
    ``tools/baseline_v1``.)
    """
    name = level.strip().lower()
    if name == "beginner":
        from .beginner import Beginner

        return Beginner(**options)
    if name == "normal":
        from .normal import Normal

        return Normal(**options)
    if name == "skilled":
        from .skilled import Skilled

        return Skilled(**options)
    if name == "expert":
        from .expert import Expert

        return Expert(**options)
    if name == "master":
        from .expert import master

        return master(**options)
    raise ValueError(f"unknown level '{level}': choose one of {', '.join(LEVELS)}")
