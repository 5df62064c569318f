"""Carrying a layout-1 run over to layout 2: the network is exactly the old one at first,
and training goes on from the old counters and optimizer state. Uses the committed
layout-1 milestone dmc1; skipped where PyTorch is not installed (``.[train]``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")

from tools.learn.train import CHECKPOINT, LOG, WEIGHTS  # noqa: E402
from tools.learn.trainer import Trainer  # noqa: E402
from tools.learn.widen import main, widen_checkpoint, widen_run  # noqa: E402

from big2.ai.learned import QNet  # noqa: E402
from big2.ai.learned.features import (  # noqa: E402
    FEATURE_VERSION, HISTORY_SLICE, V1_STATE_DIM, action_features, state_features,
)
from big2.ai.view import PlayerView  # noqa: E402
from big2.engine import Game, get_rules  # noqa: E402

OLD = Path(__file__).resolve().parents[2] / "tools" / "learn" / "milestones" / "dmc1"


@pytest.fixture(autouse=True)
def _one_thread() -> None:
    torch.set_num_threads(1)


def _views(count: int = 6) -> list[tuple[PlayerView, list[int]]]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = Game.deal(rng, rules=get_rules("standard"), players=4)
        for _ in range(12 + seed):
            game.apply(rng.choice(list(game.legal_moves())))
        out.append((PlayerView.from_game(game, game.to_act), list(game.legal_moves())))
    return out


def _old_q(model: dict[str, torch.Tensor], state: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """The layout-1 network's Q, computed from its own weights on layout-1 inputs."""
    h = np.hstack([np.tile(state[:V1_STATE_DIM], (len(actions), 1)), actions])
    n = len(model) // 2
    for i in range(n):
        h = h @ model[f"layers.{i}.weight"].numpy().T + model[f"layers.{i}.bias"].numpy()
        if i < n - 1:
            h = np.maximum(h, 0.0)
    return h[:, 0]


def test_a_widened_run_plays_exactly_as_the_old_one_and_goes_on(tmp_path: Path) -> None:
    old = torch.load(OLD / CHECKPOINT, weights_only=True)
    assert old["feature_version"] == 1
    new_run = tmp_path / "next"
    assert main([str(OLD), str(new_run)]) == 0
    trainer = Trainer.load(new_run / CHECKPOINT)
    assert trainer.config.hidden == tuple(old["config"]["hidden"])
    assert vars(trainer.counters) == old["counters"]
    net = QNet.load(new_run / WEIGHTS)
    for view, moves in _views():
        state, actions = state_features(view), action_features(view, moves)
        assert state[HISTORY_SLICE].any()
        want = _old_q(old["model"], state, actions)
        with torch.no_grad():
            got = trainer.model(torch.from_numpy(np.tile(state, (len(moves), 1))),
                                torch.from_numpy(actions)).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(net.q_values(state, actions), want, rtol=1e-4, atol=1e-5)
    # Adam's moments: the old ones, and zeros for the new inputs.
    first = trainer.optimizer.state_dict()["state"][0]
    was = old["optimizer"]["state"][0]
    assert torch.equal(first["step"], was["step"])
    for key in ("exp_avg", "exp_avg_sq"):
        assert not first[key][:, HISTORY_SLICE].any()
        assert torch.equal(first[key][:, :V1_STATE_DIM], was[key][:, :V1_STATE_DIM])
        assert torch.equal(first[key][:, HISTORY_SLICE.stop:], was[key][:, V1_STATE_DIM:])
    # The log goes on from the old one, and so do the counters.
    records = [json.loads(line) for line in (new_run / LOG).read_text().splitlines()]
    assert len(records) == len((OLD / LOG).read_text().splitlines()) + 1
    assert records[-1]["kind"] == "widen" and records[-1]["feature_version"] == FEATURE_VERSION
    before = trainer.counters.decisions
    trainer.config.batch = 64  # a short step for the test
    trainer.step()
    assert trainer.counters.decisions == before + 64
    assert trainer.model.layers[0].weight[:, HISTORY_SLICE].abs().sum() > 0  # the new inputs learn


def test_it_refuses_an_existing_run_and_a_layout_2_checkpoint(tmp_path: Path) -> None:
    run = tmp_path / "run"
    widen_run(OLD, run)
    with pytest.raises(FileExistsError):
        widen_run(OLD, run)
    with pytest.raises(ValueError, match="not 1"):
        widen_checkpoint(torch.load(run / CHECKPOINT, weights_only=True))


def test_the_curve_marks_where_the_run_was_widened(tmp_path: Path) -> None:
    from tools.learn.curve import main as curve_main
    from tools.learn.curve import widenings

    run = tmp_path / "run"
    trainer = widen_run(OLD, run)
    assert widenings(run) == [(trainer.counters.decisions, FEATURE_VERSION)]
    assert widenings(OLD) == []
    assert curve_main([str(run), str(tmp_path / "curve.png")]) == 0
    assert (tmp_path / "curve.png").stat().st_size > 1000
