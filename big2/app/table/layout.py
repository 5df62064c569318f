"""Table geometry from the window size: pure arithmetic, no pygame.

Everything the table draws gets its place here, so the table re-lays out on every resize
(never by scaling a fixed canvas) and the geometry is unit-tested without a display.

Seats are placed by *position* relative to the viewer: position 0 is the bottom (the
person at the screen), and positions follow the order of play around the table. With
four seats that is bottom, right, top, left (anticlockwise as seen from above, which is
the standard direction); three seats sit bottom, upper right, upper left; two sit bottom
and top.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..ui.uiscale import font_px as scaled_font, ui_scale

MIN_SIZE: Final = (800, 600)


def results_card(scale: float) -> tuple[int, int]:
    """The size (width, height) of the cards left in each hand on the results panel, at
    UI scale ``scale`` (the table draws them ahead while the hand's banner shows)."""
    h = int(round(62 * scale))
    return int(h * 0.7), h


CARD_RATIO: Final = 0.7  # width / height of a card (poker size is 2.5 / 3.5)
#: The least height of the cards of a seat's last play: their corner's index is then
#: 10 px (cardart draws it at 0.17 of the height), small but read at a glance.
MINI_READABLE_H: Final = 60

_SIDES: Final = {
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in window pixels."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inside(self, other: Box) -> bool:
        return (
            self.x >= other.x
            and self.y >= other.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Where one seat lives on screen: a person at the table (docs/design/look.md).

    ``side`` is bottom/right/top/left. ``info`` is the seat's plate: its ``portrait`` (a
    circle's bounding square) at the plate's left, the name and the level tag (or the
    total) beside it. ``fan`` is the box the seat's cards occupy (opponents: small backs
    fanned under the plate; the bottom seat: the full-size hand). ``play`` is where the
    seat's last play of the trick lies, between the seat and the centre (small cards
    fanned), and ``badge`` the "Pass" chip inside it. ``say`` is where a reaction bubble
    shows: by the plate (under it, beside the top seat's, or over a side seat's on a
    narrow table), never far from the person. ``origin`` is the
    point a play by this seat flies from.
    """

    side: str
    fan: Box
    info: Box
    badge: Box
    origin: tuple[int, int]
    portrait: Box = Box(0, 0, 0, 0)
    play: Box = Box(0, 0, 0, 0)
    say: Box = Box(0, 0, 0, 0)
    #: Where the name (first line) and the level tag or status (second line) go.
    label: Box = Box(0, 0, 0, 0)

    @property
    def count(self) -> Box:
        """The card-count badge: a pill on the portrait's lower right edge, reaching past
        it by a few pixels at most (the name and tag lie 6 px beside a side seat's
        portrait, 2 px under yours)."""
        p = self.portrait
        h = max(14, p.h * 2 // 5)
        w = max(h, round(h * 1.5))
        return Box(p.right - w + min(h // 3, 4), p.bottom - h + min(h // 4, 2), w, h)


#: The drawers (docs/design/look.md, "Panels"): Recent plays on the left, the scores
#: and the card tracker sharing the right.
DRAWERS: Final = ("plays", "scores", "tracker")
#: A window narrower than this opens one drawer at a time.
TWO_DRAWERS_FROM: Final = 1100


def open_drawers(drawers: tuple[str, ...] | list[str], width: int) -> tuple[str, ...]:
    """Which of ``drawers`` (oldest opened first) stay open in a window ``width`` wide:
    one a side (the right side's latest), and only the latest on a narrow window."""
    out: list[str] = []
    for name in drawers:
        if name not in DRAWERS or name in out:
            continue
        if name != "plays":
            out = [d for d in out if d == "plays"]
        out.append(name)
    if width < TWO_DRAWERS_FROM and out:
        out = out[-1:]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TableLayout:
    """The whole table for one window size and seat count."""

    width: int
    height: int
    n_seats: int
    card_w: int
    card_h: int
    small_w: int
    small_h: int
    lift: int
    seats: tuple[SeatSpot, ...]
    trick: Box
    deck: tuple[int, int]
    buttons: dict[str, Box]
    log: Box
    scores: Box
    banner: Box
    message: Box
    menu_button: Box
    font_px: int
    #: A fifth button's place at the outer end of the action row, beside Sort (Undo).
    extra_button: Box = Box(0, 0, 0, 0)
    #: The hand's buttons and name plate are mirrored (a left-handed layout).
    left_handed: bool = False
    #: The cards of a seat's last play laid in front of it (smaller than the centre's).
    mini_w: int = 0
    mini_h: int = 0
    #: The card tracker's drawer (it shares the right side with the scores' drawer).
    tracker: Box = Box(0, 0, 0, 0)
    #: Each drawer's tab (a pill on the screen's edge; click it to open or close).
    tabs: dict[str, Box] | None = None
    #: The drawers open in this layout (see :data:`DRAWERS`).
    drawers: tuple[str, ...] = ()
    #: The room the table lays itself out in: the window less the open drawers.
    area: Box = Box(0, 0, 0, 0)
    #: The Reactions button's place: under the right tabs, above the right drawer (none
    #: when the table has no such button).
    react: Box = Box(0, 0, 0, 0)

    @property
    def trick_label_h(self) -> int:
        """The height of the line under the centre's cards ("★ Bo's play to beat")."""
        return round(max(12, int(self.font_px * 0.8)) * 1.45) + 4

    def drawer(self, name: str) -> Box:
        """The content box of drawer ``name`` (``plays``, ``scores`` or ``tracker``)."""
        return {"plays": self.log, "scores": self.scores, "tracker": self.tracker}[name]

    def shown_panels(self) -> dict[str, Box]:
        """The open drawers' boxes, every tab, by name (``tab:plays`` ...), and the
        Reactions button's place (``react``) where the table has one."""
        out = {name: self.drawer(name) for name in self.drawers}
        out.update({"tab:" + name: box for name, box in (self.tabs or {}).items()})
        if self.react.w:
            out["react"] = self.react
        return out

    @property
    def window(self) -> Box:
        return Box(0, 0, self.width, self.height)

    # The bottom hand ---------------------------------------------------------------

    @property
    def group_gap(self) -> int:
        """The extra space before a card that starts a group (hand arranged by combinations)."""
        return max(8, round(self.card_w * 0.28))

    def group_gap_for(self, n: int, gaps: int) -> int:
        """The extra space before a card that starts a group in a hand of ``n`` with
        ``gaps`` groups after the first: half a card, so the groups stand clearly apart,
        less when that would leave each card under a third of its width showing (never
        less than :attr:`group_gap`)."""
        if gaps <= 0:
            return self.group_gap
        room = self.seats[0].fan.w - self.card_w - (n - 1) * self.card_w * 0.36
        return max(self.group_gap, round(min(self.card_w * 0.5, room / gaps)))

    def hand_step(self, n: int, gaps: int = 0) -> float:
        """Horizontal distance between neighbouring cards in a hand of ``n`` with ``gaps``
        group gaps."""
        fan = self.seats[0].fan
        if n <= 1:
            return float(self.card_w)
        return min(self.card_w * 0.62, (fan.w - self.card_w - gaps * self.group_gap_for(n, gaps)) / (n - 1))

    def hand_positions(self, n: int, gaps: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
        """Top-left corners of ``n`` face-up cards, left to right, centred in the fan.

        ``gaps`` holds the indices of cards that start a group: a small gap goes before
        each (the hand arranged by combinations).
        """
        if n <= 0:
            return []
        fan = self.seats[0].fan
        gaps = frozenset(i for i in gaps if 0 < i < n)
        step = self.hand_step(n, len(gaps))
        gap = self.group_gap_for(n, len(gaps))
        total = self.card_w + step * (n - 1) + gap * len(gaps)
        x0 = fan.x + (fan.w - total) / 2
        y = fan.bottom - self.card_h
        out = []
        x = x0
        for i in range(n):
            if i in gaps:
                x += gap
            out.append((round(x), y))
            x += step
        return out

    def hand_index_at(self, px: float, py: float, n: int, lifted: frozenset[int] = frozenset(),
                      gaps: frozenset[int] = frozenset()) -> int | None:
        """Index of the topmost card of an ``n``-card hand under the point, or None.

        ``lifted`` holds indices drawn ``lift`` pixels higher (selected cards); ``gaps``
        as for :meth:`hand_positions`.
        """
        positions = self.hand_positions(n, gaps)
        for i in range(n - 1, -1, -1):
            x, y = positions[i]
            if i in lifted:
                y -= self.lift
            if x <= px < x + self.card_w and y <= py < y + self.card_h:
                return i
        return None

    def hand_slot_at(self, px: float, n: int, gaps: frozenset[int] = frozenset()) -> int:
        """Where a card dropped at x would go in an ``n``-card hand (0..n-1)."""
        positions = self.hand_positions(n, gaps)
        if not positions:
            return 0
        centre = px - self.card_w / 2
        return min(range(n), key=lambda i: abs(positions[i][0] - centre))

    # Opponents ----------------------------------------------------------------------

    def back_positions(self, position: int, n: int) -> list[tuple[int, int]]:
        """Top-left corners of ``n`` small cards (backs, or faces once the hand is over)
        for the seat at ``position``: a fan across the seat's ``fan`` box, left to right."""
        if n <= 0:
            return []
        fan = self.seats[position].fan
        cw, ch = self.small_w, self.small_h
        step = min(cw * 0.5, (fan.w - cw) / max(n - 1, 1))
        total = cw + step * (n - 1)
        x0 = fan.x + (fan.w - total) / 2
        y = fan.y + (fan.h - ch) // 2
        return [(round(x0 + i * step), y) for i in range(n)]

    def play_positions(self, position: int, n: int) -> list[tuple[int, int]]:
        """Top-left corners of the ``n`` small cards of the last play laid in front of the
        seat at ``position`` (``mini_w`` x ``mini_h`` each), fanned in its ``play`` box."""
        if n <= 0:
            return []
        box = self.seats[position].play
        step = min(self.mini_w * 0.45, (box.w - self.mini_w) / max(n - 1, 1))
        total = self.mini_w + step * (n - 1)
        x0 = box.x + (box.w - total) / 2
        y = box.y + (box.h - self.mini_h) // 2
        return [(round(x0 + i * step), y) for i in range(n)]

    # The trick ----------------------------------------------------------------------

    def trick_positions(self, n: int, layer: int = 0) -> list[tuple[int, int]]:
        """Top-left corners for a play of ``n`` cards on the trick pile.

        Only the play to beat shows in the centre (earlier ones lie in front of their
        seats); ``layer`` is kept for callers and no longer moves the cards.
        """
        if n <= 0:
            return []
        step = min(self.card_w * 0.55, (self.trick.w - self.card_w) / max(n - 1, 1))
        total = self.card_w + step * (n - 1)
        cx = self.trick.center[0]
        x0 = cx - total / 2
        y = self.trick.y + (self.trick.h - self.trick_label_h - self.card_h) / 2
        return [(round(x0 + i * step), round(y)) for i in range(n)]


def sides_for(n_seats: int) -> tuple[str, ...]:
    """The screen side of each position for a table of ``n_seats`` (2..4)."""
    if n_seats not in _SIDES:
        raise ValueError(f"a table seats 2 to 4 players, not {n_seats}")
    return _SIDES[n_seats]


def compute_layout(width: int, height: int, n_seats: int = 4, *, max_hand: int = 13, min_button_w: int = 0,
                   card_scale: float = 1.0, left_handed: bool = False, drawers: tuple[str, ...] = (),
                   tab_w: dict[str, int] | None = None, left_drawer_w: int | None = None,
                   react_w: int = 0) -> TableLayout:
    """Lay out a table for a window of ``width`` x ``height`` pixels.

    Sizes below :data:`MIN_SIZE` are laid out as if they were the minimum (the window
    enforces the minimum; this keeps the arithmetic safe if a resize races it).
    ``max_hand`` is the largest hand the bottom seat may hold (13, 17 or 21).
    ``min_button_w`` is the width the action buttons' words need (they never get less,
    as long as the row fits beside the hand).
    ``card_scale`` (> 1: "larger cards and text") makes the cards and the table's text
    that much larger, as far as the table still fits the window. ``left_handed`` mirrors
    the bottom seat's name plate, last play and action buttons (Play nearest the left
    edge, your plate at the left end). ``drawers`` names the open drawers (see
    :func:`open_drawers`): the table lays itself out in the room they leave.
    ``tab_w`` gives each tab's width (its words measured by the caller; the tabs shown
    are its keys, all three by default); ``left_drawer_w`` widens the left drawer (How
    to play's lesson panel lives there). ``react_w`` is the Reactions button's width (its
    words measured; 0: no such button): it gets its place at the foot of the right tabs'
    column, so an open right drawer starts under it and the seats keep clear of it.
    """
    drawers = open_drawers(drawers, max(width, MIN_SIZE[0]))
    tabs = dict(tab_w) if tab_w is not None else {"plays": 130, "scores": 120, "tracker": 120}
    args = (width, height, n_seats, max_hand, min_button_w, left_handed, drawers, tabs, left_drawer_w, react_w)
    scale = max(1.0, min(card_scale, 1.5))
    plain = _layout(*args, 1.0, 1.0)
    if scale <= 1.0:
        return plain
    # as large as the window allows: the trick in the middle must still hold a card and
    # its line; cards give way a little before type does
    steps = [i / 20 for i in range(round((scale - 1.0) * 20), -1, -1)]  # 0.25, 0.2, … 0
    most = (scale - 1.0) * 0.8  # type grows a little less than cards
    for cards, words in sorted({(c, min(c + 0.05, most)) for c in steps} | {(0.0, min(w, most)) for w in steps},
                               key=lambda p: (-(p[0] + p[1]), -p[0])):
        bigger = _layout(*args, 1.0 + cards, 1.0 + words)
        if _fits(bigger):
            return bigger
    return plain


def _fits(lay: TableLayout) -> bool:
    """The trick holds a card and its line, and no seat's box meets another's or the
    centre's (a layout made with larger cards is kept only then)."""
    t = lay.trick
    if t.h < lay.card_h + lay.trick_label_h or t.w < lay.card_w * 1.5:
        return False
    boxes = [t, *lay.buttons.values()]
    for spot in lay.seats:
        boxes += [spot.info, spot.play, spot.say] + ([spot.fan] if spot.side != "bottom" else [])
    boxes += list(lay.shown_panels().values())
    for i, a in enumerate(boxes):
        if not a.inside(lay.window):
            return False
        for b in boxes[i + 1:]:
            if a.overlaps(b) and not (a.inside(b) or b.inside(a)):
                return False
    return True


def _layout(width: int, height: int, n_seats: int, max_hand: int, min_button_w: int, left_handed: bool,
            drawers: tuple[str, ...], tab_w: dict[str, int], left_drawer_w: int | None, react_w: int,
            card_scale: float, text_scale: float) -> TableLayout:
    sides = sides_for(n_seats)
    w = max(width, MIN_SIZE[0])
    h = max(height, MIN_SIZE[1])
    unit = min(w / 1280, h / 720)
    margin = max(8, round(12 * unit))
    gap = max(4, margin // 2)
    font_px = scaled_font(18 * text_scale, ui_scale((w, h)))  # the menus' scale: one size of type everywhere
    button_h = round(max(32, 40 * unit))

    # The corners: the menu at the top right, the drawers' tabs (Recent plays at the top
    # left, the scores and the tracker stacked under the menu), an open drawer's column.
    menu_w = round(max(84, 100 * unit))
    menu_button = Box(w - margin - menu_w, margin, menu_w, button_h)
    tab_h = max(26, round(font_px * 0.8 * 1.9))
    tabs: dict[str, Box] = {}
    if "plays" in tab_w:
        tabs["plays"] = Box(margin, margin, tab_w["plays"], tab_h)
    y = menu_button.bottom + gap
    for name in ("scores", "tracker"):
        if name in tab_w:
            tabs[name] = Box(w - margin - tab_w[name], y, tab_w[name], tab_h)
            y = tabs[name].bottom + gap
    react = Box(0, 0, 0, 0)
    if react_w > 0:  # the Reactions button: the column's foot, as wide as the Menu at least
        rw = max(menu_w, react_w)
        react = Box(w - margin - rw, y, rw, button_h)
        y = react.bottom + gap
    right_tabs_bottom = y
    left_w = round(min(w * 0.34, left_drawer_w or max(215, 250 * unit) * text_scale))
    left_w = max(left_w, tabs["plays"].w if "plays" in tabs else 0)
    right_open = next((d for d in drawers if d != "plays"), None)
    right_w = round(min(w * 0.4, max(252, 340 * unit) if right_open == "tracker" else max(190, 250 * unit) * text_scale))
    right_w = max([right_w, react.w, *(b.w for n, b in tabs.items() if n != "plays")])
    # the button row at its words' width must fit the room the drawers leave: the open
    # drawers give way (to three quarters of their width, never under their tabs or the
    # tracker's grid), and if that is not enough only the latest drawer stays open
    bgap = gap + 2
    short = 5 * min_button_w + 4 * bgap + 2 * margin - (w - (margin + left_w if "plays" in drawers else 0)
                                                       - (margin + right_w if right_open else 0))
    if short > 0 and drawers:
        left_floor = left_w if left_drawer_w or "plays" not in drawers else max(
            round(left_w * 0.75), tabs["plays"].w if "plays" in tabs else 0)
        right_floor = right_w if not right_open else max(
            [round(right_w * 0.75), 252 if right_open == "tracker" else 0, react.w,
             *(b.w for n, b in tabs.items() if n != "plays")])
        give_l, give_r = left_w - left_floor, right_w - right_floor
        if short > give_l + give_r:
            if len(drawers) > 1:
                return _layout(width, height, n_seats, max_hand, min_button_w, left_handed, drawers[-1:], tab_w,
                               left_drawer_w, react_w, card_scale, text_scale)
        else:
            take_l = min(give_l, max(short - give_r, short // 2))
            left_w -= take_l
            right_w -= short - take_l
    plays_top = (tabs["plays"].bottom if "plays" in tabs else margin) + gap
    # Recent plays show a dozen lines (the lesson of How to play takes the whole column)
    log_h = h - margin - plays_top if left_drawer_w else min(h - margin - plays_top, round(font_px * 1.1 * 14))
    log = Box(margin, plays_top, left_w, log_h)
    side_box = Box(w - margin - right_w, right_tabs_bottom, right_w, h - margin - right_tabs_bottom)
    ax = margin + left_w if "plays" in drawers else 0
    ar = w - margin - right_w if right_open else w
    area = Box(ax, 0, ar - ax, h)
    corner = [b for n, b in tabs.items() if b.overlaps(area)] + [menu_button]
    if react.w and react.overlaps(area):
        corner.append(react)
    corner_bottom = max([margin, *(b.bottom for b in corner if b.overlaps(area))]) + gap

    # Card sizes: the hand gets about a fifth of the height, but must fit max_hand cards
    # across the fan (the room between the two side columns) with a corner showing.
    aw = area.w
    side_w = round(max(130, 150 * unit))
    fan_w = aw - 2 * side_w - 2 * margin

    def fitted(card_h: int) -> int:
        card_w = round(card_h * CARD_RATIO)
        min_step = max(card_w * 0.33, 22)
        need = card_w + min_step * (max_hand - 1)
        if need > fan_w:
            card_h = round(card_h * fan_w / need)
        return card_h

    usual = min(h * 0.22, w * 0.2)
    card_h = max(fitted(round(usual)), fitted(round(usual * card_scale)))
    card_w = round(card_h * CARD_RATIO)
    lift = round(card_h * 0.18)

    # A seat's plate: the portrait, the name and the tag line; the small backs.
    d = max(32, round(56 * unit * text_scale))
    name_h = round(font_px * 1.3)
    tag_h = round(max(12, int(font_px * 0.8)) * 1.35)
    text_w = round(max(104, 150 * unit) * text_scale)
    small_h = max(30, round(d * 0.95))
    small_w = round(small_h * CARD_RATIO)
    backs_w = round(small_w * (1 + 0.25 * 12))
    row_h = max(d, name_h + tag_h) + 8
    # a play lies level with the seat's row, in cards whose corners can be read (at
    # 800x600 the row allows 43 px: a 7 px index); where the row is too low for that
    # the cards overlap more rather than shrink: the box grows less than the cards
    level_h = max(36, min(round(card_h * 0.42), row_h))
    mini_h = max(level_h, MINI_READABLE_H)
    mini_w = round(mini_h * CARD_RATIO)
    play_w = max(round(round(level_h * CARD_RATIO) * 2.8), round(mini_w * 2.4))
    say_w = round(max(100, 150 * unit) * text_scale)
    say_h = round(font_px * 1.3) + 14

    # The bottom: the hand, the button row above it, your plate at the row's outer end
    # and your last play at its inner end; messages over the buttons.
    hand_fan = Box(ax + side_w + margin, h - margin - card_h - lift, fan_w, card_h + lift)
    button_y = hand_fan.y - button_h - gap
    names = ("sort", "hint", "pass", "play")
    bw = round(max(84, 110 * unit, min_button_w))
    # a table narrowed by drawers: the row (Undo too) as narrow as its words allow, and
    # over your plate's column if need be (it stands above your last play there)
    room = aw - 2 * margin
    if 5 * bw + 4 * bgap > room:
        bw = max(min_button_w, (room - 4 * bgap) // 5)
    row_w = bw * len(names) + bgap * (len(names) - 1)
    bx = hand_fan.right - row_w
    bx += max(0, ax + margin - (bx - bgap - bw))
    buttons = {name: Box(bx + i * (bw + bgap), button_y, bw, button_h) for i, name in enumerate(names)}
    extra_button = Box(bx - bgap - bw, button_y, bw, button_h)
    plate_w = min(side_w - margin, max(d, text_w) + 12)
    plate_h = 4 + d + 2 + name_h + tag_h + 4
    info0 = Box(ar - margin - plate_w, h - margin - plate_h, plate_w, plate_h)
    portrait0 = Box(info0.x + (plate_w - d) // 2, info0.y + 4, d, d)
    label0 = Box(info0.x + 4, portrait0.bottom + 2, plate_w - 8, name_h + tag_h)
    # your last play and your reactions: up the outer column, above your plate
    play0_y = info0.y - gap - mini_h
    if bx + row_w > hand_fan.right:  # the row reaches over your column: your play above it
        play0_y = min(play0_y, button_y - gap - mini_h)
    play0 = Box(info0.x + (plate_w - min(play_w, plate_w)) // 2, play0_y, min(play_w, plate_w), mini_h)
    message = Box(hand_fan.x, button_y - button_h - gap, hand_fan.w, button_h)
    say0 = Box(info0.x + (plate_w - min(say_w, plate_w)) // 2, play0.y - gap - say_h, min(say_w, plate_w), say_h)
    bottom = SeatSpot("bottom", hand_fan, info0, _chip(play0, button_h), (hand_fan.center[0], hand_fan.y + card_h // 2),
                      portrait0, play0, say0, label0)
    if left_handed:
        def mirror(b: Box) -> Box:
            return Box(ax + ar - b.right, b.y, b.w, b.h)

        buttons = {name: mirror(b) for name, b in buttons.items()}
        extra_button = mirror(extra_button)
        message = mirror(message)
        bottom = SeatSpot("bottom", hand_fan, mirror(info0), mirror(bottom.badge), bottom.origin, mirror(portrait0),
                          mirror(play0), mirror(say0), mirror(label0))

    # The others: a row (portrait, name, backs) over the top arc in playing order.
    pointer = max(14, round(font_px * 1.1))
    reach_v = round(card_h * 0.06 + 1.5 * pointer + 6)  # the ring and its gold arrow round the cards
    reach_h = round(card_w * 0.15 + 1.5 * pointer + 6)
    placed: dict[str, SeatSpot] = {"bottom": bottom}
    block_w = 4 + d + 6 + text_w + 4
    top_block_w = block_w + backs_w + 4
    side_h = row_h + small_h + 4
    centre_top = corner_bottom
    # the felt the top row may use: between the corners' tabs and the menu
    lo, hi = ax + margin, ar - margin
    for b in corner:
        if b.y < margin + row_h:
            if b.center[0] < area.center[0]:
                lo = max(lo, b.right + gap)
            else:
                hi = min(hi, b.x - gap)
    for side in sides[1:]:
        if side == "top":
            y0 = margin
            full = play_w + gap + top_block_w + gap + say_w
            if full <= hi - lo:  # one row: the last play, the seat, its reaction
                x0 = max(lo, min(hi - full, area.center[0] - full // 2))
                play = Box(x0, y0 + max(0, (row_h - mini_h) // 2), play_w, mini_h)
                info = Box(play.right + gap, y0, top_block_w, row_h)
                say = Box(info.right + gap, info.y + (row_h - say_h) // 2, say_w, say_h)
            else:  # a narrow table: the seat alone, its play and reaction under it
                x0 = max(lo, min(hi - top_block_w, area.center[0] - top_block_w // 2))
                info = Box(x0, y0, top_block_w, row_h)
                play = Box(info.x, info.bottom + gap, play_w, mini_h)
                say = Box(min(info.right, hi) - say_w, info.bottom + gap, say_w, say_h)
            portrait = Box(info.x + 4, info.y + (row_h - d) // 2, d, d)
            label = Box(portrait.right + 6, info.y + (row_h - name_h - tag_h) // 2, text_w, name_h + tag_h)
            fan = Box(label.right + 2, info.y + (row_h - small_h) // 2, backs_w, small_h)
            centre_top = max(centre_top, info.bottom, play.bottom, say.bottom)
            placed[side] = SeatSpot(side, fan, info, _chip(play, button_h), fan.center, portrait, play, say, label)
    tops = centre_top + reach_v
    # the ring's arrow may reach into the message row (a message steps aside from it)
    bottom_edge = button_y - gap - reach_v
    # side seats: beside the centre, level with it (upper corners with three seats);
    # their plays beside them toward the centre unless that leaves the centre too narrow
    mid = (tops + bottom_edge) // 2
    centre_w = aw - 2 * (margin + block_w + gap + play_w + reach_h)
    narrow = n_seats > 2 and centre_w < card_w * 2.6
    if narrow:
        mid = (tops + bottom_edge - mini_h - say_h - 2 * gap) // 2
    sides_x = {side: ax + margin if side == "left" else ar - margin - block_w for side in sides[1:] if side != "top"}
    y0 = corner_bottom if n_seats == 3 else max(corner_bottom, mid - side_h // 2)
    say_sw = min(say_w, block_w)
    over: dict[str, int | None] = {}
    if narrow:  # the centre keeps its width: the play under the seat, the reaction over it
        taken = [*corner, *tabs.values(), *_boxes(placed.get("top"))]
        over = {side: _room_over(Box(x, y0, say_sw, side_h), say_h, gap, margin, taken) for side, x in sides_x.items()}
        # the seats as low as the one that needs it most, level with each other (at most
        # a reaction's height: the column it frees under the play)
        y0 += max((k for k in over.values() if k is not None), default=0)
    for side, x0 in sides_x.items():
        info = Box(x0, y0, block_w, side_h)
        portrait = Box(info.x + 4, info.y + (row_h - d) // 2, d, d)
        label = Box(portrait.right + 6, info.y + (row_h - name_h - tag_h) // 2, text_w, name_h + tag_h)
        fan = Box(info.x + 4, info.y + row_h, block_w - 8, small_h)
        py = info.y + (side_h - mini_h) // 2
        if narrow:
            if over[side] is not None:  # over the plate, by the portrait
                say = Box(info.x, info.y - gap - say_h, say_sw, say_h)
            else:  # no felt over it: right under the plate, the play under that
                say = Box(info.x, info.bottom + gap, say_sw, say_h)
            play = Box(info.x + (block_w - play_w) // 2, max(info.bottom, say.bottom) + gap, play_w, mini_h)
        else:
            play = Box(info.right + gap, py, play_w, mini_h) if side == "left" else Box(info.x - gap - play_w, py, play_w, mini_h)
            say = Box(info.x, info.bottom + gap, say_sw, say_h)
        placed[side] = SeatSpot(side, fan, info, _chip(play, button_h), fan.center, portrait, play, say, label)
    seats = [placed[side] for side in sides]  # in playing order

    # The centre: the trick to beat, clear of every seat's play and of its ring's arrow.
    left_edge, right_edge = ax + margin, ar - margin
    for spot in seats[1:]:
        if spot.side == "left":
            left_edge = max(left_edge, spot.play.right, spot.info.right, spot.say.right)
        elif spot.side == "right":
            right_edge = min(right_edge, spot.play.x, spot.info.x, spot.say.x)
    if n_seats == 3:  # nobody at the top: the centre may rise to the tabs' row
        tops = margin + tab_h + gap + reach_v
    label_h = round(max(12, int(font_px * 0.8)) * 1.45) + 4
    trick_w = round(min(right_edge - left_edge - 2 * reach_h, card_w * (3.4 if narrow else 4.2)))
    trick_h = round(min(max(card_h * 1.25, card_h + 2 * label_h), bottom_edge - tops))
    trick_cy = (tops + bottom_edge) // 2
    cx = (left_edge + right_edge) // 2
    trick = Box(cx - trick_w // 2, trick_cy - trick_h // 2, max(1, trick_w), max(1, trick_h))
    banner = Box(cx - round(aw * 0.22), trick.center[1] - round(font_px * 1.6), round(aw * 0.44), round(font_px * 3.2))

    right_box = side_box if right_open else Box(w - margin - right_w, side_box.y, right_w, side_box.h)
    return TableLayout(
        width=w, height=h, n_seats=n_seats, card_w=card_w, card_h=card_h, small_w=small_w, small_h=small_h,
        lift=lift, seats=tuple(seats), trick=trick, deck=(cx, trick.center[1]), buttons=buttons, log=log,
        scores=right_box, banner=banner, message=message, menu_button=menu_button, font_px=font_px,
        extra_button=extra_button, left_handed=left_handed, mini_w=mini_w, mini_h=mini_h, tracker=right_box,
        tabs=tabs, drawers=drawers, area=area, react=react,
    )


def _boxes(spot: SeatSpot | None) -> list[Box]:
    return [] if spot is None else [spot.info, spot.play, spot.say]


def _room_over(plate: Box, h: int, gap: int, margin: int, taken: list[Box]) -> int | None:
    """How far a side seat's ``plate`` must move down for a reaction ``h`` high to sit
    over it, by the portrait, on felt free of ``taken`` (the tabs, the menu, the
    Reactions button, the top seat): 0 to ``h + gap``, or None when that is not enough.
    (On a narrow table the reaction was under the seat's play, 80-100 px from its plate
    at 800x600, and read as nobody's.)"""
    above = [b for b in taken if b.x < plate.right and plate.x < b.right and b.y < plate.y]
    top = max([margin, *(b.bottom + gap for b in above)])
    down = max(0, top + h + gap - plate.y)
    return down if down <= h + gap else None


def _chip(play: Box, button_h: int) -> Box:
    """The "Pass" chip's place: the middle of the seat's play box."""
    h = min(button_h, play.h)
    return Box(play.x, play.y + (play.h - h) // 2, play.w, h)
