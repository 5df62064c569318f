"""The online lobby over a real server (a ServerThread on loopback): the host sets seats
and rules with real clicks, the friend's lobby shows them, ready, start → the table with
those rules; a friend sees no host controls; reactions go out, muted players are not
heard; the host's Leave asks first; "Reconnecting…" when the server goes."""

from __future__ import annotations

import time

import pygame
import pytest

from helpers import click_control, pick_option, pump

from big2.app.online import invite
from big2.app.online.lobby import LobbyScene
from big2.app.screens.setupform import choices_by_name
from big2.app.ui import text
from big2.engine.presets import get_preset
from big2.engine.rules import Direction
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.room import codec


def _wait(check, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


def _run(app, check, timeout: float = 20.0) -> None:
    """Run the app's frames until ``check()`` (the network answers on its own thread)."""
    assert app.run_until(check, timeout=timeout), "the lobby never showed what was expected"
    pump(app, 2)


@pytest.fixture
def room():
    """A server on a thread, Ann's room of three (hosted here) and Bob seated in it."""
    hosting = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = hosting.start()
    ann = RemoteLink(url, name="Ann", create={"players": 3, "computers": 0, "hands": 4})
    bob = None
    try:
        assert _wait(lambda: ann.lobby is not None)
        bob = RemoteLink(url, name="Bob", code=ann.code)
        assert _wait(lambda: bob.lobby is not None and ann.lobby["seats"][1]["kind"] == "person")
        yield hosting, ann, bob
    finally:
        for link in (bob, ann):
            if link is not None:
                link.close()
        hosting.stop()


def _settled(app, scene, check) -> None:
    """Run until the lobby's own room passes ``check`` and its controls show that room."""
    _run(app, lambda: bool(scene.room) and check(scene.room) and scene._built == scene._signature())


def _lobby(app, link, hosting=None) -> LobbyScene:
    scene = app.push("lobby", link, hosting=hosting)
    assert isinstance(scene, LobbyScene)
    _settled(app, scene, lambda r: True)
    return scene


def _drawn(app) -> list[str]:
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return [d.text for d in drawn]


def test_the_host_sets_seats_and_rules_the_friend_sees_them_and_start_opens_the_table(make_app, room) -> None:
    hosting, ann, bob = room
    app = make_app()
    scene = _lobby(app, ann, hosting)
    drawn = _drawn(app)
    assert ann.lobby["code_shown"] in drawn
    invited = invite.make(hosting.share_addresses()[0], ann.lobby["code_shown"])  # address and code in one
    assert any(invited in line for line in drawn)
    # the invite goes to the clipboard with a click, and reads back as the address and code
    click_control(app, scene.b_copy)
    copied = pygame.scrap.get_text()
    assert invited in copied and invite.read(copied) == (hosting.share_addresses()[0], ann.lobby["code_shown"])
    assert scene.b_copy.text == "Copied"
    # Seat 3 is open: a computer takes it
    assert set(scene.seat_menus) == {2} and not scene.mute_buttons.keys() - {1}
    pick_option(app, scene.seat_menus[2], "computer")
    _settled(app, scene, lambda r: r["seats"][2]["kind"] == "computer")
    assert _wait(lambda: bob.lobby["seats"][2]["kind"] == "computer")
    # The Taiwan rules, then a house rule: play goes clockwise
    pick_option(app, scene.setup_menus["preset"], "taiwan")
    _settled(app, scene, lambda r: r["preset"] == "taiwan")
    assert _wait(lambda: bob.lobby["preset"] == "taiwan")
    direction = choices_by_name()["direction"]
    assert codec.from_json(bob.lobby["rules"]).direction != Direction.CLOCKWISE
    pick_option(app, scene.rule_menus["direction"], direction.label_of(Direction.CLOCKWISE))
    _settled(app, scene, lambda r: codec.from_json(r["rules"]).direction == Direction.CLOCKWISE)
    assert _wait(lambda: codec.from_json(bob.lobby["rules"]).direction == Direction.CLOCKWISE)
    pick_option(app, scene.setup_menus["clock"], "20")
    _settled(app, scene, lambda r: r["turn_clock"] == 20)
    assert _wait(lambda: bob.lobby["turn_clock"] == 20)
    # Bob is not ready: Start waits and says why
    assert not scene.b_start.is_enabled
    assert any("Bob" in line and "ready" in line for line in _drawn(app))
    bob.ready(True)
    _run(app, lambda: scene.b_start.is_enabled)
    click_control(app, scene.b_start)
    _run(app, lambda: type(app.top).__name__ == "TableScene")
    assert app.top.link is ann
    pump(app, 5)
    time.sleep(0.3)
    assert ann.status == "connected" and bob.lobby["seats"][0]["kind"] == "person"  # Ann still plays her seat
    rules = ann.state.rules
    assert rules.direction == Direction.CLOCKWISE and rules.suit_order == get_preset("taiwan").rules.suit_order
    assert ann.state.n_players == 3 and not ann.state.people[2]
    assert _wait(lambda: bob.poll() is not None and bob.state is not None)
    assert bob.state.rules == rules


def test_a_friend_sees_the_set_up_read_only_and_marks_ready(make_app, room) -> None:
    _hosting, ann, bob = room
    app = make_app(size=(800, 600))
    scene = _lobby(app, bob)
    assert not scene.is_host
    assert scene.seat_menus == {} and scene.setup_menus == {} and scene.rule_menus == {}
    assert scene.b_start is None
    assert scene.addresses() == [bob.url]  # a friend can pass the address on too
    assert set(scene.mute_buttons) == {0}  # Ann's; none for Bob himself
    ann.configure(preset="taiwan", hands=8)
    _settled(app, scene, lambda r: r["hands"] == 8)
    drawn = _drawn(app)
    assert "Taiwan" in drawn and "8 hands" in drawn
    click_control(app, scene.b_ready)
    assert _wait(lambda: ann.lobby["seats"][1]["ready"] is True)
    _run(app, lambda: scene.b_ready.text == "I'm not ready")
    # a friend's set-up change is refused by the server, and said in one line
    bob.configure(hands=1)
    _run(app, lambda: scene.problem_text != "")
    assert "Only the host can do that." in _drawn(app)
    assert ann.lobby["hands"] == 8


def test_reactions_are_sent_and_a_muted_player_is_not_heard(make_app, room) -> None:
    _hosting, ann, bob = room
    app = make_app()
    scene = _lobby(app, bob)
    click_control(app, scene.reaction_buttons["nice"])
    assert _wait(lambda: (1, "nice") in ann.reactions)
    ann.react("oops")
    _run(app, lambda: (0, "oops") in bob.reactions)
    assert "Ann: Oops" in _drawn(app) and "Bob: Nice!" in _drawn(app)
    click_control(app, scene.mute_buttons[0])
    assert scene.mute_buttons[0].text == "Unmute"
    ann.react("thanks")
    _run(app, lambda: (0, "thanks") in bob.reactions)
    drawn = _drawn(app)
    assert "Bob: Nice!" in drawn and not any(line.startswith("Ann:") for line in drawn)
    # the mute lasts while the app runs: a new lobby over the same room still mutes Ann
    app.pop()
    again = _lobby(app, bob)
    assert again.mute_buttons[0].text == "Unmute"
    click_control(app, again.mute_buttons[0])
    assert "Ann: Thanks" in _drawn(app)


def test_the_hosts_leave_asks_first_and_then_stops_the_server(make_app, room) -> None:
    hosting, ann, bob = room
    app = make_app()
    app.push("title")
    scene = _lobby(app, ann, hosting)
    click_control(app, scene.b_leave)
    confirm = app.top
    assert type(confirm).__name__ == "ConfirmScene" and "disconnected" in confirm.detail
    assert ann.status == "connected"  # nothing happened yet
    click_control(app, confirm.b_yes)
    _run(app, lambda: type(app.top).__name__ == "HubScene")
    assert _wait(lambda: not hosting.running)
    assert _wait(lambda: bob.status != "connected")


def test_reconnecting_is_shown_when_the_server_goes(make_app, room) -> None:
    hosting, _ann, bob = room
    app = make_app()
    _lobby(app, bob)
    hosting.stop(end_games=False)  # gone without a word, as a server that crashed
    _run(app, lambda: bob.status == "reconnecting")
    assert "Reconnecting…" in _drawn(app)


def test_the_host_leaving_ends_the_room_for_a_friend_in_the_lobby_with_a_sentence(make_app, room) -> None:
    hosting, _ann, bob = room
    app = make_app()
    _lobby(app, bob)
    hosting.stop()  # the host's app leaves: its server tells everyone the game is over
    _run(app, lambda: bob.status == "closed")
    drawn = " ".join(_drawn(app))
    assert "The host left, so the game is over for everyone." in drawn and "Reconnecting…" not in drawn
