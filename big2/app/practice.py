""""Try from here": play a recorded hand on from one of its positions, as practice.

:func:`try_from_here` opens a table on a one-hand match whose hand is the recorded
position (the same cards in every hand, the same trick, the same seats: the people as
recorded, the computers at their recorded levels) with no records kept: no autosave,
nothing in the score history or the statistics. The table carries :class:`Practice`
(its ``practice`` attribute), which the results screen reads to compare the practice
hand with what happened in the recorded one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from big2.room.match import Match


@dataclasses.dataclass(frozen=True)
class Practice:
    """What a practice table remembers of the recorded hand: each seat's ``points``
    there, the ``seat`` whose play is compared (the person reviewed) and the move
    ``step`` it went on from."""

    points: tuple[int, ...]
    seat: int
    step: int


def try_from_here(app: Any, stored: Any, positions: list[Any], step: int, seat: int) -> Any:
    """Open the practice table from position ``step`` of ``stored`` (a
    :class:`~big2.persistence.StoredHand`; ``positions`` its replay), compared for
    ``seat``. Returns the table scene (pushed on top of the current screen)."""
    from big2.app.screens.dealactions import stored_table

    position = positions[min(max(step, 0), len(positions) - 1)]
    if position.is_over:
        raise ValueError("the hand is over at this position")
    number = stored.result.deal_number
    config = dataclasses.replace(stored_table(stored.seats[:position.n_players], position.rules, number),
                                 hands=1, seed=None)
    match = Match(config)
    game = position.copy()
    match.session.current = game
    match.session.current_deal = number
    match.game = game
    table = app.push("table", match, keep_records=False, hand_start=positions[0].copy())
    table.practice = Practice(tuple(stored.result.points), seat, step)
    return table
