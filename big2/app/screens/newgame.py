"""New game, first step: who plays, the rule preset, the session's length; Start.

Who plays: 2 to 4 seats, each a person (with a name) or a computer (a character of
:mod:`big2.room.personas`, its portrait beside it, at a level). The rule preset comes
with its rules in brief; "House rules…" opens the second step, the full form
(:mod:`big2.app.screens.houserules`: every house rule, the scoring, undo with several
people), which edits this scene's :attr:`NewGameScene.rules`, :attr:`~NewGameScene.scoring`
and :attr:`~NewGameScene.undo_hot_seat`; edited rules read "Custom (from Standard)".
"Play a deal" takes a shared deal number (or a daily deal's share text pasted whole).

The defaults start a standard game against three computers with one click; the last
game's choices come back next time (:func:`big2.app.storage.new_game_defaults`).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from big2.engine.dealnumber import deal_number_in, format_deal_number

from big2 import i18n
from big2.i18n import _, ngettext, pgettext, verbatim
from big2.app import storage
from big2.app.ui import text
from big2.room import personas
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.opponents import seat_kind_label, seat_kinds
from big2.app.table.portrait import portrait
from big2.app.ui.textwindow import TextWindow
from big2.app.screens.newseats import CHARACTERS, change_kind, choose_character, is_computer, level_of, seat_characters
from big2.app.screens.rulesform import named_for, presets
from big2.app.screens.setupform import (CUSTOM, LENGTHS, Layer, draw_dialog, draw_refusal, preset_options, rules_brief, start_and_back,
                                        two_columns)
from big2.app.ui.scene import Scene

KINDS = seat_kinds()
#: The seats' names until someone types one: ids ("You" is the person playing, the
#: compass names a person's at another seat), shown in the player's language. A computer
#: seat is named after its character.
DEFAULT_NAMES = ("You", "East", "North", "West")
#: The most lines the rules in brief take before they scroll in their box.
SUMMARY_MOST = 7


def default_name(i: int) -> str:
    """Seat ``i``'s default name in the current language."""
    return (pgettext("player name", "You"), pgettext("seat", "East"),
            pgettext("seat", "North"), pgettext("seat", "West"))[i]


def error_text(exc: Exception) -> str:
    """A refusal for the player: an engine message rendered, any other said as it is."""
    return i18n.sentence(exc)


class NewGameScene(Scene):
    name = "new_game"
    #: The session lengths offered (their ids), for the stored choices to be checked against.
    lengths = LENGTHS

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
        #: A refusal to show; ``error_field`` "deal" when it is the deal number's (shown
        #: under that field, gone once the field is edited into a number), else None
        #: (shown by the buttons).
        self.error = ""
        self.error_field: str | None = None
        #: The rules in brief: a box that scrolls, never cut.
        self.blurb_text = TextWindow()
        storage.new_game_defaults(self)  # the last game's choices, as stored
        # computers are characters (an older choice's "East" gets one for its level);
        # rules that differ from their preset's are named so ("Custom (from …)")
        seat_characters(self.seat_names, self.seat_kinds, len(self.seat_kinds))
        self.rules = named_for(self.rules, presets()[self.preset_name].name)

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        m = self.app.manager
        px = self.px
        top = two_columns(self, 540)
        r, col_w, lx, rx = self.rect, self.col_w, self.lx, self.rx
        self.row_h, h = px(48), px(34)
        row = px(40)
        gap = px(10)
        # Who plays: the count, then a row a seat: portrait, name (a person's entry or
        # a computer's character), kind (person or computer at a level)
        y = top
        head_w = self.text_width(_("Players"), 22, bold=True) + gap
        UILabel(pygame.Rect(lx, y, head_w, h), _("Players"), m, container=self.ui, object_id="#heading")
        self.dd_players = UIDropDownMenu(["2", "3", "4"], str(self.n), pygame.Rect(lx + head_w + gap, y, px(90), h), m, container=self.ui)
        y += row + px(10)
        self.portrait_d = min(px(44), self.row_h - px(4))
        self.seat_rows: list[int] = []
        self.name_entries: dict[int, UITextEntryLine] = {}
        self.character_menus: dict[int, UIDropDownMenu] = {}
        self.kind_menus: list[UIDropDownMenu] = []
        kinds = [(seat_kind_label(k), k) for k in KINDS]
        kind_w = min(self.dropdown_width([t for t, _k in kinds]), col_w // 2)
        name_x = lx + self.portrait_d + gap
        name_w = col_w - self.portrait_d - gap - kind_w - gap
        characters = [(verbatim(c), c) for c in CHARACTERS]
        for i in range(self.n):
            self.seat_rows.append(y)
            cy = y + (self.row_h - h) // 2
            place = pygame.Rect(name_x, cy, name_w, h)
            if is_computer(self.seat_kinds[i]):
                self.character_menus[i] = UIDropDownMenu(
                    characters, (verbatim(self.seat_names[i]), self.seat_names[i]), place, m, container=self.ui,
                    expansion_height_limit=px(260))
            else:
                e = UITextEntryLine(place, m, container=self.ui)
                e.set_text_length_limit(14)
                e.set_text(default_name(i) if self.seat_names[i] == DEFAULT_NAMES[i] else self.seat_names[i])
                self.name_entries[i] = e
            self.kind_menus.append(UIDropDownMenu(
                kinds, (seat_kind_label(self.seat_kinds[i]), self.seat_kinds[i]),
                pygame.Rect(lx + col_w - kind_w, cy, kind_w, h), m, container=self.ui))
            y += self.row_h
        # the session's length and "Play a deal", right under the seats (fewer seats, no hole)
        y += px(14)
        head_w = self.text_width(_("Session"), 22, bold=True) + gap
        UILabel(pygame.Rect(lx, y, head_w, h), _("Session"), m, container=self.ui, object_id="#heading")
        self.dd_length = UIDropDownMenu([(_(k), k) for k in LENGTHS], (_(self.length), self.length),
                                        pygame.Rect(lx + head_w + gap, y, col_w - head_w - gap, h), m, container=self.ui)
        y += row + px(8)
        lab_w = self.text_width(_("Play a deal"), 16) + px(12)
        UILabel(pygame.Rect(lx, y, lab_w, h), _("Play a deal"), m, container=self.ui)
        # (pygame_gui draws a placeholder like typed text: the hint goes beside the field)
        entry_w = min(px(170), col_w - lab_w)
        self.deal_entry = UITextEntryLine(pygame.Rect(lx + lab_w, y, entry_w, h), m, container=self.ui)
        self.deal_hint = (lx + lab_w + entry_w + px(10), y + h // 2, col_w - lab_w - entry_w - px(10))
        self.deal_entry.set_text_length_limit(400)  # a daily deal's share text pasted whole
        self.deal_entry.set_text(self.deal_text)
        self.deal_error_h = max(self.fpx(15) + px(4), self.text_height(15) + px(2))  # CJK stands taller
        self.deal_error_y = y + h + px(3)
        self.deal_error_lines = max(1, (self.buttons_y - px(8) - self.deal_error_y) // self.deal_error_h)

        # The rules: the preset, its rules in brief, and the door to every house rule
        y = top
        head_w = self.text_width(_("Rules"), 22, bold=True) + gap
        UILabel(pygame.Rect(rx, y, head_w, h), _("Rules"), m, container=self.ui, object_id="#heading")
        preset_rect = pygame.Rect(rx + head_w + gap, y, col_w - head_w - gap, h)
        y += h + px(8)
        self.summary_y = y
        self.summary_lines = self.summary_rows()
        y += self.summary_lines * self.summary_line_h() + px(10)
        label = _("House rules…")
        self.b_house = self.button((rx, y, min(col_w, self.button_width([label]) + px(24)), px(44)), label)
        # the preset list opens over what is under it (a layer above everything built)
        above = Layer(r, m, container=self.ui, starting_height=self.ui.get_top_layer() - self.ui.layer + 1)
        options, now = preset_options(self.preset_name, self.rules)
        self.dd_preset = UIDropDownMenu(options, now, preset_rect.move(-r.x, -r.y), m, container=above,
                                        expansion_height_limit=px(320))
        start_and_back(self)

    def summary_line_h(self) -> int:
        return self.fpx(14) + self.px(5)

    def summary_rows(self) -> int:
        """Lines for the rules in brief: all it needs, up to :data:`SUMMARY_MOST` and as
        many as leave room for the House rules button under it."""
        needed = len(text.wrap(rules_brief(self), self.fpx(14), self.col_w))
        room = (self.buttons_y - self.px(80) - self.summary_y) // self.summary_line_h()
        return max(1, min(SUMMARY_MOST, room, needed))

    def _collect(self) -> None:
        """Read the entries back (they are rebuilt on resize and on the player count)."""
        for i, e in self.name_entries.items():
            if not e.alive() or is_computer(self.seat_kinds[i]):
                continue
            typed = e.get_text().strip()
            self.seat_names[i] = DEFAULT_NAMES[i] if typed in ("", default_name(i)) else typed
        entry = getattr(self, "deal_entry", None)
        if entry is not None:
            self.deal_text = entry.get_text()

    def resize(self, size: tuple[int, int]) -> None:
        self._collect()
        super().resize(size)

    def uncover(self) -> None:
        """Back from the house rules (or a refusal): the preset and its rules in brief
        as they are now."""
        self._collect()
        super().uncover()
        self.build()

    def seat_levels(self) -> list[str]:
        """The computers' levels among the seats played ("human" for a person)."""
        return [level_of(k) if is_computer(k) else "human" for k in self.seat_kinds[:self.n]]

    def config(self) -> MatchConfig:
        self._collect()
        seats = []
        for i in range(self.n):
            kind = self.seat_kinds[i]
            human = kind == "Human"
            seats.append(SeatConfig(self.seat_names[i], human=human, level=level_of(kind)))
        hands, target = LENGTHS[self.length]
        deal = deal_number_in(self.deal_text) if self.deal_text.strip() else None
        return MatchConfig(seats=tuple(seats), rules=self.rules, hands=hands, target=target, scoring=self.scoring,
                           deal=deal, undo_hot_seat=self.undo_hot_seat)

    def choose_preset(self, title: str) -> None:
        """Play the preset called ``title`` (a title of :func:`presets`), its own rules
        and scoring; :data:`CUSTOM` (the edited rules' own entry) keeps the rules."""
        if title == CUSTOM:
            return
        self.preset_name = title
        preset = presets()[title]
        self.rules, self.scoring = preset.rules, preset.scoring

    def handle(self, event: pygame.event.Event) -> bool:
        if self.blurb_text.handle(event):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.dd_players:
                self._collect()
                self.n = int(self.chosen(event))
                seat_characters(self.seat_names, self.seat_kinds, self.n)
                self.build()
            elif el in self.kind_menus:
                self._collect()
                seat = self.kind_menus.index(el)
                change_kind(self.seat_names, self.seat_kinds, self.n, seat, self.chosen(event), DEFAULT_NAMES[seat])
                self.build()  # a name field or a character's list, as the seat is now
            elif el in self.character_menus.values():
                self._collect()
                seat = next(i for i, dd in self.character_menus.items() if dd is el)
                choose_character(self.seat_names, self.seat_kinds, self.n, seat, self.chosen(event))
                self.build()  # (a seat that had that character took this one's)
            elif el is self.dd_length:
                self.length = self.chosen(event)
            elif el is self.dd_preset:
                self._collect()
                self.choose_preset(self.chosen(event))
                self.build()
            if self.error_field is None:  # a refused deal number stays until its field changes
                self.error = ""
            return True
        if self.pressed(event, self.b_house):
            self._collect()
            self.app.push("house_rules", self)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.deal_entry:
            typed = self.deal_entry.get_text()
            if len(typed) > 16 or "\n" in typed:  # a share text pasted: keep its deal number
                try:
                    self.deal_entry.set_text(format_deal_number(deal_number_in(typed)))
                except ValueError:
                    pass
            if self.error_field == "deal":  # gone once it is a number; another mistake is said
                self.error = self.deal_refusal()
                if not self.error:
                    self.error_field = None
                self.app.dirty = True
            return True
        if self.pressed(event, self.b_start) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not any(e.is_focused for e in self.name_entries.values())):
            self.start()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.deal_entry:
            # Enter in the deal field starts too: the number is the point of it (the
            # field takes the key itself and says so with this event)
            self.start()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def deal_refusal(self) -> str:
        """Why the typed deal number is not one ("" when it is, or the field is blank)."""
        typed = self.deal_entry.get_text()
        if not typed.strip():
            return ""
        try:
            deal_number_in(typed)
        except ValueError as exc:
            return error_text(exc)
        return ""

    def deal_error_wrapped(self) -> list[str]:
        return text.wrap(self.error, self.fpx(15), self.col_w) if self.error else []

    def start(self) -> None:
        refusal = self.deal_refusal()
        if refusal:  # a deal number that is not one: say so by its field, start nothing
            self.error, self.error_field = refusal, "deal"
            self._collect()
            self.build()
            self.app.manager.set_focus_set(self.deal_entry)  # the caret there, to fix it
            self.app.dirty = True
            return
        self.error, self.error_field = "", None  # nothing said here follows to the next dialog
        try:
            cfg = self.config()
        except ValueError as exc:  # a set-up the room refuses: say so, start nothing
            self.error = error_text(exc)
            self.app.dirty = True
            return
        if cfg.rules.cards_per_player * cfg.n_players > 52:
            self.error = ngettext("{players} players cannot each have {n} card from one deck.",
                                  "{players} players cannot each have {n} cards from one deck.",
                                  cfg.rules.cards_per_player).format(players=cfg.n_players, n=cfg.rules.cards_per_player)
            self.app.dirty = True
            return
        storage.remember_new_game(self)
        storage.ask_before_new_game(self.app, lambda: self.app.replace("table", cfg))

    def seat_portrait(self, seat: int) -> pygame.Surface:
        """Seat ``seat``'s portrait as the table draws it: a computer's character's face,
        the portrait the player picked for their own seat, else initials."""
        name = self.seat_names[seat]
        if is_computer(self.seat_kinds[seat]):
            found = personas.named(name)
            return portrait(found.portrait if found is not None else None, name, self.portrait_d)
        spec = personas.PERSON_PORTRAITS.get(getattr(self.app.settings, "portrait", "") or "") if seat == 0 else None
        shown = default_name(seat) if name == DEFAULT_NAMES[seat] else name
        entry = self.name_entries.get(seat)
        if entry is not None and entry.alive() and entry.get_text().strip():
            shown = entry.get_text().strip()  # (the initials follow the typing)
        return portrait(spec, shown, self.portrait_d)

    def draw(self, surf: pygame.Surface) -> None:
        draw_dialog(self, surf, _("New game"))
        for seat, y in enumerate(self.seat_rows):
            img = self.seat_portrait(seat)
            surf.blit(img, (self.lx, y + (self.row_h - img.get_height()) // 2))
        hx, hy, hw = self.deal_hint
        hint = _("blank: a new deal")
        if text.render(hint, self.fpx(15), (0, 0, 0)).get_width() <= hw:
            text.draw(surf, hint, self.fpx(15), (hx, hy), (200, 210, 215), anchor="midleft")
        if self.error and self.error_field == "deal":
            lines = self.deal_error_wrapped()
            shown = lines[:self.deal_error_lines]
            if len(lines) > len(shown) and shown:  # a longer sentence than there is room for
                shown[-1] = text.shorten(" ".join(lines[len(shown) - 1:]), self.fpx(15), self.col_w)
            for i, line in enumerate(shown):
                text.draw(surf, line, self.fpx(15), (self.lx, self.deal_error_y + i * self.deal_error_h), (255, 150, 140))
        elif self.error:
            draw_refusal(self, surf, self.error)
