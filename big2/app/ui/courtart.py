"""The court cards' figures: a king, a queen and a jack drawn as busts by the program.

:func:`draw_court` paints a court card's framed picture into a face being drawn (at the
face's supersampled size: :mod:`.cardart` scales the whole face down afterwards, which
keeps the figures smooth at every card size). Each figure is in its suit's colour with
gold trim, drawn once in the top half and turned upside down into the bottom half, as
on a printed double-headed card. No caching here: the face it is drawn into is cached.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Colour = tuple[int, int, int]

GOLD = (222, 178, 52)
GOLD_DARK = (140, 100, 24)
SKIN = (247, 224, 196)
INK = (40, 34, 30)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def draw_court(
    surf: pygame.Surface,
    inner: pygame.Rect,
    rank: int,
    colour: Colour,
    tint: Colour,
    ss: int,
    *,
    pip: Callable[..., pygame.Surface],
    bold: bool = False,
) -> None:
    """Fill ``inner`` of a face with the figure of ``rank`` (8 jack, 9 queen, 10 king).

    ``colour`` is the suit's colour, ``tint`` the frame's light wash, ``ss`` the face's
    supersampling factor (line widths follow it), ``pip(size, flipped=False)`` a suit
    symbol of that many pixels; ``bold`` (high contrast) thickens the outlines.
    """
    radius = int(inner.w * 0.08)
    pygame.draw.rect(surf, tint, inner, border_radius=radius)
    half = pygame.Surface((inner.w, inner.h // 2 + 1), pygame.SRCALPHA)
    line = max(1, int(ss * (1.6 if bold else 1.0)))
    _bust(half, rank, colour, line, pip)
    surf.blit(half, inner.topleft)
    surf.blit(pygame.transform.rotate(half, 180), (inner.x, inner.bottom - half.get_height()))
    # the line between the two halves, and the frame
    mid = inner.y + inner.h // 2
    pygame.draw.line(surf, GOLD, (inner.x + inner.w * 0.04, mid), (inner.right - inner.w * 0.04, mid), line + 1)
    pygame.draw.rect(surf, colour, inner, max(2, ss * (3 if bold else 2)), border_radius=radius)


def _bust(surf: pygame.Surface, rank: int, colour: Colour, line: int, pip: Callable[..., pygame.Surface]) -> None:
    """One half: the figure from the waist up, its feet at the surface's bottom edge."""
    w, h = surf.get_size()

    def P(u: float, v: float) -> tuple[float, float]:
        return (u * w, v * h)

    def R(u: float, v: float, du: float, dv: float) -> pygame.Rect:
        return pygame.Rect(round(u * w), round(v * h), max(1, round(du * w)), max(1, round(dv * h)))

    light = _mix(colour, (255, 255, 255), 0.55)
    dark = _mix(colour, (0, 0, 0), 0.35)
    # hair behind the head: the queen's falls to her shoulders
    if rank == 9:
        pygame.draw.ellipse(surf, dark, R(0.26, 0.16, 0.48, 0.62))
    elif rank == 8:
        pygame.draw.ellipse(surf, dark, R(0.3, 0.2, 0.4, 0.36))
    # the robe: shoulders and chest, with a gold-edged collar
    robe = [P(0.1, 0.97), P(0.12, 0.82), P(0.3, 0.7), P(0.7, 0.7), P(0.88, 0.82), P(0.9, 0.97)]
    pygame.draw.polygon(surf, colour, robe)
    pygame.draw.polygon(surf, dark, robe, line)
    # a panel of lighter cloth down the front, with gold buttons
    front = [P(0.41, 0.74), P(0.59, 0.74), P(0.62, 0.97), P(0.38, 0.97)]
    pygame.draw.polygon(surf, light, front)
    pygame.draw.line(surf, GOLD, P(0.38, 0.97), P(0.41, 0.75), line + 1)
    pygame.draw.line(surf, GOLD, P(0.62, 0.97), P(0.59, 0.75), line + 1)
    for v in (0.83, 0.91):
        pygame.draw.circle(surf, GOLD, P(0.5, v), max(2, w * 0.022))
    collar = [P(0.3, 0.7), P(0.5, 0.82), P(0.7, 0.7), P(0.62, 0.66), P(0.5, 0.72), P(0.38, 0.66)]
    pygame.draw.polygon(surf, GOLD, collar)
    pygame.draw.polygon(surf, GOLD_DARK, collar, max(1, line // 2))
    # neck and head
    pygame.draw.rect(surf, SKIN, R(0.44, 0.58, 0.12, 0.1))
    head = R(0.335, 0.25, 0.33, 0.38)
    pygame.draw.ellipse(surf, SKIN, head)
    pygame.draw.ellipse(surf, colour, head, line)
    # the face: eyes, brows, nose, mouth
    for u in (0.44, 0.56):
        pygame.draw.circle(surf, INK, P(u, 0.42), max(1.5, w * 0.018))
        pygame.draw.line(surf, dark, P(u - 0.04, 0.38), P(u + 0.04, 0.38), line)
    pygame.draw.line(surf, INK, P(0.5, 0.43), P(0.49, 0.49), line)
    if rank == 10:  # the king: a beard and moustache
        beard = [P(0.345, 0.47), P(0.41, 0.53), P(0.59, 0.53), P(0.655, 0.47), P(0.62, 0.62), P(0.5, 0.7), P(0.38, 0.62)]
        pygame.draw.polygon(surf, dark, beard)
        pygame.draw.ellipse(surf, SKIN, R(0.455, 0.54, 0.09, 0.04))
        pygame.draw.polygon(surf, dark, [P(0.41, 0.52), P(0.5, 0.5), P(0.59, 0.52), P(0.5, 0.535)])
    else:
        pygame.draw.line(surf, (196, 80, 80), P(0.465, 0.545), P(0.535, 0.545), line + 1)
    # headwear
    if rank == 10:
        _crown(surf, R(0.32, 0.03, 0.36, 0.27), 3, colour, line)
    elif rank == 9:
        _crown(surf, R(0.36, 0.1, 0.28, 0.18), 5, colour, line)
    else:  # the jack's cap with a plume
        cap = R(0.3, 0.14, 0.4, 0.17)
        pygame.draw.ellipse(surf, colour, cap)
        pygame.draw.ellipse(surf, dark, cap, line)
        pygame.draw.rect(surf, GOLD, R(0.33, 0.25, 0.34, 0.05))
        plume = [P(0.6, 0.2), P(0.86, 0.02), P(0.8, 0.13), P(0.66, 0.25)]
        pygame.draw.polygon(surf, GOLD, plume)
        pygame.draw.polygon(surf, GOLD_DARK, plume, max(1, line // 2))
    # the suit, held up beside the figure
    size = max(4, int(w * 0.2))
    img = pip(size)
    surf.blit(img, img.get_rect(center=(int(w * 0.16), int(h * 0.24))))


def _crown(surf: pygame.Surface, rect: pygame.Rect, points: int, jewel: Colour, line: int) -> None:
    """A gold crown with ``points`` spikes filling ``rect``, a jewel on each tip."""
    x, y, w, h = rect
    base_top = y + h * 0.55
    pts = [(x, y + h), (x, base_top)]
    for i in range(points):
        pts.append((x + w * (i + 0.5) / points, y + h * 0.1))
        if i < points - 1:
            pts.append((x + w * (i + 1) / points, base_top + h * 0.05))
    pts += [(x + w, base_top), (x + w, y + h)]
    pygame.draw.polygon(surf, GOLD, pts)
    pygame.draw.polygon(surf, GOLD_DARK, pts, max(1, line))
    r = max(2, int(w * 0.06))
    for i in range(points):
        pygame.draw.circle(surf, jewel, (x + w * (i + 0.5) / points, y + h * 0.1), r)
    pygame.draw.rect(surf, jewel, pygame.Rect(x, y + h * 0.76, w, h * 0.14))
