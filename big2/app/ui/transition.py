"""A screen coming in: the new screen fades in over the last picture of the old one,
rising into place (docs/design/look.md: 160 ms, out cubic, 8 px rise).

The app calls :meth:`Transition.begin` when the top screen changes (with the picture
still on the window, the old screen's) and :meth:`Transition.apply` after drawing each
frame until :attr:`Transition.active` is False. Its clock starts at the first frame drawn
after ``begin``, so the time a new screen takes to build never eats the fade.
"""

from __future__ import annotations

import time

import pygame

from .tween import out_cubic

#: At the normal animation speed: how long a screen takes to come in, and how far it rises.
SECONDS = 0.16
RISE_PX = 8


class Transition:
    def __init__(self) -> None:
        self._old: pygame.Surface | None = None
        self._start: float | None = None
        self.duration = 0.0
        self.rise = 0

    @property
    def active(self) -> bool:
        return self._old is not None

    def begin(self, old: pygame.Surface, duration: float, rise: int) -> None:
        """Fade the next frames in over ``old`` (copied) for ``duration`` seconds, rising
        ``rise`` pixels. A zero duration: no transition."""
        if duration <= 0:
            self.stop()
            return
        self._old = old.copy()
        self._start = None
        self.duration = duration
        self.rise = rise

    def stop(self) -> None:
        self._old = None

    def apply(self, screen: pygame.Surface) -> None:
        """Blend the frame just drawn on ``screen`` over the old picture, as far in as
        the time since the first frame says; the last frame shows the new screen whole."""
        old = self._old
        if old is None:
            return
        now = time.perf_counter()
        if self._start is None:
            self._start = now
        p = (now - self._start) / self.duration
        if p >= 1 or old.get_size() != screen.get_size():
            self.stop()
            return
        k = out_cubic(max(0.0, p))
        drop = round(self.rise * (1 - k))
        if drop:
            screen.scroll(0, drop)  # the new screen, still a little low (no copy made)
        old.set_alpha(int(255 * (1 - k)))  # and the old one fading out over it
        screen.blit(old, (0, 0))
