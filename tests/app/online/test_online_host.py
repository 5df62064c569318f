"""Hosting from the title with real clicks and typing: the server starts inside the app
(on 127.0.0.1 here), a room opens with the host seated, the lobby gets the link and the
hosting; the name is remembered in Settings; the server stops when the app closes; a
port that cannot be opened is a sentence with nothing lost."""

from __future__ import annotations

import re

from helpers import click_control, type_text

from big2.app import storage
from big2.app.online import hosting as hosting_mod
from big2.app.online.form import stored_name


def _to_host_form(app):
    title = app.push("title")
    click_control(app, title.b_online)
    hub = app.top
    assert hub.name == "online"
    assert hub.b_rejoin is None  # nothing stored: no Rejoin
    click_control(app, hub.b_host)
    form = app.top
    assert form.name == "host_game"
    return form


def test_host_from_the_title_opens_a_room_and_the_lobby(make_app, lobby, loopback):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        form = _to_host_form(app)
        assert form.name_entry.get_text() == ""  # no name yet
        type_text(app, form.name_entry, "Ann", enter=False)
        click_control(app, form.b_host)
        assert app.run_until(lambda: app.top.name == "lobby", timeout=20), app.top.message
        seen = lobby[-1]
        link, hosting = seen.link, seen.hosting
        assert hosting is hosting_mod.of(app) and hosting.running
        assert hosting.server.name == "Ann"  # announced on the network under the host's name
        assert link.url == hosting.url and link.seat == 0 and link.token
        assert link.lobby["host"] == 0 and link.lobby["seats"][0]["name"] == "Ann"
        assert len(link.lobby["seats"]) == 4
        assert [s["kind"] for s in link.lobby["seats"][1:]] == ["open"] * 3
        assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", link.lobby["code_shown"])
        assert hosting.share_addresses() == [hosting.url]  # it listens on loopback only
        # the name is kept in Settings, and the next form starts from it
        assert st.settings.player_name == "Ann" and stored_name(app) == "Ann"
        app.push("host_game")
        assert app.top.name_entry.get_text() == "Ann"
        server = hosting.server
        assert server.running
    finally:
        app.close()  # the app quits: its game server stops
        st.close()
    assert not server.running and not hosting.running


def test_a_port_that_cannot_be_opened_is_a_sentence_and_the_name_stays(make_app, lobby, monkeypatch):
    # an address this computer does not have: nothing can listen there
    monkeypatch.setattr(hosting_mod, "LISTEN", ("192.0.2.1", 7531, False))
    app = make_app()
    form = _to_host_form(app)
    type_text(app, form.name_entry, "Ann", enter=False)
    click_control(app, form.b_host)
    assert app.run_until(lambda: not form.busy, timeout=20)
    form = app.top
    assert form.name == "host_game" and not lobby
    assert "cannot host" in form.message or "could not open a network port" in form.message, form.message
    assert form.name_entry.get_text() == "Ann"
    assert form.b_host.is_enabled and not hosting_mod.of(app).running
    # Back goes back to the hub, nothing hosted
    click_control(app, form.b_back)
    assert app.top.name == "online"


def test_a_host_needs_a_name(make_app, lobby, loopback):
    app = make_app()
    form = _to_host_form(app)
    click_control(app, form.b_host)
    assert app.top is form and form.message == "Type your name: it is how the other players see you."
    assert not form.busy and getattr(app, "hosting", None) is None


def test_enter_in_the_name_field_hosts(make_app, lobby, loopback):
    app = make_app()
    form = _to_host_form(app)
    type_text(app, form.name_entry, "Ann")  # and Enter
    assert app.run_until(lambda: app.top.name == "lobby", timeout=20), app.top.message
    assert lobby[-1].link.lobby["seats"][0]["name"] == "Ann"


def test_a_room_can_be_opened_on_a_game_server(make_app, lobby, room, tmp_path):
    # a game server somewhere (big2 serve; here one on loopback): the room opens there,
    # nothing is hosted in the app, and the seat is kept for a rejoin
    from big2.app.online import rejoin

    server, _ann = room
    app = make_app()
    form = _to_host_form(app)
    type_text(app, form.name_entry, "Mei", enter=False)
    type_text(app, form.server_entry, server.url.removeprefix("ws://"), enter=False)
    click_control(app, form.b_host)
    assert app.run_until(lambda: app.top.name == "lobby", timeout=20), app.top.message
    seen = lobby[-1]
    assert seen.hosting is None and not hosting_mod.of(app).running
    assert seen.link.url == server.url and seen.link.lobby["seats"][0]["name"] == "Mei"
    assert server.rooms() == 2  # Ann's and the new one
    assert app.run_until(lambda: rejoin.path().exists(), timeout=10)
    kept, _notices = rejoin.load()
    assert kept is not None and kept.code == seen.link.code


def test_a_game_server_address_that_makes_no_sense_is_a_sentence(make_app, lobby, loopback):
    app = make_app()
    form = _to_host_form(app)
    type_text(app, form.name_entry, "Mei", enter=False)
    type_text(app, form.server_entry, "ftp://nowhere", enter=False)
    click_control(app, form.b_host)
    form = app.top
    assert form.name == "host_game" and form.message and not lobby
    assert form.server_entry.get_text() == "ftp://nowhere"
