"""Accessibility (opened from Settings): larger cards and text, high contrast, reduced
motion, a left-handed layout and one-tap selection.

Each switch changes ``app.settings`` at once: the storage's watcher saves it within half
a second, the felt and the cards change on the next frame, and the table lays itself out
again when it is uncovered (see :meth:`big2.app.table.scene.TableScene.uncover`). A
preview on the right shows the cards, felt and buttons as the table will.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...i18n import _
from ..ui import cardart, text
from ..settings import AppSettings
from ..ui.scene import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)

def switches() -> list[tuple[str, str, str, str]]:
    """The switches in the order shown: (setting, words when on, words when off, what it
    does), in the current language."""
    return [
        ("larger_cards", _("Larger cards and text: on"), _("Larger cards and text: off"),
         _("Bigger cards in your hand and on the table, and larger names, scores and messages.")),
        ("high_contrast", _("High contrast: on"), _("High contrast: off"),
         _("A near-black felt and pure white cards with black edges and deeper suit colours.")),
        ("reduced_motion", _("Reduced motion: on"), _("Reduced motion: off"),
         _("Short animations, and no confetti.")),
        ("left_handed", _("Left-handed layout: on"), _("Left-handed layout: off"),
         _("Play, Pass and your name move to the left of your hand, Sort and Hint towards the middle.")),
        ("one_tap", _("One-tap selection: on"), _("One-tap selection: off"),
         _("While following, a click on a card picks the lowest play with it that beats the trick; "
           "click again for the next.")),
    ]


class AccessibilityScene(Scene):
    name = "accessibility"

    def build_ui(self) -> None:
        px = self.px
        r = self.rect = dialog_rect(self.app.size, px(980), px(700))
        pad = px(28)
        self.col = (r.w - 3 * pad) * 3 // 5
        x = r.x + pad
        h = px(36) if r.h >= px(600) else px(32)
        room = r.bottom - px(76) - (r.y + px(76))
        self.row = row = max(h + px(30), room // len(switches()))
        self.toggles: dict[str, UIButton] = {}
        y = r.y + px(76)
        for key, on, off, _what in switches():
            words = on if getattr(self.app.settings, key) else off
            self.toggles[key] = self.button((x, y, self.col, h), words)
            y += row
        self.button_h = h
        self.preview = pygame.Rect(r.x + 2 * pad + self.col, r.y + px(76), r.w - 3 * pad - self.col, room - px(8))
        self.b_done = self.button((r.centerx - px(110), r.bottom - px(62), px(220), px(44)), _("Done"), object_id="#primary")

    def flip(self, key: str) -> None:
        """Turn one setting over; the table, felt and cards follow at once."""
        s = self.app.settings
        setattr(s, key, not getattr(s, key))
        for k, on, off, _what in switches():
            if k == key:
                self.toggles[k].set_text(on if getattr(s, k) else off)
        self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        for key, button in self.toggles.items():
            if self.pressed(event, button):
                self.flip(key)
                return True
        if self.pressed(event, self.b_done) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        s = self.app.settings
        surf.blit(felt(surf.get_size(), s.felt_colours), (0, 0))
        r = self.rect
        px = self.px
        frame(surf, r)
        text.draw(surf, _("Accessibility"), self.fpx(30), (r.centerx, r.y + px(34)), GOLD, anchor="center", bold=True)
        fp = self.fpx(14)
        line_h = fp + px(4)
        x = r.x + px(28)
        for (key, _on, _off, what), button in zip(switches(), self.toggles.values()):
            y = button.rect.bottom + px(4)
            for line in text.wrap(what, fp, self.col)[: max(1, (self.row - self.button_h - px(6)) // line_h)]:
                text.draw(surf, line, fp, (x, y), SOFT)
                y += line_h
        self.draw_preview(surf, s)

    def draw_preview(self, surf: pygame.Surface, s: AppSettings) -> None:
        """A corner of the table as it will look: felt, three cards, Play and Pass."""
        box = self.preview
        if box.w < 120 or box.h < 120:
            return
        px = self.px
        text.draw(surf, _("Preview"), self.fpx(16), (box.x, box.y), GOLD, bold=True)
        area = pygame.Rect(box.x, box.y + px(28), box.w, box.h - px(28))
        surf.blit(felt(area.size, s.felt_colours), area)
        pygame.draw.rect(surf, (90, 90, 90), area, 1)
        ch = min(int(area.h * 0.36 * s.card_scale), area.h - px(70))
        cw = int(ch * 0.7)
        step = int(cw * 0.62)
        total = cw + 2 * step
        x0 = area.centerx - total // 2
        y = area.bottom - ch - px(12)
        for i, c in enumerate((47, 42, 34)):  # A♠ K♥ J♥
            surf.blit(cardart.face(c, cw, ch, four_colour=s.four_colour, sets_bound=False), (x0 + i * step, y))
        # the action buttons above the cards: Play at the outer end, as at the table
        bh = px(28)
        bw = max(px(64), (area.w - px(36)) // 3)
        by = y - bh - px(10)
        labels = [_("Pass (P)"), _("Play ⏎")]
        xs = [area.right - px(12) - 2 * bw - px(6), area.right - px(12) - bw]
        if s.left_handed:
            xs = [area.x + px(12) + bw + px(6), area.x + px(12)]
        for label, bx, primary in zip(labels, xs, (False, True)):
            rect = pygame.Rect(bx, by, bw, bh)
            pygame.draw.rect(surf, (200, 160, 50) if primary else (40, 50, 58), rect, border_radius=px(4))
            text.draw(surf, label, self.fpx(13), rect.center, (20, 20, 20) if primary else (235, 235, 235),
                      anchor="center", bold=True, max_width=rect.w - px(6))

