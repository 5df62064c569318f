"""A yes/no question over the screen beneath (delete a save, reset the statistics)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _

from ..ui import assets, text
from ..ui.scene import Scene
from .backdrop import Backdrop
from .common import dialog_rect, frame, veil

GOLD = (245, 210, 122)


class ConfirmScene(Scene):
    """Asks ``question``; ``on_yes`` runs after the dialog closes. Esc means no."""

    name = "confirm"
    opaque = False

    def __init__(
        self, app, question: str, on_yes: Callable[[], None], *, yes: str | None = None, detail: str = "",
        no: str | None = None, on_no: Callable[[], None] | None = None, danger: bool = True,
        cancel: bool = False,
    ) -> None:
        """``no``/``on_no``: a second answer (Esc still means neither); ``danger``: yes
        is the risky answer (deleting), so No is the one Enter picks; else yes is;
        ``cancel``: a third button, Cancel, that answers neither (as Esc does)."""
        super().__init__(app)
        #: the page beneath as the player saw it (its controls too), drawn veiled
        self.backdrop = Backdrop(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.yes_text = yes if yes is not None else _("Yes")
        self.no_text = no if no is not None else _("Cancel")
        self.on_no = on_no
        self.danger = danger
        self.cancel = cancel

    def build_ui(self) -> None:
        px = self.px
        gap = px(16)
        yes_need = max(px(200), self.text_width(self.yes_text, 17, bold=True) + px(32))
        no_need = max(px(150), self.text_width(self.no_text, 17, bold=True) + px(32))
        cancel_text = _("Cancel")
        cancel_need = max(px(130), self.text_width(cancel_text, 17, bold=True) + px(32)) if self.cancel else 0
        need = 2 * px(30) + yes_need + no_need + (cancel_need + gap if self.cancel else 0) + gap
        width = max(px(560), need)
        r = self.rect = dialog_rect(self.app.size, width, px(230) if self.detail else px(170))
        #: the detail's lines: wrapped to the dialog, never shrunk to one line; past
        #: three the dialog grows to hold them
        self.detail_lines = text.wrap(self.detail, self.fpx(16), r.w - px(40)) if self.detail else []
        extra = max(0, len(self.detail_lines) - 3) * self.detail_step()
        if extra:
            r = self.rect = dialog_rect(self.app.size, width, px(230) + extra)
        y, bh = r.bottom - px(70), px(46)
        safe_no = self.danger  # Enter: the safe answer
        x = r.x + px(30)
        self.b_cancel = None
        if self.cancel:
            self.b_cancel = self.button((x, y, cancel_need, bh), cancel_text)
            x += cancel_need + gap
        no_w = no_need if self.cancel else max(no_need, px(180))
        self.b_no = self.button((x, y, no_w, bh), self.no_text, object_id="#primary" if safe_no else None)
        yes_w = min(r.right - px(30) - (x + no_w + gap), yes_need)
        self.b_yes = self.button((r.right - px(30) - yes_w, y, yes_w, bh), self.yes_text, object_id="#danger" if self.danger else "#primary")

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_yes):
            self.app.pop()
            self.on_yes()
            return True
        if (self.b_cancel is not None and self.pressed(event, self.b_cancel)) or self.pressed(event, self.b_no) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            if self.on_no is not None and self.pressed(event, self.b_no):
                self.on_no()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        self.backdrop.draw(surf)
        veil(surf, 150)
        r = self.rect
        frame(surf, r)
        text.draw(surf, self.question, self.fpx(22), (r.centerx, r.y + px(44)), GOLD, anchor="center", bold=True, max_width=r.w - px(40))
        for i, line in enumerate(self.detail_lines):
            text.draw(surf, line, self.fpx(16), (r.centerx, r.y + px(86) + i * self.detail_step()), (215, 220, 225),
                      anchor="center", max_width=r.w - px(40))

    def detail_step(self) -> int:
        """From one line of the detail to the next."""
        return assets.font(self.fpx(16)).get_linesize()
