"""Paired screening of Expert variants: the same deals, per-hand results, differences.

    python tools/paired.py play OUT.json --seed 41 --deals 48 [--opponent normal]
        [--opponent-iterations 40] [--opponent-set fit_margin=0 ...]
        [--iterations 160 | --budget 1.0] [--set tree=0 ...]
    python tools/paired.py compare BASE.json OTHER.json ...

``play`` seats one Expert (options from ``--set``) against three copies of the
opponent level on the arena's seeded deals (``big2.ai.arena.play_deal``: each deal once
per rotation) and writes the Expert's points per hand after every deal, so a run cut
short still counts. ``compare`` prints each file's win rate and points per hand and,
against the first file, the mean per-hand difference in wins and points with its
standard error: on the same deals most of the luck cancels, so a difference of a few
points of win rate shows in 200 hands where unpaired runs would need thousands.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from big2.ai.arena import _number, paired_difference, play_deal, rules_by_name
from big2.ai.base import make_opponent


def play(args: argparse.Namespace) -> None:
    opts: dict[str, Any] = ({"time_budget": args.budget} if args.budget
                            else {"iterations": args.iterations})
    for kv in args.set:
        key, _, raw = kv.partition("=")
        opts[key] = _number(raw)
    other: dict[str, Any] = {}
    if args.opponent_iterations:
        other["iterations"] = args.opponent_iterations
    for kv in args.opponent_set:
        key, _, raw = kv.partition("=")
        other[key] = _number(raw)
    # The screened Expert's seat has a name of its own, so its opponents may be Experts.
    seats = ["screened"] + [args.opponent] * (args.players - 1)
    rules = rules_by_name(args.rules)
    opponents = {"screened": make_opponent("expert", **opts),
                 args.opponent: make_opponent(args.opponent, **other)}
    rows: list[list[int]] = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        stats = play_deal(seats, deal, seed=args.seed, rules=rules, options={},
                          opponents=opponents)
        rows.append(stats["screened"].points)
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump({"options": opts, "opponent": args.opponent, "first_deal": args.first_deal,
                       "opponent_options": other, "seed": args.seed,
                       "rules": args.rules, "points": rows}, fh)


def compare(files: Sequence[str]) -> None:
    runs = [json.load(open(f, encoding="utf-8"))["points"] for f in files]
    for name, rows in zip(files, runs):
        flat = [p for row in rows for p in row]
        wins = sum(1 for p in flat if p == 0) / len(flat)
        mw, sw, k = paired_difference(rows, runs[0], lambda p: p == 0)
        mp, sp, _ = paired_difference(rows, runs[0], float)
        print(f"{name.rsplit('/', 1)[-1]:<28} hands {len(flat):4d}  wins {wins:6.1%}  "
              f"points {sum(flat) / len(flat):6.2f}  | against the first on {k} "
              f"hands: wins {100 * mw:+.1f} ± {100 * sw:.1f}, points {mp:+.2f} ± {sp:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("out")
    p.add_argument("--seed", type=int, default=41)
    p.add_argument("--deals", type=int, default=48)
    p.add_argument("--first-deal", type=int, default=0,
                   help="start at this deal (to extend an earlier run; join the files' points)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--rules", default="standard")
    p.add_argument("--opponent", default="normal")
    p.add_argument("--opponent-iterations", type=int, default=0)
    p.add_argument("--iterations", type=int, default=160)
    p.add_argument("--budget", type=float, default=None,
                   help="seconds a move (wall clock) instead of --iterations")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    p.add_argument("--opponent-set", action="append", default=[], metavar="OPTION=VALUE")
    c = sub.add_parser("compare")
    c.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args)
    else:
        compare(args.files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
