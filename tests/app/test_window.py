"""The window is called "Big Two" from the moment it opens, whatever happens to it,
and carries the game's icon."""

from __future__ import annotations

import pygame

from helpers import pump

from big2.app.ui import assets
from big2.app.app import App
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.settings import AppSettings


def test_title_and_icon_are_set_before_the_window_opens(monkeypatch):
    calls = []
    real = {name: getattr(pygame.display, name) for name in ("set_caption", "set_icon", "set_mode")}
    loaded = []
    load = pygame.image.load

    def record(name):
        def fn(*args, **kwargs):
            calls.append((name, args))
            return real[name](*args, **kwargs)
        return fn

    for name in real:
        monkeypatch.setattr(pygame.display, name, record(name))
    monkeypatch.setattr(pygame.image, "load", lambda path, *a: (loaded.append(str(path)), load(path, *a))[1])
    app = App(settings=AppSettings(animation="off", pace="instant"))
    app.ai_in_process = False
    try:
        app.open()
        order = [name for name, _ in calls]
        assert order.index("set_caption") < order.index("set_mode")
        assert order.index("set_icon") < order.index("set_mode")
        assert calls[order.index("set_caption")][1][0] == "Big Two"
        icon = calls[order.index("set_icon")][1][0]
        assert loaded and loaded[0] == str(assets.asset("icon", "big2.png"))
        assert icon.get_size() == (128, 128)  # X11 takes no bigger icon in one request
    finally:
        app.close()


def test_the_title_stays_at_the_table_through_resizes_and_fullscreen(make_app):
    app = make_app()
    seats = tuple(SeatConfig(n, human=False) for n in ("South", "East", "North", "West"))
    table = open_table(app, MatchConfig(seats=seats, seed=1))
    app.push(table)
    pump(app, 5)
    assert pygame.display.get_caption()[0] == "Big Two"
    app.resize((700, 500))  # below the minimum: the window is made again at the minimum
    assert pygame.display.get_caption()[0] == "Big Two"
    app.set_window_size((1024, 640))
    app.toggle_fullscreen()
    assert pygame.display.get_caption()[0] == "Big Two"
    app.toggle_fullscreen()
    pump(app, 5)
    assert pygame.display.get_caption()[0] == "Big Two" and app.size == (1024, 640)
