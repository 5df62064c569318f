"""Where the app's notices show over the table: on free felt, clear of what the table shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from big2.app.table.layout import TableLayout


def notice_area(lay: TableLayout, size: tuple[int, int]) -> pygame.Rect:
    """Free felt for a notice in a window of ``size`` laid out as ``lay``: beside the
    trick's ring, or above a side seat, clear of every seat, play, drawer, tab and
    button (the largest such place)."""
    ring = pygame.Rect(lay.trick.as_tuple()).inflate(lay.card_w * 0.3 + 3 * lay.font_px, lay.card_h * 0.12 + 3 * lay.font_px)
    area = pygame.Rect(lay.area.as_tuple())
    taken = [pygame.Rect(b.as_tuple()) for b in (*lay.shown_panels().values(), lay.menu_button, *lay.buttons.values(),
                                                lay.message)]
    says = [pygame.Rect(spot.say.as_tuple()) for spot in lay.seats]
    for spot in lay.seats:
        taken += [pygame.Rect(b.as_tuple()) for b in (spot.info, spot.play)]
    taken += says
    taken.append(ring)
    gap = 8
    places = []
    for x0, x1 in ((ring.right + gap, area.right - gap), (area.x + gap, ring.left - gap)):
        for y0, y1 in ((ring.top, ring.bottom), (area.y + gap, ring.centery), (ring.centery, lay.message.y - gap)):
            r = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            for t in taken:  # shrink away from what is there, keeping the larger part
                if r.w <= 0 or r.h <= 0 or not r.colliderect(t):
                    continue
                cuts = [pygame.Rect(r.x, r.y, r.w, t.top - gap - r.y), pygame.Rect(r.x, t.bottom + gap, r.w, r.bottom - t.bottom - gap),
                        pygame.Rect(r.x, r.y, t.left - gap - r.x, r.h), pygame.Rect(t.right + gap, r.y, r.right - t.right - gap, r.h)]
                r = max(cuts, key=lambda c: max(0, c.w) * max(0, c.h) * (c.w >= 200))
            if r.w > 0 and r.h > 0 and not any(r.colliderect(t) for t in taken):
                places.append(r)
    if "plays" in lay.drawers:  # the drawer's column under Recent plays
        log = pygame.Rect(lay.log.as_tuple())
        places.append(pygame.Rect(log.x, log.bottom + gap, log.w, size[1] - gap - log.bottom - gap))
    good = [r for r in places if r.w >= 200 and r.h >= 110]
    if good:
        return max(good, key=lambda r: r.w * r.h)
    # a small window: the left column under the tabs (over the left seat's plate and its
    # bubble's place, for as long as the notice shows; a bubble's place is empty but for
    # a moment, and the seat's cards stay in sight)
    column = pygame.Rect(area.x + gap, area.y, 200, size[1])
    above = [t for t in taken if t.colliderect(column) and t.bottom < ring.centery and t is not ring
             and t not in says and t.y < lay.seats[-1].info.y]
    top = max([area.y + gap, *(t.bottom + gap for t in above)])
    x = max(area.x, min(area.x + gap, ring.x - 202))
    height = max(150, ring.top - top)  # (room for three lines and Dismiss)
    fans = [pygame.Rect(spot.fan.as_tuple()) for spot in lay.seats]
    below = [f.top for f in fans if f.colliderect(pygame.Rect(x, top, 200, height))]
    if below:  # never over a seat's cards: snug under what is above, up to just over them
        snug = max([area.y + 2, *(t.bottom + 2 for t in above)])
        top = max(snug, min(below) - 2 - height)
    return pygame.Rect(x, top, 200, height)


__all__ = ["notice_area"]
