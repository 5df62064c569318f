"""A seat's line to its room: what a table holds instead of a game.

A table reads :attr:`SeatLink.state` (the seat's :class:`~big2.room.state.SeatState`,
always current — ahead of what the table has shown, as the engine is) and
:meth:`SeatLink.poll` (the seat's redacted events since the last poll, to play back),
and acts only with :meth:`SeatLink.send` (a command of :mod:`big2.room.commands`).
:meth:`SeatLink.tick` gives the room time while the table has nothing left to show.

:class:`LocalLink` serves a room in this process. With several people at one screen
(hot-seat) it serves each of them in turn: :meth:`LocalLink.view_as` switches the
stream to another person's seat (the privacy screen shows only the acting person's
cards). A link to a room on a server (the next step) offers the same methods.
"""

from __future__ import annotations

from typing import Any, Protocol

from .commands import Refusal
from .events import MoveUndone
from .room import Room
from .state import SeatState


class SeatLink(Protocol):
    """What a table needs of a room (see the module's docstring)."""

    seat: int
    state: SeatState

    def send(self, command: Any) -> Refusal | None: ...

    def poll(self) -> list[Any]: ...

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> None: ...

    def thinking(self, seat: int) -> bool: ...

    def view_as(self, seat: int) -> None: ...

    def close(self) -> None: ...


class LocalLink:
    """A link to a :class:`~big2.room.room.Room` in this process, for the people at
    this screen (``seats``; the first one is shown first)."""

    def __init__(self, room: Room, seats: tuple[int, ...] | None = None) -> None:
        self.room = room
        people = tuple(s for s in range(room.n_players) if room.config.seats[s].human)
        self.seats: tuple[int, ...] = tuple(seats) if seats is not None else (people or (0,))
        self.seat = self.seats[0]
        self._cursor = 0
        self._serial = room.hand_serial
        self.state = self._fresh()

    def _fresh(self) -> SeatState:
        return self.room.state_for(self.seat, at_screen=self.seats)

    def send(self, command: Any) -> Refusal | None:
        """Send ``command`` for the seat shown now; a refusal (nothing changed) or None.
        The events it caused arrive with the next :meth:`poll`."""
        refusal = self.room.command(self.seat, command)
        self.state = self._fresh()
        return refusal

    def send_as(self, seat: int, command: Any) -> Refusal | None:
        """Like :meth:`send`, for another person's seat at this screen."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not at this screen")
        refusal = self.room.command(seat, command)
        self.state = self._fresh()
        return refusal

    def state_of(self, seat: int) -> SeatState:
        """The snapshot of another person's seat at this screen (without showing it)."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not at this screen")
        return self.room.state_for(seat, at_screen=self.seats)

    def poll(self) -> list[Any]:
        """The seat's events since the last poll (a new hand starts a new stream)."""
        room = self.room
        if room.hand_serial != self._serial:
            self._serial, self._cursor = room.hand_serial, 0
        events, self._cursor = room.events_for(self.seat, self._cursor)
        if events:
            self.state = self._fresh()
        return events

    def pending(self) -> bool:
        """Whether :meth:`poll` would return events."""
        room = self.room
        if room.hand_serial != self._serial:  # a new hand: its stream starts at 0
            return bool(room.log)
        return self._cursor < len(room.log)

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> None:
        """Give the room's computers time (call while nothing is left to show)."""
        self.room.tick(now, pace, exchange_pace)

    def next_due(self, pace: float) -> float | None:
        return self.room.next_due(pace)

    def thinking(self, seat: int) -> bool:
        return self.room.thinking(seat)

    def view_as(self, seat: int) -> None:
        """Show ``seat`` (another person at this screen) from now on: its snapshot."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not at this screen")
        self.seat = seat
        self.state = self._fresh()

    def refresh(self) -> SeatState:
        """A fresh snapshot (after :class:`~big2.room.events.MoveUndone`, say)."""
        self.state = self._fresh()
        return self.state

    def close(self) -> None:
        self.room.close()


__all__ = ["LocalLink", "MoveUndone", "SeatLink"]
