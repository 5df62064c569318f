"""Review this hand: the replay, with where the reviewed seat lost points.

The replay of a recorded hand (:class:`~big2.app.screens.replay.ReplayScene`, every
hand face up) with the review of one seat (the person at the table, who sits at the
bottom): the Expert's search judges each of its decisions from that seat's own view
(:mod:`big2.ai.review`), in the background (:class:`~big2.app.reviewjob.ReviewJob`: a
progress bar, Cancel, kept with the hand in the history). A timeline over the move
line marks every decision: red for a costly one, green for one played as the Expert
would, grey for the others (hollow until reviewed); a click on it goes there. At a
decision the hand shows the better move lifted and outlined in gold (the move played
outlined in red), and the panel in the replay's drawer (under its notes and points) says
what was played, what was better, by about how many points, and why (the hint's sentence). Elsewhere the panel
sums the hand up ("3 costly decisions, about 4.5 points").

**Try from here** plays the hand on from the position shown, as practice
(:mod:`big2.app.practice`: the same hands and opponents, nothing recorded).

Opened with the history ids of a session's hands (the replay, Statistics) or with a
``session`` id (the results screen: its last recorded hand).
"""

from __future__ import annotations

import pygame

from big2.ai.review import Verdict, reason
from big2.engine import PASS
from big2.engine.cards import FULL_MASK, format_cards
from big2.engine.combos import move_cards
from big2.persistence.handlog import replay as replay_positions
from big2.persistence.reviews import last_hand, session_hands

from big2 import i18n
from big2.i18n import _, ngettext
from big2.app import storage
from big2.app.practice import try_from_here
from big2.app.reviewjob import ReviewJob
from big2.app.screens.replay import DIM, GOLD, LINE, WHITE, ReplayScene, load
from big2.app.table.draw import ring_rect
from big2.app.table.layout import TableLayout
from big2.app.ui import assets, text

RED = (255, 120, 110)
GREEN = (140, 225, 150)
GREY = (170, 180, 175)


class ReviewScene(ReplayScene):
    name = "review"

    def __init__(self, app, hand_ids: list[int] | None = None, *, index: int = 0, step: int | None = None,
                 session: int | None = None) -> None:
        self.session = session
        self.job: ReviewJob | None = None
        self.want_step = step
        self.b_cancel = self.b_try = None
        super().__init__(app, list(hand_ids or []), index=index)

    # Data --------------------------------------------------------------------------------------

    def request(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if self.hand_ids or self.session is None:
            super().request()
            return
        st = storage.of(self.app)
        self.loaded = None
        self.error = ""
        if st is None:
            self.error = _("There is no score history to replay.")
            return
        sid = self.session

        def find(history):
            hand_id = last_hand(history, sid)
            if hand_id is None:
                raise ValueError(_("The hand is no longer in the score history."))
            ids = session_hands(history, hand_id)
            self.hand_ids, self.index = ids, ids.index(hand_id)
            return load(history, hand_id)

        self.future = st.call(find)
        self.future.add_done_callback(lambda _f: self.app.post_wake())

    def update(self, dt: float) -> None:
        before = self.loaded
        super().update(dt)
        if self.loaded is not None and self.loaded is not before:
            self.start_review()
        job = self.job
        if job is not None and job.poll():
            self.refresh_buttons()
            self.app.dirty = True

    def start_review(self) -> None:
        loaded = self.loaded
        self.positions = replay_positions(loaded.hand.result)
        self.job = ReviewJob(self.app, loaded.hand.hand_id, self.positions, self.viewer())
        if self.want_step is not None:
            self.go(self.want_step)
            self.want_step = None
        self.refresh_buttons()

    def next_deadline(self) -> float | None:
        if self.job is not None and self.job.running:
            return 0.25  # the worker's futures wake the loop; this is a safety net
        return super().next_deadline()

    def verdict(self) -> Verdict | None:
        """The review's verdict on the decision at the step shown (None: none there)."""
        if self.job is None:
            return None
        return next((v for v in self.job.verdicts if v.step == self.step), None)

    def leave(self) -> None:
        if self.job is not None:
            self.job.cancel()
        super().leave()

    # Layout and input --------------------------------------------------------------------------

    def build_ui(self) -> None:
        self.b_try = self.b_cancel = None
        super().build_ui()
        lay = self.layout()
        col = self.column(lay)
        self.b_try = self.button(col.extra["try"], _("Try from here"),
                                 tooltip=_("Play on from this position as practice: the same hands, not recorded"))
        panel = col.extra["panel"]
        bw = min(panel.w - 16, self.button_width([_("Cancel")]))
        fp = self.panel_font(lay)
        row = int(fp * 1.4)  # the progress rows: the label, then the bar with Cancel beside it (two rows tall)
        self.b_cancel = self.button((panel.right - 8 - bw, panel.y + 6 + 2 * row, bw, 2 * row - 2),
                                    _("Cancel"), tooltip=_("Stop the review"))
        self.refresh_buttons()

    def b_copy_wanted(self) -> bool:
        return False  # the replay copies and plays the deal; here Try from here

    def notes_room(self, lay: TableLayout, height: int) -> int:
        """The notes keep to a third of the drawer: the review's panel needs the rest."""
        return height // 3

    def column_rest(self, lay: TableLayout, col, y: int, inner: pygame.Rect, gap: int, bh: int) -> None:
        """The review's panel under the points, down to Try from here at the drawer's foot."""
        col.extra["try"] = pygame.Rect(inner.x, inner.bottom - bh, inner.w, bh)
        col.extra["panel"] = pygame.Rect(inner.x, y, inner.w, max(0, inner.bottom - bh - gap - y))

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if self.b_try is None:
            return
        job = self.job
        if job is not None and job.running:
            self.b_cancel.show()
        else:
            self.b_cancel.hide()
        ok = (self.loaded is not None and self.loaded.hand.result.deal_number is not None
              and self.step < self.last)
        (self.b_try.enable if ok else self.b_try.disable)()

    def go(self, step: int) -> None:
        super().go(step)
        self.refresh_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.b_cancel is not None and self.pressed(event, self.b_cancel):
            if self.job is not None:
                self.job.cancel()
            self.refresh_buttons()
            self.app.dirty = True
            return True
        if self.b_try is not None and self.pressed(event, self.b_try):
            if self.loaded is not None and self.step < self.last:
                try_from_here(self.app, self.loaded.hand, self.positions, self.step, self.viewer())
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.loaded is not None
                and self.timeline_rect(self.layout()).inflate(0, 12).collidepoint(event.pos)):
            self.go(self.step_at(event.pos[0]))
            return True
        return super().handle(event)

    # Geometry ----------------------------------------------------------------------------------

    def panel_font(self, lay: TableLayout) -> int:
        return max(12, int(lay.font_px * 0.78))

    def panel_rect(self, lay: TableLayout) -> pygame.Rect:
        """The review's panel: the drawer under the notes, Earlier and Later and the
        points, down to Try from here (see :meth:`column_rest`)."""
        return self.column(lay).extra["panel"]

    def timeline_rect(self, lay: TableLayout) -> pygame.Rect:
        """The timeline: a strip right above the move line, as wide as it, under the tip
        of the gold arrow where that reaches down to it."""
        row = self.caption_rect(lay)
        h = self.strip_h(lay)
        arrow = max(14, round(lay.font_px * 1.1))  # the turn arrow's size (see table.draw)
        tip = ring_rect(lay).bottom + arrow // 2 + arrow + 2
        line = assets.font(max(14, lay.font_px)).get_linesize()
        y = min(max(row.y - h - 4, tip), row.centery - line // 2 - h - 2)
        return pygame.Rect(row.x + 4, y, row.w - 8, h)

    def x_of(self, bar: pygame.Rect, step: int) -> int:
        return bar.x + round(bar.w * step / max(self.last, 1))

    def step_at(self, x: int) -> int:
        """The step a click at ``x`` on the timeline means: a marked decision near it,
        else the nearest step."""
        bar = self.timeline_rect(self.layout())
        near = [v.step for v in (self.job.verdicts if self.job else ()) if abs(self.x_of(bar, v.step) - x) <= 6]
        if near:
            return min(near, key=lambda s: abs(self.x_of(bar, s) - x))
        return max(0, min(self.last, round((x - bar.x) / max(bar.w, 1) * self.last)))

    # Drawing -----------------------------------------------------------------------------------

    def hand_lift(self, card: int) -> int:
        v = self.verdict()
        if v is None or v.good or v.best == PASS:
            return 0
        return int(self.layout().card_h * 0.18) if (v.best & FULL_MASK) >> card & 1 else 0

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.loaded is None:
            return
        lay = self.layout()
        self.draw_marks(surf, lay)
        self.draw_timeline(surf, lay)
        self.draw_panel(surf, lay)

    def draw_marks(self, surf: pygame.Surface, lay: TableLayout) -> None:
        """The better move's cards outlined in gold (lifted by :meth:`hand_lift`), the
        move played outlined in red, in the reviewed seat's hand at the bottom."""
        v = self.verdict()
        if v is None or v.good:
            return
        state = self.state
        cards = sorted(state.revealed[self.viewer()], key=state.rules.card_strength)
        spots = lay.hand_positions(len(cards))
        for i, (c, (x, y)) in enumerate(zip(cards, spots)):
            w = (spots[i + 1][0] - x) if i + 1 < len(spots) else lay.card_w
            for move, colour in ((v.best, GOLD), (v.played, RED)):
                if move != PASS and (move & FULL_MASK) >> c & 1:
                    box = pygame.Rect(x, y - self.hand_lift(c), min(w, lay.card_w), lay.card_h)
                    pygame.draw.rect(surf, colour, box, 3, border_radius=6)

    def draw_timeline(self, surf: pygame.Surface, lay: TableLayout) -> None:
        bar = self.timeline_rect(lay)
        mid = bar.centery
        pygame.draw.line(surf, DIM, (bar.x, mid), (bar.right, mid), 2)
        job = self.job
        done = {v.step: v for v in job.verdicts} if job else {}
        threshold = job.partial().threshold if job else 1.0
        r = max(3, bar.h // 3)
        for step in (job.steps if job else ()):
            x = self.x_of(bar, step)
            v = done.get(step)
            if v is None:
                pygame.draw.circle(surf, GREY, (x, mid), r, 1)
            elif v.costly(threshold):
                pygame.draw.polygon(surf, RED, [(x, mid - r - 2), (x + r + 2, mid), (x, mid + r + 2), (x - r - 2, mid)])
            elif v.good:
                pygame.draw.circle(surf, GREEN, (x, mid), r)
            else:
                pygame.draw.circle(surf, GREY, (x, mid), r)
        x = self.x_of(bar, self.step)
        pygame.draw.line(surf, GOLD, (x, bar.y - 2), (x, bar.bottom + 2), 3)

    def panel_lines(self, width: int, fp: int) -> list[tuple[str, tuple[int, int, int], bool, str]]:
        """What the panel says, first line first: (line, colour, bold, what); the lines
        marked "summary" give way first where the panel is short."""
        job = self.job
        out: list[tuple[str, tuple[int, int, int], bool, str]] = []
        out.append((_("Review · {name}").format(name=self.seat_name(self.viewer())), GOLD, True, "title"))
        if job is None:
            return out
        if job.running:
            out.append(("", WHITE, False, "progress"))
        elif job.state == "cancelled":
            out.append((_("Review stopped after {done} of {total} decisions.").format(
                done=job.done, total=job.total), DIM, False, "summary"))
        elif job.state == "failed":
            out.append((_("The review failed: {why}").format(why=job.error), RED, False, "summary"))
        review = job.partial()
        if job.state == "done" or review.verdicts:
            costly = review.costly
            if costly:
                line = ngettext("{n} costly decision, about {points} points",
                                "{n} costly decisions, about {points} points", len(costly)).format(
                    n=len(costly), points=i18n.current().number(review.costly_loss, decimals=1))
            else:
                line = _("No costly decision")
            out.append((line, RED if costly else GREEN, True, "summary"))
            out.append((ngettext("{good} of {n} decision played as the Expert would",
                                 "{good} of {n} decisions played as the Expert would", len(review.verdicts)).format(
                good=len(review.good), n=len(review.verdicts)), DIM, False, "summary"))
        v = self.verdict()
        if v is not None:
            shown = (lambda m: _("pass") if m == PASS else format_cards(move_cards(m), symbols=True))
            if v.good:
                out.append((_("Good: the Expert would play {cards} too.").format(cards=shown(v.played)),
                            GREEN, True, "verdict"))
            else:
                lost = i18n.current().number(v.loss, decimals=1)
                out.append(((_("Costly: about {points} points lost") if v.costly(review.threshold) else
                             _("About {points} points below the best move")).format(points=lost),
                            RED if v.costly(review.threshold) else WHITE, True, "verdict"))
                out.append((_("You played {cards}").format(cards=shown(v.played)), WHITE, False, "played"))
                out.append((_("Better: {cards}").format(cards=shown(v.best)), GOLD, False, "verdict"))
            names = [self.seat_name(s) for s in range(len(self.positions[0].card_counts))]
            said = i18n.render(reason(self.positions, v, self.viewer(), names))
            out.append((said, WHITE, False, "why"))
        return out

    def draw_panel(self, surf: pygame.Surface, lay: TableLayout) -> None:
        box = self.panel_rect(lay)
        if box.h < 20:
            return
        text.panel(surf, box, alpha=120, border=LINE)
        fp = self.panel_font(lay)
        step = int(fp * 1.4)
        width = box.w - 16
        lines = self.panel_lines(width, fp)
        room = (box.h - 8) // step
        while True:
            rows: list[tuple[str, tuple[int, int, int], bool, str]] = []
            for words, colour, bold, what in lines:
                if what in ("progress", "title"):
                    rows.append((words, colour, bold, what))
                    if what == "progress":
                        rows.append(("", colour, bold, "progress-bar"))
                        rows.append(("", colour, bold, "progress-gap"))
                    continue
                rows += [(part, colour, bold, what) for part in text.wrap(words, fp, width, bold=bold)]
            # where the panel is short the summary goes first, then "You played" (the hand
            # shows it outlined in red): the sentence why stays
            spare = next((what for what in ("summary", "played") if any(line[3] == what for line in lines)), None)
            if len(rows) <= room or spare is None:
                break
            lines = [line for line in lines if line[3] != spare]
        y = box.y + 6
        job = self.job
        for words, colour, bold, what in rows[:room]:
            if what == "progress":
                label = _("Reviewing… {done} of {total}").format(done=job.done, total=job.total) if job else ""
                text.draw(surf, text.shorten(label, fp, width), fp, (box.x + 8, y), WHITE, max_width=width)
            elif what == "progress-bar":
                cancel_w = self.b_cancel.rect.w + 8 if self.b_cancel is not None else 0
                bar = pygame.Rect(box.x + 8, y + step // 2, max(10, width - cancel_w - 4), max(6, fp // 2))
                pygame.draw.rect(surf, DIM, bar, 1, border_radius=3)
                share = job.done / job.total if job and job.total else 0.0
                fill = bar.inflate(-4, -4)
                fill.w = int(fill.w * share)
                if fill.w > 0:
                    pygame.draw.rect(surf, GOLD, fill, border_radius=2)
            elif what == "progress-gap":
                pass
            elif what == "title":
                text.draw(surf, text.shorten(words, fp, width, bold=True), fp, (box.x + 8, y), colour, bold=True,
                          max_width=width)
            else:
                text.draw(surf, words, fp, (box.x + 8, y), colour, bold=bold, suits="light", max_width=width)
            y += step
