"""Daily deal: the calendar of daily deals, your streaks, and the day's table.

Title → *Daily deal*. A month of days on the left, each played day marked (green: played
on its day, blue: played late, amber: the computer played for you; ★ better than the
Expert's duplicate result, = level with it, ● below it or not known yet), today ringed in
gold; the streak and the best streak above: days played on their day, every card by the
player (a day the computer played any of your cards is kept and shown, marked, but counts
for no streak; the panel of a day still to play says so). Clicking a day (or the arrow
keys, Page Up/Down for months) selects it; the panel on the right says its deal number,
its opponents and how you did, and offers
*Play today's deal*, *Play late* (a missed day: kept, no streak) or *Play again
(practice)* (not kept), and *Copy share text* for a played day. Days to come cannot be
played; the calendar starts at :data:`~big2.engine.dailynumber.DAILY_FIRST`.
"""

from __future__ import annotations

import calendar as _calendar
from datetime import date, timedelta

import pygame

from big2 import i18n
from big2.engine.course import trick_symbols
from big2.engine.dailynumber import DAILY_FIRST, daily_deal_number
from big2.engine.dealnumber import format_deal_number
from big2.i18n import _, ngettext, pgettext, verbatim
from big2.persistence.daily import DailyRecord
from big2.room.daily import opponents

from big2.app import daily as dailyplay
from big2.app import storage, vocab
from big2.app.ui import text
from big2.app.ui.scene import Scene
from big2.app.screens import dealactions
from big2.app.screens.common import felt

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)
WHITE = (240, 240, 235)
ON_TIME = (46, 120, 70)
LATE = (48, 84, 140)
MISSED = (38, 48, 52)
#: A day the computer played some of the player's cards (no streak).
BY_COMPUTER = (128, 92, 36)
AMBER = (240, 190, 120)


def weekday_names() -> tuple[str, ...]:
    """Monday … Sunday, short, in the current language."""
    return (pgettext("weekday", "Mon"), pgettext("weekday", "Tue"), pgettext("weekday", "Wed"),
            pgettext("weekday", "Thu"), pgettext("weekday", "Fri"), pgettext("weekday", "Sat"),
            pgettext("weekday", "Sun"))


def month_title(year: int, month: int) -> str:
    """``Dec 2026`` the current language's way: its date pattern without the day."""
    lang = i18n.current().language
    pattern = lang.date_pattern
    for token in ("{day}日", " {day},", "{day}. ", "{day} ", " {day}", "{day}"):
        if token in pattern:
            pattern = pattern.replace(token, "", 1)
            break
    mon = lang.months[month - 1] if lang.months else str(month)
    return " ".join(pattern.format(year=year, month=month, mon=mon).split())


def mark(record: DailyRecord | None) -> str:
    """The symbol on a played day: ★ better than the Expert, = level, ● else."""
    if record is None:
        return ""
    found = record.against_expert
    return "★" if found == 1 else "=" if found == 0 else "●"


class DailyScene(Scene):
    name = "daily"
    arrow_focus = False  # the arrow keys move the selected day

    def __init__(self, app, day: date | None = None) -> None:
        super().__init__(app)
        self.today = dailyplay.today()
        first = max(DAILY_FIRST, min(day or self.today, self.today))
        self.selected = first
        self.month = (first.year, first.month)
        self.toast = dealactions.Toast()

    # Dates -----------------------------------------------------------------------------

    def playable(self, day: date) -> bool:
        return DAILY_FIRST <= day <= self.today

    def month_days(self) -> list[date]:
        y, m = self.month
        return [date(y, m, d) for d in range(1, _calendar.monthrange(y, m)[1] + 1)]

    def select(self, day: date) -> None:
        if not self.playable(day):
            return
        self.selected = day
        if (day.year, day.month) != self.month:
            self.month = (day.year, day.month)
        self.build()

    def shift_month(self, step: int) -> None:
        y, m = self.month
        m += step
        y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
        first = date(y, m, 1)
        if first > self.today or date(y, m, _calendar.monthrange(y, m)[1]) < DAILY_FIRST:
            return
        self.month = (y, m)
        days = [d for d in self.month_days() if self.playable(d)]
        self.select(min(days, key=lambda d: abs(d.day - self.selected.day)))

    # Layout ----------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        W, H = self.app.size
        margin = px(24)
        self.top = px(104)
        grid_w = min(px(7 * 64), int((W - 3 * margin) * 0.52))
        self.cell = (grid_w // 7, min(grid_w // 7, (H - self.top - px(200)) // 6))
        self.grid_x = margin + max(0, (W // 2 - margin - grid_w) // 2)
        nav_h = px(40)
        self.nav_y = self.top
        y0, m0 = self.month
        self.b_prev = self.button((self.grid_x, self.nav_y, px(52), nav_h), "◀", tooltip=_("Earlier month (Page Up)"))
        self.b_next = self.button((self.grid_x + 7 * self.cell[0] - px(52), self.nav_y, px(52), nav_h), "▶",
                                  tooltip=_("Later month (Page Down)"))
        if date(y0, m0, 1) <= DAILY_FIRST:
            self.b_prev.disable()
        if (y0, m0) >= (self.today.year, self.today.month):
            self.b_next.disable()
        self.grid_y = self.nav_y + nav_h + px(8) + self.text_height(14) + px(6)
        # the panel on the right
        self.panel = pygame.Rect(self.grid_x + 7 * self.cell[0] + margin, self.top,
                                 W - (self.grid_x + 7 * self.cell[0] + margin) - margin, H - self.top - px(84))
        p = self.panel
        rec = dailyplay.book(self.app).get(self.selected)
        words = self.play_words(rec)
        bw = min(p.w - px(32), self.text_width(words, 17, bold=True) + px(40))
        self.b_play = self.button((p.x + px(16), p.bottom - px(62), bw, px(46)), words,
                                  object_id="#primary", tooltip=self.play_tip(rec))
        self.b_share = None
        if rec is not None:
            sw = min(p.w - px(32), self.text_width(_("Copy share text"), 17, bold=True) + px(32))
            self.b_share = self.button((p.x + px(16), p.bottom - px(118), sw, px(46)), _("Copy share text"),
                                       tooltip=_("A few lines to paste for friends: the deal number, your points and the Expert's, no cards"))
        back_w = self.button_width([_("Back")])
        self.b_back = self.button((margin, H - px(64), back_w, px(46)), _("Back"), tooltip=_("Back to the title (Esc)"))
        if rec is not None and rec.expert is None and self.playable(self.selected):
            # a day played while the app closed before the Expert finished: play it now
            dailyplay.expert_result(self.app, self.selected)

    def play_words(self, rec: DailyRecord | None) -> str:
        if rec is not None:
            return _("Play again (practice)")
        return _("Play today's deal") if self.selected == self.today else _("Play late")

    def play_tip(self, rec: DailyRecord | None) -> str:
        if rec is not None:
            return _("Your first play stands; this one is practice and is not kept")
        if self.selected == self.today:
            return _("Play it once: your first play is the one kept")
        return _("A missed day: kept, marked late, and it counts for no streak")

    def cell_rect(self, day: date) -> pygame.Rect:
        """Where ``day`` is drawn (it must be in the month shown)."""
        first = date(day.year, day.month, 1).weekday()
        k = first + day.day - 1
        cw, ch = self.cell
        return pygame.Rect(self.grid_x + (k % 7) * cw, self.grid_y + (k // 7) * ch, cw - 4, ch - 4)

    # Input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        if self.pressed(event, self.b_prev):
            self.shift_month(-1)
            return True
        if self.pressed(event, self.b_next):
            self.shift_month(1)
            return True
        if self.pressed(event, self.b_play):
            self.play()
            return True
        if self.b_share is not None and self.pressed(event, self.b_share):
            self.share()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for day in self.month_days():
                if self.cell_rect(day).collidepoint(event.pos):
                    self.select(day)
                    self.app.dirty = True
                    return True
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}.get(event.key)
            if step is not None:
                self.select(self.selected + timedelta(days=step))
                self.app.dirty = True
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.shift_month(-1 if event.key == pygame.K_PAGEUP else 1)
                self.app.dirty = True
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()
                return True
        return False

    def play(self) -> None:
        day = self.selected
        storage.ask_before_new_game(self.app, lambda: dailyplay.play(self.app, day))

    def share(self) -> None:
        rec = dailyplay.book(self.app).get(self.selected)
        if rec is None:
            return
        if dealactions.copy_text(dailyplay.share_text(rec.day, rec.you, rec.expert)):
            self.toast.show(_("Share text copied"))
        else:
            self.toast.show(_("No clipboard here: the deal number is {number}").format(
                number=format_deal_number(rec.deal)))
        self.app.dirty = True

    def uncover(self) -> None:
        super().uncover()
        self.today = dailyplay.today()
        self.build()  # a play may have been kept meanwhile

    def next_deadline(self) -> float | None:
        return self.toast.remaining()

    def update(self, dt: float) -> None:
        if self.toast.expired():
            self.app.dirty = True

    # Drawing ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        px, fpx = self.px, self.fpx
        W, H = surf.get_size()
        surf.blit(felt((W, H), self.app.settings.felt_colours), (0, 0))
        tr = i18n.current()
        book = dailyplay.book(self.app)
        text.draw(surf, _("Daily deal"), fpx(30), (W // 2, px(36)), GOLD, anchor="center", bold=True)
        streaks = book.streaks(self.today)
        line = (ngettext("Streak: {n} day", "Streak: {n} days", streaks.current).format(n=tr.number(streaks.current))
                + "  ·  " + ngettext("best: {n} day", "best: {n} days", streaks.best).format(n=tr.number(streaks.best)))
        text.draw(surf, text.shorten(line, fpx(17), W - px(48)), fpx(17), (W // 2, px(72)), WHITE, anchor="center",
                  max_width=W - px(48))
        # the month
        cw, ch = self.cell
        gx = self.grid_x
        y, m = self.month
        text.draw(surf, month_title(y, m), fpx(20), (gx + 7 * cw // 2, self.nav_y + px(20)), GOLD, anchor="center", bold=True)
        hy = self.nav_y + px(48)
        for i, name in enumerate(weekday_names()):
            text.draw(surf, text.shorten(name, fpx(14), cw - 6), fpx(14), (gx + i * cw + (cw - 4) // 2, hy), SOFT,
                      anchor="midtop", max_width=cw - 6)
        for day in self.month_days():
            self.draw_day(surf, day, book.get(day))
        self.draw_legend(surf)
        self.draw_panel(surf, book.get(self.selected))
        if self.toast.shown:
            self.toast.draw(surf, (self.panel.centerx, self.panel.bottom - px(140)), fpx(16), self.panel.w)

    def draw_day(self, surf: pygame.Surface, day: date, rec: DailyRecord | None) -> None:
        px, fpx = self.px, self.fpx
        r = self.cell_rect(day)
        if not self.playable(day):
            fill, colour = None, (120, 130, 130)
        elif rec is None:
            fill, colour = MISSED, WHITE
        else:
            fill, colour = (BY_COMPUTER if rec.by_computer else LATE if rec.late else ON_TIME), WHITE
        if fill is not None:
            pygame.draw.rect(surf, fill, r, border_radius=px(6))
        if day == self.today:
            pygame.draw.rect(surf, GOLD, r, 2, border_radius=px(6))
        if day == self.selected:
            pygame.draw.rect(surf, WHITE, r.inflate(-px(4), -px(4)), 2, border_radius=px(5))
        size = fpx(15) if r.h >= px(40) else fpx(13)
        text.draw(surf, i18n.current().number(day.day), size, (r.x + px(6), r.y + px(3)), colour)
        sign = mark(rec)
        if sign:
            text.draw(surf, sign, fpx(15), (r.right - px(6), r.bottom - px(3)), GOLD if sign == "★" else WHITE,
                      anchor="bottomright")

    def draw_legend(self, surf: pygame.Surface) -> None:
        px, fpx = self.px, self.fpx
        cw, ch = self.cell
        x, y = self.grid_x, self.grid_y + 6 * ch + px(6)
        width = 7 * cw
        size = fpx(14)
        items = ((ON_TIME, _("on the day")), (LATE, _("late")), (BY_COMPUTER, _("the computer played")),
                 (None, "★ " + _("beat the Expert")))
        total = sum(self.text_width(w, 14) + px(30) for _c, w in items)
        line_h = self.text_height(14) + px(6)
        for colour, words in items:
            need = self.text_width(words, 14) + (px(18) if colour else 0)
            if x + need > self.grid_x + width and total > width:  # a second line where one is too short
                x, y = self.grid_x, y + line_h
            if colour is not None:
                pygame.draw.rect(surf, colour, pygame.Rect(x, y + px(3), px(12), px(12)), border_radius=px(3))
                x += px(18)
            text.draw(surf, words, size, (x, y), SOFT)
            x += self.text_width(words, 14) + px(18)

    def draw_panel(self, surf: pygame.Surface, rec: DailyRecord | None) -> None:
        px, fpx = self.px, self.fpx
        p = self.panel
        text.panel(surf, p, alpha=140, radius=px(12))
        tr = i18n.current()
        day = self.selected
        x, w = p.x + px(16), p.w - px(32)
        y = p.y + px(14)

        def lines(words: str, size: int, colour, *, bold: bool = False, most: int = 3) -> None:
            nonlocal y
            for line in text.wrap(words, size, w, bold=bold)[:most]:
                text.draw(surf, line, size, (x, y), colour, bold=bold, max_width=w)
                y += self.text_height(size, bold=bold) + px(3)

        lines(tr.date(day), fpx(20), GOLD, bold=True, most=1)
        lines(_("Deal {number}.").format(number=format_deal_number(daily_deal_number(day))), fpx(15), SOFT, most=1)
        y += px(4)
        rivals = ", ".join(f"{verbatim(s.name)} ({vocab.level(s.level)})" for s in opponents(day))
        lines(_("Standard rules. You play first seat against {players}.").format(players=rivals), fpx(15), WHITE)
        y += px(8)
        bottom = p.bottom - (px(124) if self.b_share is not None else px(70))
        if rec is None:
            said = (_("Not played yet today.") if day == self.today else
                    _("Missed: you can still play it late."))
            lines(said, fpx(16), WHITE)
            y += px(10)
            lines(_("Everyone gets these cards on this day. When your hand ends, the Expert plays "
                    "the same cards in your seat against the same opponents, and you see whose "
                    "points were better."), fpx(15), SOFT, most=6)
            y += px(6)
            rule = _("Play every card yourself: a day the computer plays for you counts for no streak.")
            if y + 2 * self.text_height(15) < bottom:
                lines(rule, fpx(15), SOFT, most=max(1, (bottom - y) // (self.text_height(15) + px(3))))
            return
        when = _("Played late.") if rec.late else _("Played on the day.")
        lines(when, fpx(15), SOFT, most=1)
        if rec.by_computer:
            lines(_("The computer played for you: this day counts for no streak."), fpx(15), AMBER)
        me = _("You: {points}").format(points=tr.signed(rec.you.my_points))
        if rec.expert is None:
            ex = _("Expert: still to play")
        else:
            ex = _("Expert: {points}").format(points=tr.signed(rec.expert.my_points))
        lines(me + "   " + ex, fpx(18), WHITE, bold=True, most=2)
        sign = mark(rec)
        if rec.expert is not None and y + self.text_height(15) < bottom:
            verdict = {"★": _("You beat the Expert."), "=": _("Level with the Expert.")}.get(
                sign, _("The Expert did better."))
            lines(verdict, fpx(15), GOLD if sign == "★" else SOFT, most=2)
        if y + self.text_height(16) < bottom:
            lines(trick_symbols(rec.you) + (" ★" if rec.you.winner == 0 else ""), fpx(16), WHITE, most=1)
