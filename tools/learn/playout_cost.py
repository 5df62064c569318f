"""``python -m tools.learn.playout_cost``: what a playout costs with the network as the
policy of every seat, beside the Expert's own playouts (Normal's rules on card masks).

Figures, not a test. On positions from seeded hands of Normals
(:func:`tools.bench_ai.positions`), it runs the Expert's search at ``--budget`` seconds
(wall clock) and reads its playouts per second, then plays sampled worlds of the same
positions to the end on the engine with every seat choosing the shipped network's move
(each seat's :class:`~big2.ai.view.PlayerView` of the sampled world, as
:class:`~big2.ai.skilled.Skilled` plays) and times them. The ratio says how many fewer
worlds the search would see in its budget with the network in its playouts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

import big2.ai.learned  # noqa: F401  (before numpy: one BLAS thread)
from big2.ai.expert import Expert
from big2.ai.sampling import Sampler
from big2.ai.skilled import Skilled
from big2.ai.view import PlayerView, view_game

from tools.bench_ai import positions


def net_playouts(view: PlayerView, worlds: int, rng: random.Random) -> tuple[float, float]:
    """Seconds per playout and decisions per playout, every seat playing the network."""
    skilled = Skilled()
    sampler = Sampler(view)
    decisions = 0
    start = time.perf_counter()
    for _ in range(worlds):
        hands, stock = sampler.draw(rng)
        game = view_game(view, hands, stock)
        while not game.is_over:
            seen = PlayerView.from_game(game, game.to_act)
            game.apply(skilled.choose(seen, rng))
            decisions += 1
    return (time.perf_counter() - start) / worlds, decisions / worlds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.playout_cost",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--budget", type=float, default=1.0, help="the Expert's seconds per move")
    parser.add_argument("--worlds", type=int, default=20, help="network playouts timed per position")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    fast_rates, net_costs, net_moves, worlds = [], [], [], []
    for view in positions(args.positions, seed=args.seed):
        expert = Expert(time_budget=args.budget)
        start = time.perf_counter()
        expert.choose(view, random.Random(1))
        spent = time.perf_counter() - start
        if expert.last_playouts:
            fast_rates.append(expert.last_playouts / spent)
            worlds.append(expert.last_iterations)
        cost, moves = net_playouts(view, args.worlds, rng)
        net_costs.append(cost)
        net_moves.append(moves)
    fast = statistics.median(fast_rates)
    net = 1.0 / statistics.median(net_costs)
    print(f"positions {len(net_costs)} (searched: {len(fast_rates)}), budget {args.budget} s")
    print(f"Expert's playouts (Normal's rules on masks): {fast:,.0f} a second, "
          f"median {statistics.median(worlds):.0f} worlds a move")
    print(f"network playouts (every seat, engine): {net:,.1f} a second "
          f"({statistics.median(net_costs) * 1000:.1f} ms each, "
          f"{statistics.median(net_moves):.0f} moves)")
    print(f"ratio: {fast / net:,.0f}x fewer playouts with the network")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
