"""How often a Normal player beats the daily deal's duplicate Expert (a figure for the docs).

For each of ``--days`` consecutive daily deals from ``--start`` (default: the first
daily deal), the date's table (:func:`big2.room.daily.daily_config`) is played twice
headless with the same opponents and seeds: once with a Normal computer in the first
seat (standing in for a Normal player), once with the duplicate Expert there
(:func:`big2.room.duplicate.play_duplicate`; ``--iterations`` sampled worlds a
decision, the app's :data:`~big2.room.duplicate.DUPLICATE_EXPERT` by default). It
prints how often the Normal seat's points beat, equal or fall below the Expert's, with
95 % Wilson intervals, the mean points of each, and how often each went out first.

Not a test: it takes about 8 s a deal at the app's setting on one core. Run it from the
repository root::

    python -m tools.daily_bench --days 100 [--iterations 1000] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from datetime import date, timedelta
from typing import Any

from big2 import cliargs
from big2.engine.dailynumber import DAILY_FIRST
from big2.room.daily import daily_config
from big2.room.duplicate import DUPLICATE_EXPERT, play_duplicate


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``hits / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bench(start: date, days: int, iterations: int, *, progress: bool = True) -> dict[str, Any]:
    better = level = worse = 0
    normal_pts: list[int] = []
    expert_pts: list[int] = []
    normal_out = expert_out = 0
    t0 = time.perf_counter()
    for k in range(days):
        day = start + timedelta(days=k)
        config = daily_config(day)
        normal = play_duplicate(config, level="normal")
        expert = play_duplicate(config, level="expert", options={"expert": {"iterations": iterations}})
        a, b = normal.my_points, expert.my_points
        better += a > b
        level += a == b
        worse += a < b
        normal_pts.append(a)
        expert_pts.append(b)
        normal_out += normal.winner == 0
        expert_out += expert.winner == 0
        if progress:
            print(f"{day} normal {a:+d} expert {b:+d}  ({k + 1}/{days}, {time.perf_counter() - t0:.0f} s)", flush=True)
    n = days
    return {
        "start": start.isoformat(), "days": n, "expert_iterations": iterations,
        "normal_beats_expert": better, "level": level, "expert_better": worse,
        "normal_beats_expert_rate": better / n, "normal_beats_expert_95": wilson(better, n),
        "level_or_better_rate": (better + level) / n, "level_or_better_95": wilson(better + level, n),
        "normal_mean_points": sum(normal_pts) / n, "expert_mean_points": sum(expert_pts) / n,
        "normal_went_out_first": normal_out / n, "expert_went_out_first": expert_out / n,
        "seconds": time.perf_counter() - t0,
    }


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m tools.daily_bench", description=__doc__.splitlines()[0])
    p.add_argument("--start", type=cliargs.calendar_date, default=DAILY_FIRST, metavar="YYYY-MM-DD")
    p.add_argument("--days", type=cliargs.whole_number(1, 10_000), default=100)
    p.add_argument("--iterations", type=cliargs.whole_number(1, 100_000),
                   default=int(DUPLICATE_EXPERT["iterations"]))
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    r = bench(args.start, args.days, args.iterations, progress=not args.json)
    if args.json:
        print(json.dumps(r))
        return
    lo, hi = r["normal_beats_expert_95"]
    lo2, hi2 = r["level_or_better_95"]
    print(f"\n{r['days']} daily deals from {r['start']}, Expert at {r['expert_iterations']} worlds a decision, "
          f"{r['seconds']:.0f} s")
    print(f"Normal beats the Expert's points: {r['normal_beats_expert']} ({r['normal_beats_expert_rate']:.0%}, "
          f"95% {lo:.0%}-{hi:.0%}); level {r['level']}; Expert better {r['expert_better']}")
    print(f"Normal level or better: {r['level_or_better_rate']:.0%} (95% {lo2:.0%}-{hi2:.0%})")
    print(f"Mean points: Normal {r['normal_mean_points']:+.2f}, Expert {r['expert_mean_points']:+.2f}; "
          f"went out first: Normal {r['normal_went_out_first']:.0%}, Expert {r['expert_went_out_first']:.0%}")


if __name__ == "__main__":
    main()
