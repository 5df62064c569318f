"""The computers' turns at the table: a search on a worker, shown after the pace delay.

If the worker fails (an exception in the search, a worker process that died, a move the
rules refuse), the game goes on: that turn is played by a simpler level here (Normal,
else Beginner, else the lowest legal play), a crash report is written to the log folder
(the first time at this table) and the player is told in one sentence. Only if even the
simplest legal play cannot be made does the error reach the app's last line of defence
(:mod:`big2.app.crashguard`: save, report, calm screen, back to the title).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any

from big2.engine.combos import Move

from . import opponents
from .. import vocab
from ...i18n import _
from .part import TablePart

log = logging.getLogger(__name__)


class ComputerTurns(TablePart):
    """Asks the worker for a computer seat's move and makes it once the pace allows.

    Its own state: the worker (:class:`~big2.app.table.opponents.Thinker`), the search in
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
        #: Whether a failed worker has been reported at this table (one report is enough).
        self.reported = False

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
                hands_left=match.hands_left, target=match.config.target,
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
        except Exception as exc:  # a broken worker or an illegal move: never stall the table
            events = self._fall_back(exc)
        t.apply_events(events)

    #: The levels that stand in, in order, for a computer whose worker failed.
    FALLBACK_LEVELS = ("normal", "beginner")

    def _fall_back(self, exc: Exception) -> list[Any]:
        """Play the failed turn another way, report it, tell the player; the events."""
        t = self.table
        game, seat, match = t.game, self.seat, t.match
        failed = match.level(seat)
        log.error("the computer for seat %d (%s) failed: %r", seat, failed, exc, exc_info=exc)
        from big2.ai import PlayerView

        events: list[Any] | None = None
        used = "the lowest legal play"
        for level in self.FALLBACK_LEVELS:
            if level == failed:
                continue
            try:
                view = PlayerView.from_game(game, seat, scores=list(match.totals), scoring=match.scoring,
                                            hands_left=match.hands_left, target=match.config.target)
                move = opponents.decide(view, level, self.rngs[seat].getrandbits(64))
                events = game.make(move, seat=seat)
                used = f"the {level} level's move"
                break
            except Exception as err:  # noqa: PERF203 - a few tries at most
                log.error("the %s level failed too: %r", level, err)
        if events is None:  # a failure here is a broken game: the crash guard's
            events = game.make(opponents.standin_move(game), seat=seat)
        self._report(exc, seat, failed, used)
        return events

    def _report(self, exc: Exception, seat: int, level: str, used: str) -> None:
        if self.reported:
            return
        self.reported = True
        from .. import crashguard, storage
        from big2.persistence.notices import Notice, Severity

        name = self.table.match.config.seats[seat].name
        shown = vocab.seat_name(self.table.match, seat)
        note = (f"the computer player {name} (seat {seat}, {level}) failed in its worker; "
                f"{used} was made instead and the game went on")
        path = crashguard.write_report(self.app, exc, table=self.table, note=note)
        st = storage.of(self.app)
        if st is not None:
            said = (_("{name}'s computer player hit a problem, so it made a simpler move. "
                      "A report is in the log folder.") if path is not None else
                    _("{name}'s computer player hit a problem, so it made a simpler move."))
            st.tell(Notice(said.format(name=shown), Severity.WARNING))

    def deadline(self) -> float | None:
        if self.future is not None and self.future.done():
            return self.started + self.app.settings.pace_delay
        return None

    def leave(self) -> None:
        self.thinker.shutdown()
