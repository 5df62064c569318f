"""End of the session: the standings."""

from __future__ import annotations

import pygame

from .. import text
from .base import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
MEDALS = {1: (245, 210, 122), 2: (200, 205, 215), 3: (205, 140, 90)}


class SessionEndScene(Scene):
    name = "session_end"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match

    def build_ui(self) -> None:
        n = self.match.n_players
        r = self.rect = dialog_rect(self.app.size, 560, 200 + n * 56 + 70)
        self.b_again = self.button((r.right - 244, r.bottom - 66, 220, 46), "Play again", object_id="#primary")
        self.b_title = self.button((r.x + 24, r.bottom - 66, 180, 46), "Title screen")

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_again) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.app.replace("table", self.match.config)
            return True
        if self.pressed(event, self.b_title) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.goto("title")
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        frame(surf, r)
        m = self.match
        standings = m.standings()
        text.draw(surf, f"{standings[0][1]} wins the session!", 30, (r.centerx, r.y + 40), GOLD, anchor="center", bold=True)
        text.draw(surf, f"after {len(m.results)} hand{'s' if len(m.results) != 1 else ''}", 17, (r.centerx, r.y + 76), (210, 215, 220), anchor="center")
        y = r.y + 112
        for place, name, total in standings:
            col = MEDALS.get(place, (235, 235, 230))
            pygame.draw.circle(surf, col, (r.x + 60, y + 16), 16)
            text.draw(surf, str(place), 18, (r.x + 60, y + 16), (20, 20, 20), anchor="center", bold=True)
            text.draw(surf, name, 22, (r.x + 96, y + 3), (240, 240, 235), bold=True)
            text.draw(surf, f"{total:+d}" if total else "0", 22, (r.right - 40, y + 3), col, anchor="topright", bold=True)
            y += 56
