"""Wall-clock time of a computer level's decisions against its budget.

    python tools/decision_times.py expert 1.0 60
    python tools/decision_times.py master 3.0 30

Seats a fresh opponent of LEVEL with time_budget=BUDGET on COUNT positions of
tools.bench_ai (hands of four Normals, seed 11) and prints the p50, p99 and max of
the wall time of each choose(). Run it on a quiet machine: on a loaded one the
process waits for a core and the wall clock measures the load, not the search.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file (python tools/decision_times.py): make tools.* importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from big2.ai import make_opponent  # noqa: E402
from tools.bench_ai import positions  # noqa: E402


def main(argv: list[str]) -> None:
    level, budget, count = argv[0], float(argv[1]), int(argv[2])
    times = []
    for i, view in enumerate(positions(count, seed=11)):
        opponent = make_opponent(level, time_budget=budget)
        start = time.perf_counter()
        opponent.choose(view, random.Random(i))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()

    def q(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))]

    print(f"{level} budget {budget} s, {len(times)} decisions: "
          f"p50 {q(0.5):.0f} ms, p99 {q(0.99):.0f} ms, max {times[-1]:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:] or ["expert", "1.0", "40"])
