"""End of a hand: who went out, the cards left in each hand, points, running totals."""

from __future__ import annotations

import pygame

from big2 import i18n
from big2.i18n import _, ngettext, pgettext

from big2.engine.dealnumber import format_deal_number

from big2.app.ui import cardart, text
from big2.app.screens import dealactions
from big2.app import storage, vocab
from big2.app.table.layout import results_card
from big2.room.config import HandResult


def multiplier(cards_left: int) -> int:
    """Points per card for a hand holding this many (the standard penalty table)."""
    try:
        from big2.engine.scoring import penalty_per_card
    except ImportError:  # pragma: no cover
        return 1 if cards_left <= 9 else 2 if cards_left <= 12 else 3
    return penalty_per_card(cards_left)
from big2.app.ui.scene import Scene
from big2.app.screens.common import dialog_rect, frame, veil

GOLD = (245, 210, 122)


class ResultsScene(Scene):
    name = "results"
    opaque = False

    def __init__(self, app, table, result: HandResult) -> None:
        super().__init__(app)
        self.table = table
        self.result = result
        self.shown = [float(t - p) for t, p in zip(result.totals, result.points)]
        self.count_t = 0.0
        self.toast = dealactions.Toast()

    def enter(self) -> None:
        super().enter()
        # scores count up from the old totals to the new ones
        dur = 1.0 * max(self.app.settings.anim_scale, 0.0)
        self.count_dur = dur
        if dur <= 0:
            self.shown = [float(t) for t in self.result.totals]

    def build_ui(self) -> None:
        px = self.px
        n = len(self.result.totals)
        want = px(170) + n * px(78) + px(80) + self.deal_row_height()
        r = self.rect = dialog_rect(self.app.size, px(860), want)
        # "Deal number copied" shows in the free band between the last hand and the line
        # under the hands (over that line it hid the very number copied): as tall as it needs
        short = self.toast_band(r).h - dealactions.Toast.height(self.fpx(16)) - 2 * px(4)
        if short < 0:
            r = self.rect = dialog_rect(self.app.size, px(860), want - short)
        over = self.table.state.session_over
        words = (_("Final standings"), _("Next hand"))
        label = words[0] if over else words[1]
        bw = max(px(220), max(self.text_width(w, 17, bold=True) for w in words) + px(40))
        self.b_next = self.button((r.right - bw - px(24), r.bottom - px(64), bw, px(46)), label, object_id="#primary")
        # the same Menu as at the table: it opens the pause menu (Leave the game is there)
        self.b_menu = self.button((r.x + px(24), r.bottom - px(64), px(160), px(46)), _("Menu"), tooltip=_("Pause (Esc)"))
        self.build_deal_buttons()
        self.build_review_button()

    def build_review_button(self) -> None:
        """"Review this hand" at the top right, for a hand kept in this app's history (not
        online, not a practice hand); it opens the screen "review" on the session's last hand."""
        self.b_review = None
        st = storage.of(self.app)
        rec = st.recorder_for(self.table.link) if st is not None and not getattr(self.table, "online", False) else None
        if rec is None or getattr(self.table, "practice", None) is not None:
            return
        px, r = self.px, self.rect
        bw = self.button_width([_("Review this hand")])
        self.b_review = self.button((r.right - px(20) - bw, r.y + px(14), bw, px(38)), _("Review this hand"),
                                    tooltip=_("Where you lost points: the Expert looks at each of your decisions"))
        self.review_session = rec.session_id

    def rows_bottom(self, r: pygame.Rect) -> int:
        """Where the hands' rows end in dialog ``r`` (cards, and the notes under points)."""
        px = self.px
        _cw, ch = results_card(self.app.ui_scale)
        last = max(ch, px(46) + self.text_height(13))
        return r.y + px(104) + (len(self.result.totals) - 1) * (ch + px(16)) + last

    def note_centre(self, r: pygame.Rect) -> int:
        """The middle of the line under the hands (the deal number, hands to go) in ``r``."""
        return r.bottom - self.px(88) - (0 if self.deal_inline else self.px(56))

    def note_top(self, r: pygame.Rect) -> int:
        return self.note_centre(r) - self.text_height(16) // 2

    def toast_band(self, r: pygame.Rect) -> pygame.Rect:
        """The free band between the hands' rows and the line under them, in ``r``."""
        top = self.rows_bottom(r)
        return pygame.Rect(r.x, top, r.w, max(0, self.note_top(r) - top))

    # Play this deal, Copy deal number ------------------------------------------------------

    def deal_words(self) -> tuple[str, ...]:
        if getattr(self.table, "online", False):  # the room is elsewhere: copy the number only
            return (_("Copy deal number"),)
        return _("Play this deal"), _("Copy deal number")

    def deal_row_height(self) -> int:
        """Extra height for the deal buttons' own row, when the bottom row has no room."""
        self.deal_inline = True
        if self.result.deal_number is None:
            return 0
        px = self.px
        need = sum(self.text_width(w, 17, bold=True) + px(28) for w in self.deal_words()) + px(10)
        over = (_("Final standings"), _("Next hand"))
        bw = max(px(220), max(self.text_width(w, 17, bold=True) for w in over) + px(40))
        room = dialog_rect(self.app.size, px(860), px(100)).w - bw - px(160) - px(48) - px(40)
        self.deal_inline = need <= room
        return 0 if self.deal_inline else px(56)

    def build_deal_buttons(self) -> None:
        """"Play this deal" and "Copy deal number": between Menu and Next, or in a row of
        their own above them; none for a hand without a deal number."""
        self.b_play_deal = self.b_copy_deal = None
        px = self.px
        r = self.rect
        self.note_y = self.note_centre(r)
        if self.result.deal_number is None:
            return
        words = self.deal_words()
        widths = [self.text_width(w, 17, bold=True) + px(28) for w in words]
        gap = px(10)
        if self.deal_inline:
            left, right, y = self.b_menu.rect.right, self.b_next.rect.left, r.bottom - px(64)
        else:
            left, right, y = r.x + px(24), r.right - px(24), r.bottom - px(64) - px(56)
        x = (left + right - sum(widths) - gap * (len(words) - 1)) // 2
        if len(words) > 1:
            self.b_play_deal = self.button((x, y, widths[0], px(46)), words[0],
                                           tooltip=_("A new game with exactly these cards, the same seats and rules"))
            x += widths[0] + gap
        self.b_copy_deal = self.button((x, y, widths[-1], px(46)), words[-1],
                                       tooltip=_("Put the deal number on the clipboard, to share it"))

    def next_deadline(self) -> float | None:
        return self.toast.remaining()

    def animating(self) -> bool:
        return self.count_t < self.count_dur

    def update(self, dt: float) -> None:
        if self.toast.expired():
            self.app.dirty = True
        if self.count_t >= self.count_dur:
            return
        self.count_t = min(self.count_dur, self.count_t + dt)
        k = self.count_t / self.count_dur if self.count_dur else 1.0
        k = 1 - (1 - k) ** 3
        self.shown = [(t - p) + p * k for t, p in zip(self.result.totals, self.result.points)]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_next) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.next()
            return True
        if self.pressed(event, self.b_menu) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.push("pause", self.table)
            return True
        if self.b_play_deal is not None and self.pressed(event, self.b_play_deal):
            dealactions.play_deal(self.app, dealactions.same_table(self.table.state.match_config(), self.result.deal_number))
            return True
        if self.b_copy_deal is not None and self.pressed(event, self.b_copy_deal):
            dealactions.copy_deal_number(self.result.deal_number, self.toast)
            self.app.dirty = True
            return True
        if self.b_review is not None and self.pressed(event, self.b_review):
            sid = self.review_session
            if sid.done() and sid.exception() is None and sid.result() is not None:
                self.app.push("review", session=sid.result())
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def next(self) -> None:
        self.app.pop()
        if self.table.state.session_over:
            if getattr(self.table, "online", False):
                self.table.keep_link = True  # the session's end holds it (Rematch)
            self.app.replace("session_end", self.table.link)
        else:
            self.table.start_hand()

    def draw_title(self, surf: pygame.Surface, title: str) -> None:
        """The heading, centred; beside "Review this hand" it keeps to the room left of the
        button (from the dialog's left edge), a size smaller where it must, never under it."""
        px, r = self.px, self.rect
        size = self.fpx(28)
        if self.b_review is None:
            text.draw(surf, title, size, (r.centerx, r.y + px(34)), GOLD, anchor="center", bold=True)
            return
        left, right = r.x + px(24), self.b_review.rect.left - px(16)
        half = text.width_of(title, size, bold=True) // 2
        if r.centerx - half >= left and r.centerx + half <= right:
            text.draw(surf, title, size, (r.centerx, r.y + px(34)), GOLD, anchor="center", bold=True)
            return
        while size > self.fpx(18) and not text.fits(title, size, right - left, bold=True, squeeze=1.0):
            size -= 1
        text.draw(surf, title, size, (left, r.y + px(34)), GOLD, anchor="midleft", bold=True, max_width=right - left)

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        veil(surf, 160)
        r = self.rect
        frame(surf, r)
        m = self.table.state
        res = self.result
        tr = i18n.current()
        if vocab.alone(m, res.winner):
            title = _("Hand {number}: you went out").format(number=tr.number(res.number))
        else:
            title = _("Hand {number}: {name} went out").format(number=tr.number(res.number), name=vocab.seat_name(m, res.winner))
        self.draw_title(surf, title)
        cols = [r.x + px(24), r.x + px(190), r.right - px(290), r.right - px(120)]
        y = r.y + px(74)
        fp = self.fpx(16)
        for label, x in zip((_("Player"), _("Cards left"), _("Points"), _("Total")), cols):
            text.draw(surf, label, fp, (x, y), (200, 210, 215), bold=True)
        y += px(30)
        cw, ch = results_card(self.app.ui_scale)
        four = self.app.settings.four_colour
        for s in range(len(res.totals)):
            winner = s == res.winner
            text.draw(surf, ("★ " if winner else "") + vocab.seat_name(m, s), self.fpx(20), (cols[0], y + px(18)), GOLD if winner else (240, 240, 235), bold=True, max_width=cols[1] - cols[0] - px(10))
            cards = sorted(res.hands_left[s], key=m.rules.card_strength)
            room = cols[2] - cols[1] - px(20)
            step = min(cw * 0.55, (room - cw) / max(len(cards) - 1, 1)) if cards else 0
            for i, c in enumerate(cards):
                surf.blit(cardart.face(c, cw, ch, four_colour=four), (cols[1] + i * step, y))
            if not cards:
                text.draw(surf, pgettext("no cards left", "out"), self.fpx(18), (cols[1], y + px(18)), GOLD)
            else:
                # how the points come about, in the words of the scheme in play
                working = res.working[s] if res.working else ""
                if working:
                    text.draw(surf, working, self.fpx(15), (cols[2] + px(70), y + px(22)), (200, 205, 210))
                if res.notes and res.notes[s]:
                    text.draw(surf, res.notes[s], self.fpx(13), (cols[2], y + px(46)), (190, 195, 200), max_width=cols[3] - cols[2] + px(100))
            pts = res.points[s]
            text.draw(surf, tr.signed(pts), self.fpx(22), (cols[2], y + px(16)), (255, 140, 130) if pts < 0 else (200, 240, 200), bold=True)
            shown = round(self.shown[s])
            text.draw(surf, tr.signed(shown), self.fpx(22), (cols[3], y + px(16)), (240, 240, 235), bold=True)
            y += ch + px(16)
        left = m.hands - len(m.results)
        if m.session_over:
            note = _("Session over.")
        elif m.target is None:
            note = ngettext("{n} hand to go.", "{n} hands to go.", left).format(n=tr.number(left))
        else:
            note = _("Play ends when a total reaches ±{target}.").format(target=tr.number(m.target))
        if res.deal_number is not None:
            note = _("Deal {number}.").format(number=format_deal_number(res.deal_number)) + " " + note
        if res.assisted:
            note += " " + _("Undo was used: this hand counts as assisted.")
        practice = getattr(self.table, "practice", None)
        if practice is not None and practice.seat < len(practice.points):
            note = _("Practice, not recorded: {name} scored {then} in the recorded hand, {now} in this one.").format(
                name=vocab.seat_name(m, practice.seat), then=tr.signed(practice.points[practice.seat]),
                now=tr.signed(res.points[practice.seat]))
        text.draw(surf, note, self.fpx(16), (r.centerx, self.note_y), (200, 210, 215), anchor="center", max_width=r.w - px(40))
        if self.toast.shown and self.b_copy_deal is not None:
            self.toast.draw(surf, self.toast_band(r).center, self.fpx(16), r.w - px(40))
