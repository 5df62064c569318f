"""End of the session: the standings, the session hand by hand, and the ways on from
here (play again, Statistics, the replay of these hands, the title).

A tie for first place is called a tie. Confetti falls only when a person at the table
won the session alone (their own win, never a computer's and never a tie), not with
reduced animations, and behind the dialog: it never covers a word. The hand-by-hand
list scrolls with the mouse wheel and Page Up / Page Down (Home and End jump to its ends)
when it is longer than the room it has; a click on a hand's row opens its replay. (The
arrow keys move the focus ring over the buttons, as on every screen.)

Online (a link with ``remote``) the ways on are the room's: **Rematch** for the host
(the server starts a new session with the same seats; every table goes there when its
first snapshot comes) and **Leave** for everyone (the seat goes to a computer, back to
the title). The screen holds the link open meanwhile.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from ... import i18n
from ...i18n import _, ngettext, pgettext, verbatim
from ..ui import text
from ..ui.confetti import SECONDS, Confetti
from .. import vocab
from ..storage import of as storage_of
from ..ui.scene import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)
WHITE = (240, 240, 235)
MEDALS = {1: (245, 210, 122), 2: (200, 205, 215), 3: (205, 140, 90)}
#: How long the celebration lasts, in seconds (scaled by the animation speed).
CELEBRATION = SECONDS


def leaders(state: Any) -> list[int]:
    """The seats sharing the best total (more than one: a tie for first place)."""
    best = max(state.totals)
    return [s for s in range(state.n_players) if state.totals[s] == best]


def celebrates(state: Any) -> bool:
    """True when a person at the table won the session alone: their own win."""
    top = leaders(state)
    return len(top) == 1 and state.people[top[0]]


def session_hand_ids(app: Any, link: Any) -> Future[list[int]] | None:
    """The score-history ids of this session's hands, in order, asked of the storage's
    writer thread (after the hands it is still recording); None without storage or for
    a table that keeps no history (How to play, a room on another computer)."""
    st = storage_of(app)
    if st is None:
        return None
    rec = st.recorder_for(link)
    if rec is None:
        return None
    from ..storage.recorder import session_id

    def job(history: Any) -> list[int]:
        sid = session_id(rec)
        if sid is None:
            return []
        rows = history.query("SELECT id FROM hands WHERE session_id = ? ORDER BY hand_number, id", (sid,))
        return [int(r[0]) for r in rows]

    return st.call(job)


#: Seconds the final standings stay up for a person when the host starts a rematch at
#: once (the host, who asked, goes straight on); the rematch's clock waits for them.
STANDINGS_S = 5.0

class SessionEndScene(Scene):
    name = "session_end"

    def __init__(self, app, link) -> None:
        super().__init__(app)
        #: The finished table's link (its room is closed): the session as the seat saw it.
        self.link = link
        self.state = state = link.state
        self.t = 0.0
        scale = app.settings.anim_scale
        # a person's own outright win only, and never with reduced motion
        self.celebrating = celebrates(state) and scale > 0 and app.settings.celebrations
        self.duration = CELEBRATION * scale if self.celebrating else 0.0
        #: The first hand shown in the hand-by-hand list (it scrolls).
        self.first_row = 0
        self.mouse = (-1, -1)  # where the pointer is (a row under it is highlighted)
        self.hand_ids = session_hand_ids(app, link)
        #: A room on a server: Rematch (host) and Leave instead of Play again and Title.
        self.online = bool(getattr(link, "remote", False))
        #: Online: the table has the link again (a rematch began); it is not closed here.
        self.handed_on = False
        #: Online: the host asked for a rematch (a refusal is then said).
        self.asked = False
        self.note = ""
        #: Seconds these standings have been on screen (a rematch waits for STANDINGS_S).
        self.shown_for = 0.0
        self.confetti = Confetti(seed=len(state.results))

    def animating(self) -> bool:
        return self.t < self.duration

    def update(self, dt: float) -> None:
        if self.t < self.duration:
            self.t = min(self.duration, self.t + dt)
        self.shown_for += dt
        if self.online:
            self.follow_room()

    def is_host(self) -> bool:
        lobby = getattr(self.link, "lobby", None) or {}
        return lobby.get("host") == self.link.seat

    def follow_room(self) -> None:
        """Online: a rematch began (the link has a new session's snapshot): to the table;
        the host's request refused: say why."""
        link = self.link
        # the state only: the new session's deal stays for the table, which deals it
        state = link.sync()
        if state is not None and not state.session_over and state.in_hand and not self.handed_on:
            if self.shown_for < STANDINGS_S and not self.asked:
                # everyone sees the standings first (their turn clock waits for their table)
                if not self.note:
                    self.note = _("Starting a rematch…")
                    self.app.dirty = True
                return
            self.handed_on = True
            self.app.replace("table", link)
            return
        problem = getattr(link, "problem", None)
        if self.asked and problem is not None and problem[0] in ("not_ready", "started", "not_host"):
            self.asked = False
            self.note = _("The rematch cannot start until everyone is back at the table.")
            self.app.dirty = True

    def next_deadline(self) -> float | None:
        return 0.25 if self.online else None

    def leave(self) -> None:
        if self.online and not self.handed_on:
            self.link.close()
        super().leave()

    # Words -------------------------------------------------------------------------------

    def headline(self) -> str:
        """"East wins the session!", "You win the session!" or, for equal best totals,
        the tie named as one."""
        top = leaders(self.state)
        names = [self.seat_name(s) for s in top]
        if len(top) > 1:
            return _("A tie for first place: {names}").format(names=pgettext("list separator", ", ").join(names))
        if vocab.alone(self.state, top[0]):
            return _("You win the session!")
        return _("{name} wins the session!").format(name=names[0])

    def seat_name(self, seat: int) -> str:
        """A seat's name as the table shows it (a computer's compass name translated)."""
        return vocab.seat_name(self.state, seat)

    def shown_name(self, name: str) -> str:
        """A standings name as the table shows it (a computer's compass name translated)."""
        m = self.state
        return vocab.seat_name(m, m.names.index(name)) if name in m.names else verbatim(name)

    # Layout --------------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        m = self.state
        n = m.n_players
        self.place_h = px(42)
        self.row_h = max(px(26), self.text_height(15) + px(6))
        hands = max(1, len(m.results))
        want = px(120) + n * self.place_h + px(44) + self.row_h * (1 + min(hands, 8)) + px(96)
        r = self.rect = dialog_rect(self.app.size, px(780), want)
        labels = (_("Title screen"), _("Statistics"), _("Replay the hands"), _("Play again"))
        if self.online:
            labels = (_("Leave"), _("Statistics"), _("Replay the hands"), _("Rematch"))
        gap, bh = px(12), px(46)
        widths = [self.button_width([w]) + px(12) for w in labels]
        room = r.w - 2 * px(24)
        one_row = sum(widths) + 3 * gap <= room
        if not one_row:  # a second row of buttons: the dialog grows by it where it can
            r = self.rect = dialog_rect(self.app.size, px(780), want + bh + px(10))
        self.buttons_y = r.bottom - px(66)
        top_row = self.top_row = self.buttons_y if one_row else self.buttons_y - bh - px(10)
        if one_row:
            spare = room - 3 * gap - sum(widths)
            widths[3] += min(spare, px(80))  # the gold button takes some of the room left
            xs = [r.x + px(24)]
            for w in widths[:2]:
                xs.append(xs[-1] + w + gap)
            places = [(xs[0], self.buttons_y), (xs[1], self.buttons_y), (xs[2], self.buttons_y)]
        else:  # long words (Filipino at 800 x 600): Statistics and the replay on a row above
            half = (room - gap) // 2
            widths[1] = widths[2] = half
            widths[0] = min(widths[0], room - widths[3] - gap)
            places = [(r.x + px(24), self.buttons_y), (r.x + px(24), top_row), (r.x + px(24) + half + gap, top_row)]
        self.b_title = self.button((*places[0], widths[0], bh), labels[0])
        self.b_stats = self.button((*places[1], widths[1], bh), labels[1],
                                   tooltip=_("Your scores, streaks and past hands"))
        self.b_replay = self.button((*places[2], widths[2], bh), labels[2],
                                    tooltip=_("Every hand of this session again, step by step, all cards face up"))
        self.b_again = self.button((r.right - px(24) - widths[3], self.buttons_y, widths[3], bh), labels[3], object_id="#primary")
        self.grid_top = r.y + px(112) + n * self.place_h + px(14)
        space = top_row - px(14) - (self.grid_top + px(30) + self.row_h)
        self.visible_rows = max(1, space // self.row_h)
        self.first_row = min(self.first_row, self.max_first_row())
        if storage_of(self.app) is None:
            self.b_stats.disable()
        if self.hand_ids is None:
            self.b_replay.disable()
        if self.online:
            self.b_title.set_tooltip(_("Leave the room: a computer takes your seat"))
            if not self.is_host():
                self.b_again.disable()
                self.b_again.set_tooltip(_("Only the host can start a rematch."))
            else:
                self.b_again.set_tooltip(_("A new session with the same seats"))

    def max_first_row(self) -> int:
        return max(0, len(self.state.results) - getattr(self, "visible_rows", 1))

    def grid_rect(self) -> pygame.Rect:
        """The hand-by-hand list's rows (the area the mouse wheel scrolls)."""
        r = self.rect
        top = self.grid_top + self.px(30)
        return pygame.Rect(r.x + self.px(24), top, r.w - 2 * self.px(24), self.row_h * (1 + self.visible_rows))

    def scroll(self, rows: int) -> bool:
        """Move the hand-by-hand list by ``rows``; True if it moved."""
        first = max(0, min(self.max_first_row(), self.first_row + rows))
        moved = first != self.first_row
        self.first_row = first
        return moved

    # Input --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.t < self.duration and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.t = self.duration  # any key or click ends the celebration (a button still works)
            self.app.dirty = True
            return True
        if self.pressed(event, self.b_again) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            if self.online:
                if self.b_again.is_enabled:
                    self.rematch()
            else:
                self.app.replace("table", self.state.match_config())
            return True
        if self.pressed(event, self.b_title) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if self.online:
                from ..table.online import leave_online

                self.handed_on = True  # leave_online closes it
                leave_online(self.app, self.link)
            else:
                self.app.goto("title")
            return True
        if self.pressed(event, self.b_stats):
            self.app.push("statistics")
            return True
        if self.pressed(event, self.b_replay):
            self.replay(0)
            return True
        if event.type == pygame.MOUSEMOTION:
            was, self.mouse = self.hand_at(self.mouse), event.pos
            return self.hand_at(self.mouse) != was  # (redraw when the highlighted row changes)
        if event.type == pygame.MOUSEWHEEL:  # the list is all there is to scroll here
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_PAGEDOWN: self.visible_rows, pygame.K_PAGEUP: -self.visible_rows,
                     pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand = self.hand_at(event.pos)
            if hand is not None and self.b_replay.is_enabled:
                self.replay(hand)
                return True
        return False

    def rematch(self) -> None:
        """The host asks the server for a new session with the same seats."""
        self.link.problem = None
        self.asked = True
        self.link.start()
        self.note = _("Starting a rematch…")
        self.app.dirty = True

    def hand_at(self, pos: tuple[int, int]) -> int | None:
        """The hand (0 for the first) whose row is at ``pos`` in the list, if any."""
        g = self.grid_rect()
        if not g.collidepoint(pos) or pos[1] < g.y + self.row_h:
            return None
        i = self.first_row + (pos[1] - g.y - self.row_h) // self.row_h
        return i if i < min(len(self.state.results), self.first_row + self.visible_rows) else None

    def replay(self, index: int) -> None:
        """Open the replay at hand ``index`` of this session (its recording finishes first)."""
        ids: list[int] = []
        try:
            ids = self.hand_ids.result(timeout=5) if self.hand_ids is not None else []
        except Exception:
            ids = []
        if not ids:
            self.b_replay.disable()
            return
        self.app.push("replay", ids, index=min(index, len(ids) - 1))

    # Drawing ---------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        self.draw_confetti(surf)  # behind the dialog: it never covers a word
        r = self.rect
        frame(surf, r)
        m = self.state
        tr = i18n.current()
        text.draw(surf, self.headline(), self.fpx(28), (r.centerx, r.y + px(38)), GOLD, anchor="center", bold=True,
                  max_width=r.w - px(40))
        text.draw(surf, ngettext("after {n} hand", "after {n} hands", len(m.results)).format(n=tr.number(len(m.results))),
                  self.fpx(17), (r.centerx, r.y + px(74)), SOFT, anchor="center")
        y = r.y + px(104)
        for place, name, total in m.standings():
            col = MEDALS.get(place, WHITE)
            cy = y + self.place_h // 2
            pygame.draw.circle(surf, col, (r.x + px(48), cy), px(15))
            text.draw(surf, tr.number(place), self.fpx(17), (r.x + px(48), cy), (20, 20, 20), anchor="center", bold=True)
            text.draw(surf, self.shown_name(name), self.fpx(21), (r.x + px(80), cy), WHITE, anchor="midleft", bold=True,
                      max_width=r.w - px(240))
            text.draw(surf, tr.signed(total), self.fpx(21), (r.right - px(40), cy), col, anchor="midright", bold=True)
            y += self.place_h
        self.draw_hands(surf)
        note = self.note or (_("Waiting for the host: a rematch, or leave.") if self.online and not self.is_host() else "")
        if note:
            text.draw(surf, note, self.fpx(15), (r.centerx, self.top_row - px(16)), SOFT, anchor="center",
                      max_width=r.w - px(40))

    def draw_hands(self, surf: pygame.Surface) -> None:
        """Hand by hand: who went out (★) and each seat's points, scrolled to ``first_row``."""
        px = self.px
        m = self.state
        r = self.rect
        tr = i18n.current()
        text.draw(surf, _("Hand by hand"), self.fpx(18), (r.x + px(24), self.grid_top), GOLD, bold=True)
        g = self.grid_rect()
        n = m.n_players
        first_w = max(px(70), self.text_width(_("Hand"), 15, bold=True) + px(16))
        col_w = (g.w - first_w) // n
        fp = self.fpx(15)
        y = g.y
        text.draw(surf, _("Hand"), fp, (g.x, y + self.row_h // 2), SOFT, anchor="midleft", bold=True)
        for s in range(n):
            cx = g.x + first_w + s * col_w + col_w // 2
            text.draw(surf, self.seat_name(s), fp, (cx, y + self.row_h // 2), SOFT, anchor="center", bold=True,
                      max_width=col_w - px(8))
        pygame.draw.line(surf, (90, 100, 96), (g.x, y + self.row_h - 1), (g.right, y + self.row_h - 1))
        y += self.row_h
        rows = m.results[self.first_row:self.first_row + self.visible_rows]
        mouse = self.mouse
        for i, res in enumerate(rows):
            row = pygame.Rect(g.x, y, g.w, self.row_h)
            if (self.first_row + i) % 2:
                pygame.draw.rect(surf, (24, 32, 38), row)
            if row.collidepoint(mouse) and self.b_replay.is_enabled:  # a row opens its replay
                pygame.draw.rect(surf, (60, 70, 60), row, 1)
            text.draw(surf, tr.number(res.number), fp, (g.x + px(8), y + self.row_h // 2), WHITE, anchor="midleft")
            for s in range(n):
                cx = g.x + first_w + s * col_w + col_w // 2
                pts = res.points[s]
                words = tr.signed(pts)
                colour = (255, 140, 130) if pts < 0 else (200, 240, 200)
                if s == res.winner:
                    words = "★ " + words
                    colour = GOLD
                text.draw(surf, words, fp, (cx, y + self.row_h // 2), colour, anchor="center", bold=s == res.winner)
            y += self.row_h
        hidden = len(m.results) - len(rows)
        if hidden > 0:  # say there is more, and how to see it
            note = _("Hands {first}–{last} of {n}: scroll for the others").format(
                first=tr.number(self.first_row + 1), last=tr.number(self.first_row + len(rows)), n=tr.number(len(m.results)))
            text.draw(surf, note, self.fpx(13), (g.right, self.grid_top + px(4)), SOFT, anchor="topright",
                      max_width=g.w // 2)

    def draw_confetti(self, surf: pygame.Surface) -> None:
        """Paper pieces falling and turning over the felt, then gone."""
        self.confetti.draw(surf, self.t, self.duration, self.px(12))
