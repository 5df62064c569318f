"""Drawing shared by scenes: the felt, a dimming veil, a centred dialog frame."""

from __future__ import annotations

import random

import pygame

_cache: dict[tuple[object, ...], pygame.Surface] = {}


def felt(size: tuple[int, int], colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> pygame.Surface:
    """The table cloth: a soft radial gradient from the centre to darker edges."""
    key = ("felt", size, colours)
    img = _cache.get(key)
    if img is None:
        # A felt is a whole window of pixels: only the window's size is kept (in each
        # colour), so a drag-resize does not keep the sizes it passed through (issue 10).
        for old in [k for k in _cache if k[0] == "felt" and k[1] != size]:
            del _cache[old]
        small = _cache.get(("felt-small", colours))
        if small is None:  # the gradient is made once per colour, then scaled
            inner, outer = colours
            small = pygame.Surface((32, 18))  # smooth-scaled up: 576 pixels are plenty
            for y in range(18):
                for x in range(32):
                    dx = (x - 15.5) / 16
                    dy = (y - 8.5) / 9
                    t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.2)
                    t = t * t
                    small.set_at((x, y), [round(a + (b - a) * t) for a, b in zip(inner, outer)])
            _cache[("felt-small", colours)] = small
        img = pygame.transform.smoothscale(small, size)
        _grain(img)
        _cache[key] = img
    return img


def _keep_last(kind: str, n: int) -> None:
    """Before adding an image of ``kind``: forget all but the ``n`` newest cached ones."""
    for old in [k for k in _cache if k[0] == kind][:-n]:
        del _cache[old]


def _grain(img: pygame.Surface) -> None:
    """A little cloth: a fixed fine grain lightened and darkened into the gradient."""
    tile = _cache.get(("grain",))
    if tile is None:
        rng = random.Random(2)  # the same cloth every time
        n = 96
        up, down = _grain_bytes(rng, n * n), _grain_bytes(rng, n * n)
        tile = pygame.Surface((n * 2, n))
        tile.blit(pygame.image.frombytes(up, (n, n), "RGB"), (0, 0))
        tile.blit(pygame.image.frombytes(down, (n, n), "RGB"), (n, 0))
        _cache[("grain",)] = tile
    n = tile.get_height()
    up, down = tile.subsurface((0, 0, n, n)), tile.subsurface((n, 0, n, n))
    w, h = img.get_size()
    for y in range(0, h, n):
        for x in range(0, w, n):
            img.blit(up, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            img.blit(down, (x, y), special_flags=pygame.BLEND_RGB_SUB)


#: Each random byte picks a grain step: half the pixels untouched, the rest 2, 3 or 5.
_GRAIN_STEPS = bytes((0, 0, 0, 2, 3, 5)[b * 6 // 256] for b in range(256))


def _grain_bytes(rng: random.Random, pixels: int) -> bytes:
    """``pixels`` grey RGB pixels of grain, made at C speed (the table's first frame
    waits for it: a per-pixel Python loop cost ~50 ms there)."""
    grey = rng.randbytes(pixels).translate(_GRAIN_STEPS)
    rgb = bytearray(3 * pixels)
    rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
    return bytes(rgb)


def veil(surf: pygame.Surface, alpha: int = 150) -> None:
    key = ("veil", surf.get_size(), alpha)
    img = _cache.get(key)
    if img is None:  # a whole window of pixels too: only the newest sizes are kept
        _keep_last("veil", 1)
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
    """A dialog frame: a soft shadow, a dark opaque body (nothing beneath shows through),
    a gold hairline. Made once per size."""
    key = ("frame", rect.size)
    img = _cache.get(key)
    if img is None:
        _keep_last("frame", 4)
        img = _cache[key] = _frame_image(rect.size)
    surf.blit(img, (rect.x - _SHADOW, rect.y - _SHADOW // 2))


_SHADOW = 18


def _frame_image(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    s = _SHADOW
    img = pygame.Surface((w + 2 * s, h + 2 * s), pygame.SRCALPHA)
    # the shadow: a dark rounded block below the body, blurred by scaling down and up
    shade = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 160), pygame.Rect(s, s, w, h), border_radius=20)
    small = pygame.transform.smoothscale(shade, (max(1, img.get_width() // 8), max(1, img.get_height() // 8)))
    img.blit(pygame.transform.smoothscale(small, img.get_size()), (0, 0))
    body = pygame.Rect(s, s // 2, w, h)
    pygame.draw.rect(img, (16, 22, 28, 255), body, border_radius=16)
    pygame.draw.rect(img, (214, 176, 86, 255), body, 2, border_radius=16)
    return img
