"""Many self-play actors feeding one learner, for a machine with more cores (and a GPU):
``python -m tools.learn.parallel --run runs/NAME --minutes M --actors N [--device cuda]``.

The same run folder, checkpoint, log and weights as :mod:`.train` (a run can go back
and forth between the two), but the hands are played by ``N`` actor processes while
this process only fits:

* each actor plays hands with its copy of the network (numpy, as :mod:`.selfplay`
  plays them: every seat the network, ε-greedy, the run's presets and table sizes) and
  sends their samples in chunks of ``--chunk``;
* the learner queues the chunks behind the samples waiting in the checkpoint, fits
  every full batch of the run's size (one Adam step each, on ``--device``), and sends
  the actors its weights every ``--sync`` seconds; an actor takes the newest between
  hands, so a sample was played by weights at most a few hundred steps old.

Counters, log lines, checkpoints and arena readings are those of :mod:`.train`; a log
line here also says ``actors`` and ``lag``, how many steps behind the learner the
weights that played the batch were. Unlike :mod:`.train` a parallel run is not exact
on resume: which actor's chunk arrives first is up to the machine. The actors are
started with ``spawn`` (never a fork of a process holding a GPU context). ``wall_s``
counts the learner's wall time from its first call on.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import queue
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from big2.ai.learned.net import QNet

from .selfplay import play_hand
from .train import CHECKPOINT, Chores, common_arguments, finish, log, open_run, summary_line
from .trainer import Config, Trainer

Layers = list[tuple[np.ndarray, np.ndarray]]


@dataclass
class Chunk:
    """Samples from one actor: played by the weights the learner sent at ``version``
    (its step count then)."""

    actor: int
    version: int
    states: np.ndarray
    actions: np.ndarray
    returns: np.ndarray
    games: int
    plies: int


def _newest(inbox: Any, current: tuple[int, Layers] | None, *, wait: bool,
            ended: Callable[[], bool]) -> tuple[int, Layers] | None:
    """The newest weights in ``inbox`` (or ``current``); blocks for the first when
    ``wait``, until ``ended()`` says there is nobody left to send them (then None)."""
    got = current
    while True:
        try:
            got = inbox.get(timeout=0.5) if (wait and got is None) else inbox.get_nowait()
        except queue.Empty:
            if wait and got is None:
                if ended():
                    return None
                continue
            return got
        if got is None:  # the learner's stop
            return None


def actor_main(index: int, seed: int, config: dict[str, Any], chunk: int, inbox: Any,
               outbox: Any, stop: Any) -> None:
    """One actor process (see the module doc): plays until ``stop`` is set, or until the
    learner's process has gone (killed: nobody would read its samples)."""
    parent = mp.parent_process()

    def ended() -> bool:
        return stop.is_set() or (parent is not None and not parent.is_alive())

    cfg = Config.from_dict(config)
    rng = random.Random(seed)
    weights = _newest(inbox, None, wait=True, ended=ended)
    states: list[np.ndarray] = []
    actions: list[np.ndarray] = []
    returns: list[np.ndarray] = []
    have = games = plies = 0
    net: QNet | None = None
    version = -1
    while weights is not None and not ended():
        if weights[0] != version:
            version, net = weights[0], QNet(weights[1])
        assert net is not None
        hand = play_hand(net, rng, presets=cfg.presets, seat_counts=cfg.seat_counts, epsilon=cfg.epsilon)
        games += 1
        plies += hand.plies
        if len(hand.returns):
            states.append(hand.states)
            actions.append(hand.actions)
            returns.append(hand.returns)
            have += len(hand.returns)
        if have >= chunk:
            item = Chunk(index, version, np.concatenate(states), np.concatenate(actions),
                         np.concatenate(returns), games, plies)
            while not ended():
                try:
                    outbox.put(item, timeout=0.5)
                    break
                except queue.Full:
                    continue
            states, actions, returns = [], [], []
            have = games = plies = 0
        weights = _newest(inbox, weights, wait=False, ended=ended)
    # Samples still in the pipe would hold the process at exit (the queue's feeder thread
    # waits for a reader that stopped reading, or is gone): drop them.
    outbox.cancel_join_thread()


def train_parallel(run: Path, *, minutes: float, config: Config, actors: int, device: str = "cpu",
                   chunk: int = 2048, sync: float = 0.5, log_every: int = 200, save_every: float = 5.0,
                   arena_every: float = 0.0, arena_deals: int = 100, arena_at_end: bool = True,
                   max_steps: int | None = None) -> Trainer:
    """Train the run with ``actors`` processes for ``minutes`` (or ``max_steps`` steps)."""
    trainer = open_run(run, config).to(device)
    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    outbox = ctx.Queue(maxsize=2 * actors)
    inboxes = [ctx.Queue(maxsize=2) for _ in range(actors)]
    cfg = vars(trainer.config)
    procs = [ctx.Process(target=actor_main, name=f"actor-{i}", daemon=True,
                         args=(i, trainer.rng.getrandbits(62), cfg, chunk, inboxes[i], outbox, stop))
             for i in range(actors)]
    c = trainer.counters
    log(run, {"kind": "start", "resumed": c.steps > 0, "time": time.time(), "actors": actors,
              "device": device, "counters": vars(c).copy()})
    for p in procs:
        p.start()

    def send_weights() -> None:
        layers = (c.steps, trainer.actor.layers)
        for box in inboxes:
            try:
                box.put_nowait(layers)
            except queue.Full:
                pass  # the actor has not taken the last ones yet: it gets these next time

    start = last_sync = time.perf_counter()
    chores = Chores(run, trainer, save_every=save_every, arena_every=arena_every, arena_deals=arena_deals)
    losses: list[float] = []
    lags: list[int] = []
    versions: list[int] = []  # the weights' version of each waiting sample's chunk, in order
    mark = (c.decisions, time.perf_counter())
    steps_here = 0
    send_weights()
    tick = time.perf_counter()
    try:
        while time.perf_counter() - start < minutes * 60 and (max_steps is None or steps_here < max_steps):
            try:
                item: Chunk = outbox.get(timeout=1.0)
            except queue.Empty:
                if not any(p.is_alive() for p in procs):
                    raise RuntimeError("every actor process has ended") from None
                continue
            trainer.add_samples(item.states, item.actions, item.returns)
            versions.extend([item.version] * len(item.returns))
            c.games += item.games
            c.plies += item.plies
            while trainer.waiting >= trainer.config.batch and (max_steps is None or steps_here < max_steps):
                batch = trainer.take_batch()
                lags.append(c.steps - versions[0])
                del versions[:len(batch[2])]
                losses.append(trainer.fit(*batch))
                c.steps += 1
                c.decisions += len(batch[2])
                steps_here += 1
                if c.steps % log_every == 0:
                    now = time.perf_counter()
                    log(run, {"kind": "train", **vars(c), "loss": sum(losses) / len(losses),
                              "decisions_per_s": (c.decisions - mark[0]) / max(now - mark[1], 1e-9),
                              "actors": actors, "lag": sum(lags) / len(lags)})
                    losses.clear()
                    lags.clear()
                    mark = (c.decisions, now)
            now = time.perf_counter()
            c.wall_s += now - tick
            tick = now
            if now - last_sync >= sync:
                send_weights()
                last_sync = now
            chores.tick()
    finally:
        stop.set()
        for box in inboxes:
            try:
                box.put_nowait(None)
            except queue.Full:
                pass
        deadline = time.perf_counter() + 10
        while any(p.is_alive() for p in procs) and time.perf_counter() < deadline:
            try:
                outbox.get(timeout=0.1)  # let an actor blocked on a full queue see the stop
            except queue.Empty:
                pass
        for p in procs:
            p.join(timeout=1)
            if p.is_alive():
                p.terminate()
        # Weights an ended actor never took would hold this process at exit (the queue's
        # feeder thread waits to flush them): drop them.
        for box in [*inboxes, outbox]:
            box.cancel_join_thread()
            box.close()
    return finish(run, trainer, arena_deals=arena_deals, arena_at_end=arena_at_end)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.parallel",
                                     description=__doc__.split("\n\n")[0])
    common_arguments(parser, log_every=200, arena_every=0.0)
    parser.add_argument("--actors", type=int, default=max(1, (mp.cpu_count() or 2) - 1),
                        help="self-play processes (default: one less than the cores)")
    parser.add_argument("--device", default="cpu", help="torch device of the learner (cpu, cuda)")
    parser.add_argument("--chunk", type=int, default=2048, help="samples an actor sends at once")
    parser.add_argument("--sync", type=float, default=0.5, help="seconds between weights sent to the actors")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    if not (args.run / CHECKPOINT).exists():
        print(f"{args.run}: a new run with the default settings (tools.learn.train sets others)")
    trainer = train_parallel(args.run, minutes=args.minutes, config=Config(), actors=args.actors,
                             device=args.device, chunk=args.chunk, sync=args.sync,
                             log_every=args.log_every, save_every=args.save_every,
                             arena_every=args.arena_every, arena_deals=args.arena_deals)
    print(summary_line(args.run, trainer))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
