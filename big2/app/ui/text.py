"""Text on the table: cached renders, suit symbols in their colours, simple anchors.

While :func:`recording` is active, every :func:`draw` notes what it drew and where
(:class:`DrawnText`), so a test can check that our own text fits its place the way it
checks pygame_gui's labels (see ``tools/fitcheck.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import re

import pygame

from . import assets
from .cardart import SurfaceCache, suit_colour

SUITS = "♦♣♥♠"
#: Rendered lines and panels, least recently used out past a bound in pixel bytes: a
#: panel is cached per size, and a drag-resize passes through hundreds of sizes.
_cache = SurfaceCache(min_bytes=4 << 20)

# On dark felt black spades would vanish: light variants of the suit colours.
LIGHT_SUITS = ((255, 120, 130), (240, 240, 240), (255, 120, 130), (240, 240, 240))
LIGHT_SUITS_4 = ((120, 170, 255), (120, 220, 140), (255, 120, 130), (240, 240, 240))


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One line :func:`draw` put on a surface."""

    text: str
    rect: pygame.Rect
    #: The font size asked for, and how much ``max_width`` squeezed the line (1.0: not at all).
    size: int
    squeeze: float
    #: The size of the surface drawn on, and whether it was the window itself.
    surface: tuple[int, int]
    on_screen: bool
    #: The runs of ``text`` and the font file each was drawn with (see :func:`runs`).
    faces: tuple[tuple[str, str], ...] = ()


_record: list[DrawnText] | None = None


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every line drawn while the block runs (for fit tests and screenshots)."""
    global _record
    previous, _record = _record, []
    try:
        yield _record
    finally:
        _record = previous


def clear_cache() -> None:
    _cache.clear()


def runs(words: str, *, bold: bool = False) -> list[tuple[str, str]]:
    """``words`` cut into runs, each with the font file that draws it: the current
    language's, or for a character that font lacks, the first shipped face that has it
    (pygame cannot fall back glyph by glyph, so :func:`render` draws run by run). A
    character no face has stays with the current language's font."""
    faces = assets.fallback_faces(bold=bold)
    first = faces[0]
    if words.isascii():
        return [(words, first)] if words else []
    out: list[tuple[str, str]] = []
    for ch in words:
        face = first
        if not assets.covers(first, ch):
            face = next((f for f in faces[1:] if assets.covers(f, ch)), first)
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + ch, face)
        else:
            out.append((ch, face))
    return out


def width_of(words: str, size: int, *, bold: bool = False) -> int:
    """How wide ``words`` draw at ``size``, each run in the face :func:`runs` gives it."""
    return sum(assets.font(size, face=face).size(run)[0] for run, face in runs(words, bold=bold))


def render(
    text: str,
    size: int,
    colour: tuple[int, int, int] = (255, 255, 255),
    *,
    bold: bool = False,
    suits: str | None = None,
    four_colour: bool = False,
) -> pygame.Surface:
    """Render one line. ``suits`` = "light" or "dark" colours ♦♣♥♠ by suit. Every
    character is drawn with a font that has its glyph (see :func:`runs`)."""
    key = (text, size, colour, bold, suits, four_colour, assets.face_name(bold=bold))
    img = _cache.get(key)
    if img is not None:
        return img
    pieces: list[tuple[str, tuple[int, int, int], str]] = []
    for run, face in runs(text, bold=bold):
        for ch in run:
            c = colour
            if suits and ch in SUITS:
                i = SUITS.index(ch)
                if suits == "light":
                    c = (LIGHT_SUITS_4 if four_colour else LIGHT_SUITS)[i]
                else:
                    c = suit_colour(i, four_colour=four_colour)
            if pieces and pieces[-1][1:] == (c, face):
                pieces[-1] = (pieces[-1][0] + ch, c, face)
            else:
                pieces.append((ch, c, face))
    if len(pieces) <= 1:
        face = pieces[0][2] if pieces else assets.face_name(bold=bold)
        img = assets.font(size, face=face).render(text, True, colour if not pieces else pieces[0][1])
    else:
        fonts = [assets.font(size, face=face) for _t, _c, face in pieces]
        ascent = max(f.get_ascent() for f in fonts)
        height = max(ascent - f.get_ascent() + f.get_height() for f in fonts)
        parts = [(f.render(t, True, c), ascent - f.get_ascent()) for f, (t, c, _face) in zip(fonts, pieces)]
        img = pygame.Surface((sum(p.get_width() for p, _y in parts), height), pygame.SRCALPHA)
        x = 0
        for p, y in parts:
            img.blit(p, (x, y))
            x += p.get_width()
    _cache.put(key, img)
    return img


def draw(
    surf: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[float, float],
    colour: tuple[int, int, int] = (255, 255, 255),
    *,
    anchor: str = "topleft",
    bold: bool = False,
    suits: str | None = None,
    four_colour: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    img = render(text, size, colour, bold=bold, suits=suits, four_colour=four_colour)
    squeeze = 1.0
    if max_width is not None and img.get_width() > max_width > 0:
        squeeze = max_width / img.get_width()
        img = pygame.transform.smoothscale(img, (max_width, max(1, int(img.get_height() * squeeze))))
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surf.blit(img, rect)
    if _record is not None and text.strip():
        _record.append(DrawnText(text, rect.copy(), size, squeeze, surf.get_size(), surf is pygame.display.get_surface(),
                                 tuple(runs(text, bold=bold))))
    return rect


def fits(words: str, size: int, width: int, *, bold: bool = False, squeeze: float = 0.9) -> bool:
    """Whether ``words`` fit ``width`` pixels, squeezed to no less than ``squeeze`` of
    their width (see ``draw``'s max_width; 1.0: not squeezed at all)."""
    return width_of(words, size, bold=bold) * squeeze <= width


def shorten(words: str, size: int, width: int, *, bold: bool = False, squeeze: float = 0.9) -> str:
    """``words``, cut and ended with "…" if they would not fit ``width`` pixels even
    squeezed to ``squeeze`` (a long name or a long translation in a narrow box)."""
    if fits(words, size, width, bold=bold, squeeze=squeeze):
        return words
    cut = words
    while cut and not fits(cut.rstrip() + "…", size, width, bold=bold, squeeze=squeeze):
        cut = cut[:-1]
    return cut.rstrip() + "…"


def panel(surf: pygame.Surface, rect: pygame.Rect, *, alpha: int = 120, radius: int = 10, border: tuple[int, int, int] | None = None) -> None:
    """A translucent dark rounded panel."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = ("panel", rect.size, alpha, radius, border)
    img = _cache.get(key)
    if img is None:
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, alpha), img.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(img, border, img.get_rect(), 2, border_radius=radius)
        _cache.put(key, img)
    surf.blit(img, rect)


_TOKENS = re.compile(
    # a hanzi (with the opening punctuation that may not end a line before it and the
    # closing punctuation that may not start one after it), a run of other
    # non-space characters (a word), or spaces
    r"[「『（《〈【“]*[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef][，。、：；！？」』）》〉】…\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f]*"
    r"|[^\s\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+[，。、：；！？」』）》〉】…\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f]*|\s+"
)


def wrap(msg: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels: between words, and between any
    two hanzi (Chinese has no spaces), never before closing punctuation."""
    lines: list[str] = []
    for para in msg.split("\n"):
        line = ""
        for token in _TOKENS.findall(para):
            trial = line + token
            if width_of(trial.rstrip(), size, bold=bold) <= width or not line.strip():
                line = trial
            elif token.isspace():
                continue
            else:
                lines.append(line.rstrip())
                line = token
        lines.append(line.strip())
    return lines
