"""New game: seats (human or computer, names), rule set and house rules, session length.

The defaults start a standard game against three computers with one click.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

from big2.engine.dealnumber import parse_deal_number

from .. import storage, text
from ..match import MatchConfig, SeatConfig
from ..opponents import seat_kinds
from ..rulesform import describe_scoring, presets, rule_choices, scoring_names, with_choice
from .base import Scene
from .common import dialog_rect, felt, frame

KINDS = seat_kinds()
LENGTHS = {
    "1 hand": (1, None),
    "4 hands": (4, None),
    "8 hands": (8, None),
    "16 hands": (16, None),
    "Until a total reaches ±50": (999, 50),
    "Until a total reaches ±100": (999, 100),
}
DEFAULT_NAMES = ("You", "East", "North", "West")


def _fit(line: str, size: int, width: int) -> str:
    """``line`` cut with an ellipsis to fit ``width`` pixels (narrow windows)."""
    from .. import assets

    fnt = assets.font(size)
    if fnt.size(line)[0] <= width:
        return line
    while line and fnt.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


class _Layer(UIContainer):
    """A container that only lifts its elements above others: it never takes the hover,
    so the widgets under its empty area stay usable."""

    def check_hover(self, time_delta: float, hovered_higher_element: bool) -> bool:
        self.hovered = False
        return hovered_higher_element


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.n = 4
        self.seat_names = list(DEFAULT_NAMES)
        self.seat_kinds = ["Human"] + ["Computer (normal)"] * 3
        self.preset_name = next(iter(presets()))
        self.rules = presets()[self.preset_name].rules
        self.scoring = presets()[self.preset_name].scoring
        self.length = "4 hands"
        #: "Play a deal": the number typed (blank for a new deal), and undo in hot-seat.
        self.deal_text = ""
        self.undo_hot_seat = False
        self.error = ""
        storage.new_game_defaults(self)  # the last game's choices, as stored

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        m = self.app.manager
        r = self.rect = dialog_rect(self.app.size, 1100, 660)
        pad = 24
        col_w = (r.w - 3 * pad) // 2
        lx, rx = r.x + pad, r.x + 2 * pad + col_w
        y = r.y + 70
        row = 40
        UILabel(pygame.Rect(lx, y, 120, 34), "Players", m, container=self.ui, object_id="#heading")
        self.dd_players = UIDropDownMenu(["2", "3", "4"], str(self.n), pygame.Rect(lx + 130, y, 90, 34), m, container=self.ui)
        y += row + 8
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        for i in range(self.n):
            e = UITextEntryLine(pygame.Rect(lx, y, col_w - 230, 34), m, container=self.ui)
            e.set_text_length_limit(14)
            e.set_text(self.seat_names[i])
            k = UIDropDownMenu(list(KINDS), self.seat_kinds[i], pygame.Rect(lx + col_w - 220, y, 220, 34), m, container=self.ui)
            self.name_entries.append(e)
            self.kind_menus.append(k)
            y += row
        y += 12
        UILabel(pygame.Rect(lx, y, 200, 34), "Session", m, container=self.ui, object_id="#heading")
        y += row
        self.dd_length = UIDropDownMenu(list(LENGTHS), self.length, pygame.Rect(lx, y, col_w, 34), m, container=self.ui)
        y += row + 4
        UILabel(pygame.Rect(lx, y, 110, 34), "Scoring", m, container=self.ui)
        self.dd_scoring = UIDropDownMenu(scoring_names(), self.scoring, pygame.Rect(lx + 110, y, col_w - 110, 34), m, container=self.ui, expansion_height_limit=260)
        self.scoring_y = y + 40
        # "Play a deal" (a shared deal number) and undo with several people at the table
        y = self.deal_y = r.bottom - 66 - 96
        UILabel(pygame.Rect(lx, y, 130, 34), "Play a deal", m, container=self.ui)
        self.deal_entry = UITextEntryLine(pygame.Rect(lx + 130, y, col_w - 130, 34), m, container=self.ui,
                                          placeholder_text="a new deal, or type its number")
        self.deal_entry.set_text_length_limit(16)
        self.deal_entry.set_text(self.deal_text)
        y += 44
        UILabel(pygame.Rect(lx, y, col_w - 130, 34), "Undo with several people", m, container=self.ui)
        self.dd_undo = UIDropDownMenu(["Off", "On"], "On" if self.undo_hot_seat else "Off",
                                      pygame.Rect(lx + col_w - 120, y, 120, 34), m, container=self.ui)

        # Right column: the rule set and every house rule, each explained in a line.
        y = r.y + 70
        UILabel(pygame.Rect(rx, y, 100, 34), "Rules", m, container=self.ui, object_id="#heading")
        preset_rect = pygame.Rect(rx + 110, y, col_w - 110, 34)
        y += row
        self.summary_y = y
        y += 30
        self.rule_menus: dict[str, UIDropDownMenu] = {}
        self.choices = {c.name: c for c in rule_choices()}
        # every house rule, in a scrolling list: label, choice, and a line explaining it
        area = pygame.Rect(rx - 8, y, col_w + 16, r.bottom - 90 - y)
        self.rules_box = UIScrollingContainer(area, m, container=self.ui, allow_scroll_x=False)
        inner_w = col_w - 24
        ry = 4
        for c in self.choices.values():
            UILabel(pygame.Rect(8, ry, inner_w * 9 // 20, 30), _fit(c.label, 16, inner_w * 9 // 20 - 8), m, container=self.rules_box)
            dd = UIDropDownMenu(
                [lab for lab, _ in c.options],
                c.label_of(getattr(self.rules, c.name)),
                pygame.Rect(8 + inner_w * 9 // 20, ry, inner_w - inner_w * 9 // 20, 30),
                m,
                container=self.rules_box,
                expansion_height_limit=220,
            )
            self.rule_menus[c.name] = dd
            UILabel(pygame.Rect(8, ry + 30, inner_w, 24), _fit(c.explanation, 14, inner_w - 8), m, container=self.rules_box, object_id="#hint")
            ry += 62
        self.rules_box.set_scrollable_area_dimensions((col_w, ry + 4))
        # The preset list opens over the house rules: its dropdown lives in a layer above
        # everything built so far (a container that takes no hover of its own).
        above = _Layer(r, m, container=self.ui, starting_height=self.ui.get_top_layer() - self.ui.layer + 1)
        self.dd_preset = UIDropDownMenu(
            list(presets()), self.preset_name, preset_rect.move(-r.x, -r.y), m, container=above, expansion_height_limit=300,
        )
        self.b_start = self.button((r.right - 244, r.bottom - 66, 220, 48), "Start", object_id="#primary")
        self.b_back = self.button((r.x + 24, r.bottom - 66, 140, 48), "Back")

    def _collect(self) -> None:
        """Read the entries back (they are rebuilt on resize and on the player count)."""
        for i, e in enumerate(self.name_entries):
            self.seat_names[i] = e.get_text().strip() or DEFAULT_NAMES[i]
        entry = getattr(self, "deal_entry", None)
        if entry is not None:
            self.deal_text = entry.get_text()

    def resize(self, size: tuple[int, int]) -> None:
        self._collect()
        super().resize(size)

    def config(self) -> MatchConfig:
        self._collect()
        seats = []
        for i in range(self.n):
            kind = self.seat_kinds[i]
            human = kind == "Human"
            level = "normal" if human else kind[kind.index("(") + 1 : -1]
            seats.append(SeatConfig(self.seat_names[i], human=human, level=level))
        hands, target = LENGTHS[self.length]
        deal = parse_deal_number(self.deal_text) if self.deal_text.strip() else None
        return MatchConfig(seats=tuple(seats), rules=self.rules, hands=hands, target=target, scoring=self.scoring,
                           deal=deal, undo_hot_seat=self.undo_hot_seat)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.dd_players:
                self._collect()
                self.n = int(event.text)
                self.build()
            elif el in self.kind_menus:
                self.seat_kinds[self.kind_menus.index(el)] = event.text
            elif el is self.dd_length:
                self.length = event.text
            elif el is self.dd_preset:
                self.preset_name = event.text
                preset = presets()[event.text]
                self.rules = preset.rules
                self.scoring = preset.scoring
                self._collect()
                self.build()
            elif el is self.dd_scoring:
                self.scoring = event.text
            elif el is self.dd_undo:
                self.undo_hot_seat = event.text == "On"
            else:
                for name, dd in self.rule_menus.items():
                    if el is dd:
                        try:
                            self.rules = with_choice(self.rules, name, self.choices[name].value_of(event.text))
                        except ValueError as exc:  # options that contradict each other
                            self._collect()
                            self.build()
                            self.error = str(exc)
                            return True
            self.error = ""
            return True
        if self.pressed(event, self.b_start) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not any(e.is_focused for e in self.name_entries)):
            # Enter in the deal field starts too: the number is the point of it
            self.start()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def start(self) -> None:
        try:
            cfg = self.config()
        except ValueError as exc:  # a deal number that is not one: say so, start nothing
            self.error = str(exc)
            self.app.dirty = True
            return
        if cfg.rules.cards_per_player * cfg.n_players > 52:
            self.error = f"{cfg.n_players} players cannot each have {cfg.rules.cards_per_player} cards from one deck."
            self.app.dirty = True
            return
        storage.remember_new_game(self)
        self.app.replace("table", cfg)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        frame(surf, self.rect)
        text.draw(surf, "New game", 30, (self.rect.centerx, self.rect.y + 34), (245, 210, 122), anchor="center", bold=True)
        r = self.rect
        col_w = (r.w - 72) // 2
        summary = presets()[self.preset_name].summary if self.rules == presets()[self.preset_name].rules else "House rules: your changes below."
        text.draw(surf, summary, 14, (r.x + 48 + col_w, self.summary_y), (200, 210, 215), max_width=col_w, suits="light")
        y = self.scoring_y
        room = max(1, (self.deal_y - 6 - y) // 19)
        for line in text.wrap(describe_scoring(self.scoring), 14, col_w)[:min(6, room)]:
            text.draw(surf, line, 14, (r.x + 24, y), (200, 210, 215), suits="light")
            y += 19
        if self.error:
            text.draw(surf, self.error, 16, (self.rect.centerx, self.rect.bottom - 42), (255, 150, 140), anchor="center")
