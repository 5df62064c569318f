"""The pause menu over the table (Menu or Esc there, and on the results between hands):
the table's clock stops while it is open. Resume goes back to the screen it opened over.

An item that cannot be used now (Undo, handing the hand to the computer) is greyed out
with a line under it saying why.
"""

from __future__ import annotations

import pygame

from big2.engine.scoring import scoring_preset

from big2.i18n import _
from big2.app.ui import text
from big2.app.ui.scene import Scene
from big2.app.screens.backdrop import Backdrop
from big2.app.screens.common import dialog_rect, frame, veil
from big2.app.table.seatoffers import apply_offer, offer_detail, seat_offers

#: The colour of the line saying why an item is greyed out.
REASON = (200, 205, 210)


class PauseScene(Scene):
    name = "pause"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        #: the page beneath as the player saw it (its controls too), drawn veiled
        self.backdrop = Backdrop(app)
        self.table = table

    def between_hands(self) -> bool:
        """Opened over the results: the hand is over, nothing of it to undo or hand over."""
        return self.app.find("results") is not None

    def undo_reason(self) -> str | None:
        """Why "Undo my last move" is greyed out now; None when it can be used."""
        t = self.table
        if self.between_hands():
            return _("The hand is over.")
        undo = getattr(t, "undo", None)
        if undo is not None and undo.can_undo():
            return None
        if undo is None:
            return _("There is no undo in this game.")
        if not t.state.undo_allowed:
            return _("Undo is off with several people at the table (New game can turn it on).")
        if t.hand_over:
            return _("The hand is over.")
        return _("No move of yours to take back in this hand yet.")

    def hand_reason(self) -> str | None:
        """Why "Let the computer play my hand" is greyed out now; None when it can be used."""
        t = self.table
        if self.between_hands():
            return _("The hand is over.")
        net = getattr(t, "net", None)
        status = getattr(t.link, "status", "connected") if net is not None else "connected"
        if status in ("reconnecting", "closed"):  # online, the game ended (or is away) under the menu
            return net.held_reason(status)
        if not t.state.is_person(t.viewer):
            return _("The computer plays your hand already.")
        if t.hand_over or not t.state.in_hand:
            return _("The hand is over.")
        handover = getattr(t, "handover", None)
        if t.hot_seat and not t.awaiting_human and handover is not None and handover.looking != t.viewer:
            return _("Available on your turn.")  # between people: whose hand is unclear
        return None  # on a computer's turn too: paused, the person's turn would never come

    def build_ui(self) -> None:
        px = self.px
        labels = (_("Resume"), _("Undo my last move"), _("Let the computer play my hand"), _("Save game…"),
                  _("Rules"), _("Settings"), _("Leave the game"))
        online = getattr(self.table, "online", False)
        self.offers = seat_offers(self.table)
        if online:  # a room on a server: no undo, nothing saved here; the host's seat offers
            labels = (_("Resume"), _("Let the computer play my hand"), *(o[1] for o in self.offers), _("Rules"),
                      _("Settings"), _("Leave the game"))
        reasons = {"undo": None if online else self.undo_reason(), "hand": self.hand_reason()}
        self.shown = (reasons["hand"], tuple(o[1] for o in self.offers))  # as what_changes() reads it
        # as wide as the longest label needs (Indonesian and Filipino run long)
        width = max(px(420), self.button_width(list(labels)) + px(60))
        bw, bh, gap = width - px(60), px(48), px(10)
        # a greyed item says why on a line (or two) under it
        self.reason_px = self.fpx(14)
        wrapped = {k: text.wrap(r, self.reason_px, bw) if r else [] for k, r in reasons.items()}
        line_h = round(self.reason_px * 1.3)
        # online nothing pauses: the menu says so under its title
        self.note = text.wrap(_("The game goes on while this menu is open."), self.reason_px, bw) if online else []
        extra = sum(len(lines) * line_h for lines in wrapped.values()) + len(self.note) * line_h
        rows = len(labels)
        # the title above the buttons; under the last one, as much as at their sides
        top, margin = px(80), px(30)
        tall = top + rows * bh + (rows - 1) * gap + margin
        r = self.rect = dialog_rect(self.app.size, width, tall + extra)
        if r.h < tall + extra:  # a small window: the buttons give up some height
            bh = max(px(34), (r.h - top - margin - extra - (rows - 1) * gap) // rows)
        x = r.x + margin
        y = r.y + top + len(self.note) * line_h
        self.reasons: list[tuple[list[str], tuple[int, int]]] = []

        def place(key: str | None = None) -> tuple[int, int, int, int]:
            nonlocal y
            box = (x, y, bw, bh)
            y += bh
            lines = wrapped.get(key, []) if key else []
            if lines:
                self.reasons.append((lines, (x + px(6), y + px(3))))
                y += len(lines) * line_h
            y += gap
            return box

        self.b_resume = self.button(place(), _("Resume"), object_id="#primary")
        self.b_undo = self.b_save = None
        if not online:
            self.b_undo = self.button(place("undo"), _("Undo my last move"), tooltip=reasons["undo"] or _("Back to your previous decision, the computers' replies too (Ctrl+Z or U)"))
        daily = getattr(self.table, "daily", None)
        counted = daily is not None and not daily.practice and not daily.late  # a streak day
        tip = (_("The computer plays your seat until this hand ends; today's deal then counts for no streak")
               if counted else _("The computer plays your seat until this hand ends"))
        self.b_hand = self.button(place("hand"), _("Let the computer play my hand"), tooltip=reasons["hand"] or tip)
        self.b_offers = []
        for seat, label, computer in self.offers:
            self.b_offers.append((self.button(place(), label, tooltip=offer_detail(self.table, computer)), seat, computer))
        if not online:
            self.b_save = self.button(place(), _("Save game…"), tooltip=_("Keep this game under a name (it is also saved after every move)"))
        self.b_rules = self.button(place(), _("Rules"))
        self.b_settings = self.button(place(), _("Settings"))
        self.b_quit = self.button(place(), _("Leave the game"), object_id="#danger")
        if reasons["undo"] and self.b_undo is not None:
            self.b_undo.disable()
        if reasons["hand"]:
            self.b_hand.disable()

    def what_changes(self) -> tuple[object, ...]:
        """What of the menu can change while it is open: online the game goes on under
        it (the hand ends, the game ends, a seat is left), so its greyed items and the
        host's seat offers are read again each frame."""
        return self.hand_reason(), tuple(o[1] for o in seat_offers(self.table))

    def update(self, dt: float) -> None:
        if getattr(self.table, "online", False) and self.what_changes() != self.shown:
            self.build()
            self.app.dirty = True

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
        for button, seat, computer in self.b_offers:
            if self.pressed(event, button):
                self.app.pop()
                apply_offer(self.table, seat, computer)
                return True
        if self.pressed(event, self.b_rules):
            self.app.push("rules", rules=self.table.state.rules, scoring=scoring_preset(self.table.state.scoring))
            return True
        if self.pressed(event, self.b_settings):
            self.app.push("settings")
            return True
        if self.pressed(event, self.b_quit) and getattr(self.table, "online", False):
            from ..table.online import leave_detail, leave_online

            self.app.push("confirm", _("Leave this game?"), lambda: leave_online(self.app, self.table.link), yes=_("Leave"),
                          detail=leave_detail(self.app, self.table.link))
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
        online = getattr(self.table, "online", False)
        title = _("Menu") if online else _("Paused")
        text.draw(surf, title, self.fpx(30), (self.rect.centerx, self.rect.y + px(38)), (245, 210, 122), anchor="center", bold=True)
        y = self.rect.y + px(64)
        for line in self.note:
            text.draw(surf, line, self.reason_px, (self.rect.centerx, y), REASON, anchor="midtop")
            y += round(self.reason_px * 1.3)
        for lines, (x, y) in self.reasons:
            for line in lines:
                text.draw(surf, line, self.reason_px, (x, y), REASON)
                y += round(self.reason_px * 1.3)
