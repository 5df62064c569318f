"""``python -m tools.learn.imitate``: the decisions it keeps are the ones played, a fit
learns them, and the arena seats a search with the fitted network (issue 31)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from big2.ai.learned.features import ACTION_DIM, SESSION_SLICE, STATE_DIM
from big2.ai.learned.net import QNet, save_npz, shipped_net
from big2.ai.normal import Normal
from big2.ai.view import PlayerView, legal_moves
from big2.engine import Game
from tools.learn.imitate import collect, imitated, load, main


def test_collect_keeps_every_decision_with_a_choice_and_the_move_played(tmp_path: Path) -> None:
    out = tmp_path / "n.npz"
    kept = collect("normal", seed=4, minutes=5, out=out, hands=2, save_seconds=0)
    states, actions, counts, chosen = load([out])
    assert kept == len(states) == len(counts) == len(chosen) > 20
    assert states.shape[1] == STATE_DIM and actions.shape == (int(counts.sum()), ACTION_DIM)
    assert (counts > 1).all() and (chosen >= 0).all() and (chosen < counts).all()
    assert not states[:, SESSION_SLICE].any()
    # Replay the same hands: the kept index is Normal's move among the legal ones.
    rng = random.Random(4)
    normal = Normal()
    i = 0
    for _ in range(2):
        game = Game.deal(rng, players=4)
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            moves = legal_moves(view)
            move = normal.choose(view, rng)
            if len(moves) > 1:
                assert counts[i] == len(moves) and moves[chosen[i]] == move
                i += 1
            game.make(move)
    assert i == kept


def test_collect_keeps_the_choices_of_the_search_with_the_network(tmp_path: Path) -> None:
    """``playout="net"``: the kept moves are those of Experts searching with the network
    (the targets of expert iteration), replayed here with the same seeds."""
    from big2.ai.expert import Expert

    out = tmp_path / "e.npz"
    kept = collect("expert", seed=3, minutes=5, out=out, hands=1, iterations=4, playout="net")
    _, _, counts, chosen = load([out])
    rng = random.Random(3)
    players = [Expert(iterations=4, playout="net") for _ in range(4)]
    game = Game.deal(rng, players=4)
    i = 0
    while not game.is_over:
        view = PlayerView.from_game(game, game.to_act)
        moves = legal_moves(view)
        move = players[game.to_act].choose(view, rng)
        if len(moves) > 1:
            assert counts[i] == len(moves) and moves[chosen[i]] == move
            i += 1
        game.make(move)
    assert i == kept > 5
    assert players[0].last_net or players[1].last_net or players[2].last_net or players[3].last_net


def test_the_arena_seats_the_search_with_a_fitted_network(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    weights = tmp_path / "w.npz"
    save_npz(shipped_net(), weights)
    seat = imitated(weights=str(weights), iterations=2)
    assert seat.playout == "net" and isinstance(seat._network(), QNet)  # type: ignore[attr-defined]
    assert main(["arena", "--seats", "imitated,normal,normal,normal", "--iterations", "imitated=2",
                 "--set", f"imitated.weights={weights}", "--games", "4", "--seed", "2"]) == 0
    assert "imitated" in capsys.readouterr().out


def test_a_fit_learns_the_moves_it_is_shown(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")
    torch.set_num_threads(1)
    from tools.learn.imitate import fit

    data = tmp_path / "n.npz"
    collect("normal", seed=6, minutes=5, out=data, hands=2)
    out = tmp_path / "fit.npz"
    report = fit([data], [data], init=None, out=out, epochs=30, lr=3e-3, batch=32)
    assert report["held_acc_30"] > report["held_acc_before"] + 0.2
    assert report["held_acc_30"] > 0.8
    # The written network ranks the moves as the fitted one did.
    net = QNet.load(out)
    states, actions, counts, chosen = load([data])
    right = sum(int(np.argmax(net.q_values(states[k], actions[s:s + c])) == chosen[k])
                for k, (s, c) in enumerate(zip(np.cumsum(counts) - counts, counts)))
    assert right / len(counts) == pytest.approx(report["held_acc_30"], abs=0.02)


def test_a_fit_can_start_from_a_milestone_of_any_width() -> None:
    pytest.importorskip("torch", reason="pip install -e '.[train]'")
    from tools.learn.model import QModel, from_qnet, to_qnet

    for net in (shipped_net(), to_qnet(QModel((32, 16)))):
        back = to_qnet(from_qnet(net))
        assert [w.shape for w, _ in back.layers] == [w.shape for w, _ in net.layers]
        for (w, b), (w2, b2) in zip(net.layers, back.layers):
            assert np.array_equal(w, w2) and np.array_equal(b, b2)
