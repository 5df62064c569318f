"""New game's "Play a deal" and undo-in-hot-seat, driven with real events."""

from __future__ import annotations

import pygame

from big2.app.screens.newgame import NewGameScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.engine import Game

from helpers import click, click_button, pump, post


def _type(app, entry, words: str) -> None:
    click(app, entry.rect.center)
    for ch in words:
        post(pygame.TEXTINPUT, text=ch)
        pump(app, 1)


def test_play_a_deal_deals_exactly_that_numbers_cards(make_app):
    app = make_app()
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    _type(app, ng.deal_entry, "1 234 567")
    click_button(app, ng.b_start)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.link.room.match.deal_number == 1_234_567
    game = table.link.room.match.game
    again = Game.deal(1_234_567, rules=table.link.room.match.config.rules, players=4)
    assert [sorted([*game.hand(s), *game.played_by(s)]) for s in range(4)] == \
        [sorted(again.hand(s)) for s in range(4)]


def test_a_bad_deal_number_is_refused_with_a_sentence(make_app):
    app = make_app()
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    _type(app, ng.deal_entry, "12x4")
    click_button(app, ng.b_start)
    assert app.top is ng
    assert ng.error == "A deal number has only digits; 'x' is not one."
    # the form is untouched: fix the number and start
    ng.deal_entry.set_text("")
    _type(app, ng.deal_entry, "99")
    click_button(app, ng.b_start)
    assert isinstance(app.top, TableScene) and app.top.link.room.match.deal_number == 99


def test_a_deal_number_of_separators_only_is_refused_with_the_parsers_sentence(make_app):
    """Issue 28, case 1: "-" and "#-" once ended on the crash screen (StopIteration)."""
    from big2.engine.dealnumber import parse_deal_number

    app = make_app()
    app.guard_crashes = True  # as players run it: a crash would show the crash screen
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    for typed in ("-", "#-", " - ", "."):
        ng.deal_entry.set_text("")
        _type(app, ng.deal_entry, typed)
        click_button(app, ng.b_start)
        assert app.top is ng, type(app.top).__name__
        try:
            parse_deal_number(typed)
        except ValueError as exc:
            assert ng.error == str(exc) == "Type a deal number, for example 1 234 567."
        else:
            raise AssertionError(f"{typed!r} read as a deal number")
