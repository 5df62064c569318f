"""Draw the Big2 app icon: two fanned 2♠ cards on green felt.

Run ``python packaging/make_icon.py [OUTDIR]`` to (re)write, into ``packaging/icons/``
(or OUTDIR):

- ``big2-<N>.png`` for N in 16, 24, 32, 48, 64, 128, 256, 512, 1024,
- ``big2.png`` (256 px, the window's icon: into ``big2/assets/icon/``, the game's
  package data, unless OUTDIR is given),
- ``big2.ico`` (Windows: 16-256 px, PNG-compressed entries),
- ``big2.icns`` (macOS: 16-1024 px, PNG entries).

The picture is drawn once with pygame at 2048 px and scaled down, so every size is
antialiased; the .ico and .icns containers are written here byte by byte (both are a
small header, a table of entries and the PNG data), so nothing beyond pygame is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "big2" / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
RUNTIME_ICON = ROOT / "big2" / "assets" / "icon" / "big2.png"

MASTER = 2048
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types that hold PNG data, by pixel size (the @2x ones share a size).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"icp6", 64), (b"ic12", 64),
    (b"ic07", 128), (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512),
    (b"ic10", 1024),
)

FELT = (22, 110, 62)
FELT_EDGE = (12, 70, 38)
CARD = (252, 251, 246)
CARD_EDGE = (150, 150, 140)
INK = (24, 24, 28)


def _spade(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """A spade of half-width ``r`` centred on (cx, cy): point up, two lobes, a foot."""
    lobe = r * 0.52
    for sx in (-1, 1):
        pygame.draw.circle(surf, colour, (round(cx + sx * r * 0.48), round(cy + r * 0.22)), round(lobe))
    top = (cx, cy - r * 1.05)
    pygame.draw.polygon(surf, colour, [top, (cx - r * 0.99, cy + r * 0.12), (cx, cy + r * 0.55), (cx + r * 0.99, cy + r * 0.12)])
    pygame.draw.polygon(surf, colour, [(cx, cy + r * 0.3), (cx - r * 0.42, cy + r * 1.15), (cx + r * 0.42, cy + r * 1.15)])


def _card(w: int, h: int) -> pygame.Surface:
    """A 2♠ card face, upright, on a transparent surface."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.09)
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, CARD, surf.get_rect().inflate(-w // 45, -w // 45), border_radius=radius)
    font = pygame.font.Font(str(FONT), round(h * 0.24))
    two = font.render("2", True, INK)
    surf.blit(two, two.get_rect(midtop=(round(w * 0.2), round(h * 0.03))))
    _spade(surf, w * 0.2, h * 0.33, w * 0.085, INK)
    _spade(surf, w * 0.56, h * 0.6, w * 0.27, INK)
    return surf


def draw(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` pixels (best drawn large and scaled down)."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    margin = round(size * 0.04)
    tile = img.get_rect().inflate(-2 * margin, -2 * margin)
    pygame.draw.rect(img, FELT_EDGE, tile, border_radius=round(size * 0.2))
    pygame.draw.rect(img, FELT, tile.inflate(-size // 40, -size // 40), border_radius=round(size * 0.19))
    cw, ch = round(size * 0.42), round(size * 0.6)
    face = _card(cw, ch)
    shadow = pygame.Surface((cw, ch), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=round(cw * 0.09))
    centre = pygame.Vector2(size * 0.5, size * 0.53)
    for angle, dx in ((14, -0.11), (-12, 0.11)):  # back card leans left, front card right
        pos = centre + pygame.Vector2(size * dx, 0)
        rad = math.radians(angle)
        off = pygame.Vector2(size * 0.012, size * 0.018)
        sh = pygame.transform.rotate(shadow, angle)
        img.blit(sh, sh.get_rect(center=(round(pos.x + off.x), round(pos.y + off.y))))
        card = pygame.transform.rotate(face, angle)
        img.blit(card, card.get_rect(center=(round(pos.x), round(pos.y + abs(math.sin(rad)) * 0))))
    return img


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG-compressed image per size (Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    table, blobs = b"", b""
    for n in sizes:
        data = pngs[n]
        dim = 0 if n >= 256 else n  # 0 means 256 in the directory entry
        table += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + table + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose entries are PNG data (OS X 10.7 and later)."""
    body = b""
    for kind, n in ICNS_TYPES:
        data = pngs[n]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "packaging" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    master = draw(MASTER)
    pngs = {n: png_bytes(pygame.transform.smoothscale(master, (n, n))) for n in PNG_SIZES}
    for n, data in pngs.items():
        (out / f"big2-{n}.png").write_bytes(data)
    (out / "big2.png" if args else RUNTIME_ICON).write_bytes(pngs[256])
    (out / "big2.ico").write_bytes(ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    (out / "big2.icns").write_bytes(icns_bytes(pngs))
    pygame.quit()
    print(f"wrote icons to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
