"""The title screen: quick game, new game, play online, saved games, rules, settings,
statistics, how to play, quit; About in the corner."""

from __future__ import annotations

import pygame

from ..ui import text
from .. import storage
from ...i18n import _, verbatim
from ..ui.scene import Scene
from . import titleart


class TitleScene(Scene):
    name = "title"

    #: The button grid under the title, row by row: (attribute, weight) for each button
    #: (a row shares its width by weight). Continue is not in it: it has its own place
    #: above the grid, so no button moves when a saved game appears or goes (a click where
    #: New game was never opens "You have an unfinished game"). The last row holds four
    #: (How to play, Daily deal, Achievements, Quit).
    GRID = (
        (("b_quick", 1),),
        (("b_new", 1), ("b_online", 1), ("b_saves", 1)),
        (("b_rules", 1), ("b_settings", 1), ("b_stats", 1)),
        (("b_learn", 1), ("b_daily", 1), ("b_achievements", 1), ("b_quit", 1)),
    )

    def grid_top(self) -> int:
        """Where the first row of the grid starts (Continue sits one row above it)."""
        h = self.app.size[1]
        return int(h * 0.47) + self.row_step()

    def button_height(self) -> int:
        h = self.app.size[1]
        return self.px(46) if h < self.px(700) else self.px(52)

    def row_step(self) -> int:
        return self.button_height() + self.px(12)

    def build_ui(self) -> None:
        w, h = self.app.size
        px = self.px
        g = px(12)

        def need(words: tuple[str, ...], per_row: int) -> int:
            """The row width that gives each of ``words`` its own button with air around it."""
            return per_row * (max(self.text_width(t, 17, bold=True) for t in words) + px(32)) + (per_row - 1) * g

        wanted = max(px(360), need((_("Play against the computer"), _("Continue"), _("Quit")), 1),
                     need((_("How to play"), _("Daily deal"), _("Achievements"), _("Quit")), 4),
                     need((_("New game…"), _("Play online"), _("Saved games…")), 3),
                     need((_("Rules"), _("Settings"), _("Statistics")), 3))
        bw, bh = min(wanted, w - px(80)), self.button_height()
        x = (w - bw) // 2
        gap = self.row_step()
        top = self.grid_top()
        places: dict[str, pygame.Rect] = {}
        for r, row in enumerate(self.GRID):
            total = sum(weight for _name, weight in row)
            left = x
            for k, (name, weight) in enumerate(row):
                right = x + bw if k == len(row) - 1 else left + (bw - (len(row) - 1) * g) * weight // total
                places[name] = pygame.Rect(left, top + r * gap, right - left, bh)
                left = right + g
        self.b_continue = None
        if storage.can_continue(self.app):  # a saved session: Continue, in its own place
            self.b_continue = self.button(pygame.Rect(x, top - gap, bw, bh), _("Continue"), object_id="#primary",
                                          tooltip=storage.continue_hint(self.app))
        # one gold button a screen (docs/design/look.md): Continue, else How to play on
        # the first start, else the quick game
        self.first_start = storage.first_start(self.app)
        gold = self.b_continue is None and not self.first_start
        self.b_quick = self.button(places["b_quick"], _("Play against the computer"), object_id="#primary" if gold else None, tooltip=storage.quick_game_hint(self.app))
        self.b_new = self.button(places["b_new"], _("New game…"), tooltip=_("Choose players, rules and session length"))
        self.b_online = self.button(places["b_online"], _("Play online"),
                                    tooltip=_("Host a game for friends on other computers, or join theirs"))
        self.b_saves = self.button(places["b_saves"], _("Saved games…"), tooltip=_("Load, save or delete a named game"))
        self.b_rules = self.button(places["b_rules"], _("Rules"))
        self.b_settings = self.button(places["b_settings"], _("Settings"))
        self.b_stats = self.button(places["b_stats"], _("Statistics"), tooltip=_("Your scores, streaks and past hands"))
        # How to play: a guided first game, offered (highlighted) on the first start
        self.b_learn = self.button(places["b_learn"], _("How to play"), object_id="#primary" if self.first_start and self.b_continue is None else None,
                                   tooltip=_("A guided first game: one lesson a turn (H lifts the cards, Enter plays)"))
        self.b_daily = self.button(places["b_daily"], _("Daily deal"),
                                   tooltip=_("Today's deal, the same for everyone, against the Expert's result"))
        self.b_achievements = self.button(places["b_achievements"], _("Achievements"),
                                          tooltip=_("What you have earned by playing well, and how to earn the rest"))
        self.b_quit = self.button(places["b_quit"], _("Quit"), object_id="#danger")
        self.offer_y = top + (len(self.GRID) - 1) * gap + bh + g
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
        if self.pressed(event, self.b_daily):
            self.app.push("daily")
            return True
        if self.pressed(event, self.b_achievements):
            self.app.push("achievements")
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
        surf.blit(titleart.illustration((w, h), self.app.settings.felt_colours, four_colour=self.app.settings.four_colour), (0, 0))
        # the name between the fan and Continue's place, whatever the window's shape
        below_fan = titleart.fan_box((w, h)).bottom
        room = self.grid_top() - self.row_step() - below_fan  # down to Continue's place
        size = max(28, min(int(h * 0.08), int(room * 0.6)))
        y = below_fan + int(min(size * 0.75, room * 0.4))
        # TRANSLATORS: the game's name as players of your region call it (the title).
        name = _("Big Two")
        text.draw(surf, name, size, (w // 2 + 3, y + 3), (0, 0, 0), anchor="center", bold=True)
        text.draw(surf, name, size, (w // 2, y), (245, 210, 122), anchor="center", bold=True)
        # TRANSLATORS: the game's other names, under the title.
        text.draw(surf, _("Cho Dai Di · Pusoy Dos · Big 2"), max(14, size // 3), (w // 2, y + size * 0.72), (220, 230, 225), anchor="center")
        if self.first_start or self.kept_room:
            room = w - 2 * (self.about_w + self.px(24))  # clear of About in the corner
            offer = (_("Your seat in room {code} is kept: Play online takes you back.").format(
                code=verbatim(self.kept_room)) if self.kept_room else
                _("New to Big Two? \u201cHow to play\u201d deals you a guided first game."))
            size = self.fpx(17)  # at the window's scale, as the buttons above it
            for k, line in enumerate(text.wrap(offer, size, room)[:2]):
                text.draw(surf, line, size, (w // 2, self.offer_y + k * self.px(22)), (245, 210, 122), anchor="midtop", max_width=room)
