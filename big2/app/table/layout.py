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
    """Where one seat lives on screen.

    ``side`` is bottom/right/top/left. ``fan`` is the box the seat's cards occupy (for
    opponents: small card backs; for the bottom seat: the full-size hand). ``info`` is the
    name plate (name, card count, score). ``badge`` is where "Pass" or a turn marker
    shows; ``origin`` is the point a play by this seat flies from.
    """

    side: str
    fan: Box
    info: Box
    badge: Box
    origin: tuple[int, int]


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
        """Top-left corners of ``n`` small card backs for the seat at ``position``.

        Left and right seats stack their backs vertically (drawn turned a quarter, so
        each occupies ``small_h`` wide by ``small_w`` high); top seats fan horizontally.
        """
        if n <= 0:
            return []
        spot = self.seats[position]
        fan = spot.fan
        if spot.side in ("left", "right"):
            cw, ch = self.small_h, self.small_w
            step = min(ch * 0.35, (fan.h - ch) / max(n - 1, 1))
            total = ch + step * (n - 1)
            y0 = fan.y + (fan.h - total) / 2
            x = fan.x + (fan.w - cw) // 2
            return [(x, round(y0 + i * step)) for i in range(n)]
        cw, ch = self.small_w, self.small_h
        step = min(cw * 0.35, (fan.w - cw) / max(n - 1, 1))
        total = cw + step * (n - 1)
        x0 = fan.x + (fan.w - total) / 2
        y = fan.y + (fan.h - ch) // 2
        return [(round(x0 + i * step), y) for i in range(n)]

    # The trick ----------------------------------------------------------------------

    def trick_positions(self, n: int, layer: int = 0) -> list[tuple[int, int]]:
        """Top-left corners for a play of ``n`` cards on the trick pile.

        Older plays sit under newer ones; ``layer`` nudges each play so the one
        beneath peeks out.
        """
        if n <= 0:
            return []
        step = min(self.card_w * 0.55, (self.trick.w - self.card_w) / max(n - 1, 1))
        total = self.card_w + step * (n - 1)
        cx, cy = self.trick.center
        dx = (0, 1, -1)[layer % 3] * self.card_w * 0.12
        dy = (layer % 2) * self.card_h * -0.08
        x0 = cx - total / 2 + dx
        y = cy - self.card_h / 2 + dy
        return [(round(x0 + i * step), round(y)) for i in range(n)]


def sides_for(n_seats: int) -> tuple[str, ...]:
    """The screen side of each position for a table of ``n_seats`` (2..4)."""
    if n_seats not in _SIDES:
        raise ValueError(f"a table seats 2 to 4 players, not {n_seats}")
    return _SIDES[n_seats]


def compute_layout(width: int, height: int, n_seats: int = 4, *, max_hand: int = 13, min_button_w: int = 0,
                   card_scale: float = 1.0, left_handed: bool = False) -> TableLayout:
    """Lay out a table for a window of ``width`` x ``height`` pixels.

    Sizes below :data:`MIN_SIZE` are laid out as if they were the minimum (the window
    enforces the minimum; this keeps the arithmetic safe if a resize races it).
    ``max_hand`` is the largest hand the bottom seat may hold (13, 17 or 21).
    ``min_button_w`` is the width the action buttons' words need (they never get less,
    as long as the row fits beside the hand).
    ``card_scale`` (> 1: "larger cards and text") makes the cards and the table's text
    that much larger, as far as the hand still fits the window. ``left_handed`` mirrors
    the bottom seat's name plate and action buttons (Play nearest the left edge).
    """
    scale = max(1.0, min(card_scale, 1.5))
    plain = _layout(width, height, n_seats, max_hand, min_button_w, 1.0, 1.0, left_handed)
    if scale <= 1.0:
        return plain
    # as large as the window allows: the trick in the middle must still hold a card and
    # clear the corner panels; cards give way a little before type does
    steps = [i / 20 for i in range(round((scale - 1.0) * 20), -1, -1)]  # 0.25, 0.2, … 0
    most = (scale - 1.0) * 0.8  # type grows a little less than cards
    for cards, words in sorted({(c, min(c + 0.05, most)) for c in steps} | {(0.0, min(w, most)) for w in steps},
                               key=lambda p: (-(p[0] + p[1]), -p[0])):
        bigger = _layout(width, height, n_seats, max_hand, min_button_w, 1.0 + cards, 1.0 + words, left_handed)
        t = bigger.trick
        if t.h >= bigger.card_h * 1.1 and not t.overlaps(bigger.log) and not t.overlaps(bigger.scores):
            return bigger
    return plain


def _layout(width: int, height: int, n_seats: int, max_hand: int, min_button_w: int,
            card_scale: float, text_scale: float, left_handed: bool) -> TableLayout:
    sides = sides_for(n_seats)
    w = max(width, MIN_SIZE[0])
    h = max(height, MIN_SIZE[1])
    unit = min(w / 1280, h / 720)
    margin = max(8, round(12 * unit))
    font_px = scaled_font(18 * text_scale, ui_scale((w, h)))  # the menus' scale: one size of type everywhere

    # Card sizes: the hand gets about a fifth of the height, but must fit max_hand cards
    # across the fan with at least a readable corner showing.
    side_w = round(max(130, 190 * unit))  # info columns for left/right opponents
    fan_w = w - 2 * side_w - 2 * margin

    def fitted(card_h: int) -> int:
        card_w = round(card_h * CARD_RATIO)
        min_step = max(card_w * 0.33, 22)
        need = card_w + min_step * (max_hand - 1)
        if need > fan_w:
            # shrink until max_hand fits with its corners readable
            card_h = round(card_h * fan_w / need)
        return card_h

    usual = min(h * 0.22, w * 0.2)
    card_h = max(fitted(round(usual)), fitted(round(usual * card_scale)))
    card_w = round(card_h * CARD_RATIO)
    small_h = max(40, round(card_h * 0.52))
    small_w = round(small_h * CARD_RATIO)
    lift = round(card_h * 0.18)

    plate_w = round(max(150, 200 * unit) * text_scale)
    plate_h = round(font_px * 4.0)
    button_h = round(max(32, 40 * unit))

    # Corners: recent plays at top left, totals at top right under the menu button.
    menu_button = Box(w - margin - round(max(84, 100 * unit)), margin, round(max(84, 100 * unit)), button_h)
    log_w = round(max(215, 240 * unit))
    log = Box(margin, margin, log_w, round(font_px * 1.4 * 5.5))
    # the totals: a heading, a line per seat, and the hand's deal number
    score_w = round(max(170, 240 * unit))
    scores = Box(w - margin - score_w, menu_button.bottom + margin // 2, score_w, round(font_px * 1.4 * (n_seats + 2.1)))
    corner_bottom = max(log.bottom, scores.bottom) + margin
    bottom_info_y = h - margin - plate_h

    # Bottom: hand fan, with the name plate to its left and buttons above it.
    hand_fan = Box(side_w + margin, h - margin - card_h - lift, fan_w, card_h + lift)
    button_y = hand_fan.y - button_h - margin // 2
    seats: list[SeatSpot] = []
    for side in sides:
        if side == "bottom":
            info = Box(margin, h - margin - plate_h, min(plate_w, side_w - margin), plate_h)
            badge = Box(hand_fan.center[0] - 70, button_y - button_h - margin // 2, 140, button_h)
            seats.append(SeatSpot(side, hand_fan, info, badge, (hand_fan.center[0], hand_fan.y + card_h // 2)))
        elif side == "top":
            top_fan_w = min(round(w * 0.4), round(small_w + small_w * 0.35 * (max_hand - 1)) + 4)
            fan = Box((w - top_fan_w) // 2, margin, top_fan_w, small_h)
            info = Box(w // 2 - plate_w // 2, fan.bottom + margin // 2, plate_w, plate_h)
            badge = Box(fan.center[0] - 60, fan.center[1] - button_h // 2, 120, button_h)
            seats.append(SeatSpot(side, fan, info, badge, fan.center))
        else:
            # Left and right: vertical stacks of backs beside a name plate.
            top_y = max(corner_bottom, round(h * 0.26))
            room = bottom_info_y - margin - plate_h - margin // 2 - top_y
            fan_h = round(min(h * 0.42, room, small_w + small_w * 0.35 * (max_hand - 1) + 4))
            fan_x = margin if side == "left" else w - margin - small_h
            fan = Box(fan_x, top_y, small_h, fan_h)
            if side == "left":
                info = Box(margin, fan.bottom + margin // 2, min(plate_w, side_w - margin), plate_h)
                badge = Box(fan.right + margin, fan.center[1] - button_h // 2, 110, button_h)
            else:
                pw = min(plate_w, side_w - margin)
                info = Box(w - margin - pw, fan.bottom + margin // 2, pw, plate_h)
                badge = Box(fan.x - margin - 110, fan.center[1] - button_h // 2, 110, button_h)
            seats.append(SeatSpot(side, fan, info, badge, fan.center))

    # Trick pile: the middle of the felt, clear of every seat.
    trick_w = round(min(w * 0.46, card_w + card_w * 0.55 * 4 + card_w))
    top_edge = margin + small_h + (plate_h + margin if "top" in sides else 0)
    bottom_edge = button_y - button_h - margin
    trick_h = round(min(card_h * 1.35, bottom_edge - top_edge - margin))
    trick_cy = round((top_edge + bottom_edge) / 2)
    trick = Box(w // 2 - trick_w // 2, trick_cy - trick_h // 2, trick_w, trick_h)

    # Buttons: a row above the hand, right-aligned with the fan.
    names = ("sort", "hint", "pass", "play")
    bw = round(max(84, 110 * unit, min_button_w))
    gap = margin // 2 + 2
    row_w = bw * len(names) + gap * (len(names) - 1)
    bx = hand_fan.right - row_w
    buttons = {name: Box(bx + i * (bw + gap), button_y, bw, button_h) for i, name in enumerate(names)}
    extra_button = Box(bx - gap - bw, button_y, bw, button_h)
    if left_handed:
        # the hand's controls mirrored about the window's middle: Play at the left end
        def mirror(b: Box) -> Box:
            return Box(w - b.right, b.y, b.w, b.h)

        buttons = {name: mirror(b) for name, b in buttons.items()}
        extra_button = mirror(extra_button)
        bottom = seats[0]
        seats[0] = SeatSpot(bottom.side, bottom.fan, mirror(bottom.info), mirror(bottom.badge), bottom.origin)

    banner = Box(w // 2 - round(w * 0.22), trick.center[1] - round(font_px * 1.6), round(w * 0.44), round(font_px * 3.2))
    # Messages (the engine's reasons, hints) get the whole row above the buttons.
    message = Box(hand_fan.x, button_y - button_h - margin // 2, hand_fan.w, button_h)
    deck = (w // 2, trick.center[1])

    return TableLayout(
        width=w,
        height=h,
        n_seats=n_seats,
        card_w=card_w,
        card_h=card_h,
        small_w=small_w,
        small_h=small_h,
        lift=lift,
        seats=tuple(seats),
        trick=trick,
        deck=deck,
        buttons=buttons,
        log=log,
        scores=scores,
        banner=banner,
        message=message,
        menu_button=menu_button,
        font_px=font_px,
        extra_button=extra_button,
        left_handed=left_handed,
    )
