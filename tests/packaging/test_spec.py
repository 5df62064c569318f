"""The spec and the build facts: version and paths come from the project, not a machine."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path, PureWindowsPath

import pytest

from .conftest import PACKAGING, ROOT

SPEC = PACKAGING / "big2.spec"


def _string_constants(source: str) -> list[str]:
    return [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
    assert match, "pyproject.toml has no [project] version"
    return match.group(1)


def test_version_comes_from_pyproject(buildinfo) -> None:
    assert buildinfo.version() == _pyproject_version()


def test_version_without_a_toml_parser_uses_the_installed_metadata(buildinfo, monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "tomllib", None)
    monkeypatch.setitem(sys.modules, "tomli", None)
    assert buildinfo.version() == _pyproject_version()


def test_spec_reads_the_version_and_hardcodes_none() -> None:
    source = SPEC.read_text(encoding="utf-8")
    assert "info.version()" in source
    assert _pyproject_version() not in _string_constants(source)


@pytest.mark.parametrize("path", [SPEC, PACKAGING / "buildinfo.py", PACKAGING / "build.py"], ids=lambda p: p.name)
def test_no_absolute_paths(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    for text in _string_constants(source):
        for token in text.split():
            assert not (token.startswith("/") and len(token) > 1 and "/" in token[1:]), f"absolute path {token!r}"
            assert not PureWindowsPath(token).drive, f"absolute path {token!r}"
    assert str(ROOT) not in source
    assert re.search(r"(/home/|/root/|/Users/|[A-Za-z]:\\\\)", source) is None


def test_asset_datas_exist_and_land_where_the_package_finds_them(buildinfo) -> None:
    pairs = buildinfo.asset_datas()
    assert pairs
    for source, dest in pairs:
        assert Path(source).is_dir(), source
        assert not Path(dest).is_absolute()
    assert ("big2/assets" in {dest for _, dest in pairs})


def test_the_trained_network_and_numpy_are_bundled(buildinfo) -> None:
    """The Skilled level's weights land where ``shipped_net`` looks, and numpy, which
    reads them, is not excluded from the frozen app."""
    pairs = buildinfo.network_datas()
    assert [(Path(src).name, dest) for src, dest in pairs] == [("weights.npz", "big2/ai/learned")]
    assert all(Path(src).is_file() and Path(src).stat().st_size <= 10 * 2**20 for src, _ in pairs)
    source = SPEC.read_text(encoding="utf-8")
    assert "info.network_datas()" in source
    excludes = re.search(r"excludes=\[([^\]]*)\]", source)
    assert excludes and "numpy" not in excludes.group(1)


def test_bundled_assets_cover_what_the_app_loads(buildinfo) -> None:
    """Every font the app names, the theme and the sounds are inside the bundled entries."""
    from big2.app.ui import assets

    sources = [Path(src) for src, _ in buildinfo.asset_datas()]

    def bundled(path: Path) -> bool:
        return path.exists() and any(path == src or src in path.parents for src in sources)

    data = ROOT / "big2" / "assets"
    for name in (assets.REGULAR, assets.BOLD, assets.SERIF_BOLD):
        assert bundled(data / "fonts" / name), name
    assert bundled(data / "theme.json")
    assert all(bundled(p) for p in (data / "sounds").glob("*.wav"))
    assert bundled(data / "icon" / "big2.png")
    # the installers' icons stay out of the game's data
    assert not bundled(buildinfo.ICONS / "big2-1024.png")
    assert not list(data.rglob("*.icns")) and not list(data.rglob("*.ico"))


def test_kept_pygame_gui_fonts_exist_and_the_theme_needs_no_other(buildinfo) -> None:
    import pygame_gui

    data = Path(pygame_gui.__file__).parent / "data"
    for name in buildinfo.PYGAME_GUI_FONTS:
        assert (data / name).is_file(), name
    shipped = sum((data / n).stat().st_size for n in buildinfo.PYGAME_GUI_FONTS)
    everything = sum(p.stat().st_size for p in data.iterdir() if p.suffix in (".ttf", ".otf"))
    assert shipped < everything / 10  # the CJK fonts stay out
    theme = json.loads((ROOT / "big2" / "assets" / "theme.json").read_text(encoding="utf-8"))
    names = {b["font"]["name"] for b in theme.values() if isinstance(b, dict) and isinstance(b.get("font"), dict)}
    assert names <= {"dejavu", "noto_sans", "fira_code_symbols"}, names


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.1.7", (2, 0, 1, 7)), ("1.2rc1", (1, 2, 0, 0)),
     ("3.4.5.dev2", (3, 4, 5, 0))],
)
def test_version_tuple(buildinfo, text: str, expected: tuple[int, ...]) -> None:
    assert buildinfo.version_tuple(text) == expected


def test_windows_version_resource(buildinfo) -> None:
    text = buildinfo.windows_version_text("1.2.3")
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    call = ast.parse(body, mode="eval").body
    assert isinstance(call, ast.Call) and call.func.id == "VSVersionInfo"  # type: ignore[attr-defined]
    assert "filevers=(1, 2, 3, 0)" in text
    for key in ("FileVersion", "ProductVersion", "ProductName", "OriginalFilename", "FileDescription"):
        assert f"'{key}'" in text
    assert "'1.2.3'" in text and "'big2.exe'" in text


def test_mac_bundle_facts(buildinfo) -> None:
    assert re.fullmatch(r"[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+", buildinfo.BUNDLE_ID)
    plist = buildinfo.mac_info_plist("1.2.3")
    assert plist["CFBundleShortVersionString"] == "1.2.3"
    assert plist["NSHighResolutionCapable"] is True
    source = SPEC.read_text(encoding="utf-8")
    assert "bundle_identifier=info.BUNDLE_ID" in source


def test_platform_tag(buildinfo) -> None:
    assert re.fullmatch(r"(linux|windows|macos|[a-z]+)-[\w.]+", buildinfo.platform_tag())


def test_spec_is_python() -> None:
    ast.parse(SPEC.read_text(encoding="utf-8"))


def test_the_spec_ships_what_online_play_needs() -> None:
    """ssl (wss://) is not excluded; websockets and zeroconf (whose compiled modules hide
    their imports) are collected whole; the built app's self-test checks they load."""
    source = SPEC.read_text(encoding="utf-8")
    excludes = re.search(r"excludes=\[([^\]]*)\]", source)
    assert excludes and "ssl" not in excludes.group(1)
    for package in ("websockets", "zeroconf"):
        assert f'collect_submodules("{package}")' in source
