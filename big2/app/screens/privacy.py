"""Hot-seat privacy: hides every hand until the next human says they are ready.

While the person who just moved still holds the computer, and the table's undo is on,
the screen also offers them their move back ("Mei: take back my move", or U): only
their own, before the next person has seen anything.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ..ui import cardart, text
from ..vocab import person_name
from ..ui.scene import Scene
from .common import felt


class PrivacyScene(Scene):
    name = "privacy"
    opaque = True

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.who = person_name(table.state.names[seat])
        #: The person who just moved (still at the screen), when they may take it back.
        self.undoer: int | None = None
        state = table.state
        if table.viewer != seat and state.undo_steps > 0 and table.undo.button is not None:
            self.undoer = table.viewer

    def build_ui(self) -> None:
        px = self.px
        w, h = self.app.size
        ready = _("I am {name} — show my cards").format(name=self.who)
        bw = min(max(px(420), self.text_width(ready, 17, bold=True) + px(40)), w - px(80))
        self.b_ready = self.button(((w - bw) // 2, int(h * 0.62), bw, px(56)), ready, object_id="#primary")
        self.b_undo = None
        if self.undoer is not None:
            back = _("{name}: take back my move (U)").format(name=person_name(self.table.state.names[self.undoer]))
            uw = min(self.button_width([back]), w - px(80))
            self.b_undo = self.button(((w - uw) // 2, int(h * 0.62) + px(56) + px(18), uw, px(44)), back)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_ready) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.app.pop()
            self.table.reveal_for(self.seat)
            return True
        if self.b_undo is not None and (self.pressed(event, self.b_undo) or (event.type == pygame.KEYDOWN and event.key == pygame.K_u)):
            self.app.pop()
            self.table.undo.undo()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            self.table.open_pause()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt((w, h), ((30, 36, 44), (12, 14, 18))), (0, 0))
        ch = int(h * 0.2)
        cw = int(ch * 0.7)
        for i in range(3):
            img = cardart.back(cw, ch, style=self.app.settings.card_back)
            surf.blit(img, (w // 2 - cw * 1.2 + i * cw * 0.7 - cw * 0.3 + cw * 0.35, int(h * 0.12)))
        text.draw(surf, _("Pass the computer to {name}").format(name=self.who), max(24, int(h * 0.05)), (w // 2, int(h * 0.45)), (245, 210, 122), anchor="center", bold=True, max_width=w - self.px(40))
        text.draw(surf, _("Everyone else, look away. Click when ready."), max(16, int(h * 0.028)), (w // 2, int(h * 0.53)), (220, 225, 230), anchor="center", max_width=w - self.px(40))
