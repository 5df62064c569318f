"""The app driven by real posted events: title → table → a whole hand → results → end."""

from __future__ import annotations

import pygame

from big2.engine.combos import PASS, move_cards

from helpers import card_point, click, click_button, drag, key, pick_option, pump

from big2.room.config import MatchConfig, SeatConfig
from big2.room.match import Match
from big2.app.screens.pause import PauseScene
from big2.app.screens.privacy import PrivacyScene
from big2.app.screens.results import ResultsScene
from big2.app.screens.session_end import SessionEndScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene


def test_pygame_is_community_edition():
    assert getattr(pygame, "IS_CE", False)


def _seed_where(pred):
    """A seed whose first deal (as a solo match deals it) satisfies ``pred(game)``."""
    for seed in range(500):
        m = Match(_solo(seed))
        m.new_hand()
        if pred(m.game):
            return seed
    raise AssertionError("no seed found")


def _solo(seed, hands=1):
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    return MatchConfig(seats=seats, hands=hands, seed=seed)


def _wait_turn_or_end(app, table, timeout=20):
    assert app.run_until(
        lambda: table.awaiting_human or not isinstance(app.top, TableScene), timeout=timeout
    ), "the table got stuck"


def _select_by_clicks(app, table, cards):
    for c in cards:
        if c not in table.hand.selected:
            click(app, card_point(table, c))
    assert table.hand.selected == set(cards)


def test_title_quick_game_starts_a_standard_table(make_app):
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    pump(app)
    click_button(app, title.b_quick)
    assert isinstance(app.top, TableScene)
    table = app.top
    assert table.link.room.match.n_players == 4
    assert table.link.room.match.config.humans == (0,)
    assert app.run_until(lambda: sum(table.counts) == 52 or table.awaiting_human or len(table.link.room.match.game.history) > 0, timeout=10)


def _play_out_by_clicks_and_keys(app, table):
    """Play the bottom seat's turns until the hand ends, by clicks, Enter, double-clicks,
    the Pass button and P, always choosing the lowest legal play."""
    ways = ["button", "enter", "double"]
    moves = 0
    while True:
        _wait_turn_or_end(app, table)
        if not isinstance(app.top, TableScene):
            return moves
        game = table.link.room.match.game
        legal = [m for m in game.legal_moves() if m != PASS]
        if not legal:
            if moves % 2:
                key(app, pygame.K_p)
            else:
                click_button(app, table.buttons["pass"])
            moves += 1
            continue
        cards = sorted(move_cards(legal[0]))
        way = ways[moves % 3]
        before = len(game.history)
        if way == "double" and len(cards) == 1:
            c = cards[0]
            click(app, card_point(table, c), frames=0)
            click(app, card_point(table, c))
        else:
            _select_by_clicks(app, table, cards)
            assert table.buttons["play"].is_enabled
            if way == "enter":
                key(app, pygame.K_RETURN)
            else:
                click_button(app, table.buttons["play"])
        assert len(game.history) > before and game.history[before][0] == 0, f"the {way} play did not go through"
        moves += 1


def test_whole_hand_by_clicks_and_keys_to_results_and_standings(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=3))
    app.push(table)
    assert _play_out_by_clicks_and_keys(app, table) > 3
    assert isinstance(app.top, ResultsScene)
    results = app.top
    assert table.link.room.match.results and table.link.room.match.results[0].cards_left[table.link.room.match.results[0].winner] == 0
    pump(app, 5)
    click_button(app, results.b_next)
    assert isinstance(app.top, SessionEndScene)
    standings = app.top.link.room.match.standings()
    assert len(standings) == 4 and standings[0][0] == 1


def test_from_the_title_through_new_game_to_the_standings(make_app):
    """Start → New game (one hand) → play it by clicks and keys → results → standings."""
    import pygame_gui

    from big2.app.screens.newgame import NewGameScene
    from helpers import post

    app = make_app()
    title = TitleScene(app)
    app.push(title)
    pump(app)
    click_button(app, title.b_new)
    ng = app.top
    assert isinstance(ng, NewGameScene)
    pick_option(app, ng.dd_length, "1 hand")
    click_button(app, ng.b_start)
    table = app.top
    assert isinstance(table, TableScene) and table.link.room.match.config.hands == 1
    _play_out_by_clicks_and_keys(app, table)
    assert isinstance(app.top, ResultsScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SessionEndScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_illegal_selection_refused_with_the_engines_reason(make_app):
    seed = _seed_where(lambda g: g.to_act == 0)
    app = make_app()
    table = open_table(app, _solo(seed))
    app.push(table)
    _wait_turn_or_end(app, table)
    hand = table.hand.cards
    wrong = next(c for c in hand if c != 0)  # 3♦ (card 0) must be in the first play
    _select_by_clicks(app, table, [wrong])
    assert not table.buttons["play"].is_enabled
    key(app, pygame.K_RETURN)
    assert table.link.room.match.game.history == []
    assert table.message is not None and "3♦" in table.message[0]
    # the reason reaches the screen, and a legal play then goes through
    click(app, card_point(table, wrong), button=3)  # right click clears the selection
    assert not table.hand.selected
    _select_by_clicks(app, table, [0])
    assert table.buttons["play"].is_enabled
    key(app, pygame.K_RETURN)
    assert table.link.room.match.game.history[0][0] == 0


def test_hot_seat_never_shows_a_hand_to_the_wrong_human(make_app, monkeypatch):
    from big2.app.ui.sprites import CardSprite

    seats = (SeatConfig("Ann", True), SeatConfig("East", False), SeatConfig("Ben", True), SeatConfig("West", False))
    app = make_app()
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=11))
    drawn: set[int] = set()
    real_draw = CardSprite.draw

    def spy(self, surf, **kw):
        if self.face_up:  # every card on the table is drawn through a sprite
            drawn.add(self.card)
        return real_draw(self, surf, **kw)

    monkeypatch.setattr(CardSprite, "draw", spy)
    state = {"allowed": None, "checked": 0, "privacy_screens": 0}

    def check(_work):
        game = table.link.room.match.game
        if game is not None and not game.is_over and isinstance(app.top, TableScene):
            for seat in (0, 2):
                if seat != state["allowed"]:
                    leak = drawn & set(game.hand(seat))
                    assert not leak, f"{game.names[seat]}'s cards were drawn while {state['allowed']} looked"
            state["checked"] += 1
        drawn.clear()

    app.on_frame = check
    app.push(table)
    while True:
        assert app.run_until(
            lambda: isinstance(app.top, (PrivacyScene, ResultsScene)) or (table.awaiting_human and not table.hand_over),
            timeout=20,
        )
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, PrivacyScene):
            state["privacy_screens"] += 1
            seat = top.seat
            key(app, pygame.K_RETURN, frames=0)
            state["allowed"] = seat
            pump(app, 2)
            continue
        # a human's turn: pick the lowest legal play with the keyboard (arrows + Space)
        game = table.link.room.match.game
        assert game.to_act == state["allowed"] == table.viewer
        legal = [m for m in game.legal_moves() if m != PASS]
        if not legal:
            state["allowed"] = None
            key(app, pygame.K_p)
            continue
        for c in sorted(move_cards(legal[0])):
            target = table.hand.cards.index(c)
            while table.hand.focus != target:
                key(app, pygame.K_RIGHT, frames=1)
            key(app, pygame.K_SPACE, frames=1)
        state["allowed"] = None  # once the move is made the next person may be looking
        key(app, pygame.K_RETURN)
    assert state["privacy_screens"] >= 2
    assert state["checked"] > 10


def test_resize_lays_the_table_out_again(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=5))
    app.push(table)
    _wait_turn_or_end(app, table)
    old = table.layout
    pygame.display.set_mode((1024, 768), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 768), w=1024, h=768))
    pump(app, 3)
    lay = table.layout
    assert (lay.width, lay.height) == (1024, 768) != (old.width, old.height)
    assert app.manager.get_root_container().get_rect().size == (1024, 768)
    assert table.buttons["play"].rect.topleft == (lay.buttons["play"].x, lay.buttons["play"].y)
    positions = lay.hand_positions(len(table.hand.cards))
    for c, (x, y) in zip(table.hand.cards, positions):
        spr = table.sprites[c]
        assert (round(spr.x), round(spr.y)) == (x, y - (lay.lift if c in table.hand.selected else 0))
        assert round(spr.w) == lay.card_w
    # too small a window is held at the minimum
    pygame.display.set_mode((500, 400), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(500, 400), w=500, h=400))
    pump(app, 3)
    assert app.size == (800, 600)


def test_drag_across_selects_and_lifting_a_card_reorders(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=5))
    app.push(table)
    _wait_turn_or_end(app, table)
    cards = list(table.hand.cards)
    start = card_point(table, cards[0])
    end = card_point(table, cards[3])
    drag(app, start, [(start[0] + 15, start[1]), (end[0], start[1])])
    assert table.hand.selected == set(cards[:4])
    key(app, pygame.K_BACKSPACE)
    assert not table.hand.selected
    # lift the first card up out of the hand, slide it right, drop it
    lay = table.layout
    p = card_point(table, cards[0])
    target = table.sprites[cards[6]]
    drag(app, p, [(p[0], p[1] - lay.lift * 3), (target.x + lay.card_w / 2 - (p[0] - table.sprites[cards[0]].x) + 20, p[1] - lay.lift * 3)])
    assert table.hand.cards.index(cards[0]) >= 5
    assert not table.hand.selected


def test_keys_sort_hint_and_pause(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=8))
    app.push(table)
    _wait_turn_or_end(app, table)
    rank_order = list(table.hand.cards)
    key(app, pygame.K_s)
    assert table.hand.sort_mode == "suit" and sorted(table.hand.cards) == sorted(rank_order)
    suits = [table.link.room.match.config.rules.card_strength(c) % 4 for c in table.hand.cards]
    assert suits == sorted(suits)
    key(app, pygame.K_h)
    assert table.message is not None and table.message[0]  # the hint says why
    if table.hand.selected:
        assert table.buttons["play"].is_enabled  # the hinted cards are a legal play
    else:
        assert not table.link.room.match.game.leading  # only a follower is ever told to pass
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    t0 = table.clock.time
    pump(app, 10)
    assert table.clock.time == t0, "the table's clock runs under the pause menu"
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_handing_the_seat_to_the_computer_finishes_the_hand(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=4))
    app.push(table)
    _wait_turn_or_end(app, table)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.b_hand.is_enabled
    click_button(app, pause.b_hand)
    assert not table.link.room.match.is_human(0)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=30)


def test_an_idle_table_does_not_redraw(make_app):
    app = make_app()
    table = open_table(app, _solo(seed=5))
    app.push(table)
    _wait_turn_or_end(app, table)
    pump(app, 5)
    assert not app.animating()
    # the card faces drawn ahead, a little each frame, are done within a second or two
    assert app.run_until(lambda: not app.warmer.queue, timeout=20)
    pump(app, 2)
    frames = app.frames
    pump(app, 30)
    assert app.frames == frames
    assert app._wait_ms() >= 500  # and the loop would sleep in pygame.event.wait


def test_computers_play_a_session_through_the_loop(make_app):
    app = make_app(animation="normal", pace="fast")
    app.time_scale = 8.0  # every animation still runs, eight times faster
    seats = tuple(SeatConfig(n, False) for n in ("A", "B", "C"))
    table = open_table(app, MatchConfig(seats=seats, hands=2, seed=1))
    app.push(table)
    for _ in range(2):
        assert app.run_until(lambda: isinstance(app.top, (ResultsScene, SessionEndScene)), timeout=60)
        if isinstance(app.top, ResultsScene):
            key(app, pygame.K_RETURN)
    assert isinstance(app.top, SessionEndScene)
    assert len(table.link.room.match.results) == 2


def test_two_players_dealt_out_evenly_fit_the_table(make_app):
    import dataclasses

    from big2.engine.rules import STANDARD, Leftovers

    rules = dataclasses.replace(STANDARD, leftovers=Leftovers.TO_LOWEST)
    app = make_app(size=(800, 600))
    seats = (SeatConfig("You", True), SeatConfig("North", False))
    table = open_table(app, MatchConfig(seats=seats, rules=rules, hands=1, seed=2))
    app.push(table)
    _wait_turn_or_end(app, table)
    n = len(table.hand.cards)
    assert n >= 26
    lay = table.layout
    xs = [table.sprites[c].x for c in table.hand.cards]
    assert xs[0] >= lay.seats[0].fan.x and xs[-1] + lay.card_w <= lay.seats[0].fan.right
    assert table.buttons["play"].rect.bottom <= lay.seats[0].fan.y
    table.hand_seat_to_computer()
    assert app.run_until(lambda: not isinstance(app.top, TableScene), timeout=30)


def test_f1_shows_the_tables_rules_and_esc_returns(make_app):
    from big2.app.screens.rules import RulesScene

    app = make_app()
    table = open_table(app, _solo(seed=5))
    app.push(table)
    _wait_turn_or_end(app, table)
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.rules is table.link.room.match.config.rules
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.buttons["sort"].visible


def test_sounds_follow_the_game(make_app):
    app = make_app(animation="fast", pace="instant")
    app.time_scale = 8.0
    seats = tuple(SeatConfig(n, False) for n in ("A", "B", "C", "D"))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=6))
    app.push(table)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=30)
    heard = app.sounds.counts
    history = table.link.room.match.game.history
    assert heard["deal"] >= 13  # a flick for every few cards dealt
    assert heard["play"] == sum(1 for _, m in history if m != PASS)
    assert heard["pass"] == sum(1 for _, m in history if m == PASS)
    assert heard["win"] == 1


def test_a_computers_ready_move_is_the_tables_next_deadline(make_app):
    """The app sleeps until the table's next deadline: once a computer's move is ready,
    the end of the pace must be one, or the move waits up to the idle wait (a second)
    past the pace."""
    app = make_app(animation="normal", pace="fast")
    seats = tuple(SeatConfig(n, False) for n in ("South", "East", "North", "West"))
    table = app.push("table", MatchConfig(seats=seats, hands=1, seed=3))

    def ready():
        return table.state.exchange is None and table.link.next_due(table.pace()) is not None

    assert app.run_until(ready, timeout=30)
    left = table.link.next_due(table.pace()) - table.clock.time
    deadline = table.next_deadline()
    assert deadline is not None and deadline <= max(0.0, left) + 1e-6, (deadline, left)
