"""The app icon: PNGs at several sizes, a Windows .ico and a macOS .icns, all well formed."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from .conftest import PACKAGING, ROOT, load

ICONS = ROOT / "packaging" / "icons"
RUNTIME_ICON = ROOT / "big2" / "assets" / "icon" / "big2.png"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG; checks the signature, IHDR and RGBA colour type."""
    assert data[:8] == PNG_MAGIC, "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and colour == 6, "want 8-bit RGBA"
    assert data.endswith(b"IEND\xaeB`\x82")
    return width, height


def ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count > 0
    out = []
    for i in range(count):
        w, h, _colours, _r, planes, bpp, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert w == h and planes == 1 and bpp == 32
        assert offset + size <= len(data)
        out.append((w or 256, data[offset:offset + size]))
    return out


def icns_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:4] == b"icns"
    (total,) = struct.unpack(">I", data[4:8])
    assert total == len(data)
    pos, out = 8, []
    while pos < total:
        kind, length = struct.unpack(">4sI", data[pos:pos + 8])
        assert length > 8 and pos + length <= total
        out.append((kind, data[pos + 8:pos + length]))
        pos += length
    assert pos == total
    return out


@pytest.fixture(scope="module")
def make_icon():
    return load("make_icon", PACKAGING / "make_icon.py")


def test_pngs_have_their_named_size(make_icon) -> None:
    for n in make_icon.PNG_SIZES:
        assert png_size((ICONS / f"big2-{n}.png").read_bytes()) == (n, n)
    assert png_size(RUNTIME_ICON.read_bytes()) == (256, 256)
    assert RUNTIME_ICON.read_bytes() == (ICONS / "big2-256.png").read_bytes()


def test_ico_holds_every_windows_size(make_icon) -> None:
    entries = ico_entries((ICONS / "big2.ico").read_bytes())
    assert sorted(n for n, _ in entries) == sorted(make_icon.ICO_SIZES)
    for n, blob in entries:
        assert png_size(blob) == (n, n)


def test_icns_entries_match_their_types(make_icon) -> None:
    expected = dict(make_icon.ICNS_TYPES)
    entries = icns_entries((ICONS / "big2.icns").read_bytes())
    assert [k for k, _ in entries] == [k for k, _ in make_icon.ICNS_TYPES]
    for kind, blob in entries:
        assert png_size(blob) == (expected[kind], expected[kind])


def test_make_icon_writes_valid_files(make_icon, tmp_path: Path) -> None:
    assert make_icon.main([str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"big2.png", "big2.ico", "big2.icns"} <= names
    assert png_size((tmp_path / "big2-48.png").read_bytes()) == (48, 48)
    ico_entries((tmp_path / "big2.ico").read_bytes())
    icns_entries((tmp_path / "big2.icns").read_bytes())


def test_icon_is_transparent_outside_and_solid_inside(make_icon) -> None:
    import pygame

    img = pygame.image.load(str(ICONS / "big2-64.png"))
    assert img.get_at((0, 0)).a == 0
    assert img.get_at((32, 32)).a == 255
