"""The rules in plain words, with a picture of each combination. Scroll with the wheel.

Every sentence about the rules and the scoring comes from :mod:`big2.engine.explain`,
built from the rule set and scoring scheme shown, so the page says what the table does.
From the title screen a picker chooses which rules to read; it opens on the player's own
default (the preset, house rules and scoring New game starts from); at the table (F1,
pause menu) the page shows the table's own rules and scoring.
"""

from __future__ import annotations

import pygame

import pygame_gui
from pygame_gui.elements import UIDropDownMenu

from big2.engine import explain
from big2.engine.cards import parse_cards
from big2.engine.messages import msg
from big2.engine.presets import PRESETS, title_message
from big2.engine.rules import Rules
from big2.engine.scoring import Scoring, scoring_preset

from ... import i18n
from ...i18n import N_, _
from ..ui import cardart, text
from .. import vocab
from ..ui.scene import Scene
from .common import felt, frame

GOLD = (245, 210, 122)
CONTROLS = N_(
    "Click cards to select them, or drag across several. Lift a card up and slide it sideways to "
    "move it in your hand. Double-click or Enter plays the selection; P passes; H asks for a hint; "
    "S sorts by rank, by suit, or into combinations; the arrow keys and Space pick cards from the "
    "keyboard; Ctrl+Z or U takes your move back; T shows the card tracker; Esc pauses; "
    "F1 shows these rules during a game; F11 switches to full screen."
)
AIDS = N_(
    "Undo (Ctrl+Z or U, the Undo button, or the pause menu): against the computer, takes the table "
    "back to your previous decision, the computers' replies too, as many steps as you like within "
    "the hand. A hand played with undo is marked as assisted, and Statistics can leave those out. "
    "With several people at the table undo is off unless New game turns it on.\n"
    "Card tracker (T, off until you turn it on): the cards you have not seen yet, by rank and suit, "
    "2s and Aces first, with the ranks that could still make a pair, triple or four marked. It "
    "knows only what you know: your own cards and the cards played.\n"
    "Deal numbers: every hand has a number, on the score panel, the results and the replay. "
    "\"Play a deal\" in New game deals that number's cards again (same players and rules), so "
    "friends can play the same deal and compare.\n"
    "Arrange by combinations: press S until the hand falls into the groups the Normal computer "
    "would plan (five-card hands, triples, pairs, singles), with a gap between groups.\n"
    "How to play (on the title screen): a guided first game at the real table, one lesson a turn; "
    "Esc leaves it, and it is never counted in your statistics."
)


class RulesScene(Scene):
    name = "rules"
    arrow_focus = False  # ↑ ↓ scroll the text

    def __init__(self, app, *, rules: Rules | None = None, scoring: Scoring | None = None) -> None:
        super().__init__(app)
        #: Without ``rules`` (from the title screen) the page offers a picker of the
        #: presets, opening on the player's default rules.
        self.choices = self.rule_choices() if rules is None else {}
        if rules is None:
            rules, scoring = next(iter(self.choices.values()))
        self.rules = rules
        self.scoring = scoring if scoring is not None else self.usual_scoring(rules)
        self.picker: UIDropDownMenu | None = None
        self.scroll = 0
        self.content: pygame.Surface | None = None

    @staticmethod
    def usual_scoring(rules: Rules) -> Scoring:
        preset = PRESETS.get(rules.name.removesuffix(" (house)"))
        return scoring_preset(preset.scoring if preset is not None else "standard")

    def rule_choices(self) -> dict[str, tuple[Rules, Scoring]]:
        """The picker's entries by title: the player's default first, then every preset."""
        out: dict[str, tuple[Rules, Scoring]] = {}
        try:
            from big2.persistence.tablerules import table_rules

            from ..storage import game_defaults

            stored = game_defaults(self.app)
            if stored is not None:
                mine = table_rules(stored)
                preset = PRESETS.get(mine.rules.name.removesuffix(" (house)"))
                if preset is not None and mine.scoring != scoring_preset(preset.scoring):
                    title = i18n.render(msg("{rules}, your scoring", rules=title_message(mine.rules)))
                else:
                    title = i18n.render(title_message(mine.rules))
                out[title] = (mine.rules, mine.scoring)
        except Exception:  # noqa: BLE001 - no storage: the presets alone
            pass
        for p in PRESETS.values():
            out.setdefault(vocab.preset_title(p.name), (p.rules, scoring_preset(p.scoring)))
        return out

    def build_ui(self) -> None:
        w, h = self.app.size
        px = self.px
        self.rect = pygame.Rect(px(30), px(20), w - 2 * px(30), h - 2 * px(20))
        back = _("Back")
        bw = self.text_width(back, 17, bold=True) + px(100)
        self.b_back = self.button((self.rect.right - bw - px(20), self.rect.bottom - px(62), bw, px(46)), back, object_id="#primary")
        self.picker = None
        if self.choices:
            titles = list(self.choices)
            current = next((t for t, (r, s) in self.choices.items() if r == self.rules and s == self.scoring), titles[0])
            dw = min(self.dropdown_width(titles), self.rect.w // 2)
            rect = pygame.Rect(self.rect.right - bw - dw - px(40), self.rect.bottom - px(62), dw, px(46))
            # at the foot of the page the list opens upwards, over the page
            self.picker = UIDropDownMenu(titles, current, rect, self.app.manager, container=self.ui,
                                         expansion_height_limit=px(330), object_id="#opens_up")
        self.content = None

    def intro(self) -> str:
        """How to play under this page's rules, then how this page's scoring counts, in
        the player's language."""
        paragraphs = [i18n.render(p) for p in explain.how_to_play(self.rules)]
        paragraphs.append(_("Scoring: {scoring}").format(scoring=i18n.render(explain.scoring_text(self.scoring))))
        return "\n".join(paragraphs)

    def options(self) -> list[tuple[str, str]]:
        """Every option of the rule set in plain words (from the engine), translated."""
        return [(i18n.render(label), i18n.render(words)) for label, words in explain.rule_lines(self.rules)]

    def examples(self) -> list[tuple[str, str, str, bool]]:
        """Each combination: name, example cards, how it ranks here, whether it is played."""
        return [(i18n.render(name), cards, i18n.render(words), played)
                for name, cards, words, played in explain.combinations(self.rules)]

    def unused(self) -> set[str]:
        """Combination names this rule set does not allow."""
        return {name for name, _, _, played in self.examples() if not played}

    def render_content(self, width: int) -> pygame.Surface:
        """The whole page at ``width``: measured first, then drawn onto one surface."""
        four = self.app.settings.four_colour
        px, fpx = self.px, self.fpx
        fp, small, head = fpx(17), fpx(15), fpx(20)
        margin = px(20)
        inner = width - 2 * margin
        # two columns of examples and options when they fit, else one
        two = inner >= px(900)
        col_w = (inner - margin) // 2 if two else inner
        cols = 2 if two else 1
        ch = px(86)
        cw = int(ch * 0.7)
        fan = int(cw * 0.62 * 4 + cw)
        lines = text.wrap(self.intro(), fp, inner)
        ctrl = text.wrap(_(CONTROLS), fp, inner)
        aids = text.wrap(_(AIDS), fp, inner)
        unused = self.unused()
        title = text.wrap(_("How to play Big Two — {rules}").format(rules=i18n.render(title_message(self.rules))), fpx(28), inner, bold=True)

        examples = []  # (name lines, explanation lines, height)
        for name, cards, expl, _played in self.examples():
            text_w = col_w - fan - px(16)
            words = _("{combination} — not played under these rules").format(combination=name) if name in unused else name
            heads = text.wrap(words, fpx(19), text_w, bold=True)
            body = text.wrap(expl, small, text_w)
            tall = max(ch, len(heads) * (fpx(19) + px(6)) + len(body) * (small + px(5)) + px(4))
            examples.append((name, cards, heads, body, tall + px(20)))
        options = []
        for label, words in self.options():
            lab = text.wrap(label, small, col_w, bold=True)
            body = text.wrap(words, small, col_w)
            options.append((lab, body, (len(lab) + len(body)) * (small + px(5)) + px(10)))

        def rows_height(items: list, key: int) -> int:
            return sum(max(it[key] for it in items[i:i + cols]) for i in range(0, len(items), cols))

        height = px(16) + len(title) * (fpx(28) + px(8)) + px(14) + len(lines) * (fp + px(8)) + px(20)
        height += head + px(16) + rows_height(examples, 4) + px(10)
        height += head + px(14) + len(aids) * (fp + px(8)) + px(16)
        if options:
            height += head + px(16) + rows_height(options, 2) + px(16)
        height += head + px(14) + len(ctrl) * (fp + px(8)) + px(40)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        y = px(16)
        for line in title:
            text.draw(surf, line, fpx(28), (margin, y), GOLD, bold=True)
            y += fpx(28) + px(8)
        y += px(14)
        for line in lines:
            text.draw(surf, line, fp, (margin, y), (235, 235, 230), suits="light", four_colour=four)
            y += fp + px(8)
        y += px(20)
        text.draw(surf, _("The combinations, weakest kind first"), head, (margin, y), GOLD, bold=True)
        y += head + px(16)
        for i in range(0, len(examples), cols):
            row = examples[i:i + cols]
            for k, (name, cards, heads, body, _tall) in enumerate(row):
                x = margin + k * (col_w + margin)
                for j, c in enumerate(parse_cards(cards)):
                    surf.blit(cardart.face(c, cw, ch, four_colour=four), (x + j * (cw * 0.62), y))
                tx = x + fan + px(16)
                off = name in unused
                yy = y + px(4)
                for line in heads:
                    text.draw(surf, line, fpx(19), (tx, yy), (170, 170, 170) if off else (255, 255, 255), bold=True)
                    yy += fpx(19) + px(6)
                for line in body:
                    text.draw(surf, line, small, (tx, yy), (215, 220, 220))
                    yy += small + px(5)
            y += max(it[4] for it in row)
        y += px(10)
        if options:
            text.draw(surf, _("This table's rules, option by option"), head, (margin, y), GOLD, bold=True)
            y += head + px(16)
            for i in range(0, len(options), cols):
                row = options[i:i + cols]
                for k, (lab, body, _tall) in enumerate(row):
                    x = margin + k * (col_w + margin)
                    yy = y
                    for line in lab:
                        text.draw(surf, line, small, (x, yy), (255, 255, 255), bold=True)
                        yy += small + px(5)
                    for line in body:
                        text.draw(surf, line, small, (x, yy), (215, 220, 220), suits="light", four_colour=four)
                        yy += small + px(5)
                y += max(it[2] for it in row)
            y += px(16)
        text.draw(surf, _("Controls"), head, (margin, y), GOLD, bold=True)
        y += head + px(14)
        for line in ctrl:
            text.draw(surf, line, fp, (margin, y), (235, 235, 230))
            y += fp + px(8)
        y += px(16)
        text.draw(surf, _("Aids"), head, (margin, y), GOLD, bold=True)
        y += head + px(14)
        for line in aids:
            text.draw(surf, line, fp, (margin, y), (235, 235, 230))
            y += fp + px(8)
        return surf

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.picker is not None
                and event.ui_element is self.picker and event.text in self.choices):
            self.rules, self.scoring = self.choices[event.text]
            self.content = None
            self.scroll = 0
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)):
            self.app.pop()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.px(60))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: 400, pygame.K_PAGEUP: -400}[event.key]
            self.scroll_by(self.px(step))
            return True
        return False

    def scroll_by(self, dy: int) -> None:
        if self.content is None:
            return
        view = self.rect.h - self.px(90)
        self.scroll = max(0, min(self.scroll + dy, max(0, self.content.get_height() - view)))

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        frame(surf, self.rect)
        if self.content is None:
            self.content = self.render_content(self.rect.w - self.px(20))
        px = self.px
        view = pygame.Rect(self.rect.x + px(10), self.rect.y + px(10), self.rect.w - px(20), self.rect.h - px(90))
        surf.blit(self.content, view.topleft, area=pygame.Rect(0, self.scroll, view.w, view.h))
        if self.content.get_height() - view.h > self.scroll + 4:
            text.draw(surf, _("Scroll for more ↓"), self.fpx(14), (self.rect.x + px(24), self.rect.bottom - px(48)), (200, 210, 215))
