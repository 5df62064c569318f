"""The pause menu over the table (Menu or Esc there, and on the results between hands):
the table's clock stops while it is open. Resume goes back to the screen it opened over."""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import text
from .base import Scene
from .backdrop import Backdrop
from .common import dialog_rect, frame, veil


class PauseScene(Scene):
    name = "pause"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        #: the page beneath as the player saw it (its controls too), drawn veiled
        self.backdrop = Backdrop(app)
        self.table = table

    def build_ui(self) -> None:
        px = self.px
        labels = (_("Resume"), _("Undo my last move"), _("Let the computer play my hand"), _("Save game…"),
                  _("Rules"), _("Settings"), _("Leave the game"))
        # as wide as the longest label needs (Indonesian and Filipino run long)
        r = self.rect = dialog_rect(self.app.size, max(px(420), self.button_width(list(labels)) + px(60)), px(556))
        bw, bh = r.w - px(60), px(48)
        x = r.x + px(30)
        y = r.y + px(80)
        step = bh + px(10)
        self.b_resume = self.button((x, y, bw, bh), _("Resume"), object_id="#primary")
        self.b_undo = self.button((x, y + step, bw, bh), _("Undo my last move"), tooltip=_("Back to your previous decision, the computers' replies too (Ctrl+Z or U)"))
        self.b_hand = self.button((x, y + 2 * step, bw, bh), _("Let the computer play my hand"), tooltip=_("The computer plays your seat until this hand ends"))
        self.b_save = self.button((x, y + 3 * step, bw, bh), _("Save game…"), tooltip=_("Keep this game under a name (it is also saved after every move)"))
        self.b_rules = self.button((x, y + 4 * step, bw, bh), _("Rules"))
        self.b_settings = self.button((x, y + 5 * step, bw, bh), _("Settings"))
        self.b_quit = self.button((x, y + 6 * step, bw, bh), _("Leave the game"), object_id="#danger")
        t = self.table
        # over the results the hand is over: nothing of it to undo or to hand over
        between_hands = self.app.find("results") is not None
        undo = getattr(t, "undo", None)
        if between_hands or undo is None or not undo.can_undo():
            self.b_undo.disable()
        if between_hands or not (t.awaiting_human and t.match.is_human(t.viewer)):
            self.b_hand.disable()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_resume) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE)):
            self.app.pop()
            return True
        if self.pressed(event, self.b_undo):
            self.app.pop()
            self.table.undo.undo()
            return True
        if self.pressed(event, self.b_hand):
            self.app.pop()
            self.table.hand_seat_to_computer()
            return True
        if self.pressed(event, self.b_save):
            self.app.push("saves", table=self.table)
            return True
        if self.pressed(event, self.b_rules):
            self.app.push("rules", rules=self.table.match.config.rules, scoring=self.table.match.scoring)
            return True
        if self.pressed(event, self.b_settings):
            self.app.push("settings")
            return True
        if self.pressed(event, self.b_quit):
            # ask first: the game is kept (Continue on the title), but the table closes
            self.app.push("confirm", _("Leave this game?"), lambda: self.app.goto("title"), yes=_("Leave"),
                          detail=_("It is saved: Continue on the title screen picks it up."))
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        self.backdrop.draw(surf)
        veil(surf, 185)
        frame(surf, self.rect)
        text.draw(surf, _("Paused"), self.fpx(30), (self.rect.centerx, self.rect.y + px(38)), (245, 210, 122), anchor="center", bold=True)
