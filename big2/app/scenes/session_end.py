"""End of the session: the standings, with a short burst of confetti for the winner."""

from __future__ import annotations

import math
import random

import pygame

from ... import i18n
from ...i18n import _, ngettext, verbatim
from .. import text, vocab
from .base import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
MEDALS = {1: (245, 210, 122), 2: (200, 205, 215), 3: (205, 140, 90)}
CONFETTI = ((245, 210, 122), (230, 90, 90), (110, 180, 255), (140, 220, 150), (250, 250, 245))
#: How long the celebration lasts, in seconds (scaled by the animation speed).
CELEBRATION = 2.6


class SessionEndScene(Scene):
    name = "session_end"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.t = 0.0
        scale = app.settings.anim_scale
        self.duration = CELEBRATION * scale if app.settings.celebrations else 0.0  # none with reduced motion
        rng = random.Random(len(match.results))
        # (x as a share of the width, start height, fall speed, drift, spin, colour)
        self.pieces = [
            (rng.random(), -rng.random() * 0.6, 0.35 + rng.random() * 0.5, rng.uniform(-0.08, 0.08),
             rng.uniform(2.0, 7.0), CONFETTI[i % len(CONFETTI)])
            for i in range(130)
        ]

    def animating(self) -> bool:
        return self.t < self.duration

    def update(self, dt: float) -> None:
        if self.t < self.duration:
            self.t = min(self.duration, self.t + dt)

    def build_ui(self) -> None:
        px = self.px
        n = self.match.n_players
        r = self.rect = dialog_rect(self.app.size, px(560), px(204) + n * px(56))
        self.b_again = self.button((r.right - px(244), r.bottom - px(66), px(220), px(46)), _("Play again"), object_id="#primary")
        self.b_title = self.button((r.x + px(24), r.bottom - px(66), px(180), px(46)), _("Title screen"))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_again) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.app.replace("table", self.match.config)
            return True
        if self.pressed(event, self.b_title) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.goto("title")
            return True
        return False

    def shown_name(self, name: str) -> str:
        """A standings name as the table shows it (a computer's compass name translated)."""
        m = self.match
        return vocab.seat_name(m, m.names.index(name)) if name in m.names else verbatim(name)

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        frame(surf, r)
        m = self.match
        standings = m.standings()
        tr = i18n.current()
        text.draw(surf, _("{name} wins the session!").format(name=self.shown_name(standings[0][1])), self.fpx(30), (r.centerx, r.y + px(40)), GOLD, anchor="center", bold=True)
        text.draw(surf, ngettext("after {n} hand", "after {n} hands", len(m.results)).format(n=tr.number(len(m.results))), self.fpx(17), (r.centerx, r.y + px(76)), (210, 215, 220), anchor="center")
        y = r.y + px(112)
        for place, name, total in standings:
            col = MEDALS.get(place, (235, 235, 230))
            pygame.draw.circle(surf, col, (r.x + px(60), y + px(16)), px(16))
            text.draw(surf, str(place), self.fpx(18), (r.x + px(60), y + px(16)), (20, 20, 20), anchor="center", bold=True)
            text.draw(surf, self.shown_name(name), self.fpx(22), (r.x + px(96), y + px(3)), (240, 240, 235), bold=True)
            text.draw(surf, tr.signed(total), self.fpx(22), (r.right - px(40), y + px(3)), col, anchor="topright", bold=True)
            y += px(56)
        self.draw_confetti(surf)

    def draw_confetti(self, surf: pygame.Surface) -> None:
        """Paper pieces falling and turning over the standings, then gone."""
        if self.t >= self.duration:
            return
        w, h = surf.get_size()
        size = max(5, self.px(12))
        fade = min(1.0, (self.duration - self.t) / 0.6)
        for x0, y0, speed, drift, spin, colour in self.pieces:
            y = (y0 + speed * self.t / max(self.duration, 0.01) * CELEBRATION * 0.55) * h
            if y < -size or y > h + size:
                continue
            x = (x0 + drift * math.sin(self.t * 2 + x0 * 9)) * w
            turn = abs(math.cos(self.t * spin + x0 * 20))
            piece = pygame.Rect(0, 0, size, max(1, int(size * 0.55 * turn) + 1))
            piece.center = (int(x), int(y))
            shade = tuple(int(c * (0.6 + 0.4 * fade)) for c in colour)
            pygame.draw.rect(surf, shade, piece)
