"""New game, second step ("House rules…"): the full form of the rules.

The rule preset with its rules in brief, every house rule in a scrolling list (its
name, its choices, the lines explaining it), the scoring with how it counts, and undo
with several people at the table. It edits the first step's choices in place (the
:class:`~big2.app.screens.newgame.NewGameScene` it was opened from, ``setup``: its
``preset_name``, ``rules``, ``scoring`` and ``undo_hot_seat``); Back returns to it,
Start starts the game from it. Rules that differ from their preset's read "Custom (from
Standard)" in the preset menu.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel

from big2 import i18n
from big2.i18n import _
from big2.app.ui import text
from big2.app.ui.textwindow import TextWindow
from big2.app.screens.rulesform import describe_scoring, scoring_names, scoring_title, with_choice
from big2.app.screens.setupform import (Layer, aim_rule_menus, rules_brief, choices_by_name, draw_dialog, draw_refusal, house_rules_box, preset_options,
                                        start_and_back, two_columns)
from big2.app.ui.scene import Scene

#: The most lines the rules in brief take before they scroll in their box.
SUMMARY_MOST = 7


class HouseRulesScene(Scene):
    name = "house_rules"

    def __init__(self, app, setup: Any) -> None:
        super().__init__(app)
        #: The first step, whose choices this form edits.
        self.setup = setup
        self.error = ""
        #: The rules in brief and the scoring's explanation: boxes that scroll, not cut.
        self.blurb_text = TextWindow()
        self.scoring_text = TextWindow()
        self.choices = choices_by_name()

    @property
    def rules(self):
        return self.setup.rules

    @property
    def scoring(self) -> str:
        return self.setup.scoring

    def seat_levels(self) -> list[str]:
        return self.setup.seat_levels()

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        m = self.app.manager
        px = self.px
        top = two_columns(self, 660)
        r, col_w, lx, rx = self.rect, self.col_w, self.lx, self.rx
        row, h = px(40), px(34)
        gap = px(10)
        # Left: the scoring and how it counts; undo with several people under it
        y = top
        head_w = self.text_width(_("Scoring"), 22, bold=True) + gap
        UILabel(pygame.Rect(lx, y, head_w, h), _("Scoring"), m, container=self.ui, object_id="#heading")
        self.dd_scoring = UIDropDownMenu([(scoring_title(n), n) for n in scoring_names()], (scoring_title(self.scoring), self.scoring),
                                         pygame.Rect(lx + head_w + gap, y, col_w - head_w - gap, h), m, container=self.ui,
                                         expansion_height_limit=px(300))
        self.scoring_y = y + h + px(8)
        line_h = self.summary_line_h()
        told = len(text.wrap(describe_scoring(self.scoring), self.fpx(14), col_w)) * line_h
        lowest = self.buttons_y - px(16) - row
        y = self.undo_y = min(lowest, self.scoring_y + told + px(16))
        switch = [(_("Off"), "Off"), (_("On"), "On")]
        undo_w = self.dropdown_width([t for t, _k in switch])
        UILabel(pygame.Rect(lx, y, col_w - undo_w - gap, h), _("Undo with several people"), m, container=self.ui)
        self.dd_undo = UIDropDownMenu(switch, switch[1] if self.setup.undo_hot_seat else switch[0],
                                      pygame.Rect(lx + col_w - undo_w, y, undo_w, h), m, container=self.ui)
        # Right: the rule set and every house rule, each explained in a line
        y = top
        head_w = self.text_width(_("Rules"), 22, bold=True) + gap
        UILabel(pygame.Rect(rx, y, head_w, h), _("Rules"), m, container=self.ui, object_id="#heading")
        self.preset_rect = pygame.Rect(rx + head_w + gap, y, col_w - head_w - gap, h).move(-r.x, -r.y)
        y += h + px(6)
        self.summary_y = y
        # the rules in brief, whole (the house rules below scroll anyway); a house rule
        # that makes it longer grows its box (see fit_summary)
        self.summary_lines = self.summary_rows()
        y += self.summary_lines * line_h + px(4)
        self.rules_box, self.rule_menus = house_rules_box(self, rx, y, col_w, self.buttons_y - px(14) - y, self.rules)
        # The preset list opens over the house rules: its drop-down lives in a layer above
        # everything built so far (a container that takes no hover of its own).
        self.above = Layer(r, m, container=self.ui, starting_height=self.ui.get_top_layer() - self.ui.layer + 1)
        self.dd_preset: UIDropDownMenu | None = None
        self.preset_menu()
        start_and_back(self)

    def preset_menu(self) -> None:
        """The preset menu as the rules are now ("Custom (from Standard)" once edited)."""
        if self.dd_preset is not None:
            self.dd_preset.kill()
        options, now = preset_options(self.setup.preset_name, self.rules)
        self.dd_preset = UIDropDownMenu(options, now, self.preset_rect, self.app.manager, container=self.above,
                                        expansion_height_limit=self.px(320))

    def summary_line_h(self) -> int:
        return self.fpx(14) + self.px(5)

    def summary_rows(self, at_least: int = 2) -> int:
        """Lines for the rules in brief: all it needs (at least ``at_least``), as long as
        the house rules under it keep room to show several."""
        needed = len(text.wrap(rules_brief(self), self.fpx(14), self.col_w))
        room = (self.buttons_y - self.px(14) - self.px(160) - self.summary_y) // self.summary_line_h()
        return max(at_least, min(SUMMARY_MOST, room, needed))

    def fit_summary(self) -> None:
        """After a house rule changed the rules in brief: grow its box to show it whole,
        the house rules' list giving up the room (what the list showed stays in place)."""
        rows = self.summary_rows(at_least=self.summary_lines)
        if rows == self.summary_lines:
            return
        d = (rows - self.summary_lines) * self.summary_line_h()
        self.summary_lines = rows
        box = self.rules_box
        offset = -box.scrollable_container.relative_rect.y  # how far the list is scrolled
        box.set_relative_position((box.relative_rect.x, box.relative_rect.y + d))
        box.set_dimensions((box.relative_rect.w, box.relative_rect.h - d))
        bar = box.vert_scroll_bar
        if bar is not None and box.scrolling_height > 0:
            bar.set_scroll_from_start_percentage((offset + d) / box.scrolling_height)

    def update(self, dt: float) -> None:
        aim_rule_menus(getattr(self, "rules_box", None), getattr(self, "rule_menus", {}))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.blurb_text.handle(event) or self.scoring_text.handle(event):
            return True
        setup = self.setup
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            self.error = ""
            if el is self.dd_preset:
                setup.choose_preset(self.chosen(event))
                self.build()
            elif el is self.dd_scoring:
                setup.scoring = self.chosen(event)
                self.build()  # its explanation is longer or shorter: the rows below follow
            elif el is self.dd_undo:
                setup.undo_hot_seat = self.chosen(event) == "On"
            else:
                for name, dd in self.rule_menus.items():
                    if el is dd:
                        try:
                            setup.rules = with_choice(setup.rules, name, self.choices[name].value_of(self.chosen(event)))
                        except ValueError as exc:  # options that contradict each other
                            self.build()
                            self.error = i18n.sentence(exc)
                            return True
                        self.fit_summary()
                        self.preset_menu()  # "Custom (from …)", or the preset's name again
            return True
        if self.pressed(event, self.b_start):
            self.app.pop()  # the first step starts it (a refusal is said there)
            setup.start()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        draw_dialog(self, surf, _("House rules"))
        fp = self.fpx(14)
        line_h = self.summary_line_h()
        room = max(1, (self.undo_y - self.px(6) - self.scoring_y) // line_h)
        self.scoring_text.draw(surf, describe_scoring(self.scoring), fp,
                               pygame.Rect(self.lx, self.scoring_y, self.col_w, room * line_h), (200, 210, 215), line_h=line_h)
        if self.error:
            draw_refusal(self, surf, self.error)
