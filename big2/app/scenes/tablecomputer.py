"""The computers' turns at the table: a search on a worker, shown after the pace delay."""

from __future__ import annotations

import logging
from concurrent.futures import Future

from big2.engine.combos import Move

from .. import opponents
from .tablepart import TablePart

log = logging.getLogger(__name__)


class ComputerTurns(TablePart):
    """Asks the worker for a computer seat's move and makes it once the pace allows.

    Its own state: the worker (:class:`~big2.app.opponents.Thinker`), the search in
    flight and when it started. The move shows no sooner than the pace delay after the
    search began, however quick the search."""

    def __init__(self, table) -> None:
        super().__init__(table)
        app = table.app
        self.thinker = opponents.Thinker(on_done=app.post_wake, processes=app.ai_in_process)
        self.future: Future[Move] | None = None
        self.seat = -1
        self.started = 0.0
        self.rngs = table.match.ai_rngs

    def thinking(self, seat: int) -> bool:
        """Whether the worker is searching (or holding) ``seat``'s move."""
        return self.future is not None and self.seat == seat

    def step(self, seat: int) -> None:
        """The table is idle and ``seat`` (a computer) is to act: ask, wait, or move."""
        t = self.table
        game = t.game
        if self.future is None:
            match = t.match
            self.future = self.thinker.submit(
                game, seat, self.rngs[seat], match.level(seat),
                scoring=match.scoring, scores=list(match.totals),
            )
            self.seat = seat
            self.started = t.clock.time
            return
        if not self.future.done() or t.clock.time < self.started + self.app.settings.pace_delay:
            return
        future, self.future = self.future, None
        try:
            move = future.result()
            events = game.make(move, seat=self.seat)
        except Exception:  # a broken worker or an illegal move: never stall the table
            log.exception("computer move failed; playing the lowest legal move instead")
            events = game.make(opponents.standin_move(game), seat=self.seat)
        t.apply_events(events)

    def deadline(self) -> float | None:
        if self.future is not None and self.future.done():
            return self.started + self.app.settings.pace_delay
        return None

    def leave(self) -> None:
        self.thinker.shutdown()
