"""The online table played with the keys the tutorial teaches (H, Enter, P): no key, and
no answer of the server, leaves the person to act unable to act."""

from __future__ import annotations

import pygame

from big2.engine.combos import PASS
from big2.room import commands as cmd
from big2.room import seatrules

from tests.app.helpers import click, card_point, key
from tablenet import start_online, wait_for


def _anns_turn(make_app, net):
    """The app at Ann's table, run until it is her turn to act; (app, table)."""
    app = make_app()
    table = app.push("table", net.ann)
    assert wait_for(app, lambda: table.awaiting_human and table.state.to_act == table.viewer,
                    also=net.ben_moves)
    return app, table


def test_enter_with_nothing_lifted_keeps_the_turn_and_says_why(make_app):
    net = start_online(hands=1)
    try:
        app, table = _anns_turn(make_app, net)
        key(app, pygame.K_h)  # the hint: its cards lifted, or nothing when it says pass
        assert wait_for(app, lambda: table.message is not None)
        for card in list(table.hand.selected):  # put down what the hint lifted
            click(app, card_point(table, card))
        assert not table.hand.selected
        key(app, pygame.K_RETURN, frames=5)
        # as offline: the reason, and the turn still hers, Hint and (if she follows) Pass on
        assert table.message is not None and table.message[0].startswith("Choose the cards to play")
        assert table.awaiting_human and table.waiting_on is None
        assert table.buttons["hint"].is_enabled
        assert table.buttons["pass"].is_enabled == (not table.state.leading)
        # and she can still act: the lowest legal play lifted with clicks, then Enter (or
        # P when nothing she holds beats the trick)
        seq = net.ann.state.seq
        moves = [m for m in seatrules.legal_moves(table.state) if m != PASS]
        if not moves:
            key(app, pygame.K_p)
            assert wait_for(app, lambda: net.ann.state.seq != seq)
            return
        from big2.engine.combos import move_cards

        cards = sorted(move_cards(moves[0]))
        app.settings.one_tap = False
        wait_for(app, lambda: False, timeout=0.5)  # a new click, not a double-click on a card put down
        for card in cards:
            click(app, card_point(table, card))
        assert sorted(table.hand.selected) == cards
        key(app, pygame.K_RETURN)
        assert wait_for(app, lambda: net.ann.state.seq != seq)
        assert not set(cards) & set(net.ann.state.hand)
    finally:
        net.close()


def test_a_server_error_answering_a_move_gives_the_turn_back_with_a_sentence(make_app):
    # Whatever code the server answers a move with (here bad_value: a play of no cards,
    # which the table itself no longer sends), the table stops waiting and says why.
    net = start_online(hands=1)
    try:
        app, table = _anns_turn(make_app, net)
        table.send(cmd.Play(()))
        table.end_human_turn()
        assert wait_for(app, lambda: table.awaiting_human, timeout=10)
        assert table.waiting_on is None
        assert table.message is not None
        assert table.message[0] == "The game server found a value it could not use in a request."
        assert table.buttons["hint"].is_enabled
    finally:
        net.close()


def test_the_online_menu_is_not_called_paused(make_app):
    # online nothing pauses: the menu says the game goes on (the clock runs behind it)
    from big2.app.ui import text

    net = start_online(hands=1)
    try:
        app, table = _anns_turn(make_app, net)
        key(app, pygame.K_ESCAPE, frames=3)
        assert app.top.name == "pause"
        app.dirty = True
        with text.recording() as drawn:
            app.draw()
        said = [d.text for d in drawn]
        assert "Menu" in said and "Paused" not in said
        assert "The game goes on while this menu is open." in said
    finally:
        net.close()
