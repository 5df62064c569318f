"""The online table once its game is over under it (the host left, or the server went
for good): no turn is the person's any more — no "your turn", no turn marker, Hint,
Pass and Play greyed with the reason, the keys doing nothing — and only the veil's
Leave acts."""

from __future__ import annotations

import pygame
import pytest

from big2.app.ui import text

from tests.app.helpers import click_button, key, pump
from tablenet import start_online, wait_for


def drawn_words(app, table) -> list[str]:
    with text.recording() as drawn:
        table.view.damage(pygame.Rect(0, 0, *app.size))
        app.dirty = True
        pump(app, 2)
    return [d.text for d in drawn]


@pytest.mark.parametrize("end_games", [True, False], ids=["host-left", "server-gone"])
def test_a_game_that_ended_under_the_table_is_no_ones_turn(make_app, end_games):
    net = start_online(hands=1)
    try:
        net.ann.give_up_s = 1.5  # (two minutes in the app)
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human and table.state.to_act == table.viewer,
                        also=net.ben_moves)
        assert any("your turn" in w for w in drawn_words(app, table))
        net.server.stop(end_games=end_games)
        assert wait_for(app, lambda: table.net.status == "closed", timeout=20)
        assert net.ann.problem[0] == ("ended" if end_games else "gone")
        pump(app, 5)
        words = drawn_words(app, table)
        assert any(w == ("The game is over" if end_games else "The connection to the game is lost") for w in words)
        assert not any("your turn" in w for w in words), words
        assert not table.awaiting_human
        from big2.app.table.draw import turn_pointer_rect

        assert turn_pointer_rect(table) is None  # no turn marker
        for name in ("hint", "pass", "play"):
            assert not table.buttons[name].is_enabled, name
        assert not table.b_menu.is_enabled  # only Leave acts: the Menu offers no moves
        reason = "The game is over" if end_games else "The connection to the game is lost"
        assert table.play_reason == reason
        sent = []
        net.ann.send = lambda command: sent.append(command)
        for k, uni in ((pygame.K_h, "h"), (pygame.K_RETURN, "\r"), (pygame.K_p, "p"), (pygame.K_ESCAPE, "")):
            key(app, k, unicode=uni, frames=4)
        assert sent == [] and app.top is table and not table.awaiting_human
        click_button(app, table.buttons["play"])  # greyed: says why
        assert table.message is not None and str(table.message[0]) == reason
        assert not any("your turn" in w for w in drawn_words(app, table))
        click_button(app, table.net.b_leave)
        assert app.top.name == "title"
    finally:
        net.close()


def test_a_menu_left_open_when_the_game_ends_offers_no_hand_over(make_app):
    """The Menu opened on the person's turn, then the host leaves: the menu's "Let the
    computer play my hand" greys out with the reason (it was built before the end), and
    a click on it sends nothing."""
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human and table.state.to_act == table.viewer,
                        also=net.ben_moves)
        click_button(app, table.b_menu)
        menu = app.top
        assert menu.name == "pause" and menu.b_hand.is_enabled
        net.server.stop(end_games=True)
        assert wait_for(app, lambda: net.ann.status == "closed", timeout=20)  # (the table is covered)
        pump(app, 3)
        assert menu.name == "pause" and not menu.b_hand.is_enabled
        assert any(lines == ["The game is over"] for lines, _at in menu.reasons)
        sent = []
        net.ann.send = lambda command: sent.append(command)
        click_button(app, menu.b_hand)
        assert sent == [] and app.top is menu
        click_button(app, menu.b_resume)  # back at the table: the game-over veil
        assert app.top is table and wait_for(app, lambda: table.net.status == "closed")
        assert "The game is over" in drawn_words(app, table)
    finally:
        net.close()
