"""Drawing shared by scenes: the felt, a dimming veil, a centred dialog frame."""

from __future__ import annotations

import pygame

_cache: dict[tuple[object, ...], pygame.Surface] = {}


def felt(size: tuple[int, int], colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> pygame.Surface:
    """The table cloth: a soft radial gradient from the centre to darker edges."""
    key = ("felt", size, colours)
    img = _cache.get(key)
    if img is None:
        if len(_cache) > 12:
            _cache.clear()
        small = _cache.get(("felt-small", colours))
        if small is None:  # the gradient is made once per colour, then scaled
            inner, outer = colours
            small = pygame.Surface((64, 36))
            for y in range(36):
                for x in range(64):
                    dx = (x - 31.5) / 32
                    dy = (y - 17.5) / 18
                    t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.2)
                    t = t * t
                    small.set_at((x, y), [round(a + (b - a) * t) for a, b in zip(inner, outer)])
            _cache[("felt-small", colours)] = small
        img = pygame.transform.smoothscale(small, size)
        _cache[key] = img
    return img


def veil(surf: pygame.Surface, alpha: int = 150) -> None:
    key = ("veil", surf.get_size(), alpha)
    img = _cache.get(key)
    if img is None:
        img = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        img.fill((0, 0, 0, alpha))
        _cache[key] = img
    surf.blit(img, (0, 0))


def dialog_rect(size: tuple[int, int], w: int, h: int) -> pygame.Rect:
    """A centred box of at most ``w`` x ``h`` that fits the window with a margin."""
    W, H = size
    w = min(w, W - 40)
    h = min(h, H - 40)
    return pygame.Rect((W - w) // 2, (H - h) // 2, w, h)


def frame(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A dialog frame: dark opaque body (nothing beneath shows through), gold hairline."""
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (16, 22, 28, 255), body.get_rect(), border_radius=16)
    pygame.draw.rect(body, (214, 176, 86, 255), body.get_rect(), 2, border_radius=16)
    surf.blit(body, rect)
