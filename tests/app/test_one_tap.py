"""One-tap selection: while following, a click on a card selects the lowest play of the
trick's kind that holds it and beats the trick; a second click on it moves to the next;
the setting turns it off. Every click is a real one, at the card as it is drawn."""

from __future__ import annotations

import pytest

from helpers import card_point, click, pump

from big2.app.table import onetap
from big2.room.config import MatchConfig, SeatConfig
from big2.app.rooms import open_table
from big2.room.room import Room
from big2.engine.cards import CardSet
from big2.engine.combos import PASS, move_cards, move_size
from big2.engine.game import Game, IllegalMove


def _config(seed: int) -> MatchConfig:
    seats = (SeatConfig("You", True), SeatConfig("East", False, "beginner"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    return MatchConfig(seats=seats, hands=1, seed=seed)


def _cycling_card(state) -> tuple[int, list[frozenset[int]]] | None:
    """A card in the seat's hand with two or more plays beating a trick of 2+ cards."""
    if not state.my_turn or state.leading or move_size(state.trick) < 2:
        return None
    for card in sorted(state.hand):
        options = onetap.candidates(state, card)
        if len(options) >= 2:
            return card, options
    return None


def _table_following(app):
    """A table where the human follows a pair or more and one card offers two plays:
    tried deal after deal; the human's own moves until then are the lowest legal ones
    (setting the scene, not what is tested)."""
    for seed in range(60):
        table = open_table(app, _config(seed))
        app.reset_to(table)
        for _turn in range(12):
            assert app.run_until(lambda: table.awaiting_human or table.hand_over, timeout=20)
            if table.hand_over:
                break
            found = _cycling_card(table.state)
            if found:
                pump(app, 3)
                return table, found
            moves = list(table.link.room.match.game.legal_moves())
            move = PASS if PASS in moves else moves[0]
            table.hand.select_only(move_cards(move) if move != PASS else ())
            assert table.human_pass() if move == PASS else table.human_play()
    pytest.fail("no deal in 60 gave a trick to follow with a choice of plays")


def _legal(table, cards) -> bool:
    try:
        table.link.room.match.game.check_play(CardSet(cards), seat=table.viewer)
    except IllegalMove:
        return False
    return True


def test_a_click_selects_the_lowest_beating_play_and_a_second_click_the_next(make_app):
    app = make_app()
    table, (card, options) = _table_following(app)
    click(app, card_point(table, card))
    assert table.hand.selected == set(options[0])
    assert card in table.hand.selected and _legal(table, table.hand.selected)
    assert table.buttons["play"].is_enabled
    # the same card again, after the double-click time: the next play holding it
    table.clock.time += 1.0
    click(app, card_point(table, card))
    assert table.hand.selected == set(options[1])
    assert _legal(table, table.hand.selected)
    # on through the rest; after the last, nothing is selected
    for option in options[2:]:
        table.clock.time += 1.0
        click(app, card_point(table, card))
        assert table.hand.selected == set(option)
    table.clock.time += 1.0
    click(app, card_point(table, card))
    assert not table.hand.selected
    # and Play plays what one tap picked
    table.clock.time += 1.0
    click(app, card_point(table, card))
    before = len(table.link.room.match.game.history)
    click(app, table.buttons["play"].rect.center)
    history = table.link.room.match.game.history  # the computers may answer at once
    assert len(history) > before and history[before][0] == table.viewer
    assert set(move_cards(history[before][1])) == set(options[0])


def test_the_setting_off_makes_a_click_pick_one_card(make_app):
    app = make_app(one_tap=False)
    table, (card, _options) = _table_following(app)
    click(app, card_point(table, card))
    assert table.hand.selected == {card}


def _state_of(game, seat: int = 0):
    """What ``seat`` sees of the engine position ``game`` (a room holding it)."""
    room = Room(_config(0))
    room.match.game = game
    return room.state_for(seat)


def test_every_offer_is_a_legal_play_holding_the_card_lowest_first():
    # a pair of 5s on the table; the hand holds three 7s, two 9s and a lone 4
    hands = [CardSet.parse("4c 7d 7c 7s 9h 9s"), CardSet.parse("5d 5c"), CardSet.parse("3d"), CardSet.parse("3c")]
    trick = Game.from_position(hands, to_act=1).legal_moves()
    pair = next(m for m in trick if m != PASS and move_size(m) == 2)
    game = Game.from_position(hands, to_act=0, trick=pair, trick_owner=1)
    seven_c = next(iter(CardSet.parse("7c")))
    options = onetap.candidates(_state_of(game), seven_c)
    assert options == [frozenset(CardSet.parse("7d 7c")), frozenset(CardSet.parse("7c 7s"))]
    for option in options:
        game.check_play(CardSet(option), seat=0)  # raises if the engine refused it
    assert onetap.candidates(_state_of(game), next(iter(CardSet.parse("4c")))) == []  # in no beating pair
    leading = Game.from_position(hands, to_act=0)
    assert onetap.candidates(_state_of(leading), seven_c) == []  # leading: a click picks one card
    assert onetap.next_choice(options, options[0], again=True) == options[1]
    assert onetap.next_choice(options, options[1], again=True) == frozenset()
    assert onetap.next_choice(options, frozenset(), again=False) == options[0]
