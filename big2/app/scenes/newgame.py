"""New game: seats (human or computer, names), rule set and house rules, session length.

The defaults start a standard game against three computers with one click.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

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

        # Right column: the rule set and every house rule, each explained in a line.
        y = r.y + 70
        UILabel(pygame.Rect(rx, y, 100, 34), "Rules", m, container=self.ui, object_id="#heading")
        names = list(presets())
        self.dd_preset = UIDropDownMenu(names, self.preset_name, pygame.Rect(rx + 110, y, col_w - 110, 34), m, container=self.ui, expansion_height_limit=300)
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
        self.b_start = self.button((r.right - 244, r.bottom - 66, 220, 48), "Start", object_id="#primary")
        self.b_back = self.button((r.x + 24, r.bottom - 66, 140, 48), "Back")

    def _collect(self) -> None:
        """Read the entries back (they are rebuilt on resize and on the player count)."""
        for i, e in enumerate(self.name_entries):
            self.seat_names[i] = e.get_text().strip() or DEFAULT_NAMES[i]

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
        return MatchConfig(seats=tuple(seats), rules=self.rules, hands=hands, target=target, scoring=self.scoring)

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
            self.start()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def start(self) -> None:
        cfg = self.config()
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
        for line in text.wrap(describe_scoring(self.scoring), 14, col_w)[:6]:
            text.draw(surf, line, 14, (r.x + 24, y), (200, 210, 215), suits="light")
            y += 19
        if self.error:
            text.draw(surf, self.error, 16, (self.rect.centerx, self.rect.bottom - 42), (255, 150, 140), anchor="center")
