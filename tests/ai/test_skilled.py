"""The Skilled level: the shipped network's move, legal under every preset at 2-4 seats,
Normal's move where the network was not trained, and fast."""

from __future__ import annotations

import dataclasses
import random
import time

import numpy as np
import pytest

from big2.ai import LEVELS, PlayerView, make_opponent
from big2.ai.learned import shipped_net
from big2.ai.normal import Normal
from big2.ai.skilled import TRAINED_PRESETS, Skilled, trained_on
from big2.ai.view import legal_moves
from big2.engine import Game, get_rules, preset_names
from big2.engine.rules import LoneTwo


def test_skilled_sits_between_normal_and_expert() -> None:
    assert LEVELS.index("normal") < LEVELS.index("skilled") < LEVELS.index("expert")
    assert isinstance(make_opponent("Skilled"), Skilled)


def test_it_was_trained_on_every_preset() -> None:
    assert set(TRAINED_PRESETS) == set(preset_names())


@pytest.mark.parametrize("name", preset_names())
def test_legal_network_moves_under_every_preset_at_2_to_4_seats(name: str) -> None:
    skilled = Skilled()
    rules = get_rules(name)
    assert trained_on(rules) and trained_on(dataclasses.replace(rules, name="my table"))
    for players in (2, 3, 4):
        for seed in range(2):
            game = Game.deal(random.Random(seed * 7 + players), rules=rules, players=players)
            rng = random.Random(seed)
            choices = 0
            while not game.is_over:
                view = PlayerView.from_game(game, game.to_act)
                move = skilled.choose(view, rng)
                assert skilled.last_fallback is None
                choices += len(legal_moves(view)) > 1
                game.make(move)  # checked: an illegal move raises
            assert choices > 0


def _positions(rules_name: str = "standard", hands: int = 6) -> list[PlayerView]:
    """Views with a choice to make from hands played by Normals."""
    normal = Normal()
    out = []
    for seed in range(hands):
        game = Game.deal(random.Random(100 + seed), rules=get_rules(rules_name), players=4)
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            if len(legal_moves(view)) > 1:
                out.append(view)
            game.make(normal.choose(view, random.Random(0)))
    return out


def test_it_plays_the_move_the_network_values_most() -> None:
    skilled = Skilled()
    differs = 0
    normal = Normal()
    for view in _positions():
        moves = legal_moves(view)
        q = shipped_net().scores(view, moves)
        assert skilled.choose(view, random.Random(1)) == moves[int(np.argmax(q))]
        differs += moves[int(np.argmax(q))] != normal.choose(view, random.Random(1))
    assert differs > 0  # not Normal in disguise


def test_rules_it_never_trained_on_get_normals_move() -> None:
    rules = dataclasses.replace(get_rules("standard"), lone_two=LoneTwo.NO_LONE_TOP_TWO)
    assert not trained_on(rules)
    skilled = Skilled()
    normal = Normal()
    game = Game.deal(random.Random(5), rules=rules, players=4)
    while not game.is_over:
        view = PlayerView.from_game(game, game.to_act)
        move = skilled.choose(view, random.Random(0))
        if len(legal_moves(view)) > 1:
            assert skilled.last_fallback == "untrained rules"
            assert move == normal.choose(view, random.Random(0))
        game.make(move)


def test_a_missing_network_means_normals_moves_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    import big2.ai.learned.net as net_module

    def missing() -> None:
        raise FileNotFoundError("no weights")

    monkeypatch.setattr(net_module, "shipped_net", missing)
    skilled = Skilled()
    view = _positions(hands=1)[0]
    assert skilled.choose(view, random.Random(0)) == Normal().choose(view, random.Random(0))
    assert skilled.last_fallback == "no network"


def test_the_session_standing_is_not_read() -> None:
    """Self-play trained on lone hands: the scores must not sway the network."""
    skilled = Skilled()
    for view in _positions(hands=2):
        standing = dataclasses.replace(view, scores=(-80, 40, 10, 30), hands_left=0, target=100)
        assert skilled.choose(standing, random.Random(0)) == skilled.choose(view, random.Random(0))


def test_a_decision_takes_well_under_5_ms() -> None:
    skilled = Skilled()
    views = _positions(hands=4)
    skilled.choose(views[0], random.Random(0))  # loads the network
    times = []
    for view in views:
        start = time.perf_counter()
        skilled.choose(view, random.Random(0))
        times.append(time.perf_counter() - start)
    times.sort()
    assert times[len(times) // 2] < 0.005  # the median; a shared machine can stall one


def test_the_network_package_gives_numpys_blas_one_thread() -> None:
    """Imported before numpy (as in the game's worker), it leaves BLAS one thread:
    OpenBLAS's threads beside a busy core cost a decision up to 16 ms at p95."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    code = ("import sys, os; import big2.ai.skilled; assert 'numpy' not in sys.modules; "
            "import big2.ai.learned; print(os.environ['OPENBLAS_NUM_THREADS'])")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"
