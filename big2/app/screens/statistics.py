"""Statistics: a human player's record, two charts, recent sessions, export and reset.

The numbers come from :mod:`big2.persistence.stats`, read on the storage's writer
thread (the history's connection lives there) while the screen shows "Loading…". The
charts are drawn with pygame primitives: the running score over the last hands, and
the cards left in each lost hand; each has a legend and labelled axes, and marks the
hands the computer finished for the player. Beside the splits by rule preset and by
opponents, "Where you played" tells solo, hot-seat and online hands apart (once there is
more than one), and a session played online is marked "Online" in the recent sessions.
Sessions with no finished hand are left out of the recent sessions (they have no result
to show).
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu

from big2.persistence import History, StorageError
from big2.persistence import stats

from ... import i18n
from ...i18n import _, ngettext, verbatim
from .. import storage, vocab
from ..ui import text
from ..ui.scene import Scene
from .common import felt, frame

GOLD = (245, 210, 122)
WHITE = (240, 240, 235)
DIM = (185, 195, 200)
GREEN = (150, 225, 160)
RED = (255, 140, 130)
#: The ring around a hand the computer finished for the player, in both charts.
COMPUTER = (150, 200, 255)
#: The frame and word that mark a session played online in the recent sessions.
ONLINE = (120, 220, 200)
#: Bar colours of the cards-left chart, by how many cards were left.
BAR_LOW, BAR_MID, BAR_HIGH = (160, 200, 150), (220, 170, 100), (230, 120, 110)
CHART_HANDS = 40
RECENT = 6


@dataclass
class View:
    """What the screen shows for one player, read in one go."""

    players: list[str]
    player: str | None = None
    report: stats.PlayerReport | None = None
    recent: list[stats.SessionSummary] = field(default_factory=list)
    hands_of: dict[int, list[int]] = field(default_factory=dict)
    #: Sessions skipped before ``recent`` (paging back through older ones).
    offset: int = 0
    more: bool = False


def load_view(history: History, player: str | None = None, *, offset: int = 0, rows: int = RECENT,
              assisted: bool = True) -> View:
    """Read everything for ``player`` (the most active one when None), with ``rows``
    sessions from the ``offset``-th newest; runs on the storage's writer thread.
    ``assisted=False`` leaves the hands played with undo out of the figures."""
    players = stats.human_players(history)
    if not players:
        return View(players=[])
    if player not in players:
        player = players[0]
    report = stats.player_report(history, player, last=CHART_HANDS, assisted=assisted)
    offset = max(0, offset)
    found = stats.recent_sessions(history, limit=offset + rows + 1, player=player, played_only=True)
    recent = found[offset:offset + rows]
    hands_of: dict[int, list[int]] = {}
    for s in recent:
        ids = history.query("SELECT id FROM hands WHERE session_id = ? ORDER BY hand_number, id", (s.session_id,))
        hands_of[s.session_id] = [int(r[0]) for r in ids]
    return View(players, player, report, recent, hands_of, offset, len(found) > offset + rows)


def num(x: int) -> str:
    return i18n.current().number(x)


def pct(x: float) -> str:
    return i18n.current().percent(x)


def signed(x: float | int | None) -> str:
    if x is None:
        return "—"
    tr = i18n.current()
    if isinstance(x, float):
        if abs(x) < 0.05:
            return "0" + tr.language.decimal + "0"
        return ("+" if x > 0 else "-") + tr.number(round(abs(x), 1), decimals=1)
    return tr.signed(x)


def streak_text(s: stats.Streak) -> str:
    if s.length == 0:
        return "—"
    n = i18n.current().number(s.length)
    if s.won:
        return ngettext("{n} win", "{n} wins", s.length).format(n=n)
    return ngettext("{n} loss", "{n} losses", s.length).format(n=n)


class StatisticsScene(Scene):
    name = "statistics"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.view: View | None = None
        self.future: Future[View] | None = None
        self.status: tuple[str, tuple[int, int, int]] | None = None
        self.pending: Future | None = None
        self.replay_buttons: list[tuple[pygame_gui.elements.UIButton, int]] = []
        #: Count the hands where undo was used (the "Incl. undo hands" button switches).
        self.with_assisted = True
        self.request(self.own_name())

    def own_name(self) -> str | None:
        """The Settings player's name: Statistics opens on their record (not on whoever
        played the most hands — a hot-seat guest, a friend online)."""
        st = storage.of(self.app)
        settings = getattr(st, "settings", None) if st is not None else None
        return (getattr(settings, "player_name", "") or "").strip() or None

    # Data --------------------------------------------------------------------------------------

    def request(self, player: str | None = None, offset: int = 0) -> None:
        st = storage.of(self.app)
        if st is None:
            self.view = View(players=[])
            return
        rows = self.recent_rows()
        assisted = self.with_assisted
        self.future = st.call(lambda h: load_view(h, player, offset=offset, rows=rows, assisted=assisted))
        self.future.add_done_callback(lambda _f: self.app.post_wake())

    def loading(self) -> bool:
        return self.future is not None

    def next_deadline(self) -> float | None:
        return 0.05 if self.future is not None or self.pending is not None else None

    def update(self, dt: float) -> None:
        fut = self.future
        if fut is not None and fut.done():
            self.future = None
            try:
                self.view = fut.result()
            except (StorageError, ValueError) as exc:
                self.view = View(players=[])
                self.say(str(exc), RED)
            self.build()
            self.app.dirty = True
        job = self.pending
        if job is not None and job.done():
            self.pending = None
            self.app.dirty = True
            done = getattr(job, "on_done", None)
            try:
                value = job.result()
            except (StorageError, ValueError, OSError) as exc:
                self.say(str(exc), RED)
            else:
                if done is not None:
                    done(value)

    # Layout --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        px = self.px
        w, h = self.app.size
        r = self.rect = pygame.Rect(px(24), px(16), w - px(48), h - px(32))
        wide = r.w >= px(1000)
        bw_back, bw_reset, bw_export = (self.button_width([t]) + (px(20) if wide else 0) for t in (_("Back"), _("Reset…"), _("Export CSV")))
        x = r.right - px(20) - bw_back
        self.b_back = self.button((x, r.y + px(14), bw_back, px(42)), _("Back"), object_id="#primary")
        x -= 10 + bw_reset
        self.b_reset = self.button((x, r.y + px(14), bw_reset, px(42)), _("Reset…"), object_id="#danger", tooltip=_("Delete the whole score history"))
        x -= 10 + bw_export
        self.b_export = self.button((x, r.y + px(14), bw_export, px(42)), _("Export CSV"), tooltip=_("Write every hand to a spreadsheet file in the data folder"))
        undo_label = _("Incl. undo hands") if self.with_assisted else _("Excl. undo hands")
        bw_undo = self.button_width([_("Incl. undo hands"), _("Excl. undo hands")])
        x -= px(10) + bw_undo
        self.b_assisted = self.button(
            (x, r.y + px(14), bw_undo, px(42)), undo_label,
            tooltip=_("Hands where you took a move back: count them, or leave them out of every figure"))
        v = self.view
        # the title gives way (smaller, down to 20 px) to the player's drop-down where
        # the words of the buttons are long
        need = self.dropdown_width([verbatim(p) for p in v.players]) if v is not None and len(v.players) > 1 else px(60)
        self.title_size = self.fpx(30)
        while True:
            self.name_x = r.x + px(44) + text.render(_("Statistics"), self.title_size, GOLD, bold=True).get_width()
            if x - px(16) - self.name_x >= min(px(220), need) or self.title_size <= self.fpx(20):
                break
            self.title_size -= 1
        self.name_w = max(px(60), x - px(16) - self.name_x)
        self.dd_player = None
        has = v is not None and v.report is not None
        if not has:
            self.b_reset.disable()
            self.b_export.disable()
        if v is not None and len(v.players) > 1 and v.player is not None:
            self.dd_player = UIDropDownMenu([verbatim(p) for p in v.players], verbatim(v.player), pygame.Rect(self.name_x, r.y + px(16), min(px(220), self.name_w), px(38)), self.app.manager, container=self.ui)
        self.replay_buttons = []
        self.b_newer = self.b_older = None
        if has:
            top = self.recent_top()
            if v.offset > 0 or v.more:
                ow = max(px(110), self.button_width([_("Older ▶")]))
                nw = max(px(120), self.button_width([_("◀ Newer")]))
                self.b_older = self.button((r.right - px(20) - ow, top - 4, ow, px(28)), _("Older ▶"), tooltip=_("Earlier sessions"))
                self.b_newer = self.button((r.right - px(30) - ow - nw, top - 4, nw, px(28)), _("◀ Newer"), tooltip=_("Later sessions"))
                (self.b_newer.enable if v.offset > 0 else self.b_newer.disable)()
                (self.b_older.enable if v.more else self.b_older.disable)()
            self.review_buttons = []
            for i, s in enumerate(v.recent[: self.recent_rows()]):
                ids = v.hands_of.get(s.session_id, [])
                rw = max(px(110), self.button_width([_("Replay")]))
                vw = self.button_width([_("Review")])
                self.replay_w = rw + px(8) + vw  # the score stands left of both
                b = self.button((r.right - px(20) - rw, top + px(30) + i * px(30), rw, px(26)), _("Replay"), tooltip=_("Watch this session's hands again, all cards face up"))
                rb = self.button((r.right - px(28) - rw - vw, top + px(30) + i * px(30), vw, px(26)), _("Review"),
                                 tooltip=_("Where you lost points in the session's last hand"))
                if not ids:
                    b.disable()
                    rb.disable()
                self.replay_buttons.append((b, s.session_id))
                self.review_buttons.append((rb, s.session_id))

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        px = self.px
        r = self.rect
        left = pygame.Rect(r.x + px(20), r.y + px(70), int(r.w * 0.42), 0)
        right = pygame.Rect(left.right + px(30), r.y + px(70), r.right - left.right - px(50), 0)
        return left, right

    def recent_top(self) -> int:
        px = self.px
        return self.rect.bottom - px(40) - px(30) - px(30) * self.recent_rows()

    def recent_rows(self) -> int:
        px = self.px
        h = self.app.size[1] - px(32)
        return 3 if h < px(640) else 4 if h < px(760) else RECENT

    # Input ---------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_player:
            self.request(event.text)
            return True
        v = self.view
        for b, delta in ((self.b_newer, -1), (self.b_older, 1)):
            if b is not None and v is not None and self.pressed(event, b):
                self.request(v.player, max(0, v.offset + delta * self.recent_rows()))
                return True
        if self.pressed(event, self.b_assisted):
            self.with_assisted = not self.with_assisted
            self.request(v.player if v is not None else None)
            self.build()
            return True
        if self.pressed(event, self.b_export):
            self.export()
            return True
        if self.pressed(event, self.b_reset):
            self.app.push(
                "confirm", _("Delete every score and statistic?"), self.reset, yes=_("Delete all"),
                detail=_("All sessions and hands in the history are removed for good."),
            )
            return True
        for b, sid in self.replay_buttons:
            if self.pressed(event, b):
                self.replay(sid)
                return True
        for b, sid in getattr(self, "review_buttons", ()):
            if self.pressed(event, b):
                ids = self.view.hands_of.get(sid, []) if self.view else []
                if ids:
                    self.app.push("review", ids, index=len(ids) - 1)
                return True
        return False

    def say(self, msg: str, colour: tuple[int, int, int] = WHITE) -> None:
        self.status = (msg, colour)
        self.app.dirty = True

    def _job(self, fn, on_done) -> None:
        st = storage.of(self.app)
        if st is None:
            return
        fut = st.call(fn)
        fut.on_done = on_done  # type: ignore[attr-defined]
        fut.add_done_callback(lambda _f: self.app.post_wake())
        self.pending = fut

    def export(self) -> None:
        st = storage.of(self.app)
        if st is None:
            return
        dest = st.paths.data_dir / f"big2-history-{datetime.now().strftime('%Y%m%d-%H%M%S')}.csv"
        self._job(lambda h: stats.export_csv(h, dest), lambda rows: self.say(ngettext("Exported {n} row to {path}", "Exported {n} rows to {path}", rows).format(
            n=i18n.current().number(rows), path=verbatim(str(dest))), GREEN))
        self.export_path = dest

    def reset(self) -> None:
        def done(_value: object) -> None:
            self.say(_("The score history is empty now."), DIM)
            self.view = None
            self.request()

        self._job(lambda h: h.reset(), done)

    def replay(self, session_id: int) -> None:
        ids = self.view.hands_of.get(session_id, []) if self.view else []
        if ids:
            self.app.push("replay", ids, index=len(ids) - 1)

    # Drawing -------------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        frame(surf, r)
        title_size = getattr(self, "title_size", self.fpx(30))
        text.draw(surf, _("Statistics"), title_size, (r.x + px(24), r.y + px(18) + (self.fpx(30) - title_size) // 2), GOLD, bold=True)
        v = self.view
        if v is not None and v.player is not None and self.dd_player is None:
            # "You" and the compass names in the language in force, in the room left of the buttons
            room = min(self.name_w, self.b_assisted.rect.left - px(16) - self.name_x)
            shown = text.shorten(vocab.person_name(v.player), self.fpx(22), room, bold=True)
            if text.fits(shown, self.fpx(22), room, bold=True):
                name = text.render(shown, self.fpx(22), WHITE, bold=True)
                text.draw(surf, shown, self.fpx(22), (self.name_x, r.y + px(24)), WHITE, bold=True, max_width=min(name.get_width(), room))
        if v is None:
            text.draw(surf, _("Loading…"), self.fpx(22), r.center, DIM, anchor="center")
        elif v.report is None:
            text.draw(surf, _("No hands played yet."), self.fpx(24), (r.centerx, r.centery - px(20)), WHITE, anchor="center", bold=True)
            text.draw(surf, _("Finish a hand at the table and your scores show up here."), self.fpx(18), (r.centerx, r.centery + px(16)), DIM, anchor="center")
        else:
            left, right = self.columns()
            y = self.draw_summary(surf, v.report.overall, left) + px(10)
            splits = [(_("By rule preset"), {vocab.preset_title(k): g for k, g in v.report.by_preset.items()}),
                      (_("By opponent level"), {vocab.opponents(k): g for k, g in v.report.by_opponent_level.items()})]
            if len(v.report.by_where) > 1:  # solo, hot-seat and online play told apart
                splits.append((_("Where you played"), {vocab.place(k): g for k, g in v.report.by_where.items()}))
            for (title, groups), rows in zip(splits, self.split_rows([len(g) for _t, g in splits], self.recent_top() - 8 - y)):
                if rows:
                    y = self.draw_split(surf, title, groups, left, y, rows) + px(6)
            # two charts, each under its title, both above the Newer/Older buttons
            chart_h = max(px(90), (self.recent_top() - px(10) - right.y - px(64)) // 2)
            self.draw_running(surf, v.report.running_score, pygame.Rect(right.x, right.y + px(22), right.w, chart_h))
            self.draw_losing(surf, v.report.cards_left_when_losing, pygame.Rect(right.x, right.y + chart_h + px(64), right.w, chart_h),
                             v.report.lost_by_computer)
            self.draw_recent(surf, v, self.recent_top())
        if self.status is not None:
            msg, colour = self.status
            text.draw(surf, msg, self.fpx(15), (r.x + px(24), r.bottom - px(28)), colour, max_width=r.w - px(48))

    def draw_summary(self, surf: pygame.Surface, s: stats.PlayerStats, box: pygame.Rect) -> int:
        px = self.px
        rows = [
            (_("Sessions"), num(s.sessions)),
            (_("Hands played"), num(s.hands)),
            (_("Hands won"), f"{num(s.wins)}  ({pct(s.win_rate)})"),
            (_("Average points a hand"), signed(s.average_points)),
            (_("Best hand / worst hand"), f"{signed(s.best_hand)} / {signed(s.worst_hand)}"),
            (_("Current streak"), streak_text(s.current_streak)),
            (_("Longest winning / losing streak"), f"{num(s.longest_winning_streak)} / {num(s.longest_losing_streak)}"),
        ]
        y = box.y
        size = self.fpx(17 if self.rect.h >= px(680) else 15)
        step = size + px(9)
        for label, value in rows:
            # a long label (a long translation) is cut short of its value
            room = box.w - text.render(value, size, WHITE, bold=True).get_width() - px(12)
            text.draw(surf, text.shorten(label, size, room), size, (box.x, y), DIM, max_width=room)
            text.draw(surf, value, size, (box.right, y), WHITE, anchor="topright", bold=True)
            y += step
        return y

    def split_size(self) -> int:
        return self.fpx(15 if self.rect.h >= self.px(680) else 14)

    def split_rows(self, counts: list[int], room: int) -> list[int]:
        """How many rows each small table of ``counts`` groups shows in ``room`` pixels:
        one each first (a table that does not fit is left out, the last ones first), then
        one more in turn, up to four, while they fit (see :meth:`draw_split`)."""
        px = self.px
        size = self.split_size()
        title_h, row_h, more_h = size + px(10), size + px(7), size + px(4)

        def height(rows: list[int]) -> int:
            return sum(title_h + k * row_h + (more_h if k < n else 0) + px(6) for k, n in zip(rows, counts) if k)

        rows = [min(1, n) for n in counts]
        while height(rows) > room and any(rows):
            rows[max(i for i, k in enumerate(rows) if k)] = 0
        grown = True
        while grown:
            grown = False
            for i, n in enumerate(counts):
                more = rows[:i] + [rows[i] + 1] + rows[i + 1:]
                if rows[i] and rows[i] < min(n, 4) and height(more) <= room:
                    rows, grown = more, True
        return rows

    def draw_split(self, surf: pygame.Surface, title: str, groups: dict[str, stats.PlayerStats], box: pygame.Rect, y: int, rows: int) -> int:
        """A small table of ``groups`` from ``y``: its first ``rows`` rows, and a line that
        says how many more there are; returns where it ends."""
        px = self.px
        size = self.split_size()
        text.draw(surf, title, size + 1, (box.x, y), GOLD, bold=True)
        cols = (box.x + int(box.w * 0.6), box.x + int(box.w * 0.8), box.right)
        title_end = box.x + text.render(title, size + 1, GOLD, bold=True).get_width() + 8
        for heading, x in zip((_("hands"), _("won"), _("avg pts")), cols):
            if x - text.render(heading, size - 1, DIM).get_width() > title_end:
                text.draw(surf, heading, size - 1, (x, y + 2), DIM, anchor="topright")
        y += size + px(10)
        for name, g in list(groups.items())[:rows]:
            text.draw(surf, name, size, (box.x + px(10), y), WHITE, max_width=int(box.w * 0.45))
            for value, x in zip((num(g.hands), pct(g.win_rate), signed(g.average_points)), cols):
                text.draw(surf, value, size, (x, y), WHITE, anchor="topright")
            y += size + px(7)
        if len(groups) > rows:
            text.draw(surf, _("and {n} more (see the CSV export)").format(n=num(len(groups) - rows)), size - 2, (box.x + px(10), y), DIM)
            y += size + px(4)
        return y

    def chart_frame(self, surf: pygame.Surface, box: pygame.Rect, legend: list[tuple[str, str, tuple[int, int, int]]],
                    y_label: str, x_label: str, y_ticks: list[str]) -> pygame.Rect:
        """The panel of a chart with its legend (top), the y axis's name (turned, left) and
        tick values, and the x axis's name (bottom); returns the plotting area.

        ``legend`` holds (kind, words, colour), kind "line", "dot", "bar" or "ring";
        ``y_ticks`` are the tick values' texts, which the caller draws right of the plot's
        left edge (room is left for the widest)."""
        px = self.px
        text.panel(surf, box, alpha=70, radius=8)
        small = self.fpx(13)
        line_h = text.render(y_label, small, DIM).get_height()
        # the legend: its entries flow left to right, onto a second row when needed
        x, y = box.x + px(10), box.y + px(5)
        for kind, words, colour in legend:
            label = text.render(words, small, DIM)
            mark_w = px(20) if kind == "ring" else px(18)
            w = mark_w + label.get_width()
            if x + w > box.right - px(8) and x > box.x + px(10):
                x, y = box.x + px(10), y + line_h + px(2)
            self.legend_mark(surf, kind, colour, (x + px(7), y + line_h // 2))
            surf.blit(label, (x + mark_w, y))
            x += w + px(14)
        top = y + line_h + px(8)
        # the y axis's name, turned to read upwards, then the tick values beside the plot
        turned = pygame.transform.rotate(text.render(y_label, small, DIM), 90)
        tick_w = max((text.render(t, small, DIM).get_width() for t in y_ticks), default=0)
        left = box.x + px(6) + turned.get_width() + px(6) + tick_w + px(8)
        bottom = box.bottom - line_h - px(8)
        inner = pygame.Rect(left, top, max(px(20), box.right - px(14) - left), max(px(20), bottom - top))
        if turned.get_height() <= box.h - px(8):
            surf.blit(turned, (box.x + px(6), inner.centery - turned.get_height() // 2))
        text.draw(surf, x_label, small, (inner.centerx, inner.bottom + px(4)), DIM, anchor="midtop", max_width=inner.w)
        return inner

    def legend_mark(self, surf: pygame.Surface, kind: str, colour: tuple[int, int, int], at: tuple[int, int]) -> None:
        px = self.px
        x, y = at
        if kind == "line":
            pygame.draw.line(surf, colour, (x - px(7), y), (x + px(7), y), 3)
        elif kind == "dot":
            pygame.draw.circle(surf, colour, (x, y), 4)
        elif kind == "bar":
            pygame.draw.rect(surf, colour, (x - px(5), y - px(6), px(10), px(12)), border_radius=2)
        else:  # ring: finished by the computer
            pygame.draw.circle(surf, colour, (x, y), 7, 2)

    def draw_running(self, surf: pygame.Surface, points: list[stats.ScorePoint], box: pygame.Rect) -> None:
        px = self.px
        text.draw(surf, ngettext("Running score, last {n} hand", "Running score, last {n} hands", len(points)).format(n=num(len(points))), self.fpx(16), (box.x, box.y - px(22)), GOLD, bold=True)
        totals = [0] + [p.total for p in points]
        lo, hi = min(totals), max(totals)
        if hi == lo:
            hi, lo = hi + 1, lo - 1
        legend = [("line", _("total points"), GOLD), ("dot", _("hand won"), GREEN), ("dot", _("hand lost"), RED)]
        if any(p.by_computer for p in points):
            legend.append(("ring", _("finished by the computer"), COMPUTER))
        ticks = [(0, "0")] + [(v, signed(v)) for v in (hi, lo) if v != 0]
        inner = self.chart_frame(surf, box, legend, _("Points"),
                                 _("Hands, oldest to newest"), [w for _v, w in ticks])

        def at(i: int, v: int) -> tuple[int, int]:
            x = inner.x + (inner.w * i) // max(1, len(totals) - 1)
            y = inner.bottom - int((v - lo) * inner.h / (hi - lo))
            return x, y

        zero = at(0, 0)[1]
        small = self.fpx(13)
        for value, words in ticks:
            y = at(0, value)[1]
            if value == 0 or abs(y - zero) > 14:  # not on top of the zero label
                text.draw(surf, words, small, (inner.x - px(8), y), DIM, anchor="midright")
        pygame.draw.line(surf, (255, 255, 255, 90), (inner.x, zero), (inner.right, zero), 1)
        if not points:
            return
        pts = [at(i, v) for i, v in enumerate(totals)]
        if len(pts) > 1:
            pygame.draw.lines(surf, GOLD, False, pts, 3)
        for p, pt in zip(points, pts[1:]):
            pygame.draw.circle(surf, GREEN if p.won else RED, pt, 4)
            if p.by_computer:
                pygame.draw.circle(surf, COMPUTER, pt, 8, 2)

    def draw_losing(self, surf: pygame.Surface, cards: list[int], box: pygame.Rect, by_computer: list[bool] | None = None) -> None:
        px = self.px
        if cards:
            title = _("Cards left in lost hands (average {average})").format(
                average=i18n.current().number(sum(cards) / len(cards), decimals=1))
        else:
            title = _("Cards left in lost hands")
        text.draw(surf, title, self.fpx(16), (box.x, box.y - px(22)), GOLD, bold=True)
        if not cards:
            text.panel(surf, box, alpha=70, radius=8)
            text.draw(surf, _("No lost hands yet."), self.fpx(15), box.center, DIM, anchor="center")
            return
        helped = list(by_computer or [])
        helped += [False] * (len(cards) - len(helped))
        top = max(13, max(cards))
        legend = [("bar", _("1–4 cards"), BAR_LOW), ("bar", _("5–9 cards"), BAR_MID), ("bar", _("10 or more"), BAR_HIGH)]
        if any(helped):
            legend.append(("ring", _("finished by the computer"), COMPUTER))
        inner = self.chart_frame(surf, box, legend, _("Cards left"), _("Lost hands, oldest to newest"), [num(0), num(top)])
        ring_room = px(18) if any(helped) else 0
        plot_h = inner.h - ring_room
        for v in (0, top):
            text.draw(surf, num(v), self.fpx(13), (inner.x - px(8), inner.bottom - int(v * plot_h / top)), DIM, anchor="midright")
        slot = inner.w / len(cards)
        bar = max(2, int(slot * 0.7))
        for i, (c, comp) in enumerate(zip(cards, helped)):
            h = int(c * plot_h / top)
            x = inner.x + int(i * slot + (slot - bar) / 2)
            colour = BAR_HIGH if c >= 10 else BAR_MID if c >= 5 else BAR_LOW
            pygame.draw.rect(surf, colour, (x, inner.bottom - h, bar, h), border_radius=2)
            if comp:
                pygame.draw.circle(surf, COMPUTER, (x + bar // 2, inner.bottom - h - px(9)), 6, 2)
        pygame.draw.line(surf, DIM, (inner.x, inner.bottom), (inner.right, inner.bottom), 1)

    def draw_online_mark(self, surf: pygame.Surface, at: tuple[int, int], size: int) -> int:
        """The word "Online" in a rounded frame at ``at`` (its text's top left, less the
        frame's margin); returns the frame's width."""
        px = self.px
        words = vocab.place(stats.ONLINE)
        label = text.render(words, size, ONLINE)
        box = pygame.Rect(at[0], at[1] - px(2), label.get_width() + px(14), label.get_height() + px(4))
        pygame.draw.rect(surf, ONLINE, box, 1, border_radius=px(8))
        text.draw(surf, words, size, (box.x + px(7), at[1]), ONLINE)
        return box.w

    def draw_recent(self, surf: pygame.Surface, v: View, y: int) -> None:
        px = self.px
        r = self.rect
        text.draw(surf, _("Recent sessions"), self.fpx(17), (r.x + px(20), y), GOLD, bold=True)
        y += px(30)
        for s in v.recent[: self.recent_rows()]:
            mine = [t for name, t in zip(s.players, s.totals) if name == v.player]
            score = signed(mine[0]) if mine else "—"
            when = i18n.current().datetime(s.started_at.astimezone())
            state = "" if s.ended_at else "  " + _("(not finished)")
            others = ", ".join(f"{vocab.person_name(n)} ({vocab.level(lvl)})" if lvl != "human" else vocab.person_name(n)
                               for n, lvl in zip(s.players, s.levels) if n != v.player)
            fp = self.fpx(15)
            x = r.x + px(20)
            score_left = r.right - px(40) - getattr(self, 'replay_w', px(110)) - text.render(score, self.fpx(16), WHITE, bold=True).get_width()
            text.draw(surf, when, fp, (x, y + px(4)), DIM)
            x += text.render(when, fp, DIM).get_width() + px(24)
            if s.online:  # played at a room on a server: marked before the rest of the line
                x += self.draw_online_mark(surf, (x, y + px(4)), fp) + px(16)
            hands = ngettext("{n} hand", "{n} hands", s.hands).format(n=num(s.hands))
            what = f"{vocab.preset_title(s.rules_preset)} · {hands}{state}"
            if x + text.render(what, fp, WHITE).get_width() <= score_left - px(16):
                text.draw(surf, what, fp, (x, y + px(4)), WHITE)
                x += text.render(what, fp, WHITE).get_width() + px(24)
                if s.by_computer:
                    # hands the computer finished for the player, marked as in the charts
                    note = ngettext("{n} hand finished by the computer", "{n} hands finished by the computer",
                                    s.by_computer).format(n=num(s.by_computer))
                    note_w = px(20) + text.render(note, fp, COMPUTER).get_width()
                    if x + note_w <= score_left - px(16):
                        self.legend_mark(surf, "ring", COMPUTER, (x + px(7), y + px(4) + text.render(note, fp, COMPUTER).get_height() // 2))
                        text.draw(surf, note, fp, (x + px(20), y + px(4)), COMPUTER)
                        x += note_w + px(24)
                # who sat at the table: with their levels, or just their names, as room allows
                names = ", ".join(vocab.person_name(n) for n in s.players if n != v.player)
                for vs in (_("vs {players}").format(players=others), _("vs {players}").format(players=names)):
                    if x + text.render(vs, fp, DIM).get_width() <= score_left - px(16):
                        text.draw(surf, vs, fp, (x, y + px(4)), DIM)
                        break
            text.draw(surf, score, self.fpx(16), (r.right - px(40) - getattr(self, 'replay_w', px(110)), y + px(3)), GREEN if mine and mine[0] >= 0 else RED, anchor="topright", bold=True)
            y += px(30)
