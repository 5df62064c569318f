"""Waiting in tests for something another thread or process brings about."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(check: Callable[[], object], seconds: float = 20.0, step: Callable[[], object] | None = None) -> bool:
    """Wait (polling, off any event loop) until ``check()`` holds, at most ``seconds``;
    ``step()`` runs before each look (a link's poll, say). Whether it came to hold."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if step is not None:
            step()
        if check():
            return True
        time.sleep(0.01)
    return bool(check())
