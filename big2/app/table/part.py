"""The base of the table's parts: each keeps its own state and is wired in by the table.

:class:`~big2.app.table.scene.TableScene` holds what is on the board (the match, the
bottom hand, sprites, trick, counts, log, banner, message, layout) and owns a list of
parts: the event playback, the exchange, the computers' turns, the input and the
drawing. Adding a feature to the table (undo, a card tracker, ...) is a subclass of
:class:`TablePart` and one ``table.add_part(...)`` call; the table calls the hooks
below in the order the parts were added, and none of them is required.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from big2.engine.events import Event

    from .scene import TableScene


class TablePart:
    """One piece of the table. Override only the hooks you need."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    @property
    def app(self) -> Any:
        return self.table.app

    # Hooks the table calls ---------------------------------------------------------------

    def hand_started(self) -> None:
        """A new hand is about to be dealt: forget the last hand's state."""

    def build_ui(self) -> None:
        """Make this part's widgets in ``table.ui`` (after every layout change)."""

    def refresh(self) -> None:
        """Something changed (a move, a selection): enable or disable widgets."""

    def handle(self, event: pygame.event.Event) -> bool:
        """An input event; True when used (the next parts and the input do not see it)."""
        return False

    def update(self, now: float) -> None:
        """One fixed step of game time, before the table plays events and turns on."""

    def event_shown(self, event: Event) -> None:
        """The playback has just started showing ``event`` (an engine event)."""

    def moves_applied(self, events: tuple[Event, ...]) -> None:
        """The engine has taken a move; ``events`` are queued to be shown."""

    def deadline(self) -> float | None:
        """Game time at which :meth:`update` must run even with no input (None: never)."""
        return None

    def animating(self) -> bool:
        """True while this part moves something on screen (the loop then ticks)."""
        return False

    def draw(self, surf: pygame.Surface) -> None:
        """Draw over the table, under the message and the banner."""

    def leave(self) -> None:
        """The table closes: stop threads, let go of resources."""
