"""The table over a real server: a whole online session played with real clicks, the
results when another person deals first, Rematch and Leave, and the records kept."""

from __future__ import annotations

import time

import pygame
import pytest

from big2.app import storage
from big2.persistence.handlog import replay

from tests.app.helpers import click, click_button, key
from tablenet import ann_moves, start_online, wait_for


@pytest.fixture
def net():
    online = start_online(hands=2)
    yield online
    online.close()


def play_until(app, net, done, timeout=60.0, *, on_results=None):
    """Ann plays with real clicks, Ben from his link; results are moved on with a click
    on Next hand; until ``done()``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and not done():
        net.ben_moves()
        app.frame(block=False)
        top = app.top
        if top.name == "table":
            ann_moves(app, top)
        elif top.name == "results":
            if on_results is not None:
                on_results(top)
            click_button(app, top.b_next)
        time.sleep(0.005)
    return done()


def test_a_whole_online_session_plays_with_clicks_and_the_host_starts_a_rematch(make_app, net):
    app = make_app()
    table = app.push("table", net.ann)
    assert table.online and table.undo.button is None  # no undo online
    # the pause menu online: no undo, no saving
    click_button(app, table.b_menu)
    pause = app.top
    assert pause.name == "pause" and pause.b_undo is None and pause.b_save is None
    click_button(app, pause.b_resume)
    assert app.top is table
    net.ben_deals = True  # Ben deals the next hand before Ann presses Next hand
    seen = []

    def results(screen):
        seen.append(screen.result.number)
        assert screen.b_play_deal is None  # the room is elsewhere: only the number is copied
        # the next hand is dealt by Ben meanwhile; Next hand must still go on
        wait_for(app, lambda: net.ann.state.hand_number > screen.result.number or net.ann.state.session_over,
                 also=net.ben_moves)

    assert play_until(app, net, lambda: app.top.name == "session_end", on_results=results)
    assert seen == [1, 2]
    end = app.top
    assert end.b_again.text == "Rematch" and end.b_title.text == "Leave"
    assert end.b_again.is_enabled  # Ann is the host
    assert not net.ann._closing  # the session's end holds the link open
    click_button(app, end.b_again)
    assert wait_for(app, lambda: app.top.name == "table", also=net.ben.poll)
    again = app.top
    assert again is not table and not again.state.session_over and again.state.results == ()
    # and the rematch plays: Ann's first turn comes with her cards to click
    assert wait_for(app, lambda: again.awaiting_human, also=net.ben_moves)
    assert ann_moves(app, again)
    assert wait_for(app, lambda: len(net.ann.state.history) >= 1, also=net.ben_moves)


def test_a_person_who_is_not_the_host_waits_for_the_rematch(make_app, net):
    app = make_app()
    app.push("table", net.ann)
    assert play_until(app, net, lambda: app.top.name == "session_end")
    end = app.top
    # as seen from Ben's seat: an end screen on his link (a second window's)
    other = make_app()
    ben_end = other.push("session_end", net.ben)
    assert not ben_end.b_again.is_enabled
    click_button(app, end.b_again)  # the host starts
    assert wait_for(other, lambda: other.top.name == "table", also=lambda: app.frame(block=False))
    assert not other.top.state.session_over


def test_leave_from_the_menu_hands_the_seat_to_a_computer(make_app, net):
    app = make_app()
    table = app.push("table", net.ann)
    click_button(app, table.b_menu)
    click_button(app, app.top.b_quit)
    confirm = app.top
    assert confirm.name == "confirm"
    click_button(app, confirm.b_yes)
    assert app.top.name == "title"
    assert net.ann._closing
    assert wait_for(app, lambda: net.ben.poll() is not None and net.ben.lobby["seats"][0]["kind"] == "computer")


def test_online_hands_go_into_the_players_own_history(make_app, net):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        app.push("table", net.ann)
        assert play_until(app, net, lambda: app.top.name == "session_end")
        assert st.flush()
        rows = st.call(lambda h: h.query("SELECT id, hand_number, deal_number FROM hands ORDER BY id")).result()
        assert [r[1] for r in rows] == [1, 2]
        assert [r[2] for r in rows] == [r.deal_number for r in net.ann.state.results]
        seats = st.call(lambda h: h.query(
            "SELECT p.name, p.is_human FROM session_seats ss JOIN players p ON p.id = ss.player_id ORDER BY ss.seat")).result()
        assert [tuple(s) for s in seats] == [("Ann", 1), ("Ben", 1), (net.ann.state.names[2], 0), (net.ann.state.names[3], 0)]
        stored = [st.call(lambda h, i=i: h.load_hand(i)).result() for i, *_ in rows]
        for hand, result in zip(stored, net.ann.state.results):
            assert list(hand.result.points) == list(result.points)
            positions = replay(hand.result)  # the replay can step through it
            assert positions[-1].is_over
        # the session's end offers the replay of these hands
        end = app.top
        assert end.b_replay.is_enabled
        click_button(app, end.b_replay)
        assert app.top.name == "replay"
    finally:
        st.close()
