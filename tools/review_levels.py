"""Does the hand review mean something? Loss per decision by level, over many deals.

Plays each deal headless with a line-up of computer levels (rotated from deal to deal,
so every level sits in every seat), reviews every seat with the review's search
(:mod:`big2.ai.review`) and reports, per level, the decisions, the mean loss per
decision with a 95% interval (hands as the unit: a hand's decisions are not
independent), and the costly decisions per hand. With ``--timing N`` it also times
the review of N hands' seats at the Expert's budget (1 s a decision, as the app).

    python -m tools.review_levels --deals 60 --iterations 60 --jobs 1
    python -m tools.review_levels --deals 0 --timing 3

Bounded: ``--deals`` and ``--timing`` set the work; ``--partial FILE`` writes the
figures so far after every deal. Deterministic for fixed ``--iterations`` and
``--seed`` (the players' Expert searches use the same number of worlds).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from big2.ai.review import decisions, play_hand, review_hand

LINEUP = ("beginner", "normal", "expert", "normal")


def one_deal(args: tuple[int, Sequence[str], int, int]) -> list[dict[str, Any]]:
    """Play deal ``number`` with ``levels`` and review every seat: one row a seat."""
    number, levels, iterations, seed = args
    positions = play_hand(number, levels, iterations=iterations, seed=seed)
    rows = []
    for seat, level in enumerate(levels):
        review = review_hand(positions, seat, iterations=iterations, seed=seed)
        rows.append({"deal": number, "seat": seat, "level": level, "decisions": len(review.verdicts),
                     "loss": review.total_loss, "costly": len(review.costly),
                     "good": len(review.good)})
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per level: hands, decisions, loss per decision (ratio estimate, 95% interval by
    the delta method over hands), costly decisions per hand, share of good decisions."""
    out: dict[str, dict[str, Any]] = {}
    for level in sorted({r["level"] for r in rows}):
        mine = [r for r in rows if r["level"] == level]
        n = len(mine)
        d = sum(r["decisions"] for r in mine)
        loss = sum(r["loss"] for r in mine)
        ratio = loss / d if d else 0.0
        # the ratio's variance over hands (delta method)
        dbar = d / n
        resid = [r["loss"] - ratio * r["decisions"] for r in mine]
        var = sum(x * x for x in resid) / max(n - 1, 1) / (dbar * dbar) / n if dbar else 0.0
        half = 1.96 * math.sqrt(var)
        costly = [r["costly"] for r in mine]
        out[level] = {
            "hands": n, "decisions": d, "loss_per_decision": ratio,
            "loss_per_decision_95": [ratio - half, ratio + half],
            "costly_per_hand": sum(costly) / n,
            "costly_per_hand_sd": statistics.pstdev(costly) if n > 1 else 0.0,
            "good_share": sum(r["good"] for r in mine) / d if d else 0.0,
        }
    return out


def timing(hands: int, seed: int, budget: float) -> dict[str, Any]:
    """Seconds to review one seat's hand at ``budget`` seconds a decision (the app's)."""
    times, counts = [], []
    for k in range(hands):
        positions = play_hand(900_000 + k, LINEUP, iterations=60, seed=seed)
        seat = k % len(LINEUP)
        counts.append(len(decisions(positions, seat)))
        t0 = time.perf_counter()
        review_hand(positions, seat, budget=budget, seed=seed)
        times.append(time.perf_counter() - t0)
    return {"hands": hands, "budget_s": budget, "seconds": times, "decisions": counts,
            "mean_s": sum(times) / len(times) if times else 0.0,
            "per_decision_s": sum(times) / max(sum(counts), 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.review_levels", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=60, help="worlds a decision, for play and review")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--first", type=int, default=1000, help="the first deal number")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timing", type=int, default=0, help="hands to time at the Expert's budget")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--partial", default=None, help="write the figures so far to this file")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    jobs = [(args.first + k, tuple(LINEUP[(s + k) % len(LINEUP)] for s in range(len(LINEUP))),
             args.iterations, args.seed) for k in range(args.deals)]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for got in pool.map(one_deal, jobs):
                rows.extend(got)
                _partial(args.partial, rows)
    else:
        for job in jobs:
            rows.extend(one_deal(job))
            _partial(args.partial, rows)
    report: dict[str, Any] = {"deals": args.deals, "iterations": args.iterations, "seed": args.seed,
                              "lineup": list(LINEUP), "levels": summarise(rows) if rows else {},
                              "seconds": time.perf_counter() - t0}
    if args.timing:
        report["timing"] = timing(args.timing, args.seed, args.budget)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.deals} deals, {args.iterations} worlds a decision, seed {args.seed} "
          f"({report['seconds']:.0f} s)")
    for level, s in report["levels"].items():
        lo, hi = s["loss_per_decision_95"]
        print(f"  {level:9} hands {s['hands']:4}  decisions {s['decisions']:5}  loss/decision "
              f"{s['loss_per_decision']:.3f} [{lo:.3f}, {hi:.3f}]  costly/hand {s['costly_per_hand']:.2f}"
              f"  good {100 * s['good_share']:.0f}%")
    if "timing" in report:
        t = report["timing"]
        print(f"  review at {t['budget_s']:g} s a decision: {t['mean_s']:.1f} s a hand "
              f"({t['per_decision_s']:.2f} s a decision; {t['decisions']} decisions)")
    return 0


def _partial(path: str | None, rows: list[dict[str, Any]]) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"rows": len(rows), "levels": summarise(rows)}, fh, indent=2)


if __name__ == "__main__":
    raise SystemExit(main())
