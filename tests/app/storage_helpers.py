"""A score history with real hands in it, played by the engine with a seeded generator.

The app's tour seeds the same history for its Statistics and Replay stops; the tests use
that one helper (see :func:`tools.tour.seed_history` for its options).
"""

from __future__ import annotations

from tools.tour import seed_history

__all__ = ["seed_history"]
