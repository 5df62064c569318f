"""The title screen's picture, drawn by the program: a fan of cards under a lamp on felt.

:func:`illustration` returns the whole window's background (the theme's felt, a hanging
lamp with its warm cone of light and pool on the cloth, and the four twos and the ace of
spades fanned in the light, with their shadows). It is drawn once per window size and
look and kept (only the last one: it is a window of pixels); the title blits it each
time it draws. :func:`fan_box` says where the fan lies, so the title keeps its words off it.
"""

from __future__ import annotations

import math

import pygame

from ..ui import cardart
from .common import felt

#: The cards of the fan, left to right: A♠ 2♦ 2♣ 2♥ 2♠.
FAN = (47, 48, 49, 50, 51)
LIGHT = (255, 226, 160)
SHADE = (34, 38, 40)
RIM = (224, 176, 64)

_kept: tuple[tuple[object, ...], pygame.Surface] | None = None


def card_size(size: tuple[int, int]) -> tuple[int, int]:
    """The fan's card size in a window of ``size``."""
    w, h = size
    ch = int(min(h * 0.17, w * 0.12))
    return int(ch * 0.7), ch


def fan_box(size: tuple[int, int]) -> pygame.Rect:
    """Where the fan is drawn (the title's words go under it)."""
    w, h = size
    cw, ch = card_size(size)
    box = pygame.Rect(0, 0, int(cw * 3.6), int(ch * 1.3))
    box.midtop = (w // 2, int(h * 0.15))
    return box


def illustration(size: tuple[int, int], colours: tuple[tuple[int, int, int], tuple[int, int, int]], *,
                 four_colour: bool = False) -> pygame.Surface:
    """The title's background at ``size`` on the felt of ``colours`` (kept; see above).
    Card faces come in the deck style and contrast cardart draws in now."""
    global _kept
    key = (size, colours, four_colour, cardart.high_contrast(), cardart.deck())
    if _kept is not None and _kept[0] == key:
        return _kept[1]
    _kept = None  # one window of pixels at a time
    img = felt(size, colours).copy()
    w, h = size
    lamp_x, lamp_y = w // 2, int(h * 0.03)
    lamp_w = max(30, int(min(w, h * 1.6) * 0.13))
    box = fan_box(size)
    _light(img, (lamp_x, int(lamp_y + lamp_w * 0.32)), lamp_w, box)
    _fan(img, box, four_colour)
    _lamp(img, (lamp_x, lamp_y), lamp_w)
    _kept = (key, img)
    return img


def _light(img: pygame.Surface, lamp: tuple[int, int], lamp_w: int, box: pygame.Rect) -> None:
    """The lamp's cone down to the cards and the warm pool it leaves on the felt (light
    added to the cloth, soft-edged: both are drawn small and smooth-scaled up)."""
    w, h = img.get_size()
    sw, sh = 64, 36
    glow = pygame.Surface((sw, sh))
    fx, fy = sw / 2, box.centery / h * sh  # the pool's centre, under the cards
    ly = lamp[1] / h * sh
    top_half, bottom_half = lamp_w * 0.45 / w * sw, box.w * 0.75 / w * sw
    for y in range(sh):
        for x in range(sw):
            d = math.hypot((x - fx) / (sw * 0.42), (y - fy) / (sh * 0.5))
            k = 0.9 * max(0.0, 1 - d) ** 1.5
            if ly <= y <= fy + 2:  # inside the cone: widening from the shade to the cards
                t = (y - ly) / max(1.0, fy - ly)
                half = top_half + (bottom_half - top_half) * t
                if abs(x - fx) < half:
                    k = max(k, 0.7 * (1 - (abs(x - fx) / half) ** 2) * (1 - 0.3 * t))
            glow.set_at((x, y), (int(56 * k), int(46 * k), int(22 * k)))
    img.blit(pygame.transform.smoothscale(glow, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)


def _fan(img: pygame.Surface, box: pygame.Rect, four_colour: bool) -> None:
    """The five cards fanned from a point under the box, each with a soft shadow."""
    cw, ch = card_size(img.get_size())
    reach = ch * 0.95  # from the pivot (the hand holding them) to each card's centre
    pivot = (box.centerx, box.y + ch * 0.5 + reach)
    n = len(FAN)
    for i, card in enumerate(FAN):
        angle = (i - (n - 1) / 2) * -11
        rad = math.radians(angle)
        x = pivot[0] + math.sin(-rad) * reach
        y = pivot[1] - math.cos(rad) * reach
        shadow = pygame.Surface((cw, ch), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=int(cw * 0.08))
        shadow = pygame.transform.rotozoom(shadow, angle, 1)
        img.blit(shadow, shadow.get_rect(center=(int(x + cw * 0.05), int(y + ch * 0.05))))
        face = pygame.transform.rotozoom(cardart.face(card, cw, ch, four_colour=four_colour, sets_bound=False), angle, 1)
        img.blit(face, face.get_rect(center=(int(x), int(y))))


def _lamp(img: pygame.Surface, at: tuple[int, int], width: int) -> None:
    """A green-shaded card-room lamp hanging from the top edge on its cord."""
    x, y = at
    pygame.draw.line(img, (20, 22, 24), (x, 0), (x, y), max(2, width // 24))
    top, bottom = width * 0.28, width * 0.5
    shade = [(x - top, y), (x + top, y), (x + bottom, y + width * 0.32), (x - bottom, y + width * 0.32)]
    pygame.draw.polygon(img, SHADE, shade)
    pygame.draw.polygon(img, RIM, shade, max(1, width // 30))
    pygame.draw.line(img, RIM, (x - bottom, y + width * 0.32), (x + bottom, y + width * 0.32), max(2, width // 16))
    bulb = pygame.Rect(0, 0, int(width * 0.3), int(width * 0.12))
    bulb.midtop = (x, int(y + width * 0.32))
    pygame.draw.ellipse(img, (255, 244, 210), bulb)
