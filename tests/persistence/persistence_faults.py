"""Fault injection for the write tests: make the k-th os call of a save fail."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable

import pytest

#: The os functions a write goes through; a fault can be injected into any of them.
FAULT_POINTS = ("open", "write", "fsync", "close", "replace", "mkdir")


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
