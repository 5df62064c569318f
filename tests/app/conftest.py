"""Headless pygame for every app test: dummy video and audio drivers, set before import."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture
def make_app():
    """Open an App (window, UI manager, fonts) per test; closed after the test."""
    from big2.app.app import App
    from big2.app.settings import AppSettings

    opened = []

    def _make(size=(1280, 720), **settings):
        opts = {"animation": "off", "pace": "instant"}
        opts.update(settings)
        app = App(size=size, settings=AppSettings(**opts))
        app.ai_in_process = False  # threads start faster; one test covers the process
        app.guard_crashes = False  # a test sees the real error (test_crashguard turns it on)
        app.open()
        app.running = True
        opened.append(app)
        return app

    yield _make
    for app in opened:
        app.close()


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """No test reads or writes the real user's settings."""
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
