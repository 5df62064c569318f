"""A link fed from history: the replay of a finished hand, step by step.

:class:`ReplayLink` offers what a table reads of a link — :attr:`ReplayLink.state`, a
:class:`~big2.room.state.SeatState` — for each position of a recorded hand (the
positions come from :func:`big2.persistence.handlog.replay`), with every hand face up:
the hand is over, so nothing in it is hidden any more. :meth:`ReplayLink.go` moves
between positions. Nothing can be played: :meth:`ReplayLink.send` refuses every command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from big2.engine.combos import PASS, Move
from big2.engine.messages import msg

from .commands import Refusal
from .handfields import hand_fields
from .state import SeatState


class ReplayLink:
    """The positions of a finished hand, seen from ``seat`` with every hand face up.

    ``positions`` are engine games (the start, then one after each move); ``names``,
    ``people`` and ``levels`` describe the seats as recorded."""

    def __init__(self, positions: Sequence[Any], *, seat: int, names: Sequence[str], people: Sequence[bool],
                 levels: Sequence[str], scoring: str = "penalty-table", deal_number: int | None = None) -> None:
        if not positions:
            raise ValueError("a replay needs at least the hand's start")
        self.seat = seat
        self._positions = list(positions)
        self._base = dict(seat=seat, names=tuple(names), people=tuple(people), levels=tuple(levels),
                          at_screen=(seat,), rules=positions[0].rules, scoring=scoring, hands=1,
                          undo_allowed=False, hand_number=1, deal_number=deal_number)
        self.step = 0
        self.state = self._state_at(0)

    @property
    def last(self) -> int:
        """The last step (the number of moves)."""
        return len(self._positions) - 1

    def go(self, step: int) -> SeatState:
        """Show the position after ``step`` moves (clamped to the hand)."""
        self.step = max(0, min(self.last, step))
        self.state = self._state_at(self.step)
        return self.state

    def _state_at(self, step: int) -> SeatState:
        game = self._positions[step]
        return SeatState(**self._base, **hand_fields(game, self.seat, everyone=True),
                         trick_plays=self._trick_at(step), seq=step)

    def _trick_at(self, step: int) -> tuple[tuple[int, Move], ...]:
        """The plays on the table after ``step`` moves (oldest first)."""
        plays: list[tuple[int, Move]] = []
        for i in range(step):
            seat, move = self._positions[i + 1].history[-1]
            if move != PASS:
                if self._positions[i].leading:
                    plays = []
                plays.append((seat, move))
        return tuple(plays)

    # what a table may ask of any link
    def send(self, command: Any) -> Refusal:
        return Refusal(msg("This is a replay: nothing can be played."))

    def poll(self) -> list[Any]:
        return []

    def pending(self) -> bool:
        return False

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> None:
        pass

    def thinking(self, seat: int) -> bool:
        return False

    def view_as(self, seat: int) -> None:
        self.seat = seat
        self._base["seat"] = seat
        self._base["at_screen"] = (seat,)
        self.state = self._state_at(self.step)

    def close(self) -> None:
        pass
