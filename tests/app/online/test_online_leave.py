"""Leaving an online room from the lobby, as host (in-app server) and as a joiner: the hub
comes back and answers clicks and keys; a deliberate Leave forgets the kept seat."""

from __future__ import annotations

import time

import pygame

from helpers import click_control, key, type_text

from big2.app.online import rejoin

from conftest import join_by_typing


def _host_to_lobby(app):
    title = app.push("title")
    click_control(app, title.b_online)
    hub = app.top
    click_control(app, hub.b_host)
    form = app.top
    type_text(app, form.name_entry, "Ann", enter=False)
    click_control(app, form.b_host)
    assert app.run_until(lambda: app.top.name == "lobby", timeout=20), getattr(app.top, "message", "")
    return app.top


def _blocking_frames(app, seconds: float = 0.6) -> None:
    """Frames as the real loop runs them: waiting for events when idle."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(block=True)


def test_the_host_leaves_the_lobby_and_the_hub_answers(make_app, loopback):
    app = make_app()
    lobby = _host_to_lobby(app)
    hosting = lobby.hosting
    click_control(app, lobby.b_leave)
    confirm = app.top
    assert type(confirm).__name__ == "ConfirmScene"
    click_control(app, confirm.b_yes)
    assert app.run_until(lambda: app.top.name == "online", timeout=10)
    hub = app.top
    _blocking_frames(app)
    assert not hosting.running
    # the hub answers a click: Join opens the join form …
    click_control(app, hub.b_join)
    assert app.top.name == "join_game"
    # … Escape comes back, and Back goes to the title (the hub is not the last screen)
    key(app, pygame.K_ESCAPE, frames=4)
    assert app.top.name == "online"
    click_control(app, app.top.b_back)
    assert app.top.name == "title"
    assert rejoin.load()[0] is None  # a hosted game is not kept


def test_a_joiner_leaves_the_lobby_the_hub_answers_and_offers_no_rejoin(make_app, loopback, room):
    server, ann = room
    app = make_app()
    join_by_typing(app, "Ben", server.url, ann.lobby["code_shown"])
    assert rejoin.load()[0] is not None  # kept while seated
    click_control(app, app.top.b_leave)  # a joiner is not asked
    assert app.run_until(lambda: app.top.name == "online", timeout=10)
    _blocking_frames(app)
    hub = app.top
    assert hub.b_rejoin is None and rejoin.load()[0] is None  # no "Rejoin room …" after a Leave
    key(app, pygame.K_ESCAPE, frames=4)
    assert app.top.name == "title"


def test_the_host_leaving_the_table_ends_the_game_for_everyone_as_the_form_says(make_app, loopback):
    from big2.net.link import RemoteLink
    from tests.waiting import until

    app = make_app()
    lobby = _host_to_lobby(app)
    hosting = lobby.hosting
    lobby.link.configure(players=2)
    assert app.run_until(lambda: len(lobby.room.get("seats", [])) == 2, timeout=10)
    ben = RemoteLink(hosting.url, name="Ben", code=lobby.link.code, backoff=(0.1, 0.3), give_up_s=2.0)
    try:
        assert until(lambda: ben.lobby is not None)
        ben.ready()
        assert app.run_until(lambda: lobby.b_start is not None and lobby.b_start.is_enabled, timeout=10)
        click_control(app, lobby.b_start)
        assert app.run_until(lambda: app.top.name == "table", timeout=20)
        key(app, pygame.K_ESCAPE, frames=3)
        menu = app.top
        assert menu.name == "pause"
        click_control(app, menu.b_quit)
        confirm = app.top
        assert confirm.detail == "Your friends will be disconnected."  # as the Host form and the lobby say
        click_control(app, confirm.b_yes)
        assert app.top.name == "title"
        assert until(lambda: not hosting.running, 10)  # no server left running (nor announced)
        assert until(lambda: ben.status == "closed", 15)
    finally:
        ben.close()
