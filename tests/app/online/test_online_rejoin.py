"""After a restart (a new app, the same BIG2_HOME) the hub offers the seat kept from the
running room and Rejoin takes it back with its token; a stale seat (server gone, token
refused) gets one sentence and is forgotten; a damaged file is set aside with a notice."""

from __future__ import annotations

import json
import socket

from conftest import join_by_typing, wait_for
from helpers import click_control

from big2.app.online import rejoin
from big2.persistence import AppPaths


def _hub(app):
    title = app.push("title")
    click_control(app, title.b_online)
    assert app.top.name == "online"
    return app.top


def test_rejoin_after_a_restart_takes_the_seat_back(make_app, lobby, loopback, room):
    server, ann = room
    first = make_app()
    join_by_typing(first, "Ben", server.url, ann.lobby["code_shown"])
    token = lobby[-1].link.token
    lobby[-1].link.close()  # the app quits: the connection drops, the seat waits
    first.close()
    assert wait_for(lambda: not ann.lobby["seats"][1]["connected"])

    again = make_app()  # the restart: same BIG2_HOME
    hub = _hub(again)
    code = ann.lobby["code_shown"]
    assert hub.b_rejoin is not None and hub.b_rejoin.text == f"Rejoin room {code}"
    click_control(again, hub.b_rejoin)
    assert again.run_until(lambda: again.top.name == "lobby", timeout=20), hub.message
    link = lobby[-1].link
    assert link.seat == 1 and link.token != token  # each rejoin gets a new token...
    assert wait_for(lambda: rejoin.peek() is not None and rejoin.peek().token == link.token)  # ...which is kept
    assert wait_for(lambda: ann.lobby["seats"][1]["connected"] and ann.lobby["seats"][1]["name"] == "Ben")


def _keep(url: str, code: str = "ABCDEFGH", token: str = "x" * 32) -> None:
    rejoin.path().parent.mkdir(parents=True, exist_ok=True)
    rejoin.path().write_text(json.dumps({"url": url, "code": code, "token": token, "name": "Ben", "seat": 1}))


def test_a_seat_whose_server_is_gone_is_said_and_forgotten(make_app, lobby, loopback):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _keep(f"ws://127.0.0.1:{port}")
    app = make_app()
    hub = _hub(app)
    assert hub.b_rejoin.text == "Rejoin room ABCD-EFGH"
    click_control(app, hub.b_rejoin)
    assert app.run_until(lambda: hub.entering is None, timeout=20)
    assert app.top is hub and not lobby
    assert hub.message.startswith("Your seat in room ABCD-EFGH could not be taken back: No game answered at")
    assert hub.message.endswith("It has been forgotten.")
    assert hub.b_rejoin is None and not rejoin.path().exists()


def test_a_refused_token_is_said_and_forgotten(make_app, lobby, loopback, room):
    server, ann = room
    _keep(server.url, ann.lobby["code"], token="A" * 32)
    app = make_app()
    hub = _hub(app)
    click_control(app, hub.b_rejoin)
    assert app.run_until(lambda: hub.entering is None, timeout=20)
    assert not lobby
    code = ann.lobby["code_shown"]
    assert hub.message == (f"Your seat in room {code} could not be taken back: Your seat in that game is no "
                           "longer yours. It has been forgotten.")
    assert hub.b_rejoin is None and not rejoin.path().exists()


def test_a_damaged_seat_file_is_set_aside_with_a_notice(make_app, lobby, loopback):
    rejoin.path().parent.mkdir(parents=True, exist_ok=True)
    rejoin.path().write_text("{not json")
    app = make_app()
    hub = _hub(app)
    assert hub.b_rejoin is None and not rejoin.path().exists()
    aside = [p.name for p in AppPaths.from_environment().data_dir.iterdir() if p.name.startswith("online-seat.json.damaged-")]
    assert len(aside) == 1
    assert hub.message == f"The seat of your last online game was damaged, so it was set aside as {aside[0]}."
    click_control(app, hub.b_host)  # the app goes on
    assert app.top.name == "host_game"


def test_leaving_forgets_the_seat():
    _keep("ws://127.0.0.1:7531")
    assert rejoin.load()[0] is not None
    rejoin.forget()
    assert rejoin.load() == (None, [])
    rejoin.forget()  # twice is fine


def test_the_kept_seat_is_forgotten_when_the_player_leaves_the_room(make_app, lobby, loopback, room):
    server, ann = room
    app = make_app()
    join_by_typing(app, "Ben", server.url, ann.lobby["code_shown"])
    assert rejoin.load()[0] is not None
    lobby[-1].link.leave()  # what the lobby's Leave sends
    assert wait_for(lambda: not rejoin.path().exists())
    assert wait_for(lambda: ann.lobby["seats"][1]["kind"] == "open")


def test_join_by_code_takes_back_the_seat_this_app_kept_in_that_room(make_app, lobby, loopback):
    # e.g. the room's process died and the player types another address of the same game:
    # a newcomer would be refused ("already started"), the kept seat is taken back
    from tablenet import start_online

    net = start_online(hands=2)
    try:
        rejoin.remember(net.ben)
        seat, token = net.ben.seat, net.ben.token
        net.ben.close()
        app = make_app()
        join_by_typing(app, "Ben", net.url, net.ann.lobby["code_shown"])
        link = lobby[-1].link
        assert link.seat == seat and link.token != token  # the kept seat, under a new token
    finally:
        net.close()


def test_the_title_says_a_seat_is_waiting_and_leaves_a_damaged_file_to_the_hub(make_app):
    from big2.app.ui import text

    _keep("ws://127.0.0.1:7531")
    app = make_app()
    app.push("title")
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    assert "Your seat in room ABCD-EFGH is kept: Play online takes you back." in [d.text for d in drawn]
    rejoin.path().write_text("{damaged")
    again = make_app()
    title = again.push("title")
    assert title.kept_room == "" and rejoin.path().exists()  # the title only looks
    click_control(again, title.b_online)
    hub = again.top
    assert not rejoin.path().exists() and hub.message.startswith("The seat of your last online game was damaged")
