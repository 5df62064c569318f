"""The language picker Settings opens: "System default (…)" and every offered language,
each language's name written in its own script and font, so a player can find theirs
whatever the game speaks now. Choosing applies at once (every open screen rebuilds its
texts, :func:`big2.app.language.apply`) and Settings keeps it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.core import ObjectID

from ...i18n import _
from ..ui import text
from ..language import choice_font, choice_text, choices
from ..ui.scene import Scene
from .backdrop import Backdrop
from .common import dialog_rect, frame, veil

GOLD = (245, 210, 122)


class LanguageScene(Scene):
    """Lists :func:`choices`; ``on_choose(setting)`` runs after the dialog closes."""

    name = "language"
    opaque = False

    def __init__(self, app, current: str, on_choose: Callable[[str], None]) -> None:
        super().__init__(app)
        #: the page beneath as the player saw it (its controls too), drawn veiled
        self.backdrop = Backdrop(app)
        self.current = current
        self.on_choose = on_choose

    def build_ui(self) -> None:
        px = self.px
        entries = choices()
        bh, gap = px(44), px(8)
        widest = max(self.text_width(choice_text(c), 17, bold=True) for c in entries) + px(60)
        w = max(px(380), widest + px(60))
        r = self.rect = dialog_rect(self.app.size, w, px(96) + len(entries) * (bh + gap) + px(76))
        bw = r.w - px(60)
        bh = min(bh, (r.h - px(96) - px(76)) // len(entries) - gap)
        self.choice_buttons: dict[str, object] = {}
        y = r.y + px(80)
        for c in entries:
            mark = "✓ " if c == self.current else ""
            ids = ObjectID(object_id=choice_font(c), class_id="@current" if mark else None)
            b = self.button((r.x + px(30), y, bw, bh), mark + choice_text(c), object_id=ids)
            self.choice_buttons[c] = b
            y += bh + gap
        self.b_cancel = self.button((r.centerx - px(90), r.bottom - px(62), px(180), px(44)), _("Cancel"))

    def handle(self, event: pygame.event.Event) -> bool:
        for setting, b in self.choice_buttons.items():
            if self.pressed(event, b):
                self.choose(setting)
                return True
        if self.pressed(event, self.b_cancel) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def choose(self, setting: str) -> None:
        """Close, and let Settings keep and apply ``setting``."""
        self.app.pop()
        self.on_choose(setting)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf)
        veil(surf, 150)
        r = self.rect
        frame(surf, r)
        text.draw(surf, _("Language"), self.fpx(26), (r.centerx, r.y + self.px(40)), GOLD, anchor="center", bold=True,
                  max_width=r.w - self.px(40))
