"""Two networks against three Normals on the same deals, paired deal by deal:
``python -m tools.learn.compare A.npz B.npz [--deals 500] [--seed 41]``.

Each network sits at a table of Normals (as the Skilled level plays it) and plays every
deal once per rotation (:func:`big2.ai.arena.play_deal`), so both meet the same cards;
prints each one's win rate and points a hand, then B − A with a 95 % interval over the
deals (the pairing cancels most of the luck of the cards). Weights of feature layout 1
(milestones dmc1 to dmc4) are widened as they load: they play exactly as they did.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence

from big2.ai.arena import play_deal, rules_by_name
from big2.ai.base import make_opponent
from big2.ai.learned.net import QNet
from big2.ai.learned.opponent import LearnedOpponent


def per_deal(path: str, *, deals: int, seed: int, rules: str = "standard") -> tuple[list[float], list[float]]:
    """The network's win share and mean points of each deal's rotations."""
    opponents = {"learned": LearnedOpponent(QNet.load(path, widen=True)), "normal": make_opponent("normal")}
    rule_set = rules_by_name(rules)
    wins, points = [], []
    for deal in range(deals):
        st = play_deal(["learned", "normal", "normal", "normal"], deal, seed=seed, rules=rule_set, options={},
                       opponents=opponents)["learned"]
        wins.append(st.wins / st.hands)
        points.append(sum(st.points) / st.hands)
    return wins, points


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.learn.compare")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, default=500, help="deals, each played in 4 rotations (default 500)")
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args(argv)
    runs = {}
    for tag, path in (("A", args.a), ("B", args.b)):
        runs[tag] = per_deal(path, deals=args.deals, seed=args.seed)
        wins, points = runs[tag]
        print(f"{tag} {path}: wins {statistics.mean(wins):.1%}, points a hand {statistics.mean(points):+.2f}", flush=True)
    for i, name in enumerate(("wins", "points a hand")):
        diff = [b - a for a, b in zip(runs["A"][i], runs["B"][i])]
        half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
        scale = 100 if i == 0 else 1
        print(f"B - A {name}: {statistics.mean(diff) * scale:+.2f} ± {half * scale:.2f} (95 %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
