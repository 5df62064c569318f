"""The app's pure parts: tweens, the hand model, the match, settings, the rules form."""

from __future__ import annotations

import subprocess
import sys

import pytest

from big2.app.table.hand import HandModel
from big2.room.config import MatchConfig, SeatConfig
from big2.room.match import Match
from big2.app.screens.rulesform import presets, rule_choices, with_choice
from big2.app.settings import AppSettings, from_mapping
from big2.app.ui.tween import EASINGS, GameClock, Tweener
from big2.engine.events import HandEnded
from big2.engine.rules import STANDARD


class Thing:
    x = 0.0
    y = 0.0


def test_easings_start_at_zero_and_end_at_one():
    for name, fn in EASINGS.items():
        assert abs(fn(0.0)) < 1e-9, name
        assert abs(fn(1.0) - 1) < 1e-9, name


def test_tween_arrives_and_calls_back_once():
    tw = Tweener()
    t = Thing()
    done = []
    tw.to(t, 1.0, x=10, y=-4, on_done=lambda: done.append(1))
    tw.update(0.5)
    assert 0 < t.x < 10 and tw.active
    tw.update(0.6)
    assert (t.x, t.y) == (10, -4) and done == [1] and not tw.active


def test_new_tween_replaces_old_from_current_value():
    tw = Tweener()
    t = Thing()
    tw.to(t, 1.0, ease="linear", x=10)
    tw.update(0.5)
    tw.to(t, 1.0, ease="linear", x=0)
    assert len(tw) == 1
    tw.update(0.5)
    assert t.x == pytest.approx(2.5)


def test_zero_duration_sets_at_once_and_delay_waits():
    tw = Tweener()
    t = Thing()
    tw.to(t, 0, x=3)
    assert t.x == 3 and not tw.active
    tw.to(t, 0.2, delay=0.5, x=9)
    tw.update(0.4)
    assert t.x == 3
    tw.update(0.4)
    assert t.x == 9


def test_game_clock_pauses_and_runs_calls_in_order():
    c = GameClock()
    seen = []
    c.schedule(0.2, lambda: seen.append("b"))
    c.schedule(0.1, lambda: seen.append("a"))
    assert c.next_due() == pytest.approx(0.1)
    c.paused = True
    c.tick(1)
    assert seen == [] and c.time == 0
    c.paused = False
    c.tick(0.15)
    assert seen == ["a"]
    c.tick(0.1)
    assert seen == ["a", "b"] and c.next_due() is None


def test_hand_model_sort_toggle_move_focus():
    h = HandModel([51, 0, 20, 3])
    assert h.cards == [0, 3, 20, 51]
    h.toggle_sort()
    assert h.sort_mode == "suit" and h.cards == [0, 20, 3, 51]
    h.move(51, 0)
    assert h.cards[0] == 51
    h.toggle(20)
    h.toggle(99)
    assert h.selected == {20}
    h.remove([20])
    assert 20 not in h.cards and not h.selected
    h.move_focus(-1)
    assert h.focus == len(h.cards) - 1
    with pytest.raises(ValueError):
        h.sort("colour")


def _finish_hand(m):
    """Play the current hand out with the lowest legal moves; returns its HandEnded."""
    from big2.room.room import lowest_move

    game = m.game
    while True:
        for ev in game.make(lowest_move(game)):
            if isinstance(ev, HandEnded):
                return ev


def test_match_totals_follow_the_engines_session():
    cfg = MatchConfig(seats=(SeatConfig("A", True), SeatConfig("B", False)), hands=2, seed=1)
    m = Match(cfg)
    events = m.new_hand()
    assert events and len(m.game.hand(0)) == 13
    assert m.hand_number == 1 and not m.hot_seat
    r1 = m.record(_finish_hand(m))
    assert r1.number == 1 and r1.cards_left[r1.winner] == 0
    assert list(r1.totals) == m.totals and sum(map(abs, r1.points)) > 0
    assert not m.session_over
    m.new_hand()
    r2 = m.record(_finish_hand(m))
    assert m.session_over and len(m.results) == 2
    assert [t for _, _, t in m.standings()] == sorted(m.totals, reverse=True)
    assert m.totals == [a + b for a, b in zip(r1.points, r2.points)]
    if r2.multipliers:
        assert len(r2.multipliers) == 2
    with pytest.raises(RuntimeError):
        m.new_hand()


def test_match_target_score_and_seat_handover():
    cfg = MatchConfig(seats=(SeatConfig("A", True), SeatConfig("B", True), SeatConfig("C", False)), hands=99, target=1, seed=2)
    m = Match(cfg)
    m.new_hand()
    assert m.hot_seat and m.human_seats == (0, 1)
    m.hand_to_computer(1)
    assert not m.is_human(1) and m.human_seats == (0,)
    m.record(_finish_hand(m))
    assert m.session_over  # somebody lost at least a point
    m2 = Match(cfg)
    m2.new_hand()
    assert m2.is_human(1)


def test_same_seed_same_deals():
    a = Match(MatchConfig(seed=9))
    b = Match(MatchConfig(seed=9))
    a.new_hand()
    b.new_hand()
    assert [a.game.hand(s) for s in range(4)] == [b.game.hand(s) for s in range(4)]


def test_settings_round_trip_and_bad_values_fall_back():
    s = AppSettings(animation="slow", felt="blue", four_colour=True, volume=0.3)
    assert from_mapping(s.to_mapping()) == s
    bad = from_mapping({"animation": "warp", "volume": 7, "muted": "yes", "unknown": 1, "pace": "fast"})
    assert bad.animation == "normal" and bad.volume == 0.7 and bad.muted is False and bad.pace == "fast"
    assert AppSettings(animation="off").anim_scale == 0
    assert AppSettings(pace="instant").pace_delay == 0


def test_rules_form_offers_every_editable_field():
    choices = {c.name: c for c in rule_choices()}
    assert "suit_order" in choices and "first_lead_has_lowest" in choices
    for c in choices.values():
        assert c.explanation and len(c.options) >= 1
        assert c.label_of(getattr(STANDARD, c.name)) in [lab for lab, _ in c.options]
    house = with_choice(STANDARD, "suit_order", "cshd")
    assert house.suit_order == "cshd" and "house" in house.name
    assert with_choice(STANDARD, "suit_order", "dchs") is STANDARD
    assert any(p.rules == STANDARD for p in presets().values())


def test_pure_modules_import_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
        "import big2.app, big2.app.table.layout, big2.app.ui.tween, big2.app.table.hand, big2.room.match,"
        " big2.room.undo, big2.room, big2.app.settings, big2.app.screens.rulesform, big2.app.ui.synth, big2.app.storage.savedmatch, big2.app.storage\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "ok" in out.stdout


def test_importing_the_app_package_opens_nothing():
    code = "import sys, big2.app; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("processes", [True, False])
def test_thinker_returns_a_legal_move_from_its_worker(processes):
    import random as _random
    import threading

    from big2.ai import PlayerView
    from big2.app.table.opponents import Thinker, levels
    from big2.engine.game import Game

    game = Game.deal(_random.Random(3))
    woke = threading.Event()
    t = Thinker(on_done=woke.set, processes=processes)
    try:
        for level in levels():
            woke.clear()
            fut = t.think(PlayerView.from_game(game, game.to_act), level, _random.Random(1).getrandbits(64))
            move = fut.result(timeout=60)
            assert move in game.legal_moves(), level
            assert woke.wait(5)
    finally:
        t.shutdown()


def test_settings_read_from_persistence_settings():
    from big2.persistence import Settings

    stored = Settings(animation_speed="fast", computer_pace="slow", four_colour_deck=True, felt="blue", volume=0.25, muted=True)
    s = from_mapping(stored)
    assert (s.animation, s.pace, s.four_colour, s.felt, s.volume, s.muted) == ("fast", "slow", True, "blue", 0.25, True)
    back = s.to_persistence()
    assert back["animation_speed"] == "fast" and back["four_colour_deck"] is True
    import dataclasses

    assert dataclasses.replace(stored, **{k: v for k, v in back.items() if k in {f.name for f in dataclasses.fields(Settings)}}) == stored
