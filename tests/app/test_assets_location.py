"""The game's data is package data: found through importlib.resources, overridable with
BIG2_ASSETS, and a clear sentence when it is not on disk."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from big2.app.ui import assets


def test_data_is_found_inside_the_package(monkeypatch) -> None:
    monkeypatch.delenv("BIG2_ASSETS", raising=False)
    found = assets.assets_dir()
    assert found == Path(str(resources.files("big2") / "assets"))
    assert found.parent == Path(assets.__file__).resolve().parents[2]  # beside big2/app
    for part in (("theme.json",), ("fonts", assets.REGULAR), ("fonts", assets.BOLD),
                 ("fonts", assets.SERIF_BOLD), ("icon", "big2.png")):
        assert assets.asset(*part).is_file(), part
    assert len(list(assets.asset("sounds").glob("*.wav"))) >= 5


def test_big2_assets_overrides_the_location(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BIG2_ASSETS", str(tmp_path))
    assert assets.asset("theme.json") == tmp_path / "theme.json"


def test_data_not_on_disk_is_a_sentence(monkeypatch) -> None:
    """E.g. the package imported from a zip: pygame cannot open fonts from there."""
    monkeypatch.delenv("BIG2_ASSETS", raising=False)

    class NotAFolder:
        def joinpath(self, *parts: str) -> str:
            return "big2.zip/big2/assets"

    monkeypatch.setattr(assets.resources, "files", lambda package: NotAFolder())
    with pytest.raises(FileNotFoundError, match="game data .* is missing.*BIG2_ASSETS"):
        assets.assets_dir()
