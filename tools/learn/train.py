"""Train (or go on training) a run: ``python -m tools.learn.train --run runs/NAME --minutes M``.

A run is a folder (``runs/`` is git-ignored) holding:

* ``checkpoint.pt``: everything needed to go on exactly (model, optimizer, random
  state, counters, leftover samples), rewritten every ``--save-every`` minutes and at
  the end; a later call with the same ``--run`` continues from it (the settings of the
  first call stay; the ones given again are ignored).
* ``weights.npz``: the current network for the game's numpy inference.
* ``log.jsonl``: one JSON line per ``--log-every`` steps (``kind: "train"``: steps,
  decisions, plies, games, wall seconds, decisions per second, mean loss) and per arena
  reading (``kind: "arena"``: the network against Normals, see :mod:`.measure`).

One thread by default (``--threads``): the machines here are shared.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from big2.ai.learned.net import save_npz

from .measure import arena_reading
from .trainer import Config, Trainer

CHECKPOINT = "checkpoint.pt"
WEIGHTS = "weights.npz"
LOG = "log.jsonl"


def open_run(run: Path, config: Config) -> Trainer:
    """The run's trainer: from its checkpoint if it has one (its log cut back to the
    checkpoint, :func:`trim_log`), else new with ``config``."""
    ckpt = run / CHECKPOINT
    if ckpt.exists():
        trainer = Trainer.load(ckpt)
        trim_log(run, trainer.counters.steps)
        return trainer
    run.mkdir(parents=True, exist_ok=True)
    return Trainer(config)


def trim_log(run: Path, steps: int) -> int:
    """Drop the log's records of steps after ``steps`` (those a killed process logged
    after its last checkpoint: the run goes on from the checkpoint, so they never
    happened); returns how many. A record without a step count stays."""
    path = run / LOG
    if not path.exists():
        return 0
    lines = path.read_text(encoding="utf-8").splitlines()
    keep = []
    for line in lines:
        if not line.strip():
            continue
        record = json.loads(line)
        at = record.get("steps", record.get("counters", {}).get("steps"))
        if at is None or at <= steps:
            keep.append(line)
    dropped = len(lines) - len(keep)
    if dropped:
        tmp = run / (LOG + ".tmp")
        tmp.write_text("".join(line + "\n" for line in keep), encoding="utf-8")
        tmp.replace(path)
    return dropped


def log(run: Path, record: dict[str, Any]) -> None:
    with open(run / LOG, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


def save(run: Path, trainer: Trainer) -> None:
    trainer.save(run / CHECKPOINT)
    tmp = run / (WEIGHTS + ".tmp")
    with open(tmp, "wb") as fh:
        save_npz(trainer.actor, fh)
    tmp.replace(run / WEIGHTS)


def log_arena(run: Path, trainer: Trainer, deals: int) -> None:
    """Log an arena reading of the trainer's current network (:mod:`.measure`)."""
    reading = arena_reading(trainer.actor, deals=deals, seed=trainer.config.seed)
    log(run, {"kind": "arena", **vars(trainer.counters), **reading})


class Chores:
    """The checkpoints and arena readings due every so many minutes of a call:
    :meth:`tick` does what is due (call it between steps)."""

    def __init__(self, run: Path, trainer: Trainer, *, save_every: float, arena_every: float,
                 arena_deals: int) -> None:
        self.run, self.trainer = run, trainer
        self.save_every, self.arena_every, self.arena_deals = save_every, arena_every, arena_deals
        self._last_save = self._last_arena = time.perf_counter()

    def tick(self) -> None:
        now = time.perf_counter()
        if now - self._last_save >= self.save_every * 60:
            save(self.run, self.trainer)
            self._last_save = now
        if self.arena_every > 0 and now - self._last_arena >= self.arena_every * 60:
            log_arena(self.run, self.trainer, self.arena_deals)
            self._last_arena = time.perf_counter()


def finish(run: Path, trainer: Trainer, *, arena_deals: int, arena_at_end: bool) -> Trainer:
    """The end of a call: the last checkpoint, then (if asked) an arena reading."""
    save(run, trainer)
    if arena_at_end and arena_deals > 0:
        log_arena(run, trainer, arena_deals)
    return trainer


def common_arguments(parser: argparse.ArgumentParser, *, log_every: int, arena_every: float) -> None:
    """The options every training command takes (run, time, threads, log, save, arena)."""
    parser.add_argument("--run", required=True, type=Path, help="the run's folder (e.g. runs/dmc1)")
    parser.add_argument("--minutes", type=float, required=True, help="wall time to train this call")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    parser.add_argument("--log-every", type=int, default=log_every, help="steps between log lines")
    parser.add_argument("--save-every", type=float, default=5.0, help="minutes between checkpoints")
    parser.add_argument("--arena-every", type=float, default=arena_every,
                        help="minutes between arena readings (0: only at the end)")
    parser.add_argument("--arena-deals", type=int, default=100,
                        help="deals per arena reading, each played in every rotation (0: none)")


def summary_line(run: Path, trainer: Trainer) -> str:
    """What a training command prints when it stops."""
    c = trainer.counters
    return (f"{run}: {c.steps} steps, {c.decisions} decisions, {c.games} games, "
            f"{c.wall_s / 60:.1f} min of training in all")


def train(run: Path, *, minutes: float, config: Config, log_every: int = 20,
          save_every: float = 5.0, arena_every: float = 5.0, arena_deals: int = 100,
          arena_at_end: bool = True, max_steps: int | None = None) -> Trainer:
    """Train the run for ``minutes`` of wall time (or ``max_steps`` steps); see the module doc."""
    trainer = open_run(run, config)
    start = time.perf_counter()
    chores = Chores(run, trainer, save_every=save_every, arena_every=arena_every, arena_deals=arena_deals)
    losses: list[float] = []
    mark = (trainer.counters.decisions, trainer.counters.wall_s)
    resumed = trainer.counters.steps > 0
    log(run, {"kind": "start", "resumed": resumed, "time": time.time(),
              "counters": vars(trainer.counters).copy()})

    steps_here = 0
    while time.perf_counter() - start < minutes * 60 and (max_steps is None or steps_here < max_steps):
        losses.append(trainer.step())
        steps_here += 1
        c = trainer.counters
        if c.steps % log_every == 0:
            rate = (c.decisions - mark[0]) / max(c.wall_s - mark[1], 1e-9)
            log(run, {"kind": "train", **vars(c), "loss": sum(losses) / len(losses),
                      "decisions_per_s": rate})
            losses.clear()
            mark = (c.decisions, c.wall_s)
        chores.tick()
    return finish(run, trainer, arena_deals=arena_deals, arena_at_end=arena_at_end)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.train",
                                     description=__doc__.split("\n\n")[0])
    common_arguments(parser, log_every=20, arena_every=5.0)
    parser.add_argument("--hidden", default=None, help="hidden widths of a new run, e.g. 256,256,128")
    parser.add_argument("--lr", type=float, default=None, help="learning rate of a new run")
    parser.add_argument("--batch", type=int, default=None, help="samples per step of a new run")
    parser.add_argument("--epsilon", type=float, default=None, help="exploration of a new run")
    parser.add_argument("--presets", default=None, help="comma-separated presets of a new run (default: all)")
    parser.add_argument("--seats", default=None, help="table sizes of a new run, e.g. 2,3,4")
    parser.add_argument("--seed", type=int, default=None, help="seed of a new run")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    config = Config()
    overrides: dict[str, Any] = {}
    if args.hidden:
        overrides["hidden"] = tuple(int(x) for x in args.hidden.split(","))
    if args.presets:
        overrides["presets"] = tuple(p.strip() for p in args.presets.split(",") if p.strip())
    if args.seats:
        overrides["seat_counts"] = tuple(int(x) for x in args.seats.split(","))
    for key in ("lr", "batch", "epsilon", "seed"):
        if getattr(args, key) is not None:
            overrides[key] = getattr(args, key)
    config = Config.from_dict({**vars(config), **overrides})
    if (args.run / CHECKPOINT).exists() and overrides:
        print(f"{args.run} already exists: going on with its own settings, ignoring "
              f"{', '.join(sorted(overrides))}")
    trainer = train(args.run, minutes=args.minutes, config=config, log_every=args.log_every,
                    save_every=args.save_every, arena_every=args.arena_every,
                    arena_deals=args.arena_deals)
    print(summary_line(args.run, trainer))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
