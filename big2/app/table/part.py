"""The base of the table's parts: each keeps its own state and is wired in by the table.

:class:`~big2.app.table.scene.TableScene` holds what is on the board (the match, the
bottom hand, sprites, trick, counts, log, banner, message, layout) and owns a list of
parts: the event playback, the exchange, the computers' turns, the input and the
drawing. Adding a feature to the table (undo, a card tracker, ...) is a subclass of
:class:`TablePart` and one ``table.add_part(...)`` call; the table calls the hooks
below in the order the parts were added, and none of them is required.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.core import UIContainer

    from big2.engine.events import Event
    from big2.room.commands import Refusal
    from big2.room.events import MoveUndone, SeatExchanged, SeatExchangeStarted
    from big2.room.link import SeatLink
    from big2.room.state import SeatState

    from big2.app.ui.scene import SceneHost
    from big2.app.ui.sprites import CardSprite
    from big2.app.ui.tween import GameClock, Tweener

    from .hand import HandModel
    from .layout import TableLayout

P = TypeVar("P", bound="TablePart")


# What a part needs of the table (:class:`~big2.app.table.scene.TableScene`, which
# imports every part): stated here, below the table, so that no part imports it back.
# The parts a part calls through the table are given by what it calls of them.

class _Playback(Protocol):
    queue: deque[Any]
    busy_until: float
    announce_leader: bool

    def deck_left(self) -> int: ...


class _Exchange(Protocol):
    giving_back: int | None

    def show_handover(self, event: SeatExchangeStarted) -> float: ...

    def show_exchange(self, event: SeatExchanged) -> float: ...


class _Input(Protocol):
    def dragging(self) -> int | None: ...


class _Drawn(Protocol):
    def draw(self, surf: pygame.Surface) -> None: ...


class _View(Protocol):
    log: _Drawn

    def warm(self, cards: Any, size: tuple[int, int] | None = None, *, first: bool = False) -> None: ...

    def warm_table(self) -> None: ...

    def put(self, real: bool, spr: CardSprite) -> None: ...

    def damage(self, rect: pygame.Rect) -> None: ...


class _Undo(Protocol):
    def show(self, event: MoveUndone) -> float: ...


class _Drawers(Protocol):
    def shown_layout(self) -> TableLayout | None: ...


class _HandOver(Protocol):
    passing: int | None
    pass_at: float | None


class Table(Protocol):
    """The table as its parts see it: the scene's own (app, widgets, sizes), the board,
    the bottom person's turn, the other parts, and the link to the room."""

    # the scene
    app: SceneHost
    ui: UIContainer | None
    covered: bool

    def build(self) -> None: ...

    def px(self, value: float) -> int: ...

    def button_width(self, labels: list[str] | tuple[str, ...]) -> int: ...

    def left_drawer_w(self) -> int | None: ...

    def button(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, *,
               object_id: str | pygame_gui.core.ObjectID | None = None,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton: ...

    # the link to the room, and what the seat at the bottom may know
    link: SeatLink
    online: bool
    waiting_on: SeatState | None

    @property
    def state(self) -> SeatState: ...

    @property
    def viewer(self) -> int: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def anim(self) -> float: ...

    def pace(self) -> float: ...

    def send(self, command: Any) -> Refusal | None: ...

    # the board
    clock: GameClock
    tweens: Tweener
    layout: TableLayout
    hand: HandModel
    hand_visible: bool
    counts: list[int]
    sprites: dict[int, CardSprite]
    trick: list[tuple[int, list[int]]]
    sweeping: list[CardSprite]
    flying: list[CardSprite]
    revealed: dict[int, list[int]]
    badges: dict[int, str]
    turn: int | None
    owner: int | None
    log: deque[tuple[str, tuple[int, int, int]]]
    banner: tuple[str, float, tuple[int, int, int]] | None
    banner_scale: float
    message: tuple[str, float, tuple[int, int, int]] | None
    max_hand: int

    def pos_of(self, seat: int) -> int: ...

    def hand_gaps(self) -> frozenset[int]: ...

    def place_hand(self, *, animate: bool) -> None: ...

    def say(self, text: str, seconds: float = 3.0, colour: tuple[int, int, int] = (255, 255, 255), *,
            routine: bool = False) -> None: ...

    def damage_info(self) -> None: ...

    def start_hand(self, *, as_it_stands: bool = False) -> None: ...

    def apply_events(self, events: Any) -> None: ...

    # the bottom person's turn
    awaiting_human: bool
    hand_over: bool
    auto_pass_at: float | None
    buttons: dict[str, pygame_gui.elements.UIButton]
    b_menu: pygame_gui.elements.UIButton

    def call_human(self, seat: int) -> None: ...

    def others_may_look(self, seat: int) -> bool: ...

    def end_human_turn(self, *, keep_visible: bool = False) -> None: ...

    def human_play(self) -> bool: ...

    def human_pass(self) -> bool: ...

    def show_hint(self) -> None: ...

    def sort_hand(self) -> None: ...

    def open_pause(self) -> None: ...

    def refresh_buttons(self) -> None: ...

    # the parts (read only: the table made them)
    parts: list[TablePart]

    @property
    def playback(self) -> _Playback: ...

    @property
    def exchange(self) -> _Exchange: ...

    @property
    def input(self) -> _Input: ...

    @property
    def view(self) -> _View: ...

    @property
    def undo(self) -> _Undo: ...

    @property
    def handover(self) -> _HandOver: ...

    @property
    def drawers(self) -> _Drawers: ...

    def add_part(self, part: P) -> P: ...


class TablePart:
    """One piece of the table. Override only the hooks you need."""

    def __init__(self, table: Table) -> None:
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
