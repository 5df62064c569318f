"""A property of the online table: from whatever position it is in, any run of the keys
and clicks a player has leaves the person to act able to act within one server round
trip — Play or Pass enabled, or a sentence saying why not — and never waiting for an
answer that does not come."""

from __future__ import annotations

import time

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.app.helpers import card_point, click, click_button, key
from tablenet import start_online, wait_for

KEYS = [pygame.K_h, pygame.K_RETURN, pygame.K_p, pygame.K_s, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE,
        pygame.K_UP, pygame.K_DOWN]
#: One input: a key, a click on the n-th card of the hand, or a click on a button.
INPUT = st.one_of(st.sampled_from([("key", k) for k in KEYS]),
                  st.tuples(st.just("card"), st.integers(0, 12)),
                  st.sampled_from([("button", "play"), ("button", "pass"), ("button", "hint")]))


def _settle(app, table, net, seconds: float = 5.0) -> None:
    """Run frames until the table waits for nothing from the server (one round trip)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(block=False)
        if table.waiting_on is None and not net.ann.pending() and not table.playback.queue:
            return
        time.sleep(0.005)


@pytest.fixture
def online_table(make_app):
    """Ann's table over a real server, Ben playing his seat; kept for every example of
    the property (each starts from where the last left the table)."""
    net = start_online(hands=50)
    net.ben_deals = True
    app = make_app()
    table = app.push("table", net.ann)
    try:
        yield app, table, net
    finally:
        net.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(runs=st.lists(st.lists(INPUT, min_size=1, max_size=8), min_size=1, max_size=3))
def test_any_input_leaves_the_person_to_act_able_to_act(online_table, runs):
    app, table, net = online_table
    for run in runs:
        # to a position where Ann acts (the others move, results go on to the next hand)
        def ready() -> bool:
            if app.top is not table and app.top.name == "results" and app.top.b_next.is_enabled:
                click_button(app, app.top.b_next)
            return (app.top is table and table.awaiting_human and table.state.in_hand
                    and table.state.to_act == table.viewer and table.state.exchange is None)
        assert wait_for(app, ready, timeout=30, also=net.ben_moves), "Ann's turn never came"
        for kind, what in run:
            if app.top is not table:
                break
            if kind == "key":
                key(app, what)
            elif kind == "card":
                cards = table.hand.cards
                if cards:
                    click(app, card_point(table, cards[what % len(cards)]))
            else:
                click_button(app, table.buttons[what])
        _settle(app, table, net)
        state = table.state
        if app.top is table and state.in_hand and not state.hand_over and state.to_act == table.viewer \
                and state.exchange is None and net.ann.state is state:
            assert table.awaiting_human, "Ann's turn, but the table does not offer it"
            b = table.buttons
            assert b["play"].is_enabled or b["pass"].is_enabled or table.play_reason, \
                "neither Play nor Pass, and no sentence why"
            assert b["hint"].is_enabled
