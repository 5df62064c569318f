"""The player aids at the real table, driven with real key and mouse events.

Undo takes the table back to the person's decision and the computers then play on
exactly as before; the tracker and the combinations sort answer their keys; the deal
number is the hand's; How to play can be finished with the keyboard alone and keeps
nothing.
"""

from __future__ import annotations

import pygame
from helpers import click_button, key, post, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.guide.howtoplay import HowToPlayScene
from big2.app.screens.pause import PauseScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.engine import PASS, Game
from big2.persistence import History

SEATS = (SeatConfig("You", True), SeatConfig("East", False, "normal"), SeatConfig("North", False, "normal"),
         SeatConfig("West", False, "beginner"))


def _table(app, seed=21, **changes):
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=seed, **changes))
    app.push(table)
    return table


def _my_turn(app, table) -> None:
    assert app.run_until(lambda: table.awaiting_human or table.hand_over, timeout=30)


def _state(game):
    return ([sorted(game.hand(s)) for s in range(game.n_players)], list(game.history), game.to_act,
            game.trick_move, game.passed)


def _play_hinted(app, table) -> None:
    """The person's move by keys: H lifts the hint (or says pass), then Enter or P."""
    key(app, pygame.K_h)
    if table.hand.selected:
        key(app, pygame.K_RETURN)
    else:
        key(app, pygame.K_p)


def ctrl_z(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    pump(app, 2)


def test_undo_restores_the_exact_state_and_the_computers_play_on_identically(make_app):
    app = make_app()
    table = _table(app)
    _my_turn(app, table)
    game = table.link.room.match.game
    before = [_state(game)]
    mine = []
    for _ in range(3):
        _my_turn(app, table)
        if table.hand_over:
            break
        before.append(_state(table.link.room.match.game))
        n = len(table.link.room.match.game.history)
        _play_hinted(app, table)
        mine.append(table.link.room.match.game.history[n])
        _my_turn(app, table)
    line = list(table.link.room.match.game.history)
    assert len(mine) >= 2 and not table.hand_over
    # two steps back: U, then Ctrl+Z
    key(app, pygame.K_u)
    _my_turn(app, table)
    assert _state(table.link.room.match.game) == before[-1]
    ctrl_z(app)
    _my_turn(app, table)
    assert _state(table.link.room.match.game) == before[-2] and table.link.room.match.assisted
    assert sorted(table.hand.cards) == sorted(table.link.room.match.game.hand(0))
    assert table.link.room.match.session.current is table.link.room.match.game
    # the same two moves again: every computer reply is the same as the first time
    for seat, move in mine[-2:]:
        table.hand.select_only(c for c in range(52) if move >> c & 1) if move != PASS else table.hand.clear_selection()
        key(app, pygame.K_RETURN if move != PASS else pygame.K_p)
        _my_turn(app, table)
    assert table.link.room.match.game.history == line


def test_undo_from_the_pause_menu_and_the_autosave_follows(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    table = _table(app, seed=5)
    _my_turn(app, table)
    start = _state(table.link.room.match.game)
    assert not table.undo.can_undo() and not table.undo.button.is_enabled
    _play_hinted(app, table)
    _my_turn(app, table)
    assert table.undo.button.is_enabled
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.b_undo.is_enabled
    click_button(app, pause.b_undo)
    assert app.top is table
    _my_turn(app, table)
    assert _state(table.link.room.match.game) == start
    assert st.flush()
    saved = st.saves.load_autosave().value
    assert saved is not None and saved.payload["app"]["assisted"] is True
    kept = saved.payload["session"]["current"]["history"]
    assert len(kept) == len(start[1])  # the save holds the position undo went back to
    st.close()


def test_nothing_to_undo_is_said_and_changes_nothing(make_app):
    app = make_app()
    table = _table(app, seed=8)
    _my_turn(app, table)
    state = _state(table.link.room.match.game)
    key(app, pygame.K_u)
    assert _state(table.link.room.match.game) == state and not table.link.room.match.assisted
    assert table.message[0] == "There is no move of yours to take back in this hand."


def test_hot_seat_undo_is_off_unless_chosen_in_new_game(make_app):
    seats = (SeatConfig("Ann", True), SeatConfig("Bo", True), SeatConfig("Cy", False), SeatConfig("Di", False))
    app = make_app()
    table = open_table(app, MatchConfig(seats=seats, seed=3))
    app.push(table)
    assert app.run_until(lambda: app.top is not table, timeout=20)  # the privacy screen
    key(app, pygame.K_RETURN)
    assert app.top is table and table.awaiting_human
    assert table.undo.button is None
    key(app, pygame.K_u)
    assert table.message[0].startswith("Undo is off at this table")
    app2 = make_app()
    on = open_table(app2, MatchConfig(seats=seats, seed=3, undo_hot_seat=True))
    app2.push(on)
    pump(app2)
    assert on.undo.button is not None


def test_t_shows_the_tracker_with_only_what_the_seat_knows(make_app):
    app = make_app()
    table = _table(app, seed=4)
    _my_turn(app, table)
    assert not table.tracker.shown  # off by default
    key(app, pygame.K_t)
    assert table.tracker.shown
    pump(app, 2)
    tracker = table.tracker.tracker()
    game = table.link.room.match.game
    played = 0
    for s in range(4):
        played |= game.played_by(s).mask
    assert tracker.unseen.mask == ((1 << 52) - 1) & ~game.hand(0).mask & ~played
    assert table.tracker.rect is not None and table.tracker.rect.w > 0
    lay = table.layout
    for spot in lay.seats[1:]:
        assert not table.tracker.rect.colliderect(pygame.Rect(spot.fan.as_tuple()))
    key(app, pygame.K_t)
    assert not table.tracker.shown


def test_s_cycles_to_combinations_with_gaps_in_the_fan(make_app):
    app = make_app()
    table = _table(app, seed=6)
    _my_turn(app, table)
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    assert table.hand.sort_mode == "combinations"
    gaps = table.hand_gaps()
    assert gaps
    xs = [table.sprites[c].x for c in table.hand.cards]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    plain = min(steps)
    for i in gaps:
        assert steps[i - 1] > plain  # a group starts after a wider step
    key(app, pygame.K_s)
    assert table.hand.sort_mode == "rank" and not table.hand_gaps()


def test_the_score_panel_shows_this_hands_deal_number(make_app):
    app = make_app()
    table = _table(app, deal=2_024_112)
    _my_turn(app, table)
    assert table.link.room.match.deal_number == 2_024_112
    again = Game.deal(2_024_112, players=4)
    assert sorted([*table.link.room.match.game.hand(0), *table.link.room.match.game.played_by(0)]) == sorted(again.hand(0))


def test_how_to_play_is_finished_with_keys_alone_and_keeps_nothing(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.first_start  # offered on the first start
    click_button(app, title.b_learn)
    scene = app.top
    assert isinstance(scene, HowToPlayScene)
    for _ in range(40):
        assert app.run_until(lambda: scene.awaiting_human or scene.tutorial.finished, timeout=20)
        if scene.tutorial.finished:
            break
        # a wrong play first: refused with the lesson's sentence, nothing changes
        n = len(scene.link.room.match.game.history)
        if scene.tutorial.expected()[1]:
            key(app, pygame.K_p)  # a pass when the lesson wants a play
        else:
            key(app, pygame.K_SPACE)  # a card picked when the lesson wants a pass
            key(app, pygame.K_RETURN)
        assert len(scene.link.room.match.game.history) == n and scene.message[0].startswith("In this lesson")
        key(app, pygame.K_BACKSPACE)
        _play_hinted(app, scene)
    assert scene.tutorial.finished and scene.link.room.match.game.winner == 0
    pump(app, 5)
    assert app.top is scene  # no results screen: the lesson has the last word
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    assert st.flush()
    assert st.saves.load_autosave().value is None  # never saved
    with History.open(st.paths.history_db).value as history:
        assert history.query("SELECT COUNT(*) FROM hands")[0][0] == 0  # never recorded
    st.close()
    # the offer is made once
    app2 = make_app()
    st2 = storage.Storage.open()
    storage.attach(app2, st2)
    t2 = TitleScene(app2)
    app2.push(t2)
    pump(app2)
    assert not t2.first_start
    st2.close()


def test_how_to_play_can_be_left_with_escape(make_app):
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    app.push("how_to_play")
    pump(app)
    assert isinstance(app.top, HowToPlayScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
