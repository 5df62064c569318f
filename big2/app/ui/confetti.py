"""Confetti: paper pieces falling and turning over a window, then gone (a win's celebration).

A :class:`Confetti` is a fixed set of pieces (seeded, so the same win looks the same);
:meth:`Confetti.draw` paints them at ``t`` seconds into a celebration lasting
``duration`` seconds. Whoever shows it decides whether it may play at all (never with
reduced motion or animations off: ``AppSettings.celebrations``) and lets any key or
click end it early.
"""

from __future__ import annotations

import math
import random

import pygame

COLOURS = ((245, 210, 122), (230, 90, 90), (110, 180, 255), (140, 220, 150), (250, 250, 245))
#: How long a celebration lasts at the normal animation speed (docs/design/look.md: 2.5 s).
SECONDS = 2.5


class Confetti:
    def __init__(self, seed: int = 0, pieces: int = 130) -> None:
        rng = random.Random(seed)
        # (x as a share of the width, start height, fall speed, drift, spin, colour)
        self.pieces = [
            (rng.random(), -rng.random() * 0.6, 0.35 + rng.random() * 0.5, rng.uniform(-0.08, 0.08),
             rng.uniform(2.0, 7.0), COLOURS[i % len(COLOURS)])
            for i in range(pieces)
        ]

    def draw(self, surf: pygame.Surface, t: float, duration: float, piece_px: int) -> None:
        """Paint the pieces ``t`` seconds into a ``duration``-second fall (nothing after
        it); each piece is about ``piece_px`` pixels long. The last 0.6 s fade."""
        if t >= duration or duration <= 0:
            return
        w, h = surf.get_size()
        size = max(5, piece_px)
        fade = min(1.0, (duration - t) / 0.6)
        for x0, y0, speed, drift, spin, colour in self.pieces:
            y = (y0 + speed * t / duration * SECONDS * 0.55) * h
            if y < -size or y > h + size:
                continue
            x = (x0 + drift * math.sin(t * 2 + x0 * 9)) * w
            turn = abs(math.cos(t * spin + x0 * 20))
            piece = pygame.Rect(0, 0, size, max(1, int(size * 0.55 * turn) + 1))
            piece.center = (int(x), int(y))
            shade = tuple(int(c * (0.6 + 0.4 * fade)) for c in colour)
            pygame.draw.rect(surf, shade, piece)
