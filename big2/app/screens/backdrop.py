"""The page under a dialog, as the player last saw it, controls and all.

A dialog (a question, the language picker, the pause menu) hides the controls of the
screen beneath it: pygame_gui would otherwise draw them over the dialog. Drawn without
them that screen is a half-empty page. So a dialog takes a picture of the window as it
was when it opened (the screen beneath with its controls) and draws that, veiled,
instead; after a resize the picture is scaled to the new size. Once the language has
changed (Settings opened from the pause menu) the picture is out of date and is no
longer drawn: the screen beneath then shows without its controls.
"""

from __future__ import annotations

from typing import Any

import pygame

from ... import i18n


class Backdrop:
    """What was on the window when a dialog opened."""

    def __init__(self, app: Any) -> None:
        screen = getattr(app, "screen", None)
        self.image: pygame.Surface | None = None
        if screen is not None and getattr(app, "frames", 0) > 0 and screen.get_size() == tuple(app.size):
            self.image = screen.copy()
        self._scaled: pygame.Surface | None = None
        self._language = i18n.current().code

    def draw(self, surf: pygame.Surface) -> bool:
        """Put the picture on ``surf`` (scaled to its size); False if there is none."""
        if self.image is None or i18n.current().code != self._language:
            return False
        size = surf.get_size()
        img = self.image
        if img.get_size() != size:
            if self._scaled is None or self._scaled.get_size() != size:
                self._scaled = pygame.transform.smoothscale(img, size)
            img = self._scaled
        surf.blit(img, (0, 0))
        return True
