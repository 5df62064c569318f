"""``big2 --version`` and ``big2.__version__`` give the version written in pyproject.toml."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import big2
from big2 import version as version_mod

ROOT = Path(__file__).resolve().parents[1]


def _pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
    assert match
    return match.group(1)


@pytest.fixture(autouse=True)
def _fresh_cache():
    version_mod.version.cache_clear()
    yield
    version_mod.version.cache_clear()


def test_command_line_prints_the_pyproject_version() -> None:
    for flag in ("--version", "-V"):
        out = subprocess.run([sys.executable, "-m", "big2", flag], capture_output=True, text=True,
                             timeout=60, check=False)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == f"big2 {_pyproject_version()}"


def test_help_lists_version() -> None:
    out = subprocess.run([sys.executable, "-m", "big2", "--help"], capture_output=True, text=True,
                         timeout=60, check=False, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert "big2 --version" in out.stdout


def test_package_attribute_is_the_same_version() -> None:
    assert big2.__version__ == version_mod.version() == _pyproject_version()
    with pytest.raises(AttributeError):
        big2.no_such_thing  # noqa: B018


def test_without_metadata_a_checkout_reads_its_pyproject(monkeypatch) -> None:
    import importlib.metadata as md

    def missing(name: str) -> str:
        raise md.PackageNotFoundError(name)

    monkeypatch.setattr(md, "version", missing)
    assert version_mod.version() == _pyproject_version()


def test_a_frozen_bundle_reads_its_version_file(monkeypatch, tmp_path: Path) -> None:
    """The spec writes big2/VERSION into the bundle; frozen, that file wins."""
    (tmp_path / "VERSION").write_text("9.8.7\n", encoding="utf-8")
    assert version_mod._read_frozen(tmp_path) == "9.8.7"
    fake_module = tmp_path / "version.py"
    monkeypatch.setattr(version_mod, "__file__", str(fake_module))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert version_mod.version() == "9.8.7"


def test_a_foreign_pyproject_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "3.0"\n', encoding="utf-8")
    assert version_mod._read_pyproject(tmp_path / "pyproject.toml") is None
    assert version_mod._read_pyproject(tmp_path / "missing.toml") is None
