"""The game's numpy Q network: loading, refusing foreign weights, scoring legal moves,
and the same numbers as the PyTorch model it was trained as."""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
import pytest

from big2.ai.learned import ACTION_DIM, STATE_DIM, LearnedOpponent, QNet, save_npz, shipped_net
from big2.ai.learned.features import (
    HISTORY_SLICE, V1_STATE_DIM, action_features, state_features,
)
from big2.ai.learned.net import widen_arrays
from big2.ai.view import PlayerView
from big2.engine import Game, get_rules, preset_names


def _random_net(seed: int = 0, hidden: tuple[int, ...] = (32, 16)) -> QNet:
    rng = np.random.default_rng(seed)
    widths = [STATE_DIM + ACTION_DIM, *hidden, 1]
    return QNet([(rng.normal(0, 0.1, (a, b)).astype(np.float32), rng.normal(0, 0.1, b).astype(np.float32))
                 for a, b in zip(widths, widths[1:])])


def _fixed_inputs(seed: int = 5) -> tuple[np.ndarray, np.ndarray]:
    game = Game.deal(random.Random(seed), rules=get_rules("standard"), players=4,
                     leader=seed % 4)  # a free lead: many moves
    view = PlayerView.from_game(game, game.to_act)
    return state_features(view), action_features(view, list(game.legal_moves()))


def test_split_first_layer_equals_the_plain_forward() -> None:
    net = _random_net()
    state, actions = _fixed_inputs()
    plain = net.forward(np.hstack([np.tile(state, (len(actions), 1)), actions]))
    assert len(actions) > 5
    np.testing.assert_allclose(net.q_values(state, actions), plain, rtol=1e-5, atol=1e-6)
    assert np.ptp(plain) > 0  # different moves, different values


def test_npz_round_trip_keeps_every_weight() -> None:
    net = _random_net(3)
    buf = io.BytesIO()
    save_npz(net, buf)
    buf.seek(0)
    back = QNet.load(buf)
    state, actions = _fixed_inputs()
    assert np.array_equal(back.q_values(state, actions), net.q_values(state, actions))


def test_weights_for_another_feature_layout_are_refused() -> None:
    arrays = _random_net().arrays()
    arrays["feature_version"] = np.array(999)
    with pytest.raises(ValueError, match="feature layout"):
        QNet.from_arrays(arrays)
    bad = _random_net().arrays()
    bad["w0"] = bad["w0"][:-1]
    with pytest.raises(ValueError):
        QNet.from_arrays(bad)


def _layout_1_arrays(seed: int = 4) -> dict[str, np.ndarray]:
    """Weights as a layout-1 network wrote them: the first layer without the history rows."""
    arrays = _random_net(seed).arrays()
    w0 = arrays["w0"]
    arrays["w0"] = np.concatenate([w0[:V1_STATE_DIM], w0[HISTORY_SLICE.stop:]])
    arrays["feature_version"] = np.array(1)
    arrays["state_dim"] = np.array(V1_STATE_DIM)
    return arrays


def _plain_forward(arrays: dict[str, np.ndarray], inputs: np.ndarray) -> np.ndarray:
    h = inputs
    i = 0
    while f"w{i}" in arrays:
        h = h @ arrays[f"w{i}"] + arrays[f"b{i}"]
        if f"w{i + 1}" in arrays:
            h = np.maximum(h, 0.0)
        i += 1
    return h[:, 0]


def test_layout_1_weights_are_refused_unless_widened_and_then_play_exactly_alike() -> None:
    old = _layout_1_arrays()
    with pytest.raises(ValueError, match="feature layout 1"):
        QNet.from_arrays(old)
    buf = io.BytesIO()
    np.savez(buf, **old)
    buf.seek(0)
    net = QNet.load(buf, widen=True)
    for seed in (3, 11, 12):
        state, actions = _fixed_inputs(seed)
        v1_inputs = np.hstack([np.tile(state[:V1_STATE_DIM], (len(actions), 1)), actions])
        want = _plain_forward(old, v1_inputs)
        np.testing.assert_allclose(net.q_values(state, actions), want, rtol=1e-5, atol=1e-6)
        noisy = state.copy()
        noisy[HISTORY_SLICE] = np.random.default_rng(seed).random(HISTORY_SLICE.stop - HISTORY_SLICE.start)
        np.testing.assert_allclose(net.q_values(noisy, actions), want, rtol=1e-5, atol=1e-6)
    assert widen_arrays(net.arrays()).keys() == net.arrays().keys()  # layout 2 stays as is
    bad = dict(old)
    bad["feature_version"] = np.array(0)
    with pytest.raises(ValueError, match="cannot widen"):
        widen_arrays(bad)


MILESTONES = Path(__file__).resolve().parents[2] / "tools" / "learn" / "milestones"


def _shipped_milestone() -> Path:
    """The committed training milestone whose weights the package ships (a milestone
    trained on feature layout 1 counts once widened: the same play)."""
    shipped = shipped_net().arrays()
    for folder in sorted(MILESTONES.iterdir()):
        if not (folder / "weights.npz").is_file():
            continue
        theirs = QNet.load(folder / "weights.npz", widen=True).arrays()
        if theirs.keys() == shipped.keys() and all(np.array_equal(theirs[k], shipped[k]) for k in shipped):
            return folder
    raise AssertionError("the shipped weights are none of the committed milestones")


def test_the_shipped_weights_load_small_and_are_a_committed_milestone() -> None:
    from importlib import resources

    res = resources.files("big2.ai.learned").joinpath("weights.npz")
    assert res.is_file() and len(res.read_bytes()) <= 10 * 2**20
    net = shipped_net()
    assert net is shipped_net()  # loaded once
    state, actions = _fixed_inputs(3)
    q = net.q_values(state, actions)
    assert q.shape == (len(actions),) and np.isfinite(q).all() and np.ptp(q) > 0
    assert _shipped_milestone().name


def test_the_shipped_weights_equal_their_torch_checkpoint_on_fixed_inputs() -> None:
    torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")
    from tools.learn.model import QModel

    from tools.learn.widen import widen_checkpoint

    data = torch.load(_shipped_milestone() / "checkpoint.pt", weights_only=True)
    if data["feature_version"] == 1:
        data = widen_checkpoint(data)
    model = QModel(data["config"]["hidden"])
    model.load_state_dict(data["model"])
    net = shipped_net()
    for seed in (3, 11, 12):
        state, actions = _fixed_inputs(seed)
        with torch.no_grad():
            want = model(torch.from_numpy(np.tile(state, (len(actions), 1))),
                         torch.from_numpy(actions)).numpy()
        got = net.q_values(state, actions)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
        assert int(np.argmax(got)) == int(np.argmax(want))


@pytest.mark.parametrize("name", preset_names())
def test_the_learned_opponent_plays_only_legal_moves_under_every_preset(name: str) -> None:
    opponent = LearnedOpponent(_random_net(1))
    rules = get_rules(name)
    for players in (2, 3, 4):
        game = Game.deal(random.Random(players), rules=rules, players=players)
        rng = random.Random(0)
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            game.make(opponent.choose(view, rng))  # checked: an illegal move raises


def test_numpy_inference_equals_torch_on_fixed_inputs() -> None:
    torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")
    from tools.learn.model import QModel, to_qnet

    torch.manual_seed(7)
    model = QModel((64, 32))
    state, actions = _fixed_inputs(11)
    states = np.tile(state, (len(actions), 1))
    with torch.no_grad():
        want = model(torch.from_numpy(states), torch.from_numpy(actions)).numpy()
    net = to_qnet(model)
    buf = io.BytesIO()
    save_npz(net, buf)
    buf.seek(0)
    got = QNet.load(buf).q_values(state, actions)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert int(np.argmax(got)) == int(np.argmax(want))
