"""The parallel trainer: actor processes play, the learner fits every full batch, sends
its weights back, logs and saves a checkpoint the one-process trainer goes on from.
Skipped where PyTorch is not installed (``.[train]``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")

from tools.learn.parallel import train_parallel  # noqa: E402
from tools.learn.train import CHECKPOINT, LOG, WEIGHTS, train  # noqa: E402
from tools.learn.trainer import Config, Trainer  # noqa: E402

from big2.ai.learned import QNet  # noqa: E402


def _tiny(seed: int = 3) -> Config:
    return Config(hidden=(32, 16), lr=3e-3, batch=64, epsilon=0.1,
                  presets=("standard", "pusoy-dos", "hong-kong"), seat_counts=(2, 3, 4), seed=seed)


def test_actors_feed_the_learner_and_the_run_goes_on_in_one_process(tmp_path: Path) -> None:
    torch.set_num_threads(1)
    run = tmp_path / "run"
    trainer = train_parallel(run, minutes=2, config=_tiny(), actors=2, chunk=128, sync=0.02,
                             log_every=10, arena_deals=1, max_steps=40)
    c = trainer.counters
    assert c.steps == 40 and c.decisions == 40 * 64
    assert c.games > 0 and c.plies >= c.decisions and c.wall_s > 0
    records = [json.loads(line) for line in (run / LOG).read_text().splitlines()]
    assert [r["kind"] for r in records] == ["start", "train", "train", "train", "train", "arena"]
    assert records[0]["actors"] == 2 and records[0]["resumed"] is False
    lines = records[1:5]
    assert [r["steps"] for r in lines] == [10, 20, 30, 40]
    assert all(np.isfinite(r["loss"]) and r["loss"] > 0 and r["decisions_per_s"] > 0 for r in lines)
    # The actors took the learner's new weights: the last batches were not all played
    # by the first weights (their lag would be the step count itself).
    assert lines[-1]["lag"] < 31, lines[-1]
    assert records[-1]["hands"] == 4
    # The checkpoint is an ordinary run's: the one-process trainer goes on from it.
    saved = Trainer.load(run / CHECKPOINT)
    assert saved.counters.steps == 40 and saved.config.hidden == (32, 16)
    assert QNet.load(run / WEIGHTS).layers[0][0].shape == trainer.actor.layers[0][0].shape
    again = train(run, minutes=2, config=Config(), log_every=100, arena_every=0, arena_deals=0, max_steps=2)
    assert again.counters.steps == 42 and again.counters.decisions == 42 * 64


def test_the_trainer_moves_to_a_device_and_back(tmp_path: Path) -> None:
    """``Trainer.to`` keeps Adam's step counts on the CPU; a checkpoint loads on the CPU."""
    trainer = Trainer(_tiny(5)).to("cpu")
    trainer.step()
    steps = [s["step"] for s in trainer.optimizer.state.values()]
    assert steps and all(t.device.type == "cpu" for t in steps)
    trainer.save(tmp_path / "ck.pt")
    assert Trainer.load(tmp_path / "ck.pt").device.type == "cpu"


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def test_an_actor_stops_when_the_learner_is_gone() -> None:
    """A learner killed without a word (SIGKILL) leaves its actors nobody to send to:
    they end instead of playing on (they had played on, orphaned, for ever)."""
    import subprocess
    import sys
    import time

    # The actor plays with the shipped weights and fills its queue (one chunk fits), so
    # it is playing or waiting to send when its learner dies.
    code = ("import multiprocessing as mp, time\n"
            "from big2.ai.learned import shipped_net\n"
            "from tools.learn.parallel import actor_main\n"
            "from tools.learn.trainer import Config\n"
            "if __name__ == '__main__':\n"
            "    ctx = mp.get_context('spawn')\n"
            "    inbox, outbox, stop = ctx.Queue(), ctx.Queue(maxsize=1), ctx.Event()\n"
            "    inbox.put((0, shipped_net().layers))\n"
            "    p = ctx.Process(target=actor_main, args=(0, 1, vars(Config()), 64, inbox,\n"
            "                    outbox, stop))\n"
            "    p.start()\n"
            "    print(p.pid, flush=True)\n"
            "    time.sleep(60)\n")
    learner = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert learner.stdout is not None
        actor = int(learner.stdout.readline())
        time.sleep(4.0)
        assert _running(actor)  # playing, or waiting to send its second chunk
        learner.kill()
        learner.wait(10)
        deadline = time.monotonic() + 15
        while _running(actor) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _running(actor)
    finally:
        learner.kill()
