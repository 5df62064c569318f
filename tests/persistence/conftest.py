"""Shared fixtures: every persistence test runs with BIG2_HOME in a temp folder."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from big2.persistence.paths import AppPaths

#: The os functions a write goes through; a fault can be injected into any of them.
FAULT_POINTS = ("open", "write", "fsync", "close", "replace", "mkdir")


@pytest.fixture(autouse=True)
def big2_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point BIG2_HOME at a fresh temp folder so no test touches the real home."""
    home = tmp_path / "big2-home"
    monkeypatch.setenv("BIG2_HOME", str(home))
    return home


@pytest.fixture
def paths(big2_home: Path) -> AppPaths:
    return AppPaths.from_environment()


class FaultInjector:
    """Counts calls to the os functions in FAULT_POINTS; raises EIO at call number k."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.calls: list[str] = []
        self.fail_at: int | None = None
        for name in FAULT_POINTS:
            real = getattr(os, name)
            monkeypatch.setattr(os, name, self._wrap(name, real))

    def _wrap(self, name: str, real: Callable[..., object]) -> Callable[..., object]:
        def wrapper(*args: object, **kwargs: object) -> object:
            if self.fail_at is not None and len(self.calls) == self.fail_at:
                self.calls.append(name + "!")
                raise OSError(errno.EIO, f"injected failure in os.{name}")
            self.calls.append(name)
            return real(*args, **kwargs)
        return wrapper

    def arm(self, k: int | None) -> None:
        self.calls.clear()
        self.fail_at = k


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[FaultInjector]:
    injector = FaultInjector(monkeypatch)
    yield injector
    injector.arm(None)
