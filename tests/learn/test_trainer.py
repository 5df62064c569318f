"""The self-play trainer learns and resumes exactly (CI does not train: a tiny network,
a few hundred decisions). Skipped where PyTorch is not installed (``.[train]``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")

from tools.learn.report import read_log, summary  # noqa: E402
from tools.learn.train import CHECKPOINT, LOG, WEIGHTS, train  # noqa: E402
from tools.learn.trainer import Config, Trainer  # noqa: E402

from big2.ai.learned import QNet  # noqa: E402


@pytest.fixture(autouse=True)
def _one_thread() -> None:
    torch.set_num_threads(1)


def _tiny(seed: int = 3) -> Config:
    return Config(hidden=(32, 16), lr=3e-3, batch=64, epsilon=0.1,
                  presets=("standard", "pusoy-dos", "hong-kong"), seat_counts=(2, 3, 4), seed=seed)


def test_the_loss_falls_on_self_play_samples() -> None:
    """A few hundred self-play decisions, fitted again and again: the loss must fall far.
    (On fresh hands, a few hundred decisions move the loss less than its noise: the
    return of one hand is mostly luck; see docs/research/training.md.)"""
    trainer = Trainer(Config(**{**vars(_tiny()), "batch": 256}))
    batch = trainer.next_batch()
    assert len(batch[2]) == 256 and trainer.counters.games > 0
    assert np.var(batch[2]) > 0.05  # winners and losers both in it
    losses = [trainer.fit(*batch) for _ in range(40)]
    assert trainer.loss_on(*batch) < 0.5 * losses[0], losses
    assert losses[-1] < losses[0]


def test_self_play_steps_count_and_fit() -> None:
    trainer = Trainer(_tiny())
    losses = [trainer.step() for _ in range(4)]
    c = trainer.counters
    assert c.steps == 4 and c.decisions == 4 * 64 and c.plies >= c.decisions and c.games > 0
    assert all(np.isfinite(losses)) and c.wall_s > 0


def test_a_checkpoint_resumes_exactly(tmp_path: Path) -> None:
    first = Trainer(_tiny(5))
    for _ in range(3):
        first.step()
    first.save(tmp_path / "ck.pt")
    want_batch = first.next_batch()
    first.fit(*want_batch)
    first.counters.steps += 1

    second = Trainer.load(tmp_path / "ck.pt")
    assert second.counters.steps == 3
    got_batch = second.next_batch()
    for want, got in zip(want_batch, got_batch):
        assert np.array_equal(want, got)
    second.fit(*got_batch)
    for (name, a), (_n, b) in zip(first.model.state_dict().items(), second.model.state_dict().items()):
        assert torch.equal(a, b), name
    opt_a, opt_b = first.optimizer.state_dict(), second.optimizer.state_dict()
    assert opt_a["param_groups"] == opt_b["param_groups"]
    for key, state in opt_a["state"].items():
        for field, value in state.items():
            assert torch.equal(value, opt_b["state"][key][field]), (key, field)
    # And the batch after that too (the leftover samples and the dealing rng came back).
    for want, got in zip(first.next_batch(), second.next_batch()):
        assert np.array_equal(want, got)


def test_a_run_folder_logs_saves_and_goes_on(tmp_path: Path) -> None:
    run = tmp_path / "run"
    train(run, minutes=5, config=_tiny(7), log_every=2, arena_every=0, arena_deals=1, max_steps=4)
    assert (run / CHECKPOINT).exists() and (run / WEIGHTS).exists()
    records = [json.loads(line) for line in (run / LOG).read_text().splitlines()]
    kinds = [r["kind"] for r in records]
    assert kinds == ["start", "train", "train", "arena"]
    assert records[2]["steps"] == 4 and records[2]["decisions"] == 4 * 64
    assert records[2]["loss"] > 0 and records[2]["decisions_per_s"] > 0
    arena = records[3]
    assert arena["hands"] == 4 and 0 <= arena["win_rate"] <= 1
    net = QNet.load(run / WEIGHTS)
    trainer = Trainer.load(run / CHECKPOINT)
    assert len(net.layers) == 3 and trainer.counters.steps == 4
    # A second call goes on from the checkpoint, with the run's own settings.
    other = Config(hidden=(8,), batch=16, seed=99)
    again = train(run, minutes=5, config=other, log_every=2, arena_every=0, arena_deals=0, max_steps=2)
    assert again.counters.steps == 6 and again.config.hidden == (32, 16)
    records = [json.loads(line) for line in (run / LOG).read_text().splitlines()]
    assert records[4]["kind"] == "start" and records[4]["resumed"] is True
    assert records[-1]["steps"] == 6
    text = summary(read_log(run))
    assert text.splitlines()[0].split() == ["steps", "decisions", "games", "minutes", "dec/s", "loss"]
    assert any(line.split()[:2] == ["6", str(6 * 64)] for line in text.splitlines())
    assert f"{arena['win_rate']:.1%}" in text  # the arena reading is listed


def test_the_command_line_starts_a_run_with_its_settings_and_resumes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tools.learn.train import main

    run = tmp_path / "cli"
    args = ["--run", str(run), "--minutes", "0.005", "--arena-deals", "0"]
    assert main([*args, "--hidden", "16", "--batch", "32", "--presets", "taiwan,standard",
                 "--seats", "2,3", "--seed", "4"]) == 0
    first = Trainer.load(run / CHECKPOINT)
    assert first.config.hidden == (16,) and first.config.batch == 32
    assert first.config.presets == ("taiwan", "standard") and first.config.seat_counts == (2, 3)
    assert first.counters.steps >= 1
    capsys.readouterr()
    assert main([*args, "--batch", "64"]) == 0
    out = capsys.readouterr().out
    assert "ignoring batch" in out
    second = Trainer.load(run / CHECKPOINT)
    assert second.config.batch == 32 and second.counters.steps > first.counters.steps


def test_a_resumed_run_drops_the_log_lines_of_steps_its_checkpoint_lost(tmp_path: Path) -> None:
    """A process killed between checkpoints logged steps the run will play again: on
    resume those lines go, so the log has each step once."""
    run = tmp_path / "run"
    train(run, minutes=5, config=_tiny(9), log_every=2, arena_every=0, arena_deals=0, max_steps=4)
    with open(run / LOG, "a", encoding="utf-8") as fh:  # what the killed process logged
        for steps in (6, 8):
            fh.write(json.dumps({"kind": "train", "steps": steps, "decisions": steps * 64}) + "\n")
        fh.write(json.dumps({"kind": "arena", "steps": 8, "hands": 4}) + "\n")
    train(run, minutes=5, config=_tiny(9), log_every=2, arena_every=0, arena_deals=0, max_steps=2)
    records = [json.loads(line) for line in (run / LOG).read_text().splitlines()]
    train_steps = [r["steps"] for r in records if r["kind"] == "train"]
    assert train_steps == [2, 4, 6]
    assert [r["kind"] for r in records].count("start") == 2 and all(r["kind"] != "arena" for r in records)
