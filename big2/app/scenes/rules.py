"""The rules in plain words, with a picture of each combination. Scroll with the wheel."""

from __future__ import annotations

import pygame

from big2.engine.cards import format_card, parse_cards
from big2.engine.rules import STANDARD, Rules

from .. import cardart, text
from .base import Scene
from .common import felt, frame

GOLD = (245, 210, 122)
EXAMPLES = [
    ("Single", "2s", "One card. Higher rank wins; the same rank goes to the higher suit."),
    ("Pair", "9h 9s", "Two cards of one rank. The higher rank wins; a tie goes to the pair with the higher suit."),
    ("Triple", "Qd Qc Qs", "Three cards of one rank. The higher rank wins."),
    ("Straight", "5h 6d 7c 8s 9d", "Five ranks in a row, any suits. Lowest of the five-card hands."),
    ("Flush", "4c 8c Tc Jc Kc", "Five cards of one suit. Beats any straight."),
    ("Full house", "7d 7h 7s Kc Kh", "A triple with a pair; the triple decides. Beats any flush."),
    ("Four of a kind", "Jd Jc Jh Js 3c", "Four of a rank plus any card; the four decide. Beats any full house."),
    ("Straight flush", "9h Th Jh Qh Kh", "A straight all in one suit: the strongest play there is."),
]
CONTROLS = (
    "Click cards to select them, or drag across several. Lift a card up and slide it sideways to "
    "move it in your hand. Double-click or Enter plays the selection; P passes; H asks for a hint; "
    "S sorts by rank or suit; the arrow keys and Space pick cards from the keyboard; Esc pauses; "
    "F1 shows these rules during a game; F11 switches to full screen."
)


class RulesScene(Scene):
    name = "rules"
    arrow_focus = False  # ↑ ↓ scroll the text

    def __init__(self, app, *, rules: Rules = STANDARD) -> None:
        super().__init__(app)
        self.rules = rules
        self.scroll = 0
        self.content: pygame.Surface | None = None

    def build_ui(self) -> None:
        w, h = self.app.size
        self.rect = pygame.Rect(30, 20, w - 60, h - 40)
        self.b_back = self.button((self.rect.right - 170, self.rect.bottom - 62, 150, 46), "Back", object_id="#primary")
        self.content = None

    def intro(self) -> str:
        r = self.rules
        lowest = format_card(r.lowest_card, symbols=True)
        first = f" and the first play must include {lowest}" if r.first_lead_has_lowest else ""
        return (
            f"Each player is dealt {r.cards_per_player} cards. The player holding {lowest} starts{first}. "
            "Play a combination; each next player must beat it with a higher combination of the same "
            "number of cards, or pass. Passing does not stop you playing later in the same trick. When "
            "everyone else has passed, the last player to play starts a new trick with anything.\n"
            f"Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits, low to high: {r.describe_suits()}.\n"
            "The first player with no cards left wins the hand. Everyone else loses a point for each card "
            "they still hold: 2 a card when holding 10 to 12, and 3 a card when holding 13 or more."
        )

    def options(self) -> list[tuple[str, str]]:
        """Every option of the rule set in plain words (from the engine)."""
        try:
            from big2.engine.presets import describe
        except ImportError:  # pragma: no cover
            return []
        return [(str(a), str(b)) for a, b in describe(self.rules)]

    def unused(self) -> set[str]:
        """Combination names this rule set does not allow."""
        out = set()
        try:
            from big2.engine.rules import tables_for

            t = tables_for(self.rules)
            if not getattr(t, "allow_triples", True):
                out.add("Triple")
            if not getattr(t, "allow_flushes", True):
                out.add("Flush")
        except ImportError:  # pragma: no cover
            pass
        return out

    def render_content(self, width: int) -> pygame.Surface:
        four = self.app.settings.four_colour
        fp = 17
        lines = text.wrap(self.intro(), fp, width - 40)
        ch = 86
        cw = int(ch * 0.7)
        col_w = (width - 60) // 2
        rows = (len(EXAMPLES) + 1) // 2
        ctrl = text.wrap(CONTROLS, fp, width - 40)
        options = self.options()
        opt_rows = (len(options) + 1) // 2
        height = 70 + len(lines) * (fp + 8) + 30 + rows * (ch + 56) + 50 + len(ctrl) * (fp + 8) + 80
        height += 60 + opt_rows * 44
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        text.draw(surf, f"How to play Big Two — {self.rules.name} rules", 28, (20, 16), GOLD, bold=True)
        y = 70
        for line in lines:
            text.draw(surf, line, fp, (20, y), (235, 235, 230), suits="light", four_colour=four)
            y += fp + 8
        y += 20
        text.draw(surf, "The combinations, weakest kind first", 20, (20, y), GOLD, bold=True)
        y += 36
        for i, (name, cards, expl) in enumerate(EXAMPLES):
            x = 20 + (i % 2) * (col_w + 20)
            yy = y + (i // 2) * (ch + 56)
            for k, c in enumerate(parse_cards(cards)):
                surf.blit(cardart.face(c, cw, ch, four_colour=four), (x + k * (cw * 0.62), yy))
            tx = x + int(cw * 0.62 * 4 + cw + 16)
            off = name in self.unused()
            text.draw(surf, name + (" — not played under these rules" if off else ""), 19, (tx, yy + 4), (170, 170, 170) if off else (255, 255, 255), bold=True)
            for j, line in enumerate(text.wrap(expl, 15, col_w - (tx - x))):
                text.draw(surf, line, 15, (tx, yy + 30 + j * 20), (215, 220, 220))
        y += rows * (ch + 56) + 10
        if options:
            text.draw(surf, "This table's rules, option by option", 20, (20, y), GOLD, bold=True)
            y += 36
            for i, (label, words) in enumerate(options):
                x = 20 + (i % 2) * (col_w + 20)
                yy = y + (i // 2) * 44
                text.draw(surf, label, 15, (x, yy), (255, 255, 255), bold=True, max_width=col_w)
                text.draw(surf, words, 15, (x, yy + 20), (215, 220, 220), suits="light", four_colour=four, max_width=col_w)
            y += opt_rows * 44 + 16
        text.draw(surf, "Controls", 20, (20, y), GOLD, bold=True)
        y += 34
        for line in ctrl:
            text.draw(surf, line, fp, (20, y), (235, 235, 230))
            y += fp + 8
        return surf

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)):
            self.app.pop()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: 400, pygame.K_PAGEUP: -400}[event.key]
            self.scroll_by(step)
            return True
        return False

    def scroll_by(self, dy: int) -> None:
        if self.content is None:
            return
        view = self.rect.h - 90
        self.scroll = max(0, min(self.scroll + dy, max(0, self.content.get_height() - view)))

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        frame(surf, self.rect)
        if self.content is None:
            self.content = self.render_content(self.rect.w - 20)
        view = pygame.Rect(self.rect.x + 10, self.rect.y + 10, self.rect.w - 20, self.rect.h - 90)
        surf.blit(self.content, view.topleft, area=pygame.Rect(0, self.scroll, view.w, view.h))
        if self.content.get_height() - view.h > self.scroll + 4:
            text.draw(surf, "Scroll for more ↓", 14, (self.rect.x + 24, self.rect.bottom - 48), (200, 210, 215))
