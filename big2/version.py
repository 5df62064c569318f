"""The game's version, from one place: ``version`` in ``pyproject.toml``.

An installed game (wheel, sdist, ``pip install .``, pipx, editable) reads it from its
distribution metadata through ``importlib.metadata``. The PyInstaller build carries no
metadata; its spec writes the version from ``pyproject.toml`` into the bundle as
``big2/VERSION`` (:data:`FROZEN_FILE`). A bare source checkout that was never installed
reads ``pyproject.toml`` itself. Standard library only; nothing is read until asked.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

DIST_NAME = "big2"
FROZEN_FILE = "VERSION"  # beside the package inside a frozen bundle
UNKNOWN = "unknown"


@lru_cache(maxsize=1)
def version() -> str:
    """The version string, e.g. ``"0.1.0"`` (``"unknown"`` only if every source fails)."""
    here = Path(__file__).resolve().parent
    if getattr(sys, "frozen", False):
        found = _read_frozen(here)
        if found:
            return found
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version

        return dist_version(DIST_NAME)
    except PackageNotFoundError:
        pass
    return _read_frozen(here) or _read_pyproject(here.parent / "pyproject.toml") or UNKNOWN


def _read_frozen(package_dir: Path) -> str | None:
    try:
        text = (package_dir / FROZEN_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return text or None


def _read_pyproject(path: Path) -> str | None:
    """``[project] version`` of a checkout's pyproject.toml (a regex: no tomllib on 3.10)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
    if not match or not re.search(r'^name\s*=\s*"big2"', text, re.M):
        return None
    return match.group(1)
