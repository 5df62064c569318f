"""Scenes: one screen each, on a stack; input goes top-down.

pygame_gui sees every event first. Then the top scene gets it, and if it does not use
it and is not modal, the scene below, and so on. Only the top scene is updated (so a
pause menu freezes the table beneath it); drawing starts at the highest opaque scene.
Each scene keeps its pygame_gui elements in a container that is hidden while the scene
is covered and rebuilt when the window is resized.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

if TYPE_CHECKING:
    from ..app import App


class Scene:
    modal = True
    opaque = True
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui: UIContainer | None = None
        self.covered = False

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

    def next_deadline(self) -> float | None:
        """Seconds until this scene must be updated even with no input (None: never)."""
        return None

    # Helpers ---------------------------------------------------------------------------

    def button(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, *, object_id: str | None = None, tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            pygame.Rect(rect),
            text,
            self.app.manager,
            container=self.ui,
            object_id=object_id,
            tool_tip_text=tooltip,
        )

    @staticmethod
    def pressed(event: pygame.event.Event, element: object) -> bool:
        return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is element
