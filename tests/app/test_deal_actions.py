"""'Play this deal' and 'Copy deal number' on the results screen and in the replay,
pressed with real clicks: the copy lands on the clipboard (or the number is said where
there is none), and the new game deals exactly the same cards to the same seats."""

from __future__ import annotations

import os

import pygame
import pytest

from helpers import click_button, pump
from storage_helpers import seed_history

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.confirm import ConfirmScene
from big2.app.screens.pause import PauseScene
from big2.app.screens.replay import ReplayScene
from big2.app.screens.results import ResultsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.engine.combos import move_cards
from big2.engine.dealnumber import format_deal_number
from big2.persistence import AppPaths


def _starting_hands(game) -> list[set[int]]:
    """Each seat's cards when the hand was dealt: what it holds and what it played."""
    hands = [set(game.hand(s)) for s in range(game.n_players)]
    for seat, move in game.history:
        hands[seat] |= set(move_cards(move)) if move else set()
    return hands


def _results(make_app):
    """A solo game with storage, its first hand played out by the computer for the
    player (Pause, "Let the computer play my hand"), up to the results screen."""
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    seats = (SeatConfig("You", True), SeatConfig("East", False, "beginner"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    table = open_table(app, MatchConfig(seats=seats, hands=3, seed=11))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app)
    assert isinstance(app.top, PauseScene)
    click_button(app, app.top.b_hand)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=30)
    pump(app)
    return app, st, table, app.top


def test_copy_on_the_results_puts_the_deal_number_on_the_clipboard(make_app):
    app, st, _table, results = _results(make_app)
    number = results.result.deal_number
    assert number is not None
    pygame.scrap.put_text("something else")
    click_button(app, results.b_copy_deal)
    assert pygame.scrap.get_text() == format_deal_number(number)
    assert results.toast.text == "Deal number copied"
    assert results.next_deadline() is not None  # the loop wakes to take the toast away
    st.close()


def test_without_a_clipboard_the_toast_gives_the_number(make_app, monkeypatch):
    app, st, _table, results = _results(make_app)

    def refuse(_text):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    click_button(app, results.b_copy_deal)
    assert format_deal_number(results.result.deal_number) in results.toast.text
    assert "copied" not in results.toast.text
    st.close()


def test_play_this_deal_from_the_results_deals_the_same_cards_to_the_same_seats(make_app):
    app, st, table, results = _results(make_app)
    number = results.result.deal_number
    dealt = _starting_hands(table.link.room.match.game)
    old = table.link.room.match.config
    click_button(app, results.b_play_deal)
    # the session is unfinished: the player is asked what becomes of it first
    assert isinstance(app.top, ConfirmScene)
    click_button(app, app.top.b_no)  # Discard
    new = app.top
    assert isinstance(new, TableScene) and new is not table
    assert isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
    assert new.link.room.match.config.deal == number
    assert new.link.room.match.config.seats == old.seats and new.link.room.match.config.rules == old.rules
    assert _starting_hands(new.link.room.match.game) == dealt
    assert new.link.room.match.deal_number == number
    st.close()


def _replay(make_app):
    seed_history(AppPaths.under(os.environ["BIG2_HOME"]), sessions=1, hands=2)
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    click_button(app, title.b_stats)
    stats = app.top
    assert app.run_until(lambda: stats.future is None, timeout=10)
    pump(app, 2)
    click_button(app, stats.replay_buttons[0][0])
    scene = app.top
    assert isinstance(scene, ReplayScene)
    assert app.run_until(lambda: scene.future is None, timeout=10)
    pump(app, 2)
    return app, st, scene


def test_the_replay_copies_its_deal_number(make_app):
    app, st, scene = _replay(make_app)
    number = scene.loaded.hand.result.deal_number
    assert number is not None and scene.b_copy_deal is not None
    click_button(app, scene.b_copy_deal)
    assert pygame.scrap.get_text() == format_deal_number(number)
    assert scene.toast.text == "Deal number copied"
    st.close()


def test_play_this_deal_from_the_replay_starts_that_deal(make_app):
    app, st, scene = _replay(make_app)
    from big2.persistence.handlog import replay

    stored = scene.loaded
    number = stored.hand.result.deal_number
    start = replay(stored.hand.result)[0]  # the stored hand as it was dealt
    dealt = [set(start.hand(s)) for s in range(start.n_players)]
    assert [set(h) for h in scene.state.revealed] == dealt  # the replay's first step shows it
    click_button(app, scene.b_play_deal)
    if isinstance(app.top, ConfirmScene):  # only when an unfinished game waits
        click_button(app, app.top.b_no)
    table = app.top
    assert isinstance(table, TableScene)
    cfg = table.link.room.match.config
    assert cfg.deal == number and cfg.n_players == len(dealt)
    assert cfg.rules == start.rules
    assert [s.name for s in cfg.seats] == [s.name for s in stored.hand.seats]
    assert [s.human for s in cfg.seats] == [s.is_human for s in stored.hand.seats]
    assert _starting_hands(table.link.room.match.game) == dealt
    st.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_deal_buttons_fit_and_overlap_nothing(make_app, size):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    seed_history(AppPaths.under(os.environ["BIG2_HOME"]), sessions=1, hands=1)
    scene = ReplayScene(app, [1])
    app.push(scene)
    assert app.run_until(lambda: scene.future is None, timeout=10)
    pump(app, 2)
    lay = scene.layout()
    window = pygame.Rect(0, 0, *size)
    mine = [scene.b_play_deal.rect, scene.b_copy_deal.rect]
    others = [b.rect for b in scene.buttons.values()] + [scene.b_prev_hand.rect, scene.b_next_hand.rect, scene.b_close.rect]
    for r in mine:
        assert window.contains(r)
        assert not any(r.colliderect(o) for o in others)
        for spot in lay.seats:
            assert not r.colliderect(pygame.Rect(spot.fan.as_tuple())), spot.side
        assert not r.colliderect(pygame.Rect(lay.trick.as_tuple()))
    assert not mine[0].colliderect(mine[1])
    st.close()
