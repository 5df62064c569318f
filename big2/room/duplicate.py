"""Duplicate play: the same deal played again with a computer in a person's seat.

:func:`play_duplicate` takes a table's :class:`~big2.room.config.MatchConfig` (the
daily deal's, say), puts a computer of ``level`` in ``seat`` and plays its first hand
out headless in a :class:`~big2.room.room.Room`: the same cards (the deal number), the
same opponents with the same levels, and the same generators (they follow from the
config's seed or deal number, not from who sits where). It returns the hand's
:class:`~big2.engine.course.HandCourse` told for ``seat``, with the table's points.

It blocks for as long as the hand takes (the Expert thinks about a second a move): call
it off the render thread; it is a plain top-level function of picklable arguments, so
a worker process can run it. :data:`DUPLICATE_EXPERT` makes the Expert search a fixed
number of sampled worlds a decision instead of a time budget, so the duplicate result
of a deal does not depend on the machine's speed: two computers get the same one.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from concurrent.futures import Future
from typing import Any, Final

from big2.engine.combos import Move
from big2.engine.course import HandCourse, hand_course

from .config import MatchConfig
from .room import Room

#: The Expert's options in duplicate play: a fixed count of sampled worlds a decision
#: (about the app's one-second budget on a desktop), deterministic for its seeds.
DUPLICATE_EXPERT: Final = {"iterations": 1000}


class SearchBrain:
    """A room's brain that decides at once in the caller's thread, with the levels'
    options given (``{"expert": {"iterations": 200}}``); one opponent per level."""

    def __init__(self, options: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.options = {k: dict(v) for k, v in (options or {}).items()}
        self._opponents: dict[str, Any] = {}

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        fut: Future[Move] = Future()
        try:
            opp = self._opponents.get(level)
            if opp is None:
                from big2.ai import make_opponent

                opp = self._opponents[level] = make_opponent(level, **self.options.get(level, {}))
            fut.set_result(opp.choose(view, random.Random(seed)))
        except Exception as exc:  # noqa: BLE001 - the room falls back and says so
            fut.set_exception(exc)
        return fut

    def shutdown(self) -> None:
        self._opponents.clear()


def in_seat(config: MatchConfig, seat: int, level: str) -> MatchConfig:
    """``config`` with a computer of ``level`` in ``seat`` (its name kept), one hand long."""
    seats = list(config.seats)
    seats[seat] = dataclasses.replace(seats[seat], human=False, level=level)
    return dataclasses.replace(config, seats=tuple(seats), hands=1)


def play_duplicate(config: MatchConfig, seat: int = 0, level: str = "expert",
                   options: Mapping[str, Mapping[str, Any]] | None = None) -> HandCourse:
    """The first hand of ``config`` played out with a computer of ``level`` in ``seat``
    (every seat a computer), told for ``seat``; see the module notes. ``options`` go to
    the levels (default: :data:`DUPLICATE_EXPERT` for the Expert)."""
    opts = {"expert": DUPLICATE_EXPERT} if options is None else options
    room = Room(in_seat(config, seat, level), brain=SearchBrain(opts))
    try:
        room.start_hand()
        game = room.match.game
        assert game is not None
        for _ in range(10_000):  # a hand has far fewer decisions; never loop for ever
            if game.is_over:
                break
            room.tick(0.0)
        if not room.match.results:
            raise RuntimeError("the duplicate hand did not end")
        return hand_course(room.log, seat, points=room.match.results[0].points)
    finally:
        room.close()
