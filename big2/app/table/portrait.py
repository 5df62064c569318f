"""Seat portraits drawn by the code: a character's face from its
:class:`~big2.room.personas.Portrait`, or a person's initials on a colour.

:func:`portrait` returns a round image ``size`` pixels across (transparent outside the
circle), kept in a small cache bounded by count (:data:`CACHE_MAX` images, the oldest
dropped first), so a table redraws its seats without drawing faces again. Initials sit on
a colour of the name's own; :func:`initials_colours` gives the seats of one table
colours no two of them share.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from big2.room.personas import Portrait
from big2.app.ui import text

#: How many drawn portraits are kept (a table shows at most four, at one size).
CACHE_MAX = 24
_cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

#: The colours initials sit on (chosen by the name, so a name keeps its colour).
_INITIAL_COLOURS = ((70, 110, 160), (150, 90, 140), (60, 130, 110), (170, 110, 60), (120, 120, 70), (90, 90, 150))


def own_colour(name: str) -> int:
    """The colour (an index of the initials' colours) a name's initials sit on alone."""
    return zlib.crc32(name.encode("utf-8")) % len(_INITIAL_COLOURS)


def initials_colours(names: Sequence[str]) -> list[int]:
    """The colours of the initials of ``names`` (one table's, in seat order): each
    name's own, unless an earlier seat has it, then the next free one, so no two share
    a colour (while there are colours left: six)."""
    used: set[int] = set()
    out = []
    for name in names:
        colour = own_colour(name)
        for k in range(len(_INITIAL_COLOURS)):
            if (colour + k) % len(_INITIAL_COLOURS) not in used:
                colour = (colour + k) % len(_INITIAL_COLOURS)
                break
        used.add(colour)
        out.append(colour)
    return out


def portrait(spec: Portrait | None, name: str, size: int, colour: int | None = None) -> pygame.Surface:
    """The round portrait of ``name`` (``spec``: a drawn face; None: initials, on
    ``colour`` (see :func:`initials_colours`), else on the name's own)."""
    size = max(8, int(size))
    if spec is None and colour is None:
        colour = own_colour(name)
    key = (spec, name if spec is None else "", size, colour if spec is None else None)
    img = _cache.get(key)
    if img is not None:
        _cache.move_to_end(key)
        return img
    img = _face(spec, size) if spec is not None else _initials(name, size, colour or 0)
    _cache[key] = img
    while len(_cache) > CACHE_MAX:
        _cache.popitem(last=False)
    return img


def initials(name: str) -> str:
    """One or two letters for a name: the first letters of its first two words."""
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:1].upper()
    return (words[0][:1] + words[1][:1]).upper()


def _circle_mask(img: pygame.Surface) -> pygame.Surface:
    size = img.get_width()
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2)
    img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return img


def _initials(name: str, size: int, index: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = _INITIAL_COLOURS[index % len(_INITIAL_COLOURS)]
    pygame.draw.circle(img, colour, (size / 2, size / 2), size / 2)
    letters = initials(name)
    text.draw(img, letters, max(8, int(size * (0.42 if len(letters) > 1 else 0.5))), (size // 2, size // 2),
              (245, 245, 240), anchor="center", bold=True)
    return img


def _darker(c: tuple[int, int, int], f: float = 0.75) -> tuple[int, int, int]:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _face(p: Portrait, size: int) -> pygame.Surface:
    """A bust: background, shoulders in the shirt's colour, a head, hair, eyes, a smile
    and the spec's extra; drawn at 4x and smoothed down."""
    s = size * 4
    img = pygame.Surface((s, s), pygame.SRCALPHA)
    img.fill((*p.background, 255))
    cx = s / 2
    u = s / 100  # drawn on a 100-unit square
    # shoulders
    pygame.draw.ellipse(img, p.shirt, pygame.Rect(cx - 40 * u, 72 * u, 80 * u, 60 * u))
    pygame.draw.rect(img, p.skin, pygame.Rect(cx - 8 * u, 58 * u, 16 * u, 18 * u))
    # hair behind the head
    if p.hair == "long":
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx - 27 * u, 18 * u, 54 * u, 66 * u))
    elif p.hair == "bob":
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx - 28 * u, 16 * u, 56 * u, 52 * u))
    elif p.hair == "bun":
        pygame.draw.circle(img, p.hair_colour, (cx, 14 * u), 11 * u)
    # head
    head = pygame.Rect(cx - 20 * u, 22 * u, 40 * u, 46 * u)
    pygame.draw.ellipse(img, p.skin, head)
    # hair on top
    if p.hair in ("short", "bob", "long", "bun"):
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx - 22 * u, 17 * u, 44 * u, 22 * u))
    elif p.hair == "curly":
        for dx in (-16, -6, 6, 16):
            pygame.draw.circle(img, p.hair_colour, (cx + dx * u, 24 * u), 9 * u)
    elif p.hair == "bald":
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx - 22 * u, 36 * u, 8 * u, 14 * u))
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx + 14 * u, 36 * u, 8 * u, 14 * u))
    # face
    eye = _darker(p.hair_colour, 0.5) if p.hair_colour[0] < 150 else (40, 36, 34)
    for dx in (-8, 8):
        pygame.draw.circle(img, eye, (cx + dx * u, 44 * u), 2.6 * u)
    pygame.draw.arc(img, _darker(p.skin, 0.6), pygame.Rect(cx - 8 * u, 48 * u, 16 * u, 10 * u), 3.5, 5.9, max(1, int(2 * u)))
    if p.extra == "glasses":
        for dx in (-8, 8):
            pygame.draw.circle(img, (40, 40, 44), (cx + dx * u, 44 * u), 6 * u, max(1, int(1.6 * u)))
        pygame.draw.line(img, (40, 40, 44), (cx - 2 * u, 44 * u), (cx + 2 * u, 44 * u), max(1, int(1.6 * u)))
    elif p.extra == "cap":
        pygame.draw.ellipse(img, p.shirt, pygame.Rect(cx - 23 * u, 14 * u, 46 * u, 22 * u))
        pygame.draw.rect(img, _darker(p.shirt), pygame.Rect(cx - 4 * u, 28 * u, 30 * u, 5 * u), border_radius=int(2 * u))
    elif p.extra == "earrings":
        for dx in (-21, 21):
            pygame.draw.circle(img, (245, 210, 122), (cx + dx * u, 52 * u), 2.6 * u)
    elif p.extra == "moustache":
        pygame.draw.ellipse(img, p.hair_colour, pygame.Rect(cx - 9 * u, 50 * u, 18 * u, 5 * u))
    elif p.extra == "pearls":
        for dx in range(-16, 17, 6):
            pygame.draw.circle(img, (240, 236, 226), (cx + dx * u, 76 * u + abs(dx) * -0.2 * u), 2.8 * u)
    img = pygame.transform.smoothscale(img, (size, size))
    return _circle_mask(img)
