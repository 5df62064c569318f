"""New game: seats (human or computer, names), rule set and house rules, session length.

The defaults start a standard game against three computers with one click.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from big2.engine.dealnumber import deal_number_in, format_deal_number

from big2 import i18n
from big2.i18n import _, ngettext, pgettext
from big2.app import storage, vocab
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.opponents import seat_kind_label, seat_kinds
from big2.app.ui.textwindow import TextWindow
from big2.app.screens.rulesform import describe_scoring, presets, scoring_names, scoring_title, table_blurb, with_choice
from big2.app.screens.setupform import LENGTHS, Layer, aim_rule_menus, choices_by_name, house_rules_box
from big2.app.ui.scene import Scene
from big2.app.screens.common import dialog_rect, felt, frame

KINDS = seat_kinds()
#: The seats' names until someone types one: ids ("You" is the person playing, the
#: compass names the computers'), shown in the player's language.
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
        #: The rules in brief and the scoring's explanation: boxes that scroll, not cut.
        self.blurb_text = TextWindow()
        self.scoring_text = TextWindow()
        storage.new_game_defaults(self)  # the last game's choices, as stored

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        m = self.app.manager
        px = self.px
        r = self.rect = dialog_rect(self.app.size, px(1100), px(660))
        pad = px(24)
        col_w = self.col_w = (r.w - 3 * pad) // 2
        lx, rx = r.x + pad, r.x + 2 * pad + col_w
        self.lx, self.rx = lx, rx
        top = r.y + px(66)
        row, h = px(40), px(34)
        gap = px(10)
        y = top
        head_w = self.text_width(_("Players"), 22, bold=True) + gap
        UILabel(pygame.Rect(lx, y, head_w, h), _("Players"), m, container=self.ui, object_id="#heading")
        self.dd_players = UIDropDownMenu(["2", "3", "4"], str(self.n), pygame.Rect(lx + head_w + gap, y, px(90), h), m, container=self.ui)
        y += row + px(8)
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        kinds = [(seat_kind_label(k), k) for k in KINDS]
        kind_w = min(self.dropdown_width([t for t, _k in kinds]), col_w // 2)
        for i in range(self.n):
            e = UITextEntryLine(pygame.Rect(lx, y, col_w - kind_w - gap, h), m, container=self.ui)
            e.set_text_length_limit(14)
            e.set_text(default_name(i) if self.seat_names[i] == DEFAULT_NAMES[i] else self.seat_names[i])
            k = UIDropDownMenu(kinds, (seat_kind_label(self.seat_kinds[i]), self.seat_kinds[i]), pygame.Rect(lx + col_w - kind_w, y, kind_w, h), m, container=self.ui)
            self.name_entries.append(e)
            self.kind_menus.append(k)
            y += row
        y += px(12)
        UILabel(pygame.Rect(lx, y, col_w, h), _("Session"), m, container=self.ui, object_id="#heading")
        y += row
        self.dd_length = UIDropDownMenu([(_(k), k) for k in LENGTHS], (_(self.length), self.length), pygame.Rect(lx, y, col_w, h), m, container=self.ui)
        y += row + px(4)
        lab_w = self.text_width(_("Scoring"), 16) + px(12)
        UILabel(pygame.Rect(lx, y, lab_w, h), _("Scoring"), m, container=self.ui)
        self.dd_scoring = UIDropDownMenu([(scoring_title(n), n) for n in scoring_names()], (scoring_title(self.scoring), self.scoring), pygame.Rect(lx + lab_w, y, col_w - lab_w, h), m, container=self.ui, expansion_height_limit=px(260))
        self.scoring_y = y + h + px(8)
        # "Play a deal" (a shared deal number) and undo with several people at the table:
        # right under the scoring's explanation, or as low as they go when it is long
        # (with fewer seats the form then has no hole in the middle)
        # (a refused deal number is said on a line or two right under its field)
        self.deal_error_h = max(self.fpx(15) + px(4), self.text_height(15) + px(2))  # CJK stands taller
        self.deal_error_lines = min(2, len(self.deal_error_wrapped())) if self.error_field == "deal" else 0
        slot = self.deal_error_lines * self.deal_error_h
        lowest = r.bottom - px(66) - 2 * row - px(16) - slot
        told = len(text.wrap(describe_scoring(self.scoring), self.fpx(14), col_w)) * (self.fpx(14) + px(5))
        y = self.deal_y = min(lowest, self.scoring_y + told + px(16))
        lab_w = self.text_width(_("Play a deal"), 16) + px(12)
        UILabel(pygame.Rect(lx, y, lab_w, h), _("Play a deal"), m, container=self.ui)
        # (pygame_gui draws a placeholder like typed text: the hint goes beside the field)
        entry_w = min(px(170), col_w - lab_w)
        self.deal_entry = UITextEntryLine(pygame.Rect(lx + lab_w, y, entry_w, h), m, container=self.ui)
        self.deal_hint = (lx + lab_w + entry_w + px(10), y + h // 2, col_w - lab_w - entry_w - px(10))
        self.deal_entry.set_text_length_limit(400)  # a daily deal's share text pasted whole
        self.deal_entry.set_text(self.deal_text)
        self.deal_error_y = y + h + px(3)
        y += row + px(4) + slot
        switch = [(_("Off"), "Off"), (_("On"), "On")]
        undo_w = self.dropdown_width([t for t, _k in switch])
        UILabel(pygame.Rect(lx, y, col_w - undo_w - gap, h), _("Undo with several people"), m, container=self.ui)
        self.dd_undo = UIDropDownMenu(switch, switch[1] if self.undo_hot_seat else switch[0],
                                      pygame.Rect(lx + col_w - undo_w, y, undo_w, h), m, container=self.ui)

        # Right column: the rule set and every house rule, each explained in a line.
        y = top
        head_w = self.text_width(_("Rules"), 22, bold=True) + gap
        UILabel(pygame.Rect(rx, y, head_w, h), _("Rules"), m, container=self.ui, object_id="#heading")
        preset_rect = pygame.Rect(rx + head_w + gap, y, col_w - head_w - gap, h)
        y += h + px(6)
        self.summary_y = y
        self.buttons_y = r.bottom - px(66)
        # the rules in brief, whole (the house rules below scroll anyway); a house rule
        # that makes it longer grows its box (see fit_summary)
        self.summary_lines = self.summary_rows()
        y += self.summary_lines * self.summary_line_h() + px(4)
        self.choices = choices_by_name()
        # every house rule, in a scrolling list (shared with the online lobby)
        self.rules_box, self.rule_menus = house_rules_box(self, rx, y, col_w, self.buttons_y - px(14) - y, self.rules)
        # The preset list opens over the house rules: its dropdown lives in a layer above
        # everything built so far (a container that takes no hover of its own).
        above = Layer(r, m, container=self.ui, starting_height=self.ui.get_top_layer() - self.ui.layer + 1)
        self.dd_preset = UIDropDownMenu(
            [(vocab.preset_title(p.name), t) for t, p in presets().items()],
            (vocab.preset_title(presets()[self.preset_name].name), self.preset_name), preset_rect.move(-r.x, -r.y), m, container=above, expansion_height_limit=px(320),
        )
        self.b_start = self.button((r.right - px(244), self.buttons_y, px(220), px(48)), _("Start"), object_id="#primary")
        self.b_back = self.button((r.x + pad, self.buttons_y, px(140), px(48)), _("Back"))

    def summary_line_h(self) -> int:
        return self.fpx(14) + self.px(5)

    def summary_rows(self, at_least: int = 2) -> int:
        """Lines for the rules in brief: all it needs (at least ``at_least``), as long as
        the house rules under it keep room to show several."""
        needed = len(text.wrap(table_blurb(self.rules, self.scoring), self.fpx(14), self.col_w))
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

    def _collect(self) -> None:
        """Read the entries back (they are rebuilt on resize and on the player count)."""
        for i, e in enumerate(self.name_entries):
            typed = e.get_text().strip()
            self.seat_names[i] = DEFAULT_NAMES[i] if typed in ("", default_name(i)) else typed
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
        deal = deal_number_in(self.deal_text) if self.deal_text.strip() else None
        return MatchConfig(seats=tuple(seats), rules=self.rules, hands=hands, target=target, scoring=self.scoring,
                           deal=deal, undo_hot_seat=self.undo_hot_seat)

    def update(self, dt: float) -> None:
        self._aim_rule_menus()

    def _aim_rule_menus(self) -> None:
        """Each house rule's list opens where it can be seen (see :func:`aim_rule_menus`)."""
        aim_rule_menus(getattr(self, "rules_box", None), getattr(self, "rule_menus", {}))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.blurb_text.handle(event) or self.scoring_text.handle(event):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.dd_players:
                self._collect()
                self.n = int(self.chosen(event))
                self.build()
            elif el in self.kind_menus:
                self.seat_kinds[self.kind_menus.index(el)] = self.chosen(event)
            elif el is self.dd_length:
                self.length = self.chosen(event)
            elif el is self.dd_preset:
                self.preset_name = self.chosen(event)
                preset = presets()[self.preset_name]
                self.rules = preset.rules
                self.scoring = preset.scoring
                self._collect()
                self.build()
            elif el is self.dd_scoring:
                self.scoring = self.chosen(event)
                self._collect()
                self.build()  # its explanation is longer or shorter: the rows below follow
            elif el is self.dd_undo:
                self.undo_hot_seat = self.chosen(event) == "On"
            else:
                for name, dd in self.rule_menus.items():
                    if el is dd:
                        try:
                            self.rules = with_choice(self.rules, name, self.choices[name].value_of(self.chosen(event)))
                            self.fit_summary()
                        except ValueError as exc:  # options that contradict each other
                            self._collect()
                            self.build()
                            self.error, self.error_field = error_text(exc), None
                            return True
            if self.error_field is None:  # a refused deal number stays until its field changes
                self.error = ""
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
        if self.pressed(event, self.b_start) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not any(e.is_focused for e in self.name_entries)):
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
            self.build()  # the line under the field makes room for the sentence
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

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        frame(surf, self.rect)
        r = self.rect
        fp = self.fpx(14)
        line_h = fp + self.px(5)
        text.draw(surf, _("New game"), self.fpx(30), (r.centerx, r.y + self.px(34)), (245, 210, 122), anchor="center", bold=True)
        # the rules in brief over the house rules, and how the scoring works above "Play a
        # deal": each in its box, scrolled with the wheel when it does not fit (never cut)
        self.blurb_text.draw(surf, table_blurb(self.rules, self.scoring), fp,
                             pygame.Rect(self.rx, self.summary_y, self.col_w, self.summary_lines * line_h), (200, 210, 215), line_h=line_h)
        room = max(1, (self.deal_y - self.px(6) - self.scoring_y) // line_h)
        self.scoring_text.draw(surf, describe_scoring(self.scoring), fp,
                               pygame.Rect(self.lx, self.scoring_y, self.col_w, room * line_h), (200, 210, 215), line_h=line_h)
        hx, hy, hw = self.deal_hint
        hint = _("blank: a new deal")
        if text.render(hint, self.fpx(15), (0, 0, 0)).get_width() <= hw:
            text.draw(surf, hint, self.fpx(15), (hx, hy), (200, 210, 215), anchor="midleft")
        if self.error and self.error_field == "deal":
            lines = self.deal_error_wrapped()
            shown = lines[:self.deal_error_lines]
            if len(lines) > len(shown) and shown:  # a longer sentence than built for
                shown[-1] = text.shorten(" ".join(lines[len(shown) - 1:]), self.fpx(15), self.col_w)
            for i, line in enumerate(shown):
                text.draw(surf, line, self.fpx(15), (self.lx, self.deal_error_y + i * self.deal_error_h), (255, 150, 140))
        elif self.error:
            err = self.fpx(16)
            width = r.w - 2 * self.px(24) - self.px(260) - self.px(180)
            for i, line in enumerate(text.wrap(self.error, err, max(width, self.px(200)))[:2]):
                text.draw(surf, line, err, (r.centerx, self.buttons_y + i * (err + 4)), (255, 150, 140), anchor="midtop")
