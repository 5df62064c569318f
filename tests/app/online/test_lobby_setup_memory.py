"""The lobby remembers the host's last set-up: a player hosts, changes the set-up with
real clicks (a computer in seat 4, the Taiwan rules with play going clockwise, a
20-second turn clock, expert computers), leaves, hosts again,
and the new room starts from that set-up. A damaged stored set-up is dropped
field by field: the lobby starts from the defaults, and nothing crashes."""

from __future__ import annotations

import dataclasses

from helpers import click_control, pick_option, pump, type_text

from big2.app import storage
from big2.app.online import setupmemory
from big2.app.screens.setupform import choices_by_name
from big2.engine.rules import Direction
from big2.room import codec


def _host(app, name: str = "Ann"):
    """From the title: Play online → Host, the name typed, Host → the real lobby."""
    if app.top is None or app.top.name != "online":
        click_control(app, app.push("title").b_online)
    click_control(app, app.top.b_host)
    form = app.top
    if not form.name_entry.get_text():
        type_text(app, form.name_entry, name, enter=False)
    click_control(app, form.b_host)
    assert app.run_until(lambda: app.top.name == "lobby" and bool(app.top.room), timeout=20), \
        getattr(app.top, "message", "")
    return app.top


def _settled(app, scene, check) -> None:
    assert app.run_until(lambda: bool(scene.room) and check(scene.room) and scene._built == scene._signature(),
                         timeout=20), scene.room
    pump(app, 2)


def _leave(app, lobby) -> None:
    click_control(app, lobby.b_leave)
    click_control(app, app.top.b_yes)  # "Leave the room?" — friends would be disconnected
    assert app.run_until(lambda: app.top.name == "online", timeout=10)
    assert app.run_until(lambda: not lobby.hosting.running and not lobby.hosting.starting, timeout=20)


def test_hosting_again_starts_from_the_last_set_up(make_app, loopback):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        lobby = _host(app)
        room = lobby.room
        assert room["preset"] == "standard" and room["turn_clock"] == 0 and room["level"] == "normal"
        assert [s["kind"] for s in room["seats"]] == ["person", "open", "open", "open"]
        pick_option(app, lobby.seat_menus[3], "computer")
        _settled(app, lobby, lambda r: r["seats"][3]["kind"] == "computer")
        pick_option(app, lobby.setup_menus["preset"], "taiwan")
        _settled(app, lobby, lambda r: r["preset"] == "taiwan")
        direction = choices_by_name()["direction"]
        pick_option(app, lobby.rule_menus["direction"], direction.label_of(Direction.CLOCKWISE))
        _settled(app, lobby, lambda r: codec.from_json(r["rules"]).direction == Direction.CLOCKWISE)
        pick_option(app, lobby.setup_menus["clock"], "20")
        _settled(app, lobby, lambda r: r["turn_clock"] == 20)
        pick_option(app, lobby.setup_menus["level"], "expert")
        _settled(app, lobby, lambda r: r["level"] == "expert")
        chosen = lobby.room
        _leave(app, lobby)

        again = _host(app)
        assert again is not lobby and again.link is not lobby.link
        _settled(app, again, lambda r: r["turn_clock"] == 20 and r["seats"][3]["kind"] == "computer")
        room = again.room
        assert room["code"] != chosen["code"]
        assert (room["preset"], room["level"], room["turn_clock"], room["players"]) == ("taiwan", "expert", 20, 4)
        assert codec.from_json(room["rules"]).direction == Direction.CLOCKWISE
        assert [s["kind"] for s in room["seats"]] == ["person", "open", "open", "computer"]
        assert room["seats"][0]["name"] == "Ann" and again.link.problem is None
        # the controls show it, as the host sees it
        assert again.setup_menus["clock"].selected_option[1] == "20"
        assert again.setup_menus["preset"].selected_option[1] == "taiwan"
    finally:
        app.close()
        st.close()


def test_a_damaged_stored_set_up_falls_back_to_the_defaults(make_app, loopback):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        st.save_settings(dataclasses.replace(st.settings, extra={**st.settings.extra, setupmemory.KEY: {
            "players": 9, "preset": "nonsense\x00", "rules": {"$rules": {"direction": "sideways"}},
            "scoring": ["x"], "hands": True, "target": -5, "level": "godlike", "turn_clock": 17,
            "computers": [0, 7, "2", None, 2.0, {"a": 1}, 2]}}))
        assert setupmemory.recall(app) == ({}, [2])  # only seat 3 as a computer was still good
        lobby = _host(app)
        _settled(app, lobby, lambda r: r["seats"][2]["kind"] == "computer")
        room = lobby.room
        assert (room["preset"], room["level"], room["turn_clock"], room["players"]) == ("standard", "normal", 0, 4)
        assert lobby.link.problem is None
        for junk in (None, "x", [], 5, {"rules": {"$rules": [1] * 5}}, {"preset": "taiwan", "rules": "\ud800"}):
            st.save_settings(dataclasses.replace(st.settings, extra={**st.settings.extra, setupmemory.KEY: junk}))
            fields, computers = setupmemory.recall(app)
            assert computers == [] and set(fields) <= {"preset"}
    finally:
        app.close()
        st.close()
