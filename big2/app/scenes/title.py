"""The title screen: quick game, new game, rules, settings, quit."""

from __future__ import annotations

import math

import pygame

from .. import cardart, storage, text
from .base import Scene
from .common import felt


class TitleScene(Scene):
    name = "title"

    def build_ui(self) -> None:
        w, h = self.app.size
        bw, bh = min(360, w - 80), 52
        x = (w - bw) // 2
        y = int(h * 0.5)
        gap = bh + 12
        self.b_continue = None
        if storage.can_continue(self.app):  # a saved session: Continue comes first
            bh = 46 if h < 700 else bh
            gap = bh + 10
            y = min(y, h - 5 * gap - 8)
            self.b_continue = self.button((x, y, bw, bh), "Continue", object_id="#primary", tooltip=storage.continue_hint(self.app))
            y += gap
        self.b_quick = self.button((x, y, bw, bh), "Play against the computer", object_id=None if self.b_continue else "#primary", tooltip="A standard game: you and three computers, four hands")
        half = (bw - 12) // 2
        self.b_new = self.button((x, y + gap, half, bh), "New game…", tooltip="Choose players, rules and session length")
        self.b_saves = self.button((x + half + 12, y + gap, half, bh), "Saved games…", tooltip="Load, save or delete a named game")
        third = (bw - 24) // 3
        self.b_rules = self.button((x, y + 2 * gap, third, bh), "Rules")
        self.b_settings = self.button((x + third + 12, y + 2 * gap, third, bh), "Settings")
        self.b_stats = self.button((x + 2 * (third + 12), y + 2 * gap, bw - 2 * (third + 12), bh), "Statistics", tooltip="Your scores, streaks and past hands")
        self.b_quit = self.button((x, y + 3 * gap, bw, bh), "Quit", object_id="#danger")

    def handle(self, event: pygame.event.Event) -> bool:
        if storage.title_event(self, event):  # Continue, Saved games, Statistics
            return True
        if self.pressed(event, self.b_quick):
            self.app.push("table", self.quick_game())
            return True
        if self.pressed(event, self.b_new):
            self.app.push("new_game")
            return True
        if self.pressed(event, self.b_rules):
            self.app.push("rules")
            return True
        if self.pressed(event, self.b_settings):
            self.app.push("settings")
            return True
        if self.pressed(event, self.b_quit) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.app.push("table", self.quick_game())
            return True
        return False

    def quick_game(self):
        """Play against the computer: the player, by their stored name, and three computers."""
        from ..match import quick_config

        return quick_config(storage.player_name(self.app))

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt((w, h), self.app.settings.felt_colours), (0, 0))
        # A fan of the four twos above the title
        ch = int(min(h * 0.21, w * 0.15))
        cw = int(ch * 0.7)
        cx, cy = w // 2, int(h * 0.2)
        cards = [51, 50, 49, 48, 47]  # 2♠ 2♥ 2♣ 2♦ A♠
        for i, c in enumerate(reversed(cards)):
            angle = (i - 2) * -12
            img = cardart.face(c, cw, ch, four_colour=self.app.settings.four_colour)
            rot = pygame.transform.rotozoom(img, angle, 1)
            rad = math.radians(angle)
            px = cx + math.sin(-rad) * ch * 0.55
            py = cy + ch * 0.55 - math.cos(rad) * ch * 0.55
            surf.blit(rot, rot.get_rect(center=(int(px), int(py))))
        size = max(36, int(h * 0.085))
        text.draw(surf, "Big Two", size, (w // 2 + 3, int(h * 0.41) + 3), (0, 0, 0), anchor="center", bold=True)
        text.draw(surf, "Big Two", size, (w // 2, int(h * 0.41)), (245, 210, 122), anchor="center", bold=True)
        text.draw(surf, "Cho Dai Di · Pusoy Dos · Big 2", max(14, size // 3), (w // 2, int(h * 0.41) + size * 0.75), (220, 230, 225), anchor="center")
