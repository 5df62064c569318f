"""A paragraph in a fixed box that scrolls when it does not fit: nothing is ever cut.

A screen keeps one :class:`TextWindow` per paragraph (its scroll position lives there),
calls :meth:`TextWindow.draw` each frame with the words and the box, and offers it the
events: the mouse wheel over the box scrolls it a line at a time. When there is more
above or below, small arrows at the box's right edge say so, and the lines make room
for them.
"""

from __future__ import annotations

import pygame

from . import assets, text


class TextWindow:
    """One scrolling paragraph. ``first`` is the first line shown."""

    def __init__(self) -> None:
        self.first = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Every line of the paragraph as last wrapped, and how many the box shows.
        self.lines: list[str] = []
        self.words = ""
        self.rows = 0
        #: Where the pointer was last seen (the wheel scrolls the box under it).
        self.pointer: tuple[int, int] = (-1, -1)

    @property
    def overflows(self) -> bool:
        return len(self.lines) > self.rows

    def draw(self, surf: pygame.Surface, words: str, size: int, rect: pygame.Rect, colour: tuple[int, int, int],
             *, line_h: int, suits: str | None = "light") -> None:
        """Wrap ``words`` to ``rect`` and draw the lines from :attr:`first` that fit
        (from the top again when the words changed)."""
        if words != self.words:
            self.words, self.first = words, 0
        self.rect = pygame.Rect(rect)
        self.rows = max(1, rect.h // max(1, line_h))
        marker = max(8, size // 2 + 2)
        self.lines = text.wrap(words, size, rect.w)
        if len(self.lines) > self.rows:  # room at the right for the arrows
            self.lines = text.wrap(words, size, rect.w - marker - 6)
        self.first = max(0, min(self.first, len(self.lines) - self.rows))
        y = rect.y
        for line in self.lines[self.first:self.first + self.rows]:
            text.draw(surf, line, size, (rect.x, y), colour, suits=suits)
            y += line_h
        if not self.overflows:
            return
        x = rect.right - marker // 2 - 1
        up, down = self.first > 0, self.first + self.rows < len(self.lines)
        for on, tip, base in ((up, rect.y, rect.y + marker), (down, rect.y + self.rows * line_h - 4, rect.y + self.rows * line_h - 4 - marker)):
            shade = (245, 210, 122) if on else (110, 120, 118)
            pygame.draw.polygon(surf, shade, [(x, tip), (x - marker // 2, base), (x + marker // 2, base)])

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the box scrolls it (when it has more than it shows).
        Offer it every event: it follows the pointer by the motion events."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = event.pos
            return False
        if event.type != pygame.MOUSEWHEEL or not self.overflows:
            return False
        if not self.rect.collidepoint(self.pointer):
            return False
        self.first = max(0, min(self.first - int(event.y), len(self.lines) - self.rows))
        return True


def line_height(size: int, px: int) -> int:
    """The step between lines of ``size`` text: the font's own line, at least ``size + px``."""
    return max(size + px, assets.font(size).get_linesize())
