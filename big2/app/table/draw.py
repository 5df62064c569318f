"""Drawing the table: felt, seats, cards, trick, log, scores, banner and messages.

:class:`TableView` is the table's drawing part. Its own state is the record of what
changed on screen since the last frame (so most frames present only the areas that
moved) and the card faces still to draw ahead of play.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from big2.engine.dealnumber import format_deal_number

from big2.app.ui import assets, cardart, text
from big2.app.ui.uiscale import MIN_FONT_PX
from big2 import i18n
from big2.i18n import _, pgettext
from big2.app import vocab
from big2.app.ui.sprites import CardSprite
from big2.app.screens.common import felt
from big2.app.table.log import RecentPlays
from big2.app.table.part import TablePart
from big2.app.table.seats import draw_seats, fitted
from big2.app.table.drawers import tab_words
from big2.app.table.layout import TableLayout

if TYPE_CHECKING:
    from big2.app.table.part import Table

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (190, 200, 195)
#: How opaque the win and "Last card!" banners are (of 255).
BANNER_ALPHA = 240


class TableView(TablePart):
    """Draws the table and keeps the record of which screen areas changed."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self._last_rects: dict[int, pygame.Rect] = {}
        self._damage: list[pygame.Rect] = []
        self._deck_drawn = 0
        self._drawn_counts: list[int] = []
        #: The Recent plays panel (it scrolls through the whole hand).
        self.log = RecentPlays(table)

    def hand_started(self) -> None:
        self.log.first = None  # a new hand: follow its plays

    def handle(self, event: pygame.event.Event) -> bool:
        return self.log.handle(event)

    def warm(self, cards, size: tuple[int, int] | None = None, *, first: bool = False) -> None:
        """Have these cards' faces (at the table's card size, or ``size``) drawn ahead of
        need by the app's :class:`~big2.app.ui.cardart.Warmer`, a little each frame.
        ``first``: before those already waiting (they are needed sooner)."""
        lay = self.table.layout
        w, h = size or (lay.card_w, lay.card_h)
        # only the table's own card size sets the art cache's bound (smaller ones would
        # shrink it below what a hand at this size needs)
        self.app.warmer.add([(c, w, h, size is None) for c in cards], first=first)

    def warm_table(self) -> None:
        """Everything a hand at this layout shows: the bottom hand first, then every
        card at the opponents' size (their hands are shown face up when the hand ends),
        then at the trick's size."""
        t = self.table
        lay = t.layout
        self.app.warmer.clear()
        self.warm(t.hand.cards)
        self.warm(range(52), (lay.small_w, lay.small_h))
        self.warm(range(52))
        self.warm(range(52), (lay.mini_w, lay.mini_h))

    def animating(self) -> bool:
        return bool(self._damage)

    def paint(self, surf: pygame.Surface) -> None:
        """The whole table, then each part's own drawing, then message and banner; while
        a drawer slides, in the layout between the old and the new (see drawers.py)."""
        t = self.table
        shown = t.drawers.shown_layout()
        if shown is None:
            self._paint(surf)
            return
        final, t.layout = t.layout, shown
        try:
            self._paint(surf)
        finally:
            t.layout = final

    def _paint(self, surf: pygame.Surface) -> None:
        t = self.table
        s = t.app.settings
        surf.blit(felt(surf.get_size(), s.felt_colours), (0, 0))
        trick_area(surf, t)
        _deck(surf, t)
        draw_seats(surf, t, seat_status)
        # the centre: the play to beat (earlier plays of the trick lie before their seats)
        for _seat, cards in t.trick[-1:]:
            for c in cards:
                spr = t.sprites.get(c)
                if spr is not None:
                    self.put(spr.draw(surf, four_colour=s.four_colour, back_style=s.card_back, shadow=True), spr)
        for spr in t.sweeping:
            self.put(spr.draw(surf, four_colour=s.four_colour, back_style=s.card_back), spr)
        _hand(surf, t)
        for spr in t.flying:
            self.put(spr.draw(surf, four_colour=s.four_colour, back_style=s.card_back), spr)
        _log(surf, t)
        _scores(surf, t)
        for part in t.parts:
            part.draw(surf)
        _message(surf, t)
        _banner(surf, t)
        net = getattr(t, "net", None)
        if net is not None:  # online: "Reconnecting…" veils everything
            net.draw_over(surf)

    def put(self, real: bool, spr: CardSprite) -> None:
        """After drawing ``spr``: a stand-in for a face not drawn yet puts that face at
        the head of the warmer's queue; the window is drawn again once it is ready."""
        if not real:
            self.app.warmer.stand_in((spr.card, *spr.base))

    def damage(self, rect: pygame.Rect) -> None:
        """Mark ``rect`` for redrawing on the next frame (parts that draw call this)."""
        self._damage.append(pygame.Rect(rect))

    def damage_info(self) -> None:
        """Mark every text and marker area for redrawing (after an event or message)."""
        lay = self.table.layout
        boxes = [lay.log, lay.scores, lay.message, lay.banner]
        for spot in lay.seats:
            boxes += [spot.info, spot.play, spot.say]
        rects = [pygame.Rect(b.as_tuple()) for b in boxes]
        rects += [pygame.Rect(b.as_tuple()).inflate(8, 8) for b in (lay.tabs or {}).values()]
        rects[3] = rects[3].inflate(lay.width // 2, 80)
        rects[2].w = lay.width - rects[2].x
        rects[2].top -= 3 * lay.font_px  # a message of several lines grows upwards
        rects[2].h += 3 * lay.font_px
        rects.append(pygame.Rect(lay.trick.as_tuple()).inflate(lay.card_w, lay.card_h // 2 + 3 * lay.font_px))
        row = [pygame.Rect(b.as_tuple()) for b in lay.buttons.values()]
        rects.append(row[0].unionall(row[1:]).inflate(8, 8))
        self._damage.extend(rects)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """Where tweens moved sprites since the last frame (old and new places)."""
        t = self.table
        moved = t.tweens.take_touched()
        rects: list[pygame.Rect] = self._damage
        self._damage = []
        now: dict[int, pygame.Rect] = {}
        for obj in moved:
            if obj is t:
                rects.append(pygame.Rect(t.layout.banner.as_tuple()).inflate(t.layout.width // 2, 80))
                continue
            if not isinstance(obj, CardSprite):
                return None
            r = obj.rect()
            if obj.rotated:
                r = pygame.Rect(r.x, r.y, r.h, r.w)
            r.inflate_ip(14, 16)
            now[id(obj)] = r
            rects.append(r)
        rects.extend(self._last_rects.values())
        self._last_rects = now
        deck = t.playback.deck_left()
        if deck or self._deck_drawn:
            lay = t.layout
            rects.append(pygame.Rect(0, 0, lay.card_w + 20, lay.card_h + 30).move(lay.deck[0] - lay.card_w // 2 - 10, lay.deck[1] - lay.card_h // 2 - 20))
        self._deck_drawn = deck
        drawn = [*t.counts, len(t.revealed)]
        if drawn != self._drawn_counts:  # card counts, or hands turned face up at the end
            self._drawn_counts = drawn
            rects.extend(pygame.Rect(s.info.as_tuple()).inflate(8, 8) for s in t.layout.seats)
            rects.extend(pygame.Rect(s.fan.as_tuple()).inflate(8, 8) for s in t.layout.seats)
            rects.extend(pygame.Rect(s.play.as_tuple()).inflate(8, 8) for s in t.layout.seats)
        if len(rects) > 24:
            rects = [rects[0].unionall(rects[1:])]
        return rects


def trick_area(surf: pygame.Surface, t: Table) -> None:
    """The centre: its ring, the direction of play, the gold arrow at the seat to act and
    the line under the cards (what a replay draws too, from its own board)."""
    lay = t.layout
    r = _ring_rect(t)
    ring = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.ellipse(ring, (0, 0, 0, 40), ring.get_rect())
    pygame.draw.ellipse(ring, (255, 255, 255, 45), ring.get_rect(), 2)
    surf.blit(ring, r)
    _direction_arrow(surf, r, lay.font_px, clockwise=t.state.clockwise)
    _turn_pointer(surf, t, r)
    exchange = t.state.exchange if t.state.in_hand and not t.hand_over else None
    if exchange is not None and not t.trick and not t.playback.queue:
        loser, winner = exchange
        back_to = vocab.about(t.state, loser, _("you"), "{name}")
        line = vocab.about(t.state, winner, _("You give a card back to {other}"), _("{name} gives a card back to {other}"), other=back_to)
        text.draw(surf, line, max(12, int(lay.font_px * 0.8)), (r.centerx, r.centery), DIM, anchor="center")
    elif t.owner is not None and t.trick:
        size, room = centre_line(lay)
        y = lay.trick.bottom - lay.trick_label_h + 2
        room = max(room, _felt_across(t, r.centerx, y, lay.trick_label_h))
        words, size = _to_beat(t, size, room)
        text.draw(surf, words, size, (r.centerx, y), GOLD, anchor="midtop", max_width=room)
    elif t.state.in_hand and not t.hand_over and t.turn is not None and not t.trick:
        text.draw(surf, vocab.about(t.state, t.turn, _("You lead"), _("{name} leads")), max(12, int(lay.font_px * 0.8)), (r.centerx, r.centery), DIM, anchor="center")


def _to_beat(t: Table, size: int, room: int) -> tuple[str, int]:
    """"★ Bo's play to beat" in ``room`` pixels: as it is, in slightly smaller type, else
    with the name (never the sentence) shortened: "★ Madam W…'s play to beat"."""
    you, named = _("Your play to beat"), _("{name}'s play to beat")
    words, small = fitted("★ " + vocab.about(t.state, t.owner, you, named), size, room)
    if not words.endswith("…") or vocab.alone(t.state, t.owner):
        return words, small
    name = vocab.seat_name(t.state, t.owner)
    for k in range(len(name) - 1, 0, -1):
        words = "★ " + named.format(name=name[:k].rstrip() + "…")
        if text.fits(words, small, room):
            return words, small
    return words, small


def _felt_across(t: Table, cx: int, y: int, h: int) -> int:
    """How wide a line centred at ``cx`` from ``y`` down ``h`` may be on the felt: to the
    nearest side seat's plate, play or reaction place (a long line under the centre's
    cards may reach past its ring rather than be squeezed)."""
    lay = t.layout
    lo, hi = lay.area.x + 8, lay.area.right - 8
    for spot in lay.seats[1:]:
        for b in (spot.info, spot.play, spot.say):
            if b.y < y + h and y < b.bottom:
                if b.right <= cx:
                    lo = max(lo, b.right + 8)
                elif b.x >= cx:
                    hi = min(hi, b.x - 8)
    return max(0, 2 * min(cx - lo, hi - cx))


def _deck(surf: pygame.Surface, t: Table) -> None:
    """The undealt cards in the middle while the deal runs: a stack that shrinks."""
    left = t.playback.deck_left()
    if not left:
        return
    lay = t.layout
    img = cardart.back(lay.card_w, lay.card_h, style=t.app.settings.card_back)
    x, y = lay.deck[0] - lay.card_w // 2, lay.deck[1] - lay.card_h // 2
    layers = min(8, (left + 6) // 7)
    for i in range(layers):
        surf.blit(img, (x - i, y - i * 2))


_ring_cache: dict[tuple[object, ...], pygame.Surface] = {}


def _cached(key: tuple[object, ...], make) -> pygame.Surface:
    """A drawn layer kept by its key (a few sizes at most: cleared when it grows)."""
    img = _ring_cache.get(key)
    if img is None:
        if len(_ring_cache) > 24:
            _ring_cache.clear()
        img = _ring_cache[key] = make()
    return img


def _direction_arrow(surf: pygame.Surface, r: pygame.Rect, font_px: int, *, clockwise: bool = False) -> None:
    """Curved arrows on the trick's ring showing which way the turn passes.

    Each is an arc with a tail and a long, narrow head, so its direction reads at a
    glance (a lone triangle reads either way). Seats are numbered anticlockwise (bottom,
    right, top, left on screen); a clockwise table passes the other way.
    """
    surf.blit(_cached(("dir", r.size, font_px, clockwise), lambda: _direction_layer(r.size, font_px, clockwise)), r)


def _direction_layer(size: tuple[int, int], font_px: int, clockwise: bool) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    a, b = size[0] / 2, size[1] / 2
    head = max(9.0, font_px * 0.75)
    width = max(2, round(font_px / 7))
    sign = -1 if clockwise else 1
    colour = (255, 255, 255, 150)

    def at(deg: float) -> tuple[float, float]:
        t = math.radians(deg)
        return a + a * math.cos(t), b - b * math.sin(t)

    for mid in (45, 135, 225, 315):
        start, end = mid - 16 * sign, mid + 14 * sign  # the arc runs the way play passes
        steps = 12
        pts = [at(start + (end - start) * i / steps) for i in range(steps + 1)]
        pygame.draw.lines(layer, colour, False, pts, width)
        # the head: from the arc's last point, along the direction of travel
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        tx, ty = x1 - x0, y1 - y0
        n = math.hypot(tx, ty) or 1.0
        tx, ty = tx / n, ty / n
        nx, ny = -ty, tx
        tip = (x1 + tx * head, y1 + ty * head)
        pygame.draw.polygon(layer, colour, [tip, (x1 + nx * head * 0.5, y1 + ny * head * 0.5), (x1 - nx * head * 0.5, y1 - ny * head * 0.5)])
    return layer


def turn_pointer_rect(t: Table) -> pygame.Rect | None:
    """Where the gold turn arrow is drawn (its whole image, glow included), or None
    when no seat is to play. The message bubble keeps its text clear of it."""
    if t.turn is None or t.hand_over or not t.state.in_hand:
        return None
    lay = t.layout
    r = _ring_rect(t)
    side = lay.seats[t.pos_of(t.turn)].side
    size = _pointer_size(lay.font_px)
    centre = {"bottom": (r.centerx, r.bottom + size // 2), "top": (r.centerx, r.top - size // 2),
              "left": (r.left - size // 2, r.centery), "right": (r.right + size // 2, r.centery)}[side]
    img = _cached(("turn", size, side), lambda: _pointer(size, side))
    return img.get_rect(center=centre)


def _pointer_size(font_px: int) -> int:
    return max(14, round(font_px * 1.1))


def _ring_rect(t: Table) -> pygame.Rect:
    return ring_rect(t.layout)


def ring_rect(lay: TableLayout) -> pygame.Rect:
    """The trick's ring: the trick area with a little room round the cards."""
    return pygame.Rect(lay.trick.as_tuple()).inflate(lay.card_w * 0.3, lay.card_h * 0.12)


def centre_line(lay: TableLayout) -> tuple[int, int]:
    """The line under the centre's cards ("★ Bo's play to beat"): its type size and the
    widest it may be drawn (the ring's width less a little at each end)."""
    size = max(12, int(lay.font_px * 0.8))
    return size, ring_rect(lay).w - 2 * size


def _turn_pointer(surf: pygame.Surface, t: Table, r: pygame.Rect) -> None:
    """A gold arrow on the ring's edge pointing at the seat whose turn it is."""
    rect = turn_pointer_rect(t)
    if rect is None:
        return
    side = t.layout.seats[t.pos_of(t.turn)].side
    surf.blit(_cached(("turn", _pointer_size(t.layout.font_px), side), lambda: _pointer(_pointer_size(t.layout.font_px), side)), rect)


def _pointer(size: int, side: str) -> pygame.Surface:
    """A chevron-tailed arrow, gold with a dark rim, pointing towards ``side``."""
    pad = 4
    img = pygame.Surface((size * 2 + pad * 2, size * 2 + pad * 2), pygame.SRCALPHA)
    c = size + pad
    # pointing down, then turned
    pts = [(c, c + size), (c - size * 0.8, c - size * 0.05), (c - size * 0.3, c - size * 0.05),
           (c - size * 0.3, c - size), (c + size * 0.3, c - size), (c + size * 0.3, c - size * 0.05),
           (c + size * 0.8, c - size * 0.05)]
    glow = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(glow, (255, 214, 102, 70), pts, 0)
    glow = pygame.transform.smoothscale(pygame.transform.smoothscale(glow, (img.get_width() // 4, img.get_height() // 4)), img.get_size())
    img.blit(glow, (0, 0))
    pygame.draw.polygon(img, (245, 200, 90), pts)
    pygame.draw.polygon(img, (60, 40, 10), pts, 2)
    angle = {"bottom": 0, "right": 90, "top": 180, "left": -90}[side]
    return pygame.transform.rotate(img, angle) if angle else img


def group_marks(t: Table) -> list[pygame.Rect]:
    """The gold bars over the groups of two or more cards while the hand is arranged by
    combinations (with the wider gaps between groups, they show where each ends)."""
    gaps = t.hand_gaps()
    cards = t.hand.cards
    if not gaps or not t.hand_visible:
        return []
    lay = t.layout
    starts = [0, *sorted(gaps), len(cards)]
    y = lay.seats[0].fan.bottom - lay.card_h - max(4, lay.lift // 3)
    marks = []
    for a, b in zip(starts, starts[1:]):
        group = [t.sprites.get(c) for c in cards[a:b]]
        if len(group) < 2 or any(spr is None for spr in group):
            continue
        after = t.sprites.get(cards[b]) if b < len(cards) else None  # the next group covers the rest
        end = group[-1].x + group[-1].w if after is None else min(after.x, group[-1].x + group[-1].w)
        left, right = round(group[0].x) + 3, round(end) - max(6, lay.card_w // 12)
        marks.append(pygame.Rect(left, y, right - left, max(3, lay.lift // 8)))
    return marks


def _hand(surf: pygame.Surface, t: Table) -> None:
    s = t.app.settings
    lay = t.layout
    for mark in group_marks(t):  # under the cards: a lifted card covers its part
        pygame.draw.rect(surf, GOLD, mark, border_radius=mark.h // 2)
    focus_card = None
    if t.hand.cards and t.awaiting_human and 0 <= t.hand.focus < len(t.hand.cards):
        focus_card = t.hand.cards[t.hand.focus]
    dragging = t.input.dragging()
    received = t.state.exchange_card if t.exchange.giving_back is not None else None
    for c in t.hand.cards:
        if c == dragging:
            continue
        spr = t.sprites.get(c)
        if spr is None:
            continue
        if c in t.hand.selected and t.hand_visible:
            glow = cardart.outline(round(spr.w), round(spr.h), (255, 220, 90))
            surf.blit(glow, (round(spr.x) - 4, round(spr.y) - 4))
        t.view.put(spr.draw(surf, four_colour=s.four_colour, back_style=s.card_back, shadow=True), spr)
        if c == received and t.hand_visible:
            _received_tag(surf, spr.rect(), min(spr.w, lay.hand_step(len(t.hand.cards), len(t.hand_gaps()))), lay.font_px)
        if c == focus_card and t.hand_visible:
            r = spr.rect()
            pygame.draw.line(surf, (120, 200, 255), (r.x + 6, r.bottom - 5), (r.x + min(r.w, lay.hand_step(len(t.hand.cards), len(t.hand_gaps()))) - 4, r.bottom - 5), 4)
    if dragging is not None and dragging in t.sprites:
        spr = t.sprites[dragging]
        t.view.put(spr.draw(surf, four_colour=s.four_colour, back_style=s.card_back, shadow=True), spr)
    if not t.hand_visible and t.hand.cards and not t.hand_over:
        fan = lay.seats[0].fan
        label = text.render(_("{name}'s hand is hidden").format(name=vocab.seat_name(t.state, t.viewer)), lay.font_px, WHITE, bold=True)
        box = label.get_rect(center=(fan.center[0], fan.bottom - lay.card_h // 2)).inflate(28, 14)
        text.panel(surf, box, alpha=200, radius=box.h // 2, border=(200, 200, 200))
        surf.blit(label, label.get_rect(center=box.center))


def _received_tag(surf: pygame.Surface, r: pygame.Rect, visible: float, font_px: int) -> None:
    """A small "new" tag on the card the exchange just brought, while a card is given back."""
    label = text.render(pgettext("just received", "new"), max(11, int(font_px * 0.7)), (40, 30, 0), bold=True)
    box = label.get_rect().inflate(10, 4)
    box.midbottom = (r.x + int(visible) // 2, r.bottom - 12)
    pygame.draw.rect(surf, GOLD, box, border_radius=box.h // 2)
    surf.blit(label, label.get_rect(center=box.center))


def seat_status(t: Table, seat: int) -> str | None:
    """The line under a seat's name: only the seat whose turn it is has one ("thinking…",
    "your turn"); a seat that has acted, gone out or lost the trick has none."""
    net = getattr(t, "net", None)
    if net is not None and seat in net.left:  # online: their person left for good
        return _("left: the computer plays")
    if net is not None and seat in net.away and not t.hand_over:  # online: their person dropped
        return _("away: the computer plays")
    if seat != t.turn or t.hand_over:
        return None
    if t.exchange.giving_back is not None or t.state.exchange is not None:
        if seat == t.viewer and t.awaiting_human:
            return _("give a card back")
        return _("giving a card back…") if not t.state.is_person(seat) else _("to give a card back")
    if seat == t.viewer and t.awaiting_human:
        return _("your turn")
    return _("thinking…") if not t.state.is_person(seat) else _("to play")


def _log(surf: pygame.Surface, t: Table) -> None:
    if any(getattr(part, "covers_log", False) for part in t.parts):
        return  # a part's panel (a lesson) has the drawer
    if "plays" in t.layout.drawers:
        t.view.log.draw(surf)


def _scores(surf: pygame.Surface, t: Table) -> None:
    lay = t.layout
    if "scores" not in lay.drawers:
        return
    box = pygame.Rect(lay.scores.as_tuple())
    text.panel(surf, box, alpha=255 if t.app.settings.high_contrast else 225, radius=8, border=(108, 133, 150))
    fp = max(12, int(lay.font_px * 0.8))
    m = t.state
    y = box.y + 6
    tr = i18n.current()
    heading = tab_words(t)["scores"]
    text.draw(surf, heading, fp, (box.x + 8, y), GOLD, bold=True)
    y += fp * 1.4
    for seat in range(m.n_players):
        text.draw(surf, vocab.seat_name(m, seat), fp, (box.x + 8, y), WHITE, max_width=box.w - 70)
        text.draw(surf, tr.signed(m.totals[seat]), fp, (box.right - 8, y), WHITE, anchor="topright")
        y += fp * 1.3
    number = m.deal_number
    if number is not None:
        y += fp * 0.2
        text.draw(surf, pgettext("deal number", "Deal"), fp, (box.x + 8, y), DIM)
        text.draw(surf, format_deal_number(number), fp, (box.right - 8, y), DIM, anchor="topright")


def _message(surf: pygame.Surface, t: Table) -> None:
    """The engine's reason for a refused play, a hint, a notice: wrapped to as many lines
    as it needs (nothing cut), centred over the hand, or beside the gold turn arrow when
    centred it would cover the arrow or the arrow a word of it; where there is no felt
    beside the arrow clear of the pile, over the top edge of your hand."""
    if t.message is None:
        return
    lay = t.layout
    msg, _shown_at, colour = t.message
    msg = str(msg)  # a worded-later line in the language of the moment
    box = pygame.Rect(lay.message.as_tuple())
    four = t.app.settings.four_colour
    arrow = turn_pointer_rect(t)
    r, size, lines = _bubble(msg, box, lay.font_px, box.centerx, box.w)  # never wider than its row
    if arrow is not None and r.colliderect(arrow):
        gap = max(6, lay.font_px // 2)
        right_room = box.right - (arrow.right + gap)
        left_room = (arrow.left - gap) - box.left
        if right_room >= left_room:
            r, size, lines = _bubble(msg, box, lay.font_px, None, right_room)
            r.left = arrow.right + gap
        else:
            r, size, lines = _bubble(msg, box, lay.font_px, None, left_room)
            r.right = arrow.left - gap
        ring = _ring_rect(t)
        if covers_ring(r, ring):  # beside the arrow, on the ring's edge: wider, clear of it
            first = right_room >= left_room
            taken = [pygame.Rect(b.as_tuple()) for spot in lay.seats for b in (spot.info, spot.play, spot.say)]
            for right in (first, not first):
                found = _aside(msg, box, lay.font_px, ring, arrow, gap, right, _row_edge(t, box, arrow, right))
                if found is not None and found[0].collidelist(taken) < 0:
                    r, size, lines = found
                    break
        pile = pygame.Rect(lay.trick.as_tuple())
        if r.colliderect(pile) or r.colliderect(arrow):
            # no free felt beside the arrow (a small window, larger cards): over your
            # hand's top edge, under the buttons, as wide as the row
            r, size, lines = _bubble(msg, box, lay.font_px, box.centerx, box.w)
            r.top = lay.seats[0].fan.y
    text.panel(surf, r, alpha=185)
    line_h = assets.font(size).get_linesize()
    y = r.centery - line_h * len(lines) // 2
    for line in lines:
        text.draw(surf, line, size, (r.centerx, y), colour, anchor="midtop", suits="light", four_colour=four)
        y += line_h


def _aside(msg: str, box: pygame.Rect, font_px: int, ring: pygame.Rect, arrow: pygame.Rect, gap: int, right: bool,
           edge: int) -> tuple[pygame.Rect, int, list[str]] | None:
    """A bubble beside the arrow (to its right, else its left) reaching at most to
    ``edge``, stepped out until it is clear of the ring; None if there is no such place."""
    inner = arrow.right + gap if right else arrow.left - gap
    for _try in range(4):
        room = (edge - inner) if right else (inner - edge)
        if room <= 40:
            return None
        r, size, lines = _bubble(msg, box, font_px, None, room)
        if len(lines) > 3:  # a column of words reads worse than the notice's place
            return None
        if right:
            r.left = inner
        else:
            r.right = inner
        if not covers_ring(r, ring):
            return r, size, lines
        # step out to where the ring's edge is at the bubble's top
        dy = min(1.0, abs(r.top - ring.centery) / max(1, ring.h / 2))
        half = ring.w / 2 * (1 - dy * dy) ** 0.5
        inner = round(ring.centerx + half + gap) if right else round(ring.centerx - half - gap)
    return None


def covers_ring(r: pygame.Rect, ring: pygame.Rect) -> bool:
    """Whether rect ``r`` reaches into the centre's ring (the ellipse in ``ring``)."""
    px, py = min(max(ring.centerx, r.left), r.right), min(max(ring.centery, r.top), r.bottom)
    a, b = max(1, ring.w / 2), max(1, ring.h / 2)
    return ((px - ring.centerx) / a) ** 2 + ((py - ring.centery) / b) ** 2 < 1


def _row_edge(t: Table, box: pygame.Rect, arrow: pygame.Rect, right: bool) -> int:
    """How far a message bubble beside the arrow may reach on the felt (to the right,
    else to the left): to the table's room's edge, short of any seat, play, reaction
    place or open drawer in the rows above the buttons."""
    lay = t.layout
    band = pygame.Rect(lay.area.x, box.bottom - 4 * lay.font_px, lay.area.w, 4 * lay.font_px)
    edge = lay.area.right - 8 if right else lay.area.x + 8
    taken = [b for spot in lay.seats for b in (spot.info, spot.play, spot.say)] + list(lay.shown_panels().values())
    for b in taken:
        rect = pygame.Rect(b.as_tuple())
        if not rect.colliderect(band):
            continue
        if right and rect.x >= arrow.right:
            edge = min(edge, rect.x - 8)
        elif not right and rect.right <= arrow.left:
            edge = max(edge, rect.right + 8)
    return edge


def _bubble(msg: str, box: pygame.Rect, font_px: int, centre_x: int | None, room: int) -> tuple[pygame.Rect, int, list[str]]:
    """The message bubble for ``msg`` at most ``room`` pixels wide: its rect (bottom on
    the message row's, centred on ``centre_x`` if given), font size and lines. One line
    at the table's size if it fits, else smaller type on as many lines as it takes."""
    size = font_px
    lines = text.wrap(msg, size, max(40, room - 24))
    if len(lines) > 1:
        size = max(MIN_FONT_PX, int(font_px * 0.8))
        lines = text.wrap(msg, size, max(40, room - 24))
    line_h = assets.font(size).get_linesize()
    w = max(text.width_of(line, size) for line in lines) + 24
    h = max(box.h, line_h * len(lines) + 8)
    r = pygame.Rect(0, 0, w, h)
    r.midbottom = (box.centerx if centre_x is None else centre_x, box.bottom)
    return r, size, lines


def _banner(surf: pygame.Surface, t: Table) -> None:
    if t.banner is None:
        return
    lay = t.layout
    msg, _, colour = t.banner
    size = max(18, int(lay.font_px * 2.0 * max(0.2, t.banner_scale)))
    img = text.render(msg, size, colour, bold=True)
    box = pygame.Rect(lay.banner.as_tuple())
    r = img.get_rect(center=box.center).inflate(40, 18)
    # all but opaque: the cards under it must not show through the words
    text.panel(surf, r, alpha=BANNER_ALPHA, radius=r.h // 2, border=colour)
    surf.blit(img, img.get_rect(center=box.center))
