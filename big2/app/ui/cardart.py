"""Cards drawn by the program: crisp faces and backs at any size.

Suits are vector shapes (circles and polygons) drawn large and smooth-scaled down, so
they stay sharp at any size and need no font glyphs. Ranks use the shipped DejaVu fonts.
Every image is cached by (what, size, style) in a bounded cache (:class:`SurfaceCache`):
the least recently used images go once the cache holds more than room for a table's worth
of cards at the size last drawn, so resizing the window never grows memory without
bound. :func:`clear_cache` drops them all (needed after ``pygame.quit()`` and harmless
otherwise).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque

import pygame

from big2.engine.cards import RANK_NAMES

from . import assets
from .courtart import draw_court

FACE = (250, 249, 244)
EDGE = (120, 120, 120)
TWO_COLOUR = ((200, 16, 46), (25, 25, 25), (200, 16, 46), (25, 25, 25))
FOUR_COLOUR = ((22, 92, 196), (24, 128, 56), (200, 16, 46), (25, 25, 25))
COURT_TINT = ((232, 238, 252), (230, 245, 232), (252, 232, 232), (236, 236, 240))
#: The lattice backs: (field, lines, border). "navy_gold" and "lacquer" are drawn apart.
BACK_STYLES = {
    "blue": ((28, 58, 128), (64, 104, 190), (235, 235, 245)),
    "red": ((128, 24, 36), (190, 64, 72), (245, 235, 235)),
}
#: The deck styles of the themes (big2.app.themes): the faces' paper and edge colours,
#: and the edge's width in supersampled pixels per supersampling step.
DECK_STYLES = {
    "standard": (FACE, EDGE, 1),
    "silver": ((250, 250, 252), (150, 162, 182), 2),
    "ivory": ((247, 238, 216), (150, 120, 80), 1),
}
GOLD = (222, 178, 52)
GOLD_LIGHT = (245, 210, 122)
# The high-contrast deck: pure white faces with a black rim, deeper suit colours, plain
# white court frames, and backs with a wide white border (they stand out on any felt).
HC_FACE = (255, 255, 255)
HC_EDGE = (0, 0, 0)
HC_TWO_COLOUR = ((190, 0, 20), (0, 0, 0), (190, 0, 20), (0, 0, 0))
HC_FOUR_COLOUR = ((0, 60, 200), (0, 110, 30), (190, 0, 20), (0, 0, 0))
#: Whether faces and backs are drawn in the high-contrast style (see :func:`set_high_contrast`).
_high_contrast = False
#: The deck style faces are drawn in (see :func:`set_deck`).
_deck = "standard"

class SurfaceCache:
    """Surfaces by key, least recently used first out, bounded by their pixel bytes.

    The bound follows the card size last drawn: room for ``cards_room`` images of that
    size (a whole deck face up, backs, shadows and outlines), and never less than
    ``min_bytes``. Safe to use from several threads.
    """

    def __init__(self, *, min_bytes: int = 8 << 20, cards_room: int = 80) -> None:
        self.min_bytes = min_bytes
        self.cards_room = cards_room
        self._items: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._sizes: dict[tuple[object, ...], int] = {}
        self.bytes = 0
        self.limit = min_bytes
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        with self._lock:
            img = self._items.get(key)
            if img is not None:
                self._items.move_to_end(key)
            return img

    def put(self, key: tuple[object, ...], img: pygame.Surface, *, card_size: bool = False) -> pygame.Surface:
        """Keep ``img``; ``card_size`` marks a whole card's image, which sets the bound."""
        size = img.get_width() * img.get_height() * 4
        with self._lock:
            if card_size:
                self.limit = max(self.min_bytes, self.cards_room * size)
            old = self._sizes.pop(key, None)
            if old is not None:
                self.bytes -= old
            self._items[key] = img
            self._items.move_to_end(key)
            self._sizes[key] = size
            self.bytes += size
            while self.bytes > self.limit and len(self._items) > 1:
                gone, _ = self._items.popitem(last=False)
                self.bytes -= self._sizes.pop(gone)
        return img

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._sizes.clear()
            self.bytes = 0
            self.limit = self.min_bytes

    def mark(self) -> None:
        """Note this moment (the window changed size): :meth:`forget_unused` then drops
        every image not drawn or used since."""
        with self._lock:
            self._items.pop(_MARK, None)
            self._sizes.pop(_MARK, None)
            self._items[_MARK] = _MARK_IMAGE
            self._sizes[_MARK] = 0

    def forget_unused(self) -> None:
        """Drop the images not used since :meth:`mark` (least recently used come first,
        so they are the ones before the mark); without a mark, nothing."""
        with self._lock:
            if _MARK not in self._items:
                return
            while self._items:
                key, _ = self._items.popitem(last=False)
                self.bytes -= self._sizes.pop(key)
                if key == _MARK:
                    break


_MARK: tuple[object, ...] = ("-mark-",)
_MARK_IMAGE = pygame.Surface((0, 0))


_cache = SurfaceCache()


def clear_cache() -> None:
    _cache.clear()
    _drawn_at.clear()


assets.also_clear(clear_cache)  # assets.clear_caches drops the card images with the fonts


def set_high_contrast(on: bool) -> bool:
    """Draw faces and backs in the high-contrast style (or not) from now on; the images
    drawn in the other style are dropped. Cheap when nothing changes (the app calls it
    every frame with the setting). Returns whether the style changed."""
    global _high_contrast
    on = bool(on)
    if on == _high_contrast:
        return False
    _high_contrast = on
    clear_cache()
    return True


def set_deck(style: str) -> bool:
    """Draw faces in the deck ``style`` (a key of :data:`DECK_STYLES`; unknown ones draw
    the standard deck) from now on; the faces drawn in another style are dropped. Cheap
    when nothing changes (the app calls it every frame with the theme's deck). Returns
    whether the style changed. High contrast draws its own deck over any style."""
    global _deck
    style = style if style in DECK_STYLES else "standard"
    if style == _deck:
        return False
    _deck = style
    clear_cache()
    return True


def deck() -> str:
    """The deck style faces are drawn in now."""
    return _deck


def high_contrast() -> bool:
    """Whether cards are drawn in the high-contrast style now."""
    return _high_contrast


def suit_colour(suit: int, *, four_colour: bool = False) -> tuple[int, int, int]:
    if _high_contrast:
        return (HC_FOUR_COLOUR if four_colour else HC_TWO_COLOUR)[suit]
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


# Suit shapes -----------------------------------------------------------------------


def _draw_suit_shape(surf: pygame.Surface, suit: int, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Fill a suit shape into ``box`` (no antialiasing: callers draw big and scale down)."""
    x, y, w, h = box

    def P(u: float, v: float) -> tuple[float, float]:
        return (x + u * w, y + v * h)

    def circle(u: float, v: float, r: float) -> None:
        pygame.draw.circle(surf, colour, P(u, v), r * w)

    if suit == 0:  # diamond, gently curved sides
        pts = []
        for i in range(4):
            a0 = i * math.pi / 2
            for k in range(12):
                t = k / 12
                a = a0 + t * math.pi / 2
                # superellipse |x|^p + |y|^p = 1 with p < 1 curves the sides inward
                c, s = math.cos(a), math.sin(a)
                p = 0.85
                px = math.copysign(abs(c) ** (2 / p) if c else 0.0, c)
                py = math.copysign(abs(s) ** (2 / p) if s else 0.0, s)
                pts.append(P(0.5 + 0.42 * px, 0.5 + 0.5 * py))
        pygame.draw.polygon(surf, colour, pts)
    elif suit == 2:  # heart
        circle(0.28, 0.31, 0.255)
        circle(0.72, 0.31, 0.255)
        pygame.draw.polygon(surf, colour, [P(0.035, 0.38), P(0.5, 0.97), P(0.965, 0.38), P(0.5, 0.22)])
    elif suit == 3:  # spade: an upturned heart on a flared stem
        circle(0.285, 0.58, 0.235)
        circle(0.715, 0.58, 0.235)
        pygame.draw.polygon(surf, colour, [P(0.055, 0.52), P(0.5, 0.0), P(0.945, 0.52), P(0.5, 0.7)])
        pygame.draw.polygon(surf, colour, [P(0.5, 0.6), P(0.62, 0.9), P(0.72, 1.0), P(0.28, 1.0), P(0.38, 0.9)])
    else:  # club: three lobes on a flared stem
        circle(0.5, 0.27, 0.235)
        circle(0.25, 0.6, 0.235)
        circle(0.75, 0.6, 0.235)
        circle(0.5, 0.52, 0.14)
        pygame.draw.polygon(surf, colour, [P(0.5, 0.5), P(0.62, 0.9), P(0.72, 1.0), P(0.28, 1.0), P(0.38, 0.9)])


def suit_image(suit: int, size: int, colour: tuple[int, int, int], *, flipped: bool = False) -> pygame.Surface:
    """An antialiased suit symbol ``size`` pixels tall (and about as wide)."""
    size = max(4, int(size))
    key = ("suit", suit, size, colour, flipped)
    img = _cache.get(key)
    if img is None:
        big = size * 4
        hi = pygame.Surface((big, big), pygame.SRCALPHA)
        _draw_suit_shape(hi, suit, pygame.Rect(0, 0, big, big), colour)
        img = pygame.transform.smoothscale(hi, (size, size))
        if flipped:
            img = pygame.transform.flip(img, False, True)
        _cache.put(key, img)
    return img


# Faces -----------------------------------------------------------------------------

# Pip centres for number cards, as (column, row): columns -1/0/1, rows 0..1 top to bottom.
_PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1), (1, 1)],
}
_RANK_VALUE = {0: 3, 1: 4, 2: 5, 3: 6, 4: 7, 5: 8, 6: 9, 7: 10, 11: 1, 12: 2}


def _rounded(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], radius: int, width: int = 0) -> None:
    pygame.draw.rect(surf, colour, rect, width, border_radius=radius)


def _draw_face(card: int, w: int, h: int, four_colour: bool) -> pygame.Surface:
    rank, suit = card >> 2, card & 3
    colour = suit_colour(suit, four_colour=four_colour)
    ss = 3 if h < 140 else 2  # supersample so edges and text come out smooth
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = int(W * 0.08)
    full = pygame.Rect(0, 0, W, H)
    if _high_contrast:
        _rounded(surf, full, HC_FACE, radius)
        _rounded(surf, full, HC_EDGE, radius, max(2, ss * 2))
    else:
        paper, edge, width = DECK_STYLES[_deck]
        _rounded(surf, full, paper, radius)
        _rounded(surf, full, edge, radius, max(1, ss * width))

    # Corners: rank above a small suit, repeated upside down at the bottom right.
    label = RANK_NAMES[rank]
    rank_px = int(H * 0.17)
    fnt = assets.font(rank_px, face=assets.BOLD)  # card faces read the same in every language
    text = fnt.render(label, True, colour)
    if label == "10":
        text = pygame.transform.smoothscale(text, (int(text.get_width() * 0.78), text.get_height()))
    pip_small = int(W * 0.15)
    corner = pygame.Surface((max(text.get_width(), pip_small), text.get_height() + pip_small), pygame.SRCALPHA)
    corner.blit(text, ((corner.get_width() - text.get_width()) // 2, 0))
    corner.blit(
        suit_image(suit, pip_small, colour),
        ((corner.get_width() - pip_small) // 2, text.get_height() - int(rank_px * 0.12)),
    )
    cx = int(W * 0.05)
    cy = int(H * 0.035)
    surf.blit(corner, (cx, cy))
    surf.blit(pygame.transform.rotate(corner, 180), (W - cx - corner.get_width(), H - cy - corner.get_height()))

    inner = pygame.Rect(int(W * 0.24), int(H * 0.1), int(W * 0.52), int(H * 0.8))
    pips = pygame.Rect(int(W * 0.27), int(H * 0.13), int(W * 0.46), int(H * 0.74))
    if rank in (8, 9, 10):  # J Q K
        paper = HC_FACE if _high_contrast else DECK_STYLES[_deck][0]
        draw_court(surf, inner, rank, colour, _court_tint(suit, four_colour, paper), ss,
                   pip=lambda size, flipped=False: suit_image(suit, size, colour, flipped=flipped), bold=_high_contrast)
    elif rank == 11:  # ace: one big pip, with a ring on the ace of spades
        size = int(W * (0.52 if suit == 3 else 0.4))
        img = suit_image(suit, size, colour)
        surf.blit(img, img.get_rect(center=full.center))
        if suit == 3:
            pygame.draw.circle(surf, colour, full.center, int(size * 0.72), max(1, ss))
    else:
        value = _RANK_VALUE[rank]
        pip = int(min(pips.w * 0.44, pips.h / 4.4))
        for col, row in _PIPS[value]:
            px = pips.centerx + col * (pips.w / 2 - pip / 2)
            py = pips.y + pip / 2 + row * (pips.h - pip)
            img = suit_image(suit, pip, colour, flipped=row > 0.5)
            surf.blit(img, img.get_rect(center=(int(px), int(py))))
    return pygame.transform.smoothscale(surf, (w, h))


def _court_tint(suit: int, four_colour: bool, paper: tuple[int, int, int]) -> tuple[int, int, int]:
    """The court frame's light wash of the suit's colour over the deck's paper."""
    if _high_contrast:
        return HC_FACE
    tint = COURT_TINT[suit] if four_colour else ((252, 236, 236) if suit in (0, 2) else (234, 236, 244))
    return tuple(max(0, min(255, p + t - 250)) for p, t in zip(paper, tint))  # type: ignore[return-value]


def face(card: int, w: int, h: int, *, four_colour: bool = False, sets_bound: bool = True) -> pygame.Surface:
    """The face of ``card`` at ``w`` x ``h`` pixels (cached). ``sets_bound=False`` for
    a size smaller than the table's cards (it must not shrink the cache's bound)."""
    key = ("face", card, w, h, four_colour)
    img = _cache.get(key)
    if img is None:
        img = _cache.put(key, _draw_face(card, w, h, four_colour), card_size=sets_bound)
        _drawn_at[(card, four_colour)] = (w, h)
    return img


class Warmer:
    """Card faces to draw before they are needed, a few milliseconds of each frame.

    The app owns one and calls :meth:`step` every turn of its loop while anything waits
    (whatever scene is on top), so no frame ever draws a hand's worth of new art: the
    table queues every face a hand may show when it deals and when the window changes
    size, the end of a hand the results panel's. A face drawn meanwhile as a stand-in
    (:func:`face_soon`) goes to the head of the queue, and :meth:`step` says when the
    last real one is ready so the window can be drawn again.
    """

    def __init__(self, *, four_colour: bool = False) -> None:
        #: (card, width, height, whether the size sets the cache's bound)
        self.queue: deque[tuple[int, int, int, bool]] = deque()
        self.four_colour = four_colour
        self._stand_ins = False

    def add(self, faces: list[tuple[int, int, int, bool]], *, first: bool = False) -> None:
        """Queue (card, width, height, sets_bound) faces; ``first``: before those waiting."""
        if first:
            self.queue.extendleft(reversed(faces))
        else:
            self.queue.extend(faces)

    def clear(self) -> None:
        self.queue.clear()

    def stand_in(self, face: tuple[int, int, int]) -> None:
        """A stand-in was shown for the (card, width, height) ``face``: draw it next."""
        self._stand_ins = True
        want = (*face, True)
        if not self.queue or self.queue[0] != want:
            self.queue.appendleft(want)

    def step(self, budget: float) -> bool:
        """Draw queued faces for about ``budget`` seconds; True when stand-ins are on
        screen and every queued face is now drawn (time to redraw the window)."""
        end = time.perf_counter() + budget
        while self.queue and time.perf_counter() < end:
            c, w, h, bound = self.queue.popleft()
            face(c, w, h, four_colour=self.four_colour, sets_bound=bound)
        if self._stand_ins and not self.queue:
            self._stand_ins = False
            return True
        return False


#: The size each card's face was last drawn at (for :func:`face_soon`'s stand-in).
_drawn_at: dict[tuple[int, bool], tuple[int, int]] = {}


def has_face(card: int, w: int, h: int, *, four_colour: bool = False) -> bool:
    """Whether the face at this size is drawn already (using it costs nothing)."""
    return _cache.get(("face", card, w, h, four_colour)) is not None


def face_soon(card: int, w: int, h: int, *, four_colour: bool = False) -> tuple[pygame.Surface, bool]:
    """The face at ``w`` x ``h`` if drawn, else a stand-in scaled from the same card
    at another size (a fraction of a millisecond instead of several); the flag says
    whether it is the real one. With no other size either, the face is drawn now."""
    img = _cache.get(("face", card, w, h, four_colour))
    if img is not None:
        return img, True
    other = _drawn_at.get((card, four_colour))
    if other is not None:
        src = _cache.get(("face", card, other[0], other[1], four_colour))
        if src is not None:
            return pygame.transform.smoothscale(src, (w, h)), False
    return face(card, w, h, four_colour=four_colour), True


def back(w: int, h: int, *, style: str = "blue", rotated: bool = False) -> pygame.Surface:
    """A card back in ``style`` (one of :data:`big2.app.themes.CARD_BACKS`: a blue or
    red lattice, gold on navy, red lacquer with a gold rim; unknown: blue). ``rotated``
    turns it a quarter. High contrast gives every back a wide white border."""
    key = ("back", w, h, style, rotated)
    img = _cache.get(key)
    if img is not None:
        return img
    ss = 3
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = int(W * 0.08)
    full = pygame.Rect(0, 0, W, H)
    if style == "navy_gold":
        edge, pattern = _navy_gold(full, ss)
    elif style == "lacquer":
        edge, pattern = _lacquer(full, ss)
    else:
        edge, pattern = _lattice(full, ss, style)
    if _high_contrast:
        edge = HC_FACE
    _rounded(surf, full, edge, radius)
    inner = full.inflate(-int(W * (0.2 if _high_contrast else 0.14)), -int(W * (0.2 if _high_contrast else 0.14)))
    pattern = pygame.transform.smoothscale(pattern, inner.size) if pattern.get_size() != inner.size else pattern
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    _rounded(mask, mask.get_rect(), (255, 255, 255), int(radius * 0.6))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner)
    if not _high_contrast and style == "lacquer":  # a fine gold line inside the rim
        _rounded(surf, inner.inflate(ss * 2, ss * 2), GOLD_LIGHT, int(radius * 0.7), max(1, ss))
    _rounded(surf, full, HC_EDGE if _high_contrast else EDGE, radius, max(2, ss * 2) if _high_contrast else max(1, ss))
    img = pygame.transform.smoothscale(surf, (w, h))
    if rotated:
        img = pygame.transform.rotate(img, 90)
    return _cache.put(key, img, card_size=True)


def _back_field(full: pygame.Rect, ss: int) -> pygame.Surface:
    """An empty surface the size of a back's patterned field (inside its border)."""
    pad = int(full.w * (0.2 if _high_contrast else 0.14))
    return pygame.Surface((full.w - pad, full.h - pad), pygame.SRCALPHA)


def _lattice(full: pygame.Rect, ss: int, style: str) -> tuple[tuple[int, int, int], pygame.Surface]:
    """The Classic back: a lattice of diamonds, a spade in a ring in the middle."""
    dark, light, edge = BACK_STYLES.get(style, BACK_STYLES["blue"])
    if _high_contrast:
        edge = HC_FACE
    pattern = _back_field(full, ss)
    iw, ih = pattern.get_size()
    pattern.fill(dark)
    step = max(6, int(iw / 5))
    for i in range(-ih // step - 2, iw // step + ih // step + 3):
        x0 = i * step
        pygame.draw.line(pattern, light, (x0, 0), (x0 + ih, ih), max(1, ss))
        pygame.draw.line(pattern, light, (x0, 0), (x0 - ih, ih), max(1, ss))
    centre = pygame.Rect(0, 0, int(iw * 0.5), int(iw * 0.5))
    centre.center = (iw // 2, ih // 2)
    pygame.draw.ellipse(pattern, edge, centre)
    pygame.draw.ellipse(pattern, dark, centre.inflate(-ss * 4, -ss * 4))
    spade = suit_image(3, int(centre.w * 0.5), edge)
    pattern.blit(spade, spade.get_rect(center=centre.center))
    return edge, pattern


def _navy_gold(full: pygame.Rect, ss: int) -> tuple[tuple[int, int, int], pygame.Surface]:
    """The Midnight back: gold on navy, a star of rays round a gold spade, a gold inset."""
    navy, deep = (18, 30, 70), (10, 16, 40)
    pattern = _back_field(full, ss)
    iw, ih = pattern.get_size()
    pattern.fill(navy)
    cx, cy = iw / 2, ih / 2
    reach = math.hypot(iw, ih)
    for k in range(24):  # rays from the middle, alternating navy and deep navy
        a0, a1 = (k * 2 * math.pi / 24), ((k + 0.5) * 2 * math.pi / 24)
        pygame.draw.polygon(pattern, deep, [(cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
                                            (cx + reach * math.cos(a1), cy + reach * math.sin(a1))])
    step = max(8, int(iw / 6))  # a grid of small gold stars
    for gy in range(step // 2, ih, step):
        for gx in range(step // 2 + (step // 2 if (gy // step) % 2 else 0), iw, step):
            _star(pattern, (gx, gy), max(2, ss * 2), GOLD)
    inset = pygame.Rect(0, 0, iw, ih).inflate(-ss * 6, -ss * 6)
    pygame.draw.rect(pattern, GOLD, inset, max(1, ss), border_radius=ss * 4)
    ring = pygame.Rect(0, 0, int(iw * 0.56), int(iw * 0.56))
    ring.center = (int(cx), int(cy))
    pygame.draw.ellipse(pattern, navy, ring)
    pygame.draw.ellipse(pattern, GOLD, ring, max(2, ss * 2))
    _star(pattern, ring.center, int(ring.w * 0.36), GOLD, points=8)
    spade = suit_image(3, int(ring.w * 0.34), navy)
    pattern.blit(spade, spade.get_rect(center=ring.center))
    return (196, 204, 220), pattern


def _lacquer(full: pygame.Rect, ss: int) -> tuple[tuple[int, int, int], pygame.Surface]:
    """The Lacquer back: deep red with a sheen, a gold rim and a gold medallion."""
    red, deep = (150, 22, 30), (96, 10, 18)
    pattern = _back_field(full, ss)
    iw, ih = pattern.get_size()
    small = pygame.Surface((8, 12))  # the sheen: lighter to the upper left
    for y in range(12):
        for x in range(8):
            t = min(1.0, ((x / 7) * 0.6 + (y / 11) * 0.9) / 1.2)
            small.set_at((x, y), [round(a + (b - a) * t) for a, b in zip(red, deep)])
    pattern.blit(pygame.transform.smoothscale(small, (iw, ih)), (0, 0))
    cx, cy = iw // 2, ih // 2
    medal = pygame.Rect(0, 0, int(iw * 0.62), int(iw * 0.62))
    medal.center = (cx, cy)
    pygame.draw.ellipse(pattern, GOLD, medal, max(2, ss * 2))
    petal = int(medal.w * 0.2)  # a four-petal flower in the medallion
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        pygame.draw.circle(pattern, GOLD, (cx + dx * petal, cy + dy * petal), petal)
    pygame.draw.circle(pattern, deep, (cx, cy), int(petal * 0.8))
    pygame.draw.circle(pattern, GOLD_LIGHT, (cx, cy), int(petal * 0.45))
    for sx in (-1, 1):  # gold corner knots
        for sy in (-1, 1):
            pygame.draw.circle(pattern, GOLD, (cx + sx * iw * 0.34, cy + sy * ih * 0.38), max(2, int(iw * 0.05)), max(1, ss))
    return GOLD, pattern


def _star(surf: pygame.Surface, centre: tuple[float, float], r: int, colour: tuple[int, int, int], *, points: int = 4) -> None:
    """A pointed star of ``points`` rays and outer radius ``r``."""
    cx, cy = centre
    pts = []
    for k in range(points * 2):
        rad = r if k % 2 == 0 else r * 0.38
        a = k * math.pi / points - math.pi / 2
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


def shadow(w: int, h: int) -> pygame.Surface:
    """A soft translucent shadow for a card of this size."""
    key = ("shadow", w, h)
    img = _cache.get(key)
    if img is None:
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        _rounded(img, img.get_rect(), (0, 0, 0, 70), int(w * 0.08))
        _cache.put(key, img)
    return img


def outline(w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A glowing outline drawn around a selected or hinted card."""
    key = ("outline", w, h, colour)
    img = _cache.get(key)
    if img is None:
        pad = 4
        img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        _rounded(img, img.get_rect(), (*colour, 110), int(w * 0.1))
        hole = pygame.Rect(pad, pad, w, h)
        _rounded(img, hole, (0, 0, 0, 0), int(w * 0.08))
        _cache.put(key, img)
    return img
