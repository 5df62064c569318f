"""Shared fixtures: every persistence test runs with BIG2_HOME in a temp folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from big2.persistence.paths import AppPaths

from persistence_faults import FaultInjector


@pytest.fixture(autouse=True)
def big2_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point BIG2_HOME at a fresh temp folder so no test touches the real home."""
    home = tmp_path / "big2-home"
    monkeypatch.setenv("BIG2_HOME", str(home))
    return home


@pytest.fixture
def paths(big2_home: Path) -> AppPaths:
    return AppPaths.from_environment()


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[FaultInjector]:
    injector = FaultInjector(monkeypatch)
    yield injector
    injector.arm(None)
