"""``python -m tools.bench_engine engine [--json]``: engine speed, beside a plain reference.

Figures, not a test: uniform-random legal play (players, rules as given; until someone is
out) in games per second on one core, through the same ``legal_moves()``/``apply()`` API
the game and the opponents use; the checked ``make()`` path with events; a plain
reference engine (every subset through ``classify`` at every turn) measured in the same
run; and the time to list every legal lead from a full 13-card hand. Medians of several
runs are reported.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations

from big2.engine import PASS, STANDARD, CardSet, Game, Rules, beats, classify, combo_of_move, get_rules, preset_names


def random_games(n: int, seed: int, *, rules: Rules = STANDARD, players: int = 4) -> int:
    """Play ``n`` uniform-random games through legal_moves()/apply(); return total moves."""
    rng = random.Random(seed)
    pick = rng.random  # uniform index: int(random() * n), as the opponents' playouts do
    total = 0
    for _ in range(n):
        g = Game.deal(rng, rules=rules, players=players)
        while not g.is_over:
            moves = g.legal_moves()
            g.apply(moves[int(pick() * len(moves))])
        total += len(g.history)
    return total


def checked_games(n: int, seed: int, *, rules: Rules = STANDARD, players: int = 4) -> int:
    """The same, through the checked make() path that returns events (the UI's path)."""
    rng = random.Random(seed)
    total = 0
    for _ in range(n):
        g = Game.deal(rng, rules=rules, players=players)
        while not g.is_over:
            moves = g.legal_moves()
            g.make(moves[int(rng.random() * len(moves))])
        total += len(g.history)
    return total


def reference_games(n: int, seed: int, *, rules: Rules = STANDARD, players: int = 4) -> int:
    """A plain reference: list moves by trying every subset through classify/beats."""
    rng = random.Random(seed)
    total = 0
    for _ in range(n):
        g = Game.deal(rng, rules=rules, players=players)
        while not g.is_over:
            hand = list(g.hand(g.to_act))
            table = combo_of_move(g.trick_move) if g.trick_move else None
            moves = []
            for k in ((1, 2, 3, 5) if table is None else (table.size,)):
                for sub in combinations(hand, k):
                    c = classify(CardSet(sub), rules)
                    if c is None:
                        continue
                    if g.must_include is not None and g.must_include not in c.cards:
                        continue
                    if table is not None and not beats(c, table, rules):
                        continue
                    moves.append(c.move)
            if table is not None:
                moves.append(PASS)
            g.apply(moves[rng.randrange(len(moves))])
            total += 1
    return total


def list_leads(n: int, seed: int, *, rules: Rules = STANDARD) -> int:
    """Deal ``n`` hands and list every legal lead of a full 13-card hand."""
    rng = random.Random(seed)
    count = 0
    for _ in range(n):
        g = Game.deal(rng, rules=rules)
        # Leading without the first-play restriction: rebuild as a later trick's lead.
        g = Game.from_position([g.hand(s) for s in range(4)], to_act=0, rules=rules)
        count += len(g.legal_moves())
    return count


def _rate(fn: Callable[[int, int], int], n: int, runs: int, seed: int) -> tuple[float, list[float]]:
    """Median games per second of ``runs`` runs, timed in this process's CPU time.

    CPU time is what "on one core" means, and it holds steady when other programs share
    the machine (wall-clock time does not); :func:`engine_figures` also reports wall time.
    """
    rates = []
    for r in range(runs):
        t0 = time.process_time()
        fn(n, seed + r)
        rates.append(n / max(time.process_time() - t0, 1e-9))
    return statistics.median(rates), rates


def _wall_rate(fn: Callable[[int, int], int], n: int, seed: int) -> float:
    t0 = time.perf_counter()
    fn(n, seed)
    return n / (time.perf_counter() - t0)


def engine_figures(*, games: int, runs: int, seed: int) -> dict[str, object]:
    random_games(max(10, games // 10), seed)  # warm caches
    fast, fast_runs = _rate(random_games, games, runs, seed)
    wall = _wall_rate(random_games, games, seed)
    checked, _ = _rate(checked_games, max(1, games // 2), runs, seed)
    ref_n = max(2, games // 500)
    ref, _ = _rate(reference_games, ref_n, max(1, runs // 2), seed)
    leads_n = 2000
    lead_times = []
    for r in range(runs):
        t0 = time.process_time()
        list_leads(leads_n, seed + r)
        lead_times.append((time.process_time() - t0) / leads_n * 1e6)
    moves = random_games(200, seed) / 200
    per_preset = {}
    preset_games = max(10, games // 5)
    for name in preset_names():
        rules = get_rules(name)
        rate, _ = _rate(lambda n, sd, r=rules: random_games(n, sd, rules=r), preset_games, runs, seed)
        per_preset[name] = round(rate, 1)
    standard_side_by_side = per_preset["standard"]
    return {
        "benchmark": "engine",
        "python": sys.version.split()[0],
        "games_per_second": round(fast, 1),
        "games_per_second_runs": [round(x, 1) for x in fast_runs],
        "games_per_wall_second": round(wall, 1),
        "checked_games_per_second": round(checked, 1),
        "reference_games_per_second": round(ref, 2),
        "speedup_over_reference": round(fast / ref, 1),
        "moves_per_game": round(moves, 1),
        "list_leads_us": round(statistics.median(lead_times), 1),
        "target_games_per_second": 5000,
        "presets_games_per_second": per_preset,
        "presets_worst_ratio_to_standard": round(min(per_preset.values()) / standard_side_by_side, 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_engine", description=__doc__)
    parser.add_argument("what", choices=["engine"], help="which benchmark to run")
    parser.add_argument("--games", type=int, default=3000, help="games per run (default 3000)")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = engine_figures(games=args.games, runs=args.runs, seed=args.seed)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Engine benchmark (Python {figures['python']}, one core, CPU time, median of {args.runs} runs)")
    print(f"  random legal play, legal_moves()/apply(): {figures['games_per_second']:>9} games/s"
          f"  (target {figures['target_games_per_second']})")
    print(f"  the same by the wall clock (one run):      {figures['games_per_wall_second']:>9} games/s")
    print(f"  same through checked make() with events:  {figures['checked_games_per_second']:>9} games/s")
    print(f"  plain reference (subsets via classify):   {figures['reference_games_per_second']:>9} games/s"
          f"  -> {figures['speedup_over_reference']}x faster")
    print(f"  moves per game (passes included):         {figures['moves_per_game']:>9}")
    print(f"  list every lead of a 13-card hand:        {figures['list_leads_us']:>9} us (deal included)")
    presets = figures["presets_games_per_second"]
    assert isinstance(presets, dict)
    print("  per preset (4 players), games/s and ratio to standard in the same loop:")
    for name, rate in presets.items():
        print(f"    {name:<14} {rate:>9}   {rate / presets['standard']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
