"""The title screen: quick game, new game, play online, saved games, rules, settings,
statistics, how to play, quit; About in the corner."""

from __future__ import annotations

import math

import pygame

from ..ui import cardart, text
from .. import storage
from ...i18n import _, verbatim
from ..ui.scene import Scene
from .common import felt


class TitleScene(Scene):
    name = "title"

    def build_ui(self) -> None:
        w, h = self.app.size
        px = self.px
        g = px(12)

        def need(words: tuple[str, ...], per_row: int) -> int:
            """The row width that gives each of ``words`` its own button with air around it."""
            return per_row * (max(self.text_width(t, 17, bold=True) for t in words) + px(32)) + (per_row - 1) * g

        wanted = max(px(360), need((_("Play against the computer"), _("Continue"), _("Quit")), 1),
                     need((_("How to play"), _("Quit")), 2),
                     need((_("New game…"), _("Play online"), _("Saved games…")), 3),
                     need((_("Rules"), _("Settings"), _("Statistics")), 3))
        bw, bh = min(wanted, w - px(80)), px(52)
        x = (w - bw) // 2
        y = int(h * 0.5)
        gap = bh + g
        self.b_continue = None
        if storage.can_continue(self.app):  # a saved session: Continue comes first
            bh = px(46) if h < px(700) else bh
            gap = bh + px(10)
            y = min(y, h - 5 * gap - px(8))
            self.b_continue = self.button((x, y, bw, bh), _("Continue"), object_id="#primary", tooltip=storage.continue_hint(self.app))
            y += gap
        self.b_quick = self.button((x, y, bw, bh), _("Play against the computer"), object_id=None if self.b_continue else "#primary", tooltip=storage.quick_game_hint(self.app))
        half = (bw - g) // 2
        third = (bw - 2 * g) // 3
        self.b_new = self.button((x, y + gap, third, bh), _("New game…"), tooltip=_("Choose players, rules and session length"))
        self.b_online = self.button((x + third + g, y + gap, third, bh), _("Play online"),
                                    tooltip=_("Host a game for friends on other computers, or join theirs"))
        self.b_saves = self.button((x + 2 * (third + g), y + gap, bw - 2 * (third + g), bh), _("Saved games…"), tooltip=_("Load, save or delete a named game"))
        self.b_rules = self.button((x, y + 2 * gap, third, bh), _("Rules"))
        self.b_settings = self.button((x + third + g, y + 2 * gap, third, bh), _("Settings"))
        self.b_stats = self.button((x + 2 * (third + g), y + 2 * gap, bw - 2 * (third + g), bh), _("Statistics"), tooltip=_("Your scores, streaks and past hands"))
        # How to play: a guided first game, offered (highlighted) on the first start
        self.first_start = storage.first_start(self.app)
        self.b_learn = self.button((x, y + 3 * gap, half, bh), _("How to play"), object_id="#primary" if self.first_start else None,
                                   tooltip=_("A guided first game: one lesson a turn (H lifts the cards, Enter plays)"))
        self.b_quit = self.button((x + half + g, y + 3 * gap, bw - half - g, bh), _("Quit"), object_id="#danger")
        self.offer_y = y + 3 * gap + bh + g
        # a seat kept from an online game that was running when the app closed
        from ..online import rejoin

        kept = rejoin.peek()  # (a damaged file: the hub sets it aside and says so)
        self.kept_room = kept.code_shown if kept is not None else ""
        about_w = self.about_w = self.button_width([_("About")])
        self.b_about = self.button((w - about_w - px(16), h - px(52), about_w, px(36)), _("About"), tooltip=_("Version, and where your files are kept"))

    def uncover(self) -> None:
        super().uncover()
        self.build()  # Settings may have changed what the quick game deals (its tooltip)

    def handle(self, event: pygame.event.Event) -> bool:
        if storage.title_event(self, event):  # Continue, Saved games, Statistics
            return True
        if self.pressed(event, self.b_quick):
            storage.ask_before_new_game(self.app, lambda: self.app.push("table", self.quick_game()))
            return True
        if self.pressed(event, self.b_new):
            self.app.push("new_game")
            return True
        if self.pressed(event, self.b_online):
            self.app.push("online")
            return True
        if self.pressed(event, self.b_rules):
            self.app.push("rules")
            return True
        if self.pressed(event, self.b_learn) or (event.type == pygame.KEYDOWN and event.key == pygame.K_F1):
            self.app.push("how_to_play")
            return True
        if self.pressed(event, self.b_settings):
            self.app.push("settings")
            return True
        if self.pressed(event, self.b_about):
            self.app.push("about")
            return True
        if self.pressed(event, self.b_quit):  # the button says Quit: no question after it
            self.app.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:  # Esc may be a slip: ask
            self.ask_quit()
            return True
        # Enter presses the focused button, or the gold one (Continue when a game waits)
        return False

    def ask_quit(self) -> None:
        """Quit, after asking (for Esc on the title; Esc or Cancel then keeps the app open)."""
        detail = _("Your game in progress is saved; Continue picks it up next time.") if self.b_continue else ""
        self.app.push("confirm", _("Quit Big Two?"), lambda: self.app.quit(0), yes=_("Quit"), detail=detail)

    def quick_game(self):
        """Play against the computer: the player's rules and opponents from Settings."""
        return storage.quick_game(self.app)

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
        # TRANSLATORS: the game's name as players of your region call it (the title).
        name = _("Big Two")
        text.draw(surf, name, size, (w // 2 + 3, int(h * 0.41) + 3), (0, 0, 0), anchor="center", bold=True)
        text.draw(surf, name, size, (w // 2, int(h * 0.41)), (245, 210, 122), anchor="center", bold=True)
        # TRANSLATORS: the game's other names, under the title.
        text.draw(surf, _("Cho Dai Di · Pusoy Dos · Big 2"), max(14, size // 3), (w // 2, int(h * 0.41) + size * 0.75), (220, 230, 225), anchor="center")
        if self.first_start or self.kept_room:
            room = w - 2 * (self.about_w + self.px(24))  # clear of About in the corner
            offer = (_("Your seat in room {code} is kept: Play online takes you back.").format(
                code=verbatim(self.kept_room)) if self.kept_room else
                _("New to Big Two? \u201cHow to play\u201d deals you a guided first game."))
            for k, line in enumerate(text.wrap(offer, 17, room)[:2]):
                text.draw(surf, line, 17, (w // 2, self.offer_y + k * 22), (245, 210, 122), anchor="midtop", max_width=room)
