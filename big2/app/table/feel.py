"""The table's feel: the win's confetti, the last-card warning's pulse, reduced motion.

:class:`FeelPart` is a part of the table that draws what :class:`~.playback.EventPlayback`
times: the confetti of a person's win (over the felt and cards, under the banner) and,
while a seat's last-card warning pulses, a red ring swelling round its card count. It
takes any key or click at the hand's end to skip the celebration straight to the
results, and keeps the table's tweens within reduced motion's limit every step.

The ring goes round the seat's card-count badge (``SeatSpot.count``); its swell is
``playback.last_card_pulse(seat)`` (0..1), which the seat drawing may read as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from big2.app.table.part import TablePart
from big2.app.ui.confetti import Confetti

if TYPE_CHECKING:
    from big2.app.table.part import Table
    from big2.app.table.playback import EventPlayback

WARN = (255, 96, 80)


class FeelPart(TablePart):
    def __init__(self, table: Table, playback: EventPlayback) -> None:
        super().__init__(table)
        self.playback = playback
        self.confetti = Confetti(seed=7)
        self._rings: list[pygame.Rect] = []
        self._falling = False

    def hand_started(self) -> None:
        self.table.tweens.cap = self.app.settings.motion_cap

    def update(self, now: float) -> None:
        self.table.tweens.cap = self.app.settings.motion_cap  # reduced motion: short tweens

    def handle(self, event: pygame.event.Event) -> bool:
        """At the hand's end (the banner, the confetti): any key or click opens the results."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        if not self.table.hand_over or self.playback.open_results is None or self.table.covered:
            return False
        self.playback.skip_end()
        self.app.dirty = True
        return True

    def animating(self) -> bool:
        return self.playback.celebration is not None or self.playback.pulsing() or bool(self._rings) or self._falling

    def draw(self, surf: pygame.Surface) -> None:
        view = self.table.view
        for r in self._rings:  # where the rings were last frame
            view.damage(r)
        self._rings = []
        celebration = self.playback.celebration
        t = self.playback.celebration_time()
        if t is not None and celebration is not None:
            self.confetti.draw(surf, t, celebration[1], self.table.px(12))
            self._falling = True
            view.damage(surf.get_rect())
        elif self._falling:  # the last pieces: drawn over once more
            self._falling = False
            view.damage(surf.get_rect())
        for seat in range(self.table.state.n_players):
            swell = self.playback.last_card_pulse(seat)
            if swell > 0:
                self._rings.append(self.ring(surf, seat, swell))

    def ring(self, surf: pygame.Surface, seat: int, swell: float) -> pygame.Rect:
        """A red ring round the seat's card-count badge, ``swell`` (0..1) of its way out."""
        t = self.table
        box = pygame.Rect(t.layout.seats[t.pos_of(seat)].count.as_tuple())
        grow = int(box.h * 0.4 * swell)
        r = box.inflate(2 * grow + t.px(6), 2 * grow + t.px(6))
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*WARN, int(90 + 150 * swell)), layer.get_rect(), max(2, t.px(3)),
                         border_radius=r.h // 2)
        surf.blit(layer, r)
        return r.inflate(4, 4)
