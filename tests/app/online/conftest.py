"""Fixtures for the online screens: the lobby scene stood in for (the lobby is another
screen's work; only these tests register a stand-in), the hosted server on loopback and
any free port, not announced, and a game server with a room to join."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/app: helpers



@pytest.fixture
def lobby(monkeypatch):
    """Register a stand-in "lobby" scene for the test; the opened ones are listed in the
    returned list, and their links closed afterwards."""
    from big2.app import router
    from big2.app.ui.scene import Scene

    opened: list = []

    class StandIn(Scene):
        name = "lobby"

        def __init__(self, app, link, hosting=None, fresh=False) -> None:
            super().__init__(app)
            self.link = link
            self.hosting = hosting
            self.fresh = fresh
            opened.append(self)

    monkeypatch.setitem(router.SCENES, "lobby", router.SCENES.get("lobby", ""))
    monkeypatch.setitem(router._classes, "lobby", router._classes.get("lobby"))
    router.register("lobby", StandIn)
    yield opened
    for scene in opened:
        scene.link.close()


@pytest.fixture
def loopback(monkeypatch):
    """The app hosts on 127.0.0.1, any free port, not announced; looks for games on
    loopback, briefly."""
    from big2.app.online import hosting, join

    monkeypatch.setattr(hosting, "LISTEN", ("127.0.0.1", 0, False))
    monkeypatch.setattr(join, "LOOK_SECONDS", 1.0)
    monkeypatch.setattr(join, "INTERFACES", ["127.0.0.1"])


def wait_for(done, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def room():
    """A game server on loopback (announced there) with a room Ann opened through her own
    link: ``(server, ann)``; ``ann.lobby["code_shown"]`` is the code to type."""
    from big2.net.hostthread import ServerThread
    from big2.net.link import RemoteLink

    server = ServerThread(host="127.0.0.1", port=0, advertise=True, name="Ann's laptop", person="Ann")
    server.start()
    ann = RemoteLink(server.url, name="Ann", create={"players": 4, "computers": 0})
    try:
        assert wait_for(lambda: ann.lobby is not None), ann.problem
        yield server, ann
    finally:
        ann.close()
        server.stop()


def join_by_typing(app, name: str, url: str, code: str):
    """From the title: Play online → Join a game, type the name, address and code, click
    Join and run until the lobby opens (real clicks and typing); returns the lobby."""
    from helpers import click_control, type_text

    click_control(app, app.push("title").b_online)
    click_control(app, app.top.b_join)
    form = app.top
    type_text(app, form.name_entry, name, enter=False)
    type_text(app, form.address_entry, url, enter=False)
    type_text(app, form.code_entry, code, enter=False)
    click_control(app, form.b_join)
    assert app.run_until(lambda: app.top.name == "lobby", timeout=20), form.message
    return app.top
