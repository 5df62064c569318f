"""Scenes: one screen each, on a stack; input goes top-down.

pygame_gui sees every event first. Then the top scene gets it, and if it does not use
it and is not modal, the scene below, and so on. Only the top scene is updated (so a
pause menu freezes the table beneath it); drawing starts at the highest opaque scene.
Each scene keeps its pygame_gui elements in a container that is hidden while the scene
is covered and rebuilt when the window is resized.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from .focus import Focus
from .uiscale import font_px, px

if TYPE_CHECKING:
    from ..settings import AppSettings
    from .uimanager import UIManager


class SceneHost(Protocol):
    """What a scene needs of the app that runs it (:class:`~big2.app.app.App`, which
    imports this module): the window's size and scale, the UI manager, the settings,
    the redraw flag and wake-up, and the scene stack. Stated here, below the app, so
    that the toolkit never imports the app back."""

    size: tuple[int, int]
    ui_scale: float
    manager: UIManager
    settings: AppSettings
    dirty: bool
    stack: list[Scene]

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene: ...

    def pop(self) -> Scene: ...

    def replace(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene: ...

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene: ...

    def quit(self, code: int = 0) -> None: ...

    def post_wake(self) -> None: ...


class Scene:
    modal = True
    opaque = True
    name = "scene"
    #: Tab, arrows and Enter move and press a focus ring over the controls (see focus.py).
    keyboard_focus = True
    #: False: the scene keeps the arrow keys for itself (Tab still moves the focus).
    arrow_focus = True
    #: A menu screen: it comes in with a short fade and rise, and so does the next one
    #: (the table, whose frames are its own animation, says False: none to or from it).
    fades = True

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.ui: UIContainer | None = None
        self.covered = False
        self.focus = Focus(self)

    # Life cycle ---------------------------------------------------------------------

    def enter(self) -> None:
        self.build()

    def leave(self) -> None:
        if self.ui is not None:
            self.ui.kill()
            self.ui = None

    def cover(self) -> None:
        self.covered = True
        if self.ui is not None:
            self.ui.hide()

    def uncover(self) -> None:
        self.covered = False
        if self.ui is not None:
            self.ui.show()

    def build(self) -> None:
        if self.ui is not None:
            self.ui.kill()
        w, h = self.app.size
        self.ui = UIContainer(pygame.Rect(0, 0, w, h), self.app.manager)
        self.build_ui()
        if self.covered:
            self.ui.hide()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    # To override ---------------------------------------------------------------------

    def build_ui(self) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def animating(self) -> bool:
        """True while something moves: the loop then ticks at frame rate."""
        return False

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """Screen areas changed since the last frame, or None to present it all.

        Asked only on frames where nothing but this scene's own animation changed.
        """
        return None

    def notice_area(self) -> pygame.Rect:
        """Where the app's notices may appear over this scene without covering what it
        shows: by default the top-left corner, clear of the centred title."""
        w, h = self.app.size
        return pygame.Rect(12, 8, max(240, min(560, w // 2 - 200)), max(120, h // 4))

    def next_deadline(self) -> float | None:
        """Seconds until this scene must be updated even with no input (None: never)."""
        return None

    def draw_overlay(self, surf: pygame.Surface) -> None:
        """Drawn over the UI controls, top scene only: the keyboard focus ring."""
        if self.keyboard_focus:
            self.focus.draw(surf, self.app.ui_scale)

    # Helpers ---------------------------------------------------------------------------

    def px(self, value: float) -> int:
        """``value`` design pixels (at 1280 × 720) at the window's UI scale."""
        return px(value, self.app.ui_scale)

    def text_width(self, words: str, size: float, *, bold: bool = False) -> int:
        """How wide ``words`` are at ``size`` design pixels (the shipped font, at the UI scale)."""
        from . import assets

        return assets.font(self.fpx(size), bold=bold).size(words)[0]

    def text_height(self, size: float, *, bold: bool = False) -> int:
        """How tall a line of the shipped font is at ``size`` design pixels (CJK fonts
        stand taller than DejaVu at the same size)."""
        from . import assets

        return assets.font(self.fpx(size), bold=bold).get_height()

    def button_width(self, labels: list[str] | tuple[str, ...]) -> int:
        """A button wide enough for the longest of ``labels`` (the theme's button font)."""
        return max(self.text_width(t, 17, bold=True) for t in labels) + self.px(28)

    def dropdown_width(self, options: list[str] | tuple[str, ...], size: float = 15) -> int:
        """A drop-down wide enough for its longest option (text, margins, arrow), and for
        the scroll bar its open list shows when it has more than a few options."""
        if not options:
            return self.px(80)
        bar = self.px(22) if len(options) > 6 else 0
        return max(self.text_width(o, size) for o in options) + self.px(48) + bar

    def fpx(self, value: float) -> int:
        """A font size of ``value`` design pixels at the UI scale (never unreadably small)."""
        return font_px(value, self.app.ui_scale)

    def button(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, *, object_id: str | pygame_gui.core.ObjectID | None = None, tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            pygame.Rect(rect),
            text,
            self.app.manager,
            container=self.ui,
            object_id=object_id,
            tool_tip_text=tooltip,
        )

    @staticmethod
    def chosen(event: pygame.event.Event) -> str:
        """The id of the option a drop-down event picked. Drop-downs list ``(shown text,
        id)`` pairs, so the id stays English whatever the language; an event that names
        only the text (as tests post them) is matched against the list's texts and ids."""
        option_id = getattr(event, "selected_option_id", None)
        if isinstance(option_id, str):
            return option_id
        for option in getattr(event.ui_element, "options_list", ()):
            if isinstance(option, tuple) and event.text in option:
                return option[1]
        return str(event.text)

    @staticmethod
    def pressed(event: pygame.event.Event, element: object) -> bool:
        return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is element
