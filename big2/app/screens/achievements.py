"""Achievements: every achievement on one page, earned ones with their date.

Title → *Achievements*. Two columns of cards, one an achievement in the order of
:data:`~big2.persistence.achievements.ACHIEVEMENTS`: a medal (gold with a star when
earned, an empty ring when not), the title, the one-line description and, when earned,
the date. Unearned ones are greyed but keep their description: the page says how to
earn each. The achievements are read on the storage's writer thread the first time
(:func:`big2.app.achievements.load`; "Reading…" until then), so opening the page never
waits on the disk. Back or Esc returns.
"""

from __future__ import annotations

import math

import pygame

from big2 import i18n
from big2.i18n import _, ngettext
from big2.persistence.achievements import ACHIEVEMENTS, AchievementBook

from big2.app import achievements
from big2.app.achievementtext import TEXTS
from big2.app.ui import text
from big2.app.ui.scene import Scene
from big2.app.screens.common import felt

GOLD = (245, 210, 122)
GOLD_DEEP = (201, 150, 42)
WHITE = (242, 242, 238)
DIM = (185, 192, 196)
OFF = (125, 132, 137)
GOOD = (143, 209, 143)
INK_LINE = (108, 133, 150)


class AchievementsScene(Scene):
    name = "achievements"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.book: AchievementBook | None = achievements.book(app)
        self.failed = False
        self.loading = achievements.load(app) if self.book is None else None

    # Layout ----------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        W, H = self.app.size
        margin = px(24)
        back_w = self.button_width([_("Back")])
        self.b_back = self.button((margin, H - px(64), back_w, px(46)), _("Back"), object_id="#primary",
                                  tooltip=_("Back to the title (Esc)"))
        self.columns = 2
        grid_w = min(W - 2 * margin, px(1180))
        gap = px(12)
        top, bottom = px(100), H - px(80)
        rows = math.ceil(len(ACHIEVEMENTS) / self.columns)
        cw = (grid_w - gap * (self.columns - 1)) // self.columns
        self.medal = px(22)
        self.text_x = px(16) + 2 * self.medal + px(14)
        self.text_w = cw - self.text_x - px(14)
        need = max(self.card_height(i) for i in ACHIEVEMENTS)
        room = (bottom - top - gap * (rows - 1)) // rows
        ch = max(need, min(room, px(92)))
        x0 = (W - grid_w) // 2
        y0 = top + max(0, (bottom - top - rows * ch - gap * (rows - 1)) // 2)
        self.cards = {ident: pygame.Rect(x0 + (k % self.columns) * (cw + gap), y0 + (k // self.columns) * (ch + gap),
                                         cw, ch) for k, ident in enumerate(ACHIEVEMENTS)}

    def lines(self, ident: str) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The card's lines: (words, font size, colour, bold), wrapped to its width."""
        fpx = self.fpx
        title, what = TEXTS[ident]
        when = self.book.when(ident) if self.book is not None else None
        earned = when is not None
        out = [(line, fpx(17), WHITE if earned else OFF, True)
               for line in text.wrap(i18n.render(title), fpx(17), self.text_w, bold=True)]
        out += [(line, fpx(14), DIM if earned else OFF, False)
                for line in text.wrap(i18n.render(what), fpx(14), self.text_w)]
        if when is not None:
            said = _("Earned {date}").format(date=i18n.current().date(when.astimezone().date()))
            out += [(line, fpx(14), GOOD, False) for line in text.wrap(said, fpx(14), self.text_w)]
        return out

    def card_height(self, ident: str) -> int:
        """How tall ``ident``'s card must be for its lines (and its medal)."""
        px = self.px
        lines = sum(text.render("Ag", size, WHITE, bold=bold).get_height() + px(2)
                    for _w, size, _c, bold in self.lines(ident))
        return max(px(20) + lines, px(24) + 2 * self.medal)

    # Input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        fut = self.loading
        if fut is None or not fut.done():
            return
        self.loading = None
        try:
            self.book = fut.result()
        except Exception:  # noqa: BLE001 - said on the page; the storage told the player why
            self.failed = True
            self.book = AchievementBook()
        self.build()
        self.app.dirty = True

    def next_deadline(self) -> float | None:
        return 0.1 if self.loading is not None else None

    # Drawing ---------------------------------------------------------------------------

    def earned_count(self) -> int:
        return sum(1 for i in ACHIEVEMENTS if self.book is not None and self.book.when(i) is not None)

    def draw(self, surf: pygame.Surface) -> None:
        px, fpx = self.px, self.fpx
        W, H = surf.get_size()
        surf.blit(felt((W, H), self.app.settings.felt_colours), (0, 0))
        text.draw(surf, _("Achievements"), fpx(30), (W // 2, px(36)), GOLD, anchor="center", bold=True)
        tr = i18n.current()
        if self.loading is not None:
            line = _("Reading…")
        elif self.failed:
            line = _("Your achievements could not be read.")
        else:
            n = self.earned_count()
            line = ngettext("{n} of {total} earned", "{n} of {total} earned", n).format(
                n=tr.number(n), total=tr.number(len(ACHIEVEMENTS)))
        text.draw(surf, text.shorten(line, fpx(17), W - px(48)), fpx(17), (W // 2, px(72)), WHITE, anchor="center",
                  max_width=W - px(48))
        for ident, rect in self.cards.items():
            self.draw_card(surf, ident, rect)

    def draw_card(self, surf: pygame.Surface, ident: str, r: pygame.Rect) -> None:
        px = self.px
        earned = self.book is not None and self.book.when(ident) is not None
        text.panel(surf, r, alpha=150 if earned else 110, radius=px(8), border=INK_LINE)
        centre = (r.x + px(16) + self.medal, r.y + px(12) + self.medal)
        if earned:
            pygame.draw.circle(surf, GOLD_DEEP, centre, self.medal)
            pygame.draw.circle(surf, GOLD, centre, self.medal - px(3))
            text.draw(surf, "★", self.fpx(24), centre, (60, 44, 10), anchor="center")
        else:
            pygame.draw.circle(surf, OFF, centre, self.medal, max(1, px(2)))
        y = r.y + px(10)
        for words, size, colour, bold in self.lines(ident):
            box = text.draw(surf, words, size, (r.x + self.text_x, y), colour, bold=bold, max_width=self.text_w)
            y += box.h + px(2)
