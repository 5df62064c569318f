"""A card pressed and then taken from the hand before the button comes up: online, the
computer plays an away seat's turns and the snapshot that brings the player back can
take the very card the mouse is holding. The release (or a drag) must let the press go,
not raise. Seen in the two-app test: ``ValueError: 27 is not in list`` in the table's
mouse-up after a reconnect."""

from __future__ import annotations

import pygame

from helpers import card_point, move_mouse, post, pump

from big2.room.config import MatchConfig, SeatConfig


def _table(app):
    seats = (SeatConfig("You", True), SeatConfig("East", False, "beginner"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    table = app.goto("table", MatchConfig(seats=seats, hands=1, seed=11))
    assert app.run_until(lambda: table.awaiting_human, timeout=30), "the computers never handed over"
    pump(app, 5)
    return table


def _press(app, table, card):
    pos = tuple(int(v) for v in card_point(table, card))
    move_mouse(pos)
    pump(app, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    pump(app, 1)
    assert table.input.press is not None and table.input.press["card"] == card
    return pos


def _take_from_hand(app, table, card):
    """What a snapshot with the card played does to the hand on screen."""
    table.hand.set_cards([c for c in table.hand.cards if c != card])
    table.place_hand(animate=True)


def test_a_release_on_a_card_that_left_the_hand_is_let_go(make_app) -> None:
    app = make_app()
    table = _table(app)
    card = table.hand.cards[3]
    pos = _press(app, table, card)
    _take_from_hand(app, table, card)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    pump(app, 3)
    assert table.input.press is None
    assert card not in table.hand.cards and card not in table.hand.selected
    assert app.top is table and app.running


def test_a_drag_from_a_card_that_left_the_hand_is_let_go(make_app) -> None:
    app = make_app()
    table = _table(app)
    card = table.hand.cards[3]
    x, y = _press(app, table, card)
    _take_from_hand(app, table, card)
    for dx in (20, 60, 120):  # a sideways sweep
        post(pygame.MOUSEMOTION, pos=(x + dx, y), rel=(20, 0), buttons=(1, 0, 0), touch=False)
        pump(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=(x + 120, y), button=1, touch=False)
    pump(app, 3)
    assert table.input.press is None and not table.hand.selected
    assert app.top is table and app.running
