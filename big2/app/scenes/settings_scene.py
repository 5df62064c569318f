"""Settings: animation speed, computer pace, felt, card back, four-colour deck, sound."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel

from .. import cardart, text
from ..settings import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PACES, FELTS
from .base import Scene
from .common import dialog_rect, felt, frame


class SettingsScene(Scene):
    name = "settings"

    def build_ui(self) -> None:
        m = self.app.manager
        s = self.app.settings
        r = self.rect = dialog_rect(self.app.size, 620, 600)
        x, w = r.x + 30, r.w - 60
        lw = 220
        y = r.y + 80
        row = 50

        def label(text_: str) -> None:
            UILabel(pygame.Rect(x, y, lw, 34), text_, m, container=self.ui)

        label("Animation speed")
        self.dd_anim = UIDropDownMenu(list(ANIMATION_SPEEDS), s.animation, pygame.Rect(x + lw, y, w - lw, 34), m, container=self.ui)
        y += row
        label("Computer pace")
        self.dd_pace = UIDropDownMenu(list(COMPUTER_PACES), s.pace, pygame.Rect(x + lw, y, w - lw, 34), m, container=self.ui)
        y += row
        label("Table felt")
        self.dd_felt = UIDropDownMenu(list(FELTS), s.felt, pygame.Rect(x + lw, y, w - lw, 34), m, container=self.ui)
        y += row
        label("Card back")
        self.dd_back = UIDropDownMenu(list(CARD_BACKS), s.card_back, pygame.Rect(x + lw, y, w - lw, 34), m, container=self.ui)
        y += row
        self.b_four = self.button((x, y, w, 38), self._four_text())
        y += row
        self.b_auto = self.button((x, y, w, 38), self._auto_text(), tooltip="Pass for you when nothing you hold can beat the table")
        y += row
        label("Volume")
        self.sl_volume = UIHorizontalSlider(pygame.Rect(x + lw, y, w - lw - 110, 34), s.volume * 100, (0, 100), m, container=self.ui)
        self.b_mute = self.button((x + w - 100, y, 100, 34), "Unmute" if s.muted else "Mute")
        self.b_back = self.button((r.centerx - 110, r.bottom - 66, 220, 46), "Done", object_id="#primary")
        self.preview_y = y + row

    def _four_text(self) -> str:
        return "Four-colour deck: " + ("on" if self.app.settings.four_colour else "off")

    def _auto_text(self) -> str:
        return "Pass automatically when I cannot play: " + ("on" if self.app.settings.auto_pass else "off")

    def handle(self, event: pygame.event.Event) -> bool:
        s = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.dd_anim:
                s.animation = event.text
            elif el is self.dd_pace:
                s.pace = event.text
            elif el is self.dd_felt:
                s.felt = event.text
            elif el is self.dd_back:
                s.card_back = event.text
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.sl_volume:
            s.volume = self.sl_volume.get_current_value() / 100
            self.app.sounds.set_volume(s.volume)
            self.app.sounds.play("play")
            return True
        if self.pressed(event, self.b_mute):
            s.muted = not s.muted
            self.app.sounds.set_volume(s.volume, muted=s.muted)
            self.b_mute.set_text("Unmute" if s.muted else "Mute")
            return True
        if self.pressed(event, self.b_four):
            s.four_colour = not s.four_colour
            self.b_four.set_text(self._four_text())
            return True
        if self.pressed(event, self.b_auto):
            s.auto_pass = not s.auto_pass
            self.b_auto.set_text(self._auto_text())
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        frame(surf, r)
        text.draw(surf, "Settings", 30, (r.centerx, r.y + 36), (245, 210, 122), anchor="center", bold=True)
        # preview of the deck colours and back
        ch = min(90, r.bottom - 80 - self.preview_y - 6)
        if ch > 40:
            cw = int(ch * 0.7)
            x = r.centerx - (cw * 5 + 4 * 8) // 2
            for i, c in enumerate((46, 41, 38, 35)):
                surf.blit(cardart.face(c, cw, ch, four_colour=self.app.settings.four_colour), (x + i * (cw + 8), self.preview_y))
            surf.blit(cardart.back(cw, ch, style=self.app.settings.card_back), (x + 4 * (cw + 8), self.preview_y))
