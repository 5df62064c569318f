"""The end of a daily deal: the duplicate result.

Opened by the table instead of the usual results (``table.results_scene``; see
:mod:`big2.app.daily`) with the table and the hand's record. The player's points stand
beside those of the Expert seated in their place with the same cards and opponents,
who went out first on each side, the tricks as symbols, and the deciding moments side
by side. The Expert's hand is played out in the background while this shows ("The
Expert is playing your cards…"); the screen fills in when it is done. *Copy share text*
puts the spoiler-free lines of :func:`big2.app.daily.share_text` on the clipboard,
*Calendar* goes back to the daily calendar and *Done* (Enter) to the title. The line
under the title says how the play counts: kept, practice, late, or — when the computer
played any of the player's cards — kept but counting for no streak.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from big2 import i18n
from big2.engine.course import HandCourse, Moment, trick_symbols
from big2.engine.dealnumber import format_deal_number
from big2.engine.cards import format_card
from big2.i18n import _, ngettext, pgettext, verbatim

from big2.app import daily as dailyplay
from big2.app.ui import text
from big2.app.ui.scene import Scene
from big2.app.ui.uiscale import MIN_FONT_PX
from big2.app.screens import dealactions
from big2.app.screens.common import dialog_rect, frame, veil

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)
WHITE = (240, 240, 235)


def moment_words(m: Moment, names: tuple[str, ...], *, expert: bool) -> str:
    """One deciding moment in a sentence, told from the side of ``expert`` or the player."""
    n = i18n.current().number(m.trick)
    cards = " ".join(format_card(c, symbols=True) for c in sorted(m.cards, reverse=True))
    if m.kind in ("two", "five"):
        return _("Trick {n}: {cards}").format(n=n, cards=cards)
    if m.seat == 0:
        if m.kind == "last":
            return (_("Trick {n}: the Expert is on one card") if expert else
                    _("Trick {n}: you are on one card")).format(n=n)
        return (_("Trick {n}: the Expert went out") if expert else _("Trick {n}: you went out")).format(n=n)
    name = verbatim(names[m.seat])
    if m.kind == "last":
        return _("Trick {n}: {name} is on one card").format(n=n, name=name)
    return _("Trick {n}: {name} went out").format(n=n, name=name)


class DailyResultScene(Scene):
    name = "daily_result"
    opaque = False

    def __init__(self, app, table, result) -> None:
        super().__init__(app)
        self.table = table
        self.result = result
        self.daily: dailyplay.DailyPlay = table.daily
        self.names: tuple[str, ...] = tuple(table.state.names)
        self.toast = dealactions.Toast()
        self.clock = 0.0
        self.expert_future: Future[HandCourse] = dailyplay.expert_result(app, self.daily.day)

    # What is shown --------------------------------------------------------------------

    @property
    def mine(self) -> HandCourse | None:
        return self.daily.course

    @property
    def expert(self) -> HandCourse | None:
        f = self.expert_future
        if f.done() and not f.cancelled() and f.exception() is None:
            return f.result()
        return None

    @property
    def failed(self) -> bool:
        f = self.expert_future
        return f.done() and (f.cancelled() or f.exception() is not None)

    def status(self) -> str:
        if self.daily.practice:
            return _("Practice: you played this deal before, so this play is not kept.")
        if self.daily.by_computer:
            return (_("Played late, and the computer played for you: it is kept, and counts for no streak.")
                    if self.daily.late else _("The computer played for you: it is kept, and counts for no streak."))
        if self.daily.late:
            return _("Played late: it is kept, and counts for no streak.")
        streak = dailyplay.book(self.app).streaks(dailyplay.today()).current
        return ngettext("Kept. Daily streak: {n} day.", "Kept. Daily streak: {n} days.", streak).format(
            n=i18n.current().number(streak))

    def verdict(self) -> str:
        mine, theirs = self.mine, self.expert
        if mine is None:
            return ""
        if theirs is None:
            return (_("The Expert's hand could not be played out.") if self.failed else
                    _("The Expert is playing your cards") + "." * (1 + int(self.clock * 2) % 3))
        d = mine.my_points - theirs.my_points
        if d > 0:
            return ngettext("You beat the Expert by {n} point!", "You beat the Expert by {n} points!", d).format(
                n=i18n.current().number(d))
        if d < 0:
            return ngettext("The Expert did {n} point better.", "The Expert did {n} points better.", -d).format(
                n=i18n.current().number(-d))
        return _("Level with the Expert.")

    def first_out(self, course: HandCourse, *, expert: bool) -> str:
        if course.winner == 0:
            return _("the Expert") if expert else pgettext("player name", "You")
        return verbatim(self.names[course.winner])

    # Layout ---------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        W, H = self.app.size
        step = max(px(22), self.text_height(15) + px(2))
        moments = max(len(self.mine.moments) if self.mine is not None else 0, 5)
        self.rect = r = dialog_rect((W, H), px(900), px(300) + 3 * max(px(26), self.text_height(16) + px(4))
                                    + moments * step + px(84))
        words = (_("Copy share text"), _("Calendar"), _("Done"))
        widths = [self.text_width(w, 17, bold=True) + px(32) for w in words]
        y = r.bottom - px(64)
        x = r.x + px(24)
        self.b_share = self.button((x, y, widths[0], px(46)), words[0],
                                   tooltip=_("A few lines to paste for friends: the deal number, your points and the Expert's, no cards"))
        self.b_calendar = self.button((x + widths[0] + px(10), y, widths[1], px(46)), words[1],
                                      tooltip=_("Every daily deal, your streaks, and the days still to play"))
        self.b_done = self.button((r.right - px(24) - max(widths[2], px(160)), y, max(widths[2], px(160)), px(46)),
                                  words[2], object_id="#primary")

    def next_deadline(self) -> float | None:
        if not self.expert_future.done():
            return 0.4  # the dots move while the Expert plays
        return self.toast.remaining()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.toast.expired():
            self.app.dirty = True
        if not self.expert_future.done() and int(self.clock * 2) != int((self.clock - dt) * 2):
            self.app.dirty = True

    def animating(self) -> bool:
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_done) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.app.goto("title")
            return True
        if self.pressed(event, self.b_calendar) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.to_calendar()
            return True
        if self.pressed(event, self.b_share):
            self.share()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def to_calendar(self) -> None:
        """Back to the daily calendar (under the table), or a new one over the title."""
        calendar = self.app.find("daily")
        if calendar is None:
            self.app.goto("title")
            self.app.push("daily", self.daily.day)
            return
        while self.app.top is not calendar:
            self.app.pop()

    def share(self) -> None:
        mine = self.mine
        if mine is None:
            return
        words = dailyplay.share_text(self.daily.day, mine, self.expert)
        if dealactions.copy_text(words):
            self.toast.show(_("Share text copied"))
        else:
            self.toast.show(_("No clipboard here: the deal number is {number}").format(
                number=format_deal_number(int(self.table.state.deal_number or 0))))
        self.app.dirty = True

    # Drawing --------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        px, fpx = self.px, self.fpx
        veil(surf, 160)
        r = self.rect
        frame(surf, r)
        tr = i18n.current()
        inner = r.w - px(48)
        title = _("Daily deal of {date}").format(date=tr.date(self.daily.day))
        text.draw(surf, text.shorten(title, fpx(26), inner, bold=True), fpx(26), (r.centerx, r.y + px(30)), GOLD,
                  anchor="center", bold=True, max_width=inner)
        deal = _("Deal {number}.").format(number=format_deal_number(int(self.table.state.deal_number or 0)))
        status = self.status()
        line = deal + " " + status
        if text.width_of(line, fpx(15)) > inner:  # how the play counts matters more than the number
            line = status
        line = text.shorten(line, fpx(15), inner)
        text.draw(surf, line, fpx(15), (r.centerx, r.y + px(62)), SOFT, anchor="center", max_width=inner)
        mine, theirs = self.mine, self.expert
        label_w = min(px(190), inner // 4)
        col_w = (inner - label_w) // 2
        lx = r.x + px(24)
        cx = (lx + label_w, lx + label_w + col_w)
        y = r.y + px(88)
        fp = fpx(16)
        heads = (pgettext("player name", "You"), _("The Expert in your seat"))
        for x, head in zip(cx, heads):
            text.draw(surf, text.shorten(head, fpx(18), col_w - px(10), bold=True), fpx(18), (x, y), GOLD, bold=True,
                      max_width=col_w - px(10))
        y += px(30)
        row_h = max(px(26), self.text_height(16) + px(4))
        rows = (_("Points"), _("Went out first"), _("Tricks taken"))
        for i, label in enumerate(rows):
            text.draw(surf, text.shorten(label, fp, label_w - px(8)), fp, (lx, y + i * row_h), SOFT, max_width=label_w - px(8))
        for k, course in enumerate((mine, theirs)):
            x = cx[k]
            if course is None:
                continue
            pts = course.my_points
            text.draw(surf, tr.signed(pts), fpx(18), (x, y), (255, 140, 130) if pts < 0 else (200, 240, 200), bold=True)
            text.draw(surf, text.shorten(self.first_out(course, expert=k == 1), fp, col_w - px(10)), fp,
                      (x, y + row_h), WHITE, max_width=col_w - px(10))
            taken = _("{won} of {total}").format(won=tr.number(course.tricks_won), total=tr.number(len(course.tricks)))
            text.draw(surf, taken + "   " + trick_symbols(course), fp, (x, y + 2 * row_h), WHITE, max_width=col_w - px(10))
        y += 3 * row_h + px(8)
        verdict = self.verdict()
        if verdict:
            text.draw(surf, text.shorten(verdict, fpx(20), inner, bold=True), fpx(20), (r.centerx, y + px(12)),
                      GOLD if theirs is not None else WHITE, anchor="center", bold=True, max_width=inner)
        y += px(34)
        for k, line in enumerate(text.wrap(_("Deciding moments"), fpx(16), label_w - px(8), bold=True)[:3]):
            text.draw(surf, line, fpx(16), (lx, y + k * (self.text_height(16, bold=True) + px(2))), GOLD, bold=True,
                      max_width=label_w - px(8))
        bottom = r.bottom - px(76)
        small = fpx(15)
        step = max(px(22), self.text_height(15) + px(2))
        fits = max(1, (bottom - y) // step)
        for k, course in enumerate((mine, theirs)):
            if course is None:
                continue
            moments = list(course.moments)
            if len(moments) > fits:  # the end always shows: it decided the hand
                moments = moments[: fits - 1] + moments[-1:]
            x, w = cx[k], col_w - px(10)
            least = max(0.9, (MIN_FONT_PX - 1) / small)  # never squeezed below readable type
            for i, m in enumerate(moments):
                words = text.shorten(moment_words(m, self.names, expert=k == 1), small, w, squeeze=least)
                text.draw(surf, words, small, (x, y + i * step), WHITE, suits="light",
                          four_colour=self.app.settings.four_colour, max_width=w)
        if self.toast.shown:
            self.toast.draw(surf, (r.centerx, r.bottom - px(94)), fpx(16), r.w - px(40))
