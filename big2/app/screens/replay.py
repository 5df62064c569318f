"""Replay a finished hand from the score history, step by step, every hand face up.

Opened with the history ids of a session's hands (from the statistics screen). The
positions come from :func:`big2.persistence.handlog.replay` and are shown through a link
fed from history (:class:`~big2.room.replay.ReplayLink`): the screen reads each step's
:class:`~big2.room.state.SeatState`, never the engine's game.

It looks like the live table (docs/design/look.md): the table's layout and its own
drawing of the seats (:func:`~big2.app.table.seats.draw_seats`: plates with portraits,
each seat's last play of the trick before it, its Pass chip) and of the centre (the play
to beat, the ring, the gold arrow at the seat to act), read from a :class:`Board` made
of the step's state. What the replay adds has the left drawer, which the table makes room
for (:mod:`big2.app.table.panelroom`): the hand's notes, Earlier and Later, the points,
Play this deal and Review. The step buttons have the table's button row, Close its Menu's
place, and the line over the row says what the step did.

← and → step back and forwards (the buttons too), Home and End jump to the start and the
end, Page Up and Page Down change hands, Esc closes.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pygame

from big2.engine.cards import format_cards
from big2.engine.combos import move_cards
from big2.engine.dealnumber import format_deal_number
from big2.persistence import StorageError, StoredHand
from big2.persistence.handlog import replay
from big2.room.replay import ReplayLink
from big2.room.state import SeatState

from big2 import i18n
from big2.i18n import _, pgettext, verbatim
from big2.app.ui import assets, cardart, text
from big2.app.ui.uiscale import MIN_FONT_PX
from big2.app.screens import dealactions
from big2.app import storage, vocab
from big2.app.vocab import person_name
from big2.app.table import panelroom
from big2.app.table.draw import ring_rect, trick_area
from big2.app.table.playback import reading_order
from big2.app.table.layout import TableLayout, compute_layout
from big2.app.table.seats import draw_seats
from big2.app.ui.scene import Scene
from big2.app.screens.common import felt

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (190, 200, 195)
#: The drawer's edge (look.md's ink line).
LINE = (108, 133, 150)
#: Hands the computer finished for a person, as the statistics mark them.
COMPUTER = (150, 200, 255)


@dataclass
class Loaded:
    hand: StoredHand
    link: ReplayLink
    moves: list[tuple[int, list[int]]]


def load(history: Any, hand_id: int) -> Loaded:
    """The stored hand and a link over every position of it (storage writer thread)."""
    stored = history.load_hand(hand_id)
    if stored is None:
        raise ValueError(_("The hand is no longer in the score history."))
    positions = replay(stored.result)
    moves = [(int(seat), [int(c) for c in cards]) for seat, cards in stored.result.moves]
    seats = stored.seats
    n = positions[0].n_players
    names = tuple(seats[s].name if s < len(seats) else f"Seat {s + 1}" for s in range(n))
    people = tuple(bool(seats[s].is_human) if s < len(seats) else False for s in range(n))
    levels = tuple(str(getattr(seats[s], "level", "") or "normal") if s < len(seats) else "normal" for s in range(n))
    viewer = next((i for i, person in enumerate(people) if person), 0)
    link = ReplayLink(positions, seat=viewer, names=names, people=people, levels=levels,
                      deal_number=stored.result.deal_number)
    return Loaded(stored, link, moves)


def trick_at(state: SeatState) -> tuple[list[tuple[int, list[int]]], int | None]:
    """The plays on the table in ``state`` (as laid out), and who played last."""
    layers = [(seat, reading_order(list(move_cards(move)), state.rules)) for seat, move in state.trick_plays]
    return layers, (layers[-1][0] if layers else None)


class ReplayScene(Scene):
    name = "replay"
    arrow_focus = False  # ← → step through the hand

    def __init__(self, app, hand_ids: list[int], *, index: int = 0) -> None:
        super().__init__(app)
        self.hand_ids = list(hand_ids)
        self.index = max(0, min(index, len(self.hand_ids) - 1))
        self.loaded: Loaded | None = None
        self.future: Future[Loaded] | None = None
        self.error = ""
        self.step = 0
        self.toast = dealactions.Toast()
        self.b_play_deal = self.b_copy_deal = self.b_review = None
        self.request()

    # Data --------------------------------------------------------------------------------------

    def request(self) -> None:
        st = storage.of(self.app)
        self.loaded = None
        self.error = ""
        if st is None or not self.hand_ids:
            self.error = _("There is no score history to replay.")
            return
        hand_id = self.hand_ids[self.index]
        self.future = st.call(lambda h: load(h, hand_id))
        self.future.add_done_callback(lambda _f: self.app.post_wake())

    def next_deadline(self) -> float | None:
        if self.future is not None:
            return 0.05
        return self.toast.remaining()

    def update(self, dt: float) -> None:
        if self.toast.expired():
            self.app.dirty = True
        fut = self.future
        if fut is None or not fut.done():
            return
        self.future = None
        try:
            self.loaded = fut.result()
        except (StorageError, ValueError) as exc:
            self.error = _("This hand cannot be replayed: {why}").format(why=verbatim(str(exc)))
        self.step = 0
        self.build()  # the layout follows the number of seats
        self.app.dirty = True

    @property
    def state(self) -> SeatState | None:
        """The step shown, as the replay's link gives it (every hand face up)."""
        return self.loaded.link.state if self.loaded else None

    @property
    def last(self) -> int:
        return self.loaded.link.last if self.loaded else 0

    def viewer(self) -> int:
        return self.loaded.link.seat if self.loaded is not None else 0

    # Layout and input ------------------------------------------------------------------------------

    def layout(self) -> TableLayout:
        """The table of the live game (docs/design/look.md), with the replay's notes in
        the left drawer: as wide as leaves the table the line under its centre and its
        row of step buttons (see :mod:`big2.app.table.panelroom`)."""
        n = self.loaded.link.state.n_players if self.loaded else 4
        most = self.loaded.link.state.rules.cards_per_player if self.loaded else 13
        s = self.app.settings
        names = self.loaded.link.state.names if self.loaded else ()
        key = (self.app.size, names, most, i18n.current().code, s.card_scale, s.left_handed)
        if getattr(self, "_layout_key", None) == key:
            return self._layout
        w, h = self.app.size
        unit = min(w / 1280, h / 720)
        row = self.button_width(list(self.step_words().values()))

        def make(width: int) -> TableLayout:
            return compute_layout(w, h, n, max_hand=max(13, most), min_button_w=row, card_scale=s.card_scale,
                                  left_handed=s.left_handed, drawers=("plays",), tab_w={}, left_drawer_w=width)

        lines = []
        if self.loaded is not None:
            state = self.loaded.link.state
            lines = ["★ " + vocab.about(state, seat, _("Your play to beat"), _("{name}'s play to beat"))
                     for seat in range(n)]
        tried = panelroom.widths(self.app.size, round(max(260, 330 * unit)), round(max(200, 250 * unit)))
        self._layout = panelroom.fitted(make, tried, lines)
        self._layout_key = key
        return self._layout

    @staticmethod
    def step_words() -> dict[str, str]:
        """The step buttons' words, by key, in the row's order."""
        return {"start": _("|◀ Start"), "back": _("◀ Back"), "fwd": _("Forward ▶"), "end": _("End ▶|")}

    def column(self, lay: TableLayout) -> Column:
        """Where the drawer's parts go, top to bottom: the hand's notes (Copy on the deal
        line), Earlier and Later, the points, then :meth:`column_rest`'s."""
        fp = self.notes_font(lay)
        line = int(fp * 1.45)
        drawer = pygame.Rect(lay.log.as_tuple())
        pad = max(8, lay.menu_button.y)
        gap = max(6, lay.buttons["hint"].x - lay.buttons["sort"].right)
        bh = lay.buttons["play"].h
        inner = drawer.inflate(-2 * pad, -2 * pad)
        box = pygame.Rect(inner.x - 8, inner.y - 6, inner.w + 14, self.notes_room(lay, inner.h) + 6)
        rows = self.log_rows(fp, box)
        # the notes keep the room they need at the hand's end ("… went out"): the
        # controls under them stay where they are while the hand is stepped through
        most = max(len(rows), len(self.log_rows(fp, box, at_end=True)))
        copy = None
        if self.b_copy_wanted():
            words = _("Deal {number}").format(number=format_deal_number(self.deal_number()))
            copy_w = self.button_width([_("Copy")])
            at = next((i for i, (part, _c, _b) in enumerate(rows) if part == words), None)
            if at is not None and text.width_of(words, fp) + gap + copy_w <= inner.w:
                copy = pygame.Rect(inner.right - copy_w, inner.y + at * line - 3, copy_w, line + 4)
        notes = pygame.Rect(inner.x, inner.y, inner.w, most * line)
        y = notes.bottom + gap
        if self.b_copy_wanted() and copy is None:  # no room beside the number: under the notes
            copy_w = min(inner.w, self.button_width([_("Copy")]))
            copy = pygame.Rect(inner.right - copy_w, y, copy_w, bh)
            y = copy.bottom + gap
        half = (inner.w - gap) // 2
        if self.button_width([_("◀ Earlier"), _("Later ▶")]) <= half:
            earlier = pygame.Rect(inner.x, y, half, bh)
            later = pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh)
        else:  # a narrow drawer: one above the other
            earlier = pygame.Rect(inner.x, y, inner.w, bh)
            later = pygame.Rect(inner.x, y + bh + gap, inner.w, bh)
        y = later.bottom + gap + gap // 2
        n = self.loaded.link.state.n_players if self.loaded else 4
        points = pygame.Rect(inner.x, y, inner.w, int(fp * 1.4) + n * int(fp * 1.35))
        col = Column(drawer, notes, copy, earlier, later, points, rows)
        self.column_rest(lay, col, points.bottom + gap + gap // 2, inner, gap, bh)
        return col

    def column_rest(self, lay: TableLayout, col: Column, y: int, inner: pygame.Rect, gap: int, bh: int) -> None:
        """The replay's buttons under the points: Play this deal, Review."""
        if self.b_copy_wanted():
            col.extra["deal"] = pygame.Rect(inner.x, y, inner.w, bh)
            y += bh + gap
        col.extra["review"] = pygame.Rect(inner.x, y, inner.w, bh)

    def notes_room(self, lay: TableLayout, height: int) -> int:
        """How tall the notes may be in a drawer ``height`` tall inside (all of it: the
        review keeps room for its panel)."""
        return height

    def b_copy_wanted(self) -> bool:
        """Whether the hand has a deal number to copy and play again."""
        return self.deal_number() is not None

    def notes_font(self, lay: TableLayout) -> int:
        return max(12, int(lay.font_px * 0.8))

    def build_ui(self) -> None:
        # the table's own places: its four action buttons step, its menu button closes;
        # the rest in the drawer
        lay = self.layout()
        # left to right as the arrows read, on a left-handed table too
        boxes = sorted((lay.buttons[k] for k in ("sort", "hint", "pass", "play")), key=lambda b: b.x)
        self.buttons = {}
        for box, (key, label) in zip(boxes, self.step_words().items()):
            self.buttons[key] = self.button(box.as_tuple(), label, object_id="#primary" if key == "fwd" else None)
        col = self.column(lay)
        self.b_prev_hand = self.button(col.earlier, _("◀ Earlier"), tooltip=_("The session's earlier hand (Page Up)"))
        self.b_next_hand = self.button(col.later, _("Later ▶"), tooltip=_("The session's later hand (Page Down)"))
        self.b_close = self.button(lay.menu_button.as_tuple(), _("Close"), tooltip=verbatim("Esc"))
        self.b_play_deal = self.b_copy_deal = self.b_review = None
        if col.copy is not None:
            self.b_copy_deal = self.button(col.copy, _("Copy"), tooltip=_("Copy deal number"))
        if "deal" in col.extra:
            self.b_play_deal = self.button(col.extra["deal"], _("Play this deal"),
                                           tooltip=_("A new game with exactly these cards, the same seats and rules"))
        if "review" in col.extra:
            self.b_review = self.button(col.extra["review"], _("Review"),
                                        tooltip=_("Where you lost points: the Expert looks at each of your decisions"))
        self.refresh_buttons()

    def hand_lift(self, card: int) -> int:
        """Pixels the bottom seat's ``card`` is drawn raised (the review lifts its better move)."""
        return 0

    def deal_number(self) -> int | None:
        return self.loaded.hand.result.deal_number if self.loaded is not None else None

    def refresh_buttons(self) -> None:
        if not getattr(self, "buttons", None):
            return
        ready = self.loaded is not None
        b = self.buttons
        for key in ("start", "back"):
            (b[key].enable if ready and self.step > 0 else b[key].disable)()
        for key in ("fwd", "end"):
            (b[key].enable if ready and self.step < self.last else b[key].disable)()
        (self.b_prev_hand.enable if self.index > 0 else self.b_prev_hand.disable)()
        (self.b_next_hand.enable if self.index < len(self.hand_ids) - 1 else self.b_next_hand.disable)()

    def go(self, step: int) -> None:
        if self.loaded is None:
            return
        self.step = self.loaded.link.go(step).seq
        self.refresh_buttons()
        self.app.dirty = True

    def change_hand(self, delta: int) -> None:
        i = self.index + delta
        if 0 <= i < len(self.hand_ids):
            self.index = i
            self.request()
            self.refresh_buttons()

    def close(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        b = self.buttons
        if self.pressed(event, self.b_close):
            self.close()
            return True
        if self.b_review is not None and self.pressed(event, self.b_review):
            self.app.push("review", self.hand_ids, index=self.index, step=self.step)
            return True
        actions = {
            "start": lambda: self.go(0), "back": lambda: self.go(self.step - 1),
            "fwd": lambda: self.go(self.step + 1), "end": lambda: self.go(self.last),
        }
        for key, act in actions.items():
            if self.pressed(event, b[key]):
                act()
                return True
        if self.b_play_deal is not None and self.pressed(event, self.b_play_deal):
            hand = self.loaded.hand
            config = dealactions.stored_table(hand.seats, self.loaded.link.state.rules, self.deal_number())
            dealactions.play_deal(self.app, config)
            return True
        if self.b_copy_deal is not None and self.pressed(event, self.b_copy_deal):
            dealactions.copy_deal_number(self.deal_number(), self.toast)
            self.app.dirty = True
            return True
        if self.pressed(event, self.b_prev_hand):
            self.change_hand(-1)
            return True
        if self.pressed(event, self.b_next_hand):
            self.change_hand(1)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: lambda: self.go(self.step + 1), pygame.K_LEFT: lambda: self.go(self.step - 1),
                pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.last),
                pygame.K_PAGEUP: lambda: self.change_hand(-1), pygame.K_PAGEDOWN: lambda: self.change_hand(1),
                pygame.K_ESCAPE: self.close,
            }
            act = keys.get(event.key)
            if act is not None:
                act()
                return True
        return False

    # Drawing -------------------------------------------------------------------------------------

    def caption(self) -> str:
        if self.loaded is None:
            return ""
        if self.step == 0:
            return _("The deal: every hand face up. Press → to step through the moves.")
        seat, cards = self.loaded.moves[self.step - 1]
        name = self.seat_name(seat)
        seats = self.loaded.hand.seats
        you = seat < len(seats) and seats[seat].name == "You"  # the default name: "You play", not "You plays"
        if not cards:
            return _("You pass") if you else _("{name} passes").format(name=name)
        shown = format_cards(sorted(cards), symbols=True)
        return _("You play {cards}").format(cards=shown) if you else _("{name} plays {cards}").format(name=name, cards=shown)

    def seat_name(self, seat: int) -> str:
        """A seat's stored name as shown (default names in the current language)."""
        seats = self.loaded.hand.seats if self.loaded else ()
        return person_name(seats[seat].name) if seat < len(seats) else _("Seat {number}").format(number=seat + 1)

    def board(self, lay: TableLayout) -> Board:
        """What the table's drawing reads, at the step shown."""
        return Board(self, lay, self.state)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        w, h = surf.get_size()
        if self.loaded is None:
            msg = self.error or _("Loading the hand…")
            text.draw(surf, msg, 22, (w // 2, h // 2), WHITE, anchor="center", max_width=w - 80)
            return
        lay = self.layout()
        game = self.state
        four = self.app.settings.four_colour
        board = self.board(lay)
        # the table as the game drew it: the centre, the seats as people (every hand face
        # up), each seat's last play before it, the play to beat in the centre
        trick_area(surf, board)
        draw_seats(surf, board, lambda _t, _seat: None)
        hc = self.app.settings.high_contrast
        for seat in self.loaded.hand.result.by_computer:  # the statistics' mark: the computer finished it
            box = pygame.Rect(lay.seats[board.pos_of(seat)].info.as_tuple())
            pygame.draw.rect(surf, COMPUTER, box, 3 if hc else 2, border_radius=8)
        for _seat, cards in board.trick[-1:]:
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards))):
                surf.blit(cardart.face(c, lay.card_w, lay.card_h, four_colour=four), (x, y))
        me = self.viewer()
        mine = sorted(game.revealed[me], key=game.rules.card_strength)
        for c, (x, y) in zip(mine, lay.hand_positions(len(mine))):
            surf.blit(cardart.face(c, lay.card_w, lay.card_h, four_colour=four), (x, y - self.hand_lift(c)))
        # the drawer: what the hand is, where it stands, its points
        col = self.column(lay)
        text.panel(surf, col.drawer, alpha=255 if hc else 225, radius=8, border=LINE)
        fp = self.notes_font(lay)
        y = col.notes.y
        for part, colour, bold in col.rows:
            text.draw(surf, part, fp, (col.notes.x, y), colour, bold=bold, max_width=col.notes.w)
            y += int(fp * 1.45)
        self.draw_points(surf, col.points, self.loaded.hand, fp)
        # what the step did, over the buttons
        row = self.caption_rect(lay)
        size, lines = self.caption_lines(lay, row.w)
        line_h = assets.font(size).get_linesize()
        y = row.centery - line_h * len(lines) // 2
        for part in lines:
            text.draw(surf, part, size, (row.centerx, y), WHITE, anchor="midtop", suits="light", four_colour=four,
                      max_width=row.w)
            y += line_h
        self.toast.draw(surf, (lay.trick.center[0], lay.trick.center[1]), max(14, lay.font_px), lay.area.w - 40)

    def caption_rect(self, lay: TableLayout) -> pygame.Rect:
        """The line that says what the step did: the table's message row, widened over the
        free felt beside it (clear of every seat and of the centre's ring)."""
        row = pygame.Rect(lay.message.as_tuple())
        margin = lay.menu_button.y
        band = pygame.Rect(lay.area.x + margin, row.y - self.strip_h(lay) - 8, lay.area.w - 2 * margin,
                           row.bottom - (row.y - self.strip_h(lay) - 8))
        gap = max(6, lay.buttons["hint"].x - lay.buttons["sort"].right)
        left, right, middle = band.x, band.right, False
        blocks = [pygame.Rect(b.as_tuple()) for spot in lay.seats for b in (spot.info, spot.play)]
        for b in [*blocks, ring_rect(lay)]:
            if b.bottom <= band.y or b.y >= band.bottom:
                continue
            if b.right <= row.centerx:
                left = max(left, b.right + gap)
            elif b.x >= row.centerx:
                right = min(right, b.x - gap)
            else:
                middle = True
        if middle or right - left < row.w // 2:
            return row
        return pygame.Rect(left, row.y, right - left, row.h)

    def strip_h(self, lay: TableLayout) -> int:
        """The height kept over the caption for the review's timeline."""
        return max(12, int(lay.font_px * 0.8))

    def caption_lines(self, lay: TableLayout, width: int) -> tuple[int, list[str]]:
        """The caption's type size and lines: one line at the table's size where it fits,
        else smaller type on two lines."""
        words = self.caption()
        size = max(14, lay.font_px)
        if text.width_of(words, size) <= width:
            return size, [words]
        size = max(MIN_FONT_PX, int(lay.font_px * 0.8))
        return size, text.wrap(words, size, width)

    #: Lines of the log box that give way, first to last, when they do not all fit.
    SPARE = ("date", "deal", "undo")

    def log_entries(self, at_end: bool = False) -> list[tuple[str, str, tuple[int, int, int], bool]]:
        """What the notes say about the hand: (what, line, colour, bold), first line
        first. A hand the computer finished for a person says so, in the statistics' colour.
        ``at_end``: as they read at the hand's last step (the drawer keeps their room)."""
        if self.loaded is None:
            return []
        st = self.loaded.hand
        game = self.state
        step = self.last if at_end else self.step
        out = [("title", _("Replay · hand {number}").format(number=st.hand_number), GOLD, True)]
        if st.result.deal_number is not None:
            out.append(("deal", _("Deal {number}").format(number=format_deal_number(st.result.deal_number)), WHITE, False))
        out.append(("date", i18n.current().datetime(st.started_at.astimezone()), DIM, False))
        out.append(("move", _("Move {step} of {last}").format(step=step, last=self.last), WHITE, False))
        for seat in st.result.by_computer:
            line = (_("The computer finished this hand for you") if seat == self.viewer() else
                    _("The computer finished this hand for {name}").format(name=self.seat_name(seat)))
            out.append(("computer", line, COMPUTER, False))
        if st.result.assisted:
            out.append(("undo", _("Played with undo"), DIM, False))
        winner = game.winner if game.hand_over else self.loaded.moves[-1][0] if at_end and self.loaded.moves else None
        if winner is not None:  # the last to play went out
            out.append(("out", _("{name} went out").format(name=self.seat_name(winner)), GOLD, False))
        return out

    def log_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """:meth:`log_entries` as (line, colour, bold)."""
        return [(line, colour, bold) for _what, line, colour, bold in self.log_entries()]

    def log_rows(self, fp: int, box: pygame.Rect, at_end: bool = False) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The notes' lines wrapped to ``box``; where they do not all fit, the date,
        then the deal number, then the undo note give way (see :data:`SPARE`)."""
        entries = self.log_entries(at_end)
        room = max(1, (box.h - 6) // int(fp * 1.45))
        spare = list(self.SPARE)
        while True:
            rows = [(part, colour, bold) for _what, line, colour, bold in entries
                    for part in text.wrap(line, fp, box.w - 14, bold=bold)]
            if len(rows) <= room or not spare:
                return rows[:room]
            gone = spare.pop(0)
            entries = [e for e in entries if e[0] != gone]

    def draw_points(self, surf: pygame.Surface, box: pygame.Rect, st: StoredHand, fp: int) -> None:
        """The hand's result in the drawer: points per seat."""
        y = box.y
        text.draw(surf, _("Points this hand"), fp, (box.x, y), GOLD, bold=True, max_width=box.w)
        y += int(fp * 1.4)
        tr = i18n.current()
        for seat, pts in enumerate(st.result.points):
            shown = tr.signed(pts) if pts else tr.number(0)
            room = box.w - text.width_of(shown, fp) - 12
            text.draw(surf, text.shorten(self.seat_name(seat), fp, room), fp, (box.x, y), WHITE, max_width=room)
            text.draw(surf, shown, fp, (box.right, y), WHITE, anchor="topright")
            y += int(fp * 1.35)


@dataclass
class Column:
    """The replay's drawer and the places in it (see :meth:`ReplayScene.column`)."""

    drawer: pygame.Rect
    notes: pygame.Rect
    copy: pygame.Rect | None
    earlier: pygame.Rect
    later: pygame.Rect
    points: pygame.Rect
    #: The notes' lines as drawn: (line, colour, bold).
    rows: list[tuple[str, tuple[int, int, int], bool]]
    #: Further places by name: the replay's "deal" and "review" buttons, the review's
    #: "panel" and "try".
    extra: dict[str, pygame.Rect] = field(default_factory=dict)


class Board:
    """What the table's drawing (:func:`~big2.app.table.seats.draw_seats`,
    :func:`~big2.app.table.draw.trick_area`) reads of a table, for one step of the
    replay: every hand face up, each seat's last play of the trick, its Pass chip. A trick
    just won stays on the table as it ended until the winner leads again."""

    hot_seat = False
    net = None
    playback = SimpleNamespace(queue=())

    def __init__(self, scene: ReplayScene, lay: TableLayout, state: SeatState) -> None:
        self.app = scene.app
        self.layout = lay
        self.state = state
        self.viewer = scene.viewer()
        self.hand_over = state.hand_over
        self.turn = None if state.hand_over else state.to_act
        self.counts = state.counts
        self.revealed = {s: sorted(cards, key=state.rules.card_strength) for s, cards in enumerate(state.revealed)}
        self.trick, self.owner = trick_at(state)
        passed = state.passed
        if state.leading and self.trick:  # the trick just won: shown as it ended, everyone else passed
            passed = frozenset(s for s in range(state.n_players) if s != self.owner and state.counts[s])
        self.badges = {} if state.hand_over else {s: pgettext("badge", "Pass") for s in passed}

    def pos_of(self, seat: int) -> int:
        return (seat - self.viewer) % self.state.n_players
