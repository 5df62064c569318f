"""Joining with real clicks and typing: the game found on the network fills in the
address, a room code typed in lower case with a space is read, and the seat is taken in
a room another link opened on a loopback server; a wrong code, an address nobody answers
at and an address that cannot be one each get their sentence with every field kept."""

from __future__ import annotations

import socket

from conftest import wait_for
from helpers import click_control, pump, type_text

from big2.app.online import errors, rejoin


def _to_join_form(app):
    title = app.push("title")
    click_control(app, title.b_online)
    click_control(app, app.top.b_join)
    form = app.top
    assert form.name == "join_game"
    return form


def _fill(app, form, name, address, code):
    type_text(app, form.name_entry, name, enter=False)
    if address is not None:
        type_text(app, form.address_entry, address, enter=False)
    type_text(app, form.code_entry, code, enter=False)


def test_join_a_game_found_on_the_network_with_its_code(make_app, lobby, loopback, room):
    server, ann = room
    app = make_app()
    form = _to_join_form(app)
    assert app.run_until(lambda: form.looking.done and form.b_refresh.is_enabled, timeout=15)
    port = server.url.rsplit(":", 1)[1]
    ours = [b for f, b in zip(form.shown_found, form.b_found) if f.port == int(port)]
    if ours:  # multicast works here: the found game puts its address in the field
        assert ours[0].text == f"Ann's game \u00b7 3 seats free \u00b7 127.0.0.1:{port}"
        click_control(app, ours[0])
        assert form.address_entry.get_text() == f"127.0.0.1:{port}"
        address = None
    else:
        address = f"127.0.0.1:{port}"
    code = ann.lobby["code"]
    _fill(app, form, "Ben", address, f"{code[:4].lower()} {code[4:].lower()}")
    click_control(app, form.b_join)
    assert app.run_until(lambda: app.top.name == "lobby", timeout=20), form.message
    link = lobby[-1].link
    assert link.seat == 1 and link.code == code and link.token
    assert lobby[-1].hosting is None
    assert wait_for(lambda: ann.lobby["seats"][1]["name"] == "Ben" and ann.lobby["seats"][1]["connected"])
    kept, notices = rejoin.load()
    assert not notices
    assert kept == rejoin.Seat(url=server.url, code=code, token=link.token, name="Ben", seat=1)


def test_a_wrong_code_is_a_sentence_and_the_fields_stay(make_app, lobby, loopback, room):
    server, _ann = room
    app = make_app()
    form = _to_join_form(app)
    address = server.url.removeprefix("ws://")
    _fill(app, form, "Ben", address, "zzzz-zzzz")
    click_control(app, form.b_join)
    assert app.run_until(lambda: not form.waiting and form.message, timeout=20)
    assert app.top is form and not lobby
    assert form.message == errors.sentence("bad_code") == "No game has that room code. Check it with the host."
    assert (form.name_entry.get_text(), form.address_entry.get_text(), form.code_entry.get_text()) == (
        "Ben", address, "zzzz-zzzz")
    assert form.b_join.is_enabled and rejoin.load() == (None, [])


def test_an_address_nobody_answers_at_is_a_sentence(make_app, lobby, loopback):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = make_app()
    form = _to_join_form(app)
    _fill(app, form, "Ben", f"127.0.0.1:{port}", "ABCD-EFGH")
    click_control(app, form.b_join)
    assert app.run_until(lambda: not form.waiting, timeout=20)
    assert app.top is form and not lobby
    assert form.message.startswith(f"No game answered at 127.0.0.1:{port}."), form.message
    assert form.address_entry.get_text() == f"127.0.0.1:{port}"


def test_what_cannot_be_an_address_or_a_code_is_said_before_connecting(make_app, lobby, loopback):
    app = make_app()
    form = _to_join_form(app)
    _fill(app, form, "Ben", "http://example.org", "ABCD-EFGH")
    click_control(app, form.b_join)
    assert not form.waiting
    assert form.message == "A game's address starts with ws:// or wss://, or is just the computer's address."
    type_text(app, form.address_entry, "192.168.1.5", enter=False)
    type_text(app, form.code_entry, "ABC", enter=False)
    click_control(app, form.b_join)
    assert not form.waiting
    assert form.message == "\u201cABC\u201d is not a room code: it has 8 letters and digits, like HFSY-JXDC."
    assert form.code_entry.get_text() == "ABC"


def test_cancel_stops_waiting(make_app, lobby, loopback):
    with socket.socket() as silent:  # takes the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        app = make_app()
        form = _to_join_form(app)
        _fill(app, form, "Ben", address, "ABCD-EFGH")
        click_control(app, form.b_join)
        assert form.waiting and form.b_back.text == "Cancel" and not form.b_join.is_enabled
        assert form.entering.link.status == "connecting"
        click_control(app, form.b_back)
        assert not form.waiting and app.top is form and form.b_join.is_enabled and form.b_back.text == "Back"
        assert form.address_entry.get_text() == address and not lobby


def test_an_address_where_no_game_answers_says_so_not_that_a_connection_broke(make_app, lobby, loopback):
    import threading

    with socket.socket() as rude:  # takes each connection and hangs up at once (not a game)
        rude.bind(("127.0.0.1", 0))
        rude.listen()
        stop = threading.Event()

        def hang_up() -> None:
            rude.settimeout(0.2)
            while not stop.is_set():
                try:
                    conn, _peer = rude.accept()
                except OSError:
                    continue
                conn.close()

        threading.Thread(target=hang_up, daemon=True).start()
        address = f"127.0.0.1:{rude.getsockname()[1]}"
        try:
            app = make_app()
            form = _to_join_form(app)
            _fill(app, form, "Ben", address, "ABCD-EFGH")
            click_control(app, form.b_join)
            assert app.run_until(lambda: not form.waiting, timeout=20)
            assert form.message.startswith(f"No game answered at {address}."), form.message
            assert "broke" not in form.message and not lobby
        finally:
            stop.set()


def test_found_games_say_whose_game_free_seats_and_rooms_and_fit_at_800x600(make_app, lobby, loopback):
    """What a found game's button says: the host's name (shortened with "…" when long,
    never clipped), free seats, rooms where there are several or nobody hosts; clicking
    one still fills in its address."""
    from big2.net.discovery import Found

    app = make_app(size=(800, 600))
    form = _to_join_form(app)
    assert app.run_until(lambda: form.looking.done, timeout=15)
    form.looking.found = [
        Found("Ann (7531)", "192.0.2.2", 7531, 1, 1, 2, "Ann"),
        Found("vm (7620)", "192.0.2.3", 7620, 1, 3, 0, None),
        Found("Wolfeschlegelsteinhausen (7531)", "192.0.2.4", 7531, 1, 2, 1, "Wolfeschlegelsteinhause"),
    ]
    form.list_found()
    pump(app)
    texts = [b.text for b in form.b_found]
    assert texts[0] == "Ann's game \u00b7 2 seats free \u00b7 192.0.2.2:7531"
    assert texts[1] == "Game server \u00b7 3 rooms \u00b7 full \u00b7 192.0.2.3:7620"
    assert texts[2].startswith("Wolfe") and "\u2026's game \u00b7 2 rooms \u00b7 1 seat free \u00b7 192.0.2.4:7531" in texts[2]
    for b in form.b_found:
        assert form.text_width(b.text, 17, bold=True) <= b.rect.w - form.px(28), b.text
    click_control(app, form.b_found[2])
    assert form.address_entry.get_text() == "192.0.2.4:7531"
