"""``python -m tools.bench_ai``: the Expert's search speed, old and new side by side.

Figures, not a test. Positions are taken from seeded hands of four Normals (a random
point of each hand where the seat to act has a choice). On the same positions, in the
same run, the Expert of tag ``ai-baseline-v1`` (:mod:`tools.baseline_v1`) and
today's Expert each search with a budget measured on this process's CPU clock
(``time.process_time``), so the figures hold steady on a busy machine. It prints the
worlds sampled per CPU second (median over positions, and overall) and the ratio
new/old, for today's Expert and for it without the tree of its own later decisions
(``flat``: the same playouts, each world costs less), and for today's Expert with the
shipped self-play network as every seat's playout policy (``net``: ``playout="net"``,
issue 31; batched on card masks, :mod:`big2.ai.learned.netplay`), the same on the
engine one playout at a time (``net1``, the older way: the ratio ``net / net1`` is what
batching gains), and the network for the seat's own later turns only (``netself``, the
others by Normal's rules); ``--no-net`` leaves those three out). ``--budget`` is the
per-move budget (default 1 s),
``--positions`` how many positions, ``--players`` the table size.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import big2.ai.learned  # noqa: F401  (before numpy loads: one BLAS thread)
from big2.engine import Game

from tools.baseline_v1.expert import Expert as ExpertV1
from big2.ai.expert import Expert
from big2.ai.normal import Normal
from big2.ai.view import PlayerView


def positions(count: int, *, seed: int = 7, players: int = 4) -> list[PlayerView]:
    """``count`` views with a real choice, from hands of Normals seeded by ``seed``."""
    rng = random.Random(seed)
    normal = Normal()
    out: list[PlayerView] = []
    while len(out) < count:
        game = Game.deal(rng, players=players)
        stop = rng.randrange(0, 8 * players)
        i = 0
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            if i == stop:
                if len(game.legal_moves()) > 2:
                    out.append(view)
                break
            game.make(normal.choose(view, rng))
            i += 1
    return out


def measure(expert: Any, views: Sequence[PlayerView], seed: int) -> dict[str, float]:
    """Worlds per CPU second of ``expert`` over ``views`` (median and overall)."""
    rates = []
    worlds = 0
    cpu = 0.0
    for k, view in enumerate(views):
        t0 = time.process_time()
        expert.decide(view, random.Random(seed + k))
        dt = max(time.process_time() - t0, 1e-9)
        if expert.last_iterations:
            rates.append(expert.last_iterations / dt)
            worlds += expert.last_iterations
            cpu += dt
    return {
        "worlds_per_cpu_s_median": statistics.median(rates) if rates else 0.0,
        "worlds_per_cpu_s_overall": worlds / cpu if cpu else 0.0,
        "searched_positions": len(rates),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds per move")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-net", action="store_true",
                        help="leave out the Expert with the network in its playouts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    views = positions(args.positions, seed=args.seed, players=args.players)
    clock = time.process_time
    old = ExpertV1(time_budget=args.budget, clock=clock)
    new = Expert(time_budget=args.budget, clock=clock)
    flat = Expert(time_budget=args.budget, clock=clock, tree=False)
    experts = {"old": old, "new": new, "flat": flat}
    if not args.no_net:
        experts["net"] = Expert(time_budget=args.budget, clock=clock, playout="net")
        experts["net1"] = Expert(time_budget=args.budget, clock=clock, playout="net",
                                 net_batch=False)
        experts["netself"] = Expert(time_budget=args.budget, clock=clock, playout="netself")
    # Interleave two passes so a change of machine load hits all alike.
    half = len(views) // 2
    results: dict[str, list[dict[str, float]]] = {name: [] for name in experts}
    for part in (views[:half], views[half:]):
        for name, expert in experts.items():
            results[name].append(measure(expert, part, args.seed))
    res: dict[str, Any] = {"budget_cpu_s": args.budget, "positions": len(views),
                           "players": args.players}
    for name, parts in results.items():
        res[name] = {
            "worlds_per_cpu_s_median": statistics.median(
                [p["worlds_per_cpu_s_median"] for p in parts]),
            "worlds_per_cpu_s_overall": statistics.mean(
                [p["worlds_per_cpu_s_overall"] for p in parts]),
        }
    res["ratio_overall"] = (res["new"]["worlds_per_cpu_s_overall"]
                            / max(res["old"]["worlds_per_cpu_s_overall"], 1e-9))
    res["ratio_flat_overall"] = (res["flat"]["worlds_per_cpu_s_overall"]
                                 / max(res["old"]["worlds_per_cpu_s_overall"], 1e-9))
    if "net" in res:
        res["ratio_net_new_overall"] = (res["net"]["worlds_per_cpu_s_overall"]
                                        / max(res["new"]["worlds_per_cpu_s_overall"], 1e-9))
        res["ratio_net_net1_overall"] = (res["net"]["worlds_per_cpu_s_overall"]
                                         / max(res["net1"]["worlds_per_cpu_s_overall"], 1e-9))
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(f"Expert search speed, {len(views)} positions, {args.players} players, "
          f"{args.budget} CPU s a move (CPU time)")
    for name in experts:
        r = res[name]
        print(f"  {name:<7} worlds/s: median {r['worlds_per_cpu_s_median']:8.0f}   "
              f"overall {r['worlds_per_cpu_s_overall']:8.0f}")
    print(f"  new / old (overall): {res['ratio_overall']:.2f}x   "
          f"flat / old (the new Expert without its own-decision tree): "
          f"{res['ratio_flat_overall']:.2f}x")
    if "net" in res:
        print(f"  net / new (overall): {res['ratio_net_new_overall']:.3f}x   (net: every seat of "
              f"the playouts plays the shipped network)")
        print(f"  net / net1 (overall): {res['ratio_net_net1_overall']:.2f}x   (batched on card "
              f"masks against one playout at a time on the engine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
