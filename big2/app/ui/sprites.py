"""Card sprites: a card with a tweenable position and size, drawn face up or down."""

from __future__ import annotations

import pygame

from . import cardart


class CardSprite:
    """One card on screen. ``x``/``y`` are the top-left corner; ``w``/``h`` its size.

    ``base`` is the size whose cached image is used; an in-between size (growing from an
    opponent's seat to the trick) is scaled from it on the fly.
    """

    __slots__ = ("card", "x", "y", "w", "h", "face_up", "rotated", "alpha", "base")

    def __init__(self, card: int, x: float, y: float, w: float, h: float, *, face_up: bool = True, rotated: bool = False) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.face_up = face_up
        self.rotated = rotated
        self.alpha = 255.0
        self.base = (int(w), int(h))

    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.w), round(self.h))

    def draw(self, surf: pygame.Surface, *, four_colour: bool, back_style: str, shadow: bool = False) -> bool:
        """Draw the card; False when its face at this size is not drawn yet and a
        stand-in scaled from another size was shown (see :func:`cardart.face_soon`)."""
        w, h = round(self.w), round(self.h)
        if w < 2 or h < 2:
            return True
        bw, bh = self.base
        real = True
        if self.face_up:
            img, real = cardart.face_soon(self.card, bw, bh, four_colour=four_colour)
        else:
            img = cardart.back(bw, bh, style=back_style)
        if (w, h) != (bw, bh):
            img = pygame.transform.smoothscale(img, (w, h))
        if self.rotated:
            img = pygame.transform.rotate(img, 90)
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(max(0, int(self.alpha)))
        pos = (round(self.x), round(self.y))
        if shadow:
            sh = cardart.shadow(img.get_width(), img.get_height())
            surf.blit(sh, (pos[0] + 3, pos[1] + 4))
        surf.blit(img, pos)
        return real
