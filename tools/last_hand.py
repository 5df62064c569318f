"""Paired screening of the session's last hand: does a variant finish first more often?

    python tools/last_hand.py play OUT.json --seed 61 --deals 48 [--before 3]
        [--iterations 160] [--set standing=0 ...]
    python tools/last_hand.py compare BASE.json OTHER.json ...

``play`` makes, for each deal, a session's standing by letting four Normals play
``--before`` seeded hands (penalty table), then plays the last hand on a seeded deal
once per seat: one Expert (options from ``--set``) in that seat, Normals in the others,
every view told the totals and that no hand is left. It writes, per hand, the Expert's
share of first place in the session (1, 1/k in a k-way tie, 0) and its points for the
hand, after every deal. ``compare`` prints each file's first-place rate and points and,
against the first file, the mean per-hand differences with their standard errors.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from big2.ai.arena import _number, paired_difference
from big2.ai.base import make_opponent
from big2.ai.expert import first_share
from big2.ai.view import PlayerView
from big2.engine import Game


def standing_before(deal: int, seed: int, hands: int, players: int = 4) -> list[int]:
    """Totals after ``hands`` hands of Normals on seeded deals."""
    normal = make_opponent("normal")
    totals = [0] * players
    for h in range(hands):
        game = Game.deal(random.Random(f"last-hand/{seed}/{deal}/before/{h}"), players=players)
        rng = random.Random(f"last-hand/{seed}/{deal}/before/{h}/ai")
        while not game.is_over:
            game.make(normal.choose(PlayerView.from_game(game, game.to_act), rng))
        for s, p in enumerate(game.points()):
            totals[s] += p
    return totals


def play(args: argparse.Namespace) -> None:
    opts: dict[str, Any] = {"iterations": args.iterations}
    for kv in args.set:
        key, _, raw = kv.partition("=")
        opts[key] = _number(raw)
    expert = make_opponent("expert", **opts)
    normal = make_opponent("normal")
    rows: list[list[list[float]]] = []
    n = args.players
    for deal in range(args.deals):
        totals = standing_before(deal, args.seed, args.before, n)
        row = []
        for seat in range(n):
            game = Game.deal(random.Random(f"last-hand/{args.seed}/{deal}/last"), players=n)
            rngs = [random.Random(f"last-hand/{args.seed}/{deal}/{seat}/{s}") for s in range(n)]
            while not game.is_over:
                s = game.to_act
                view = PlayerView.from_game(game, s, scores=totals, hands_left=0)
                game.make((expert if s == seat else normal).choose(view, rngs[s]))
            points = game.points()
            after = [t + p for t, p in zip(totals, points)]
            row.append([first_share(after, seat), points[seat]])
        rows.append(row)
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump({"options": opts, "seed": args.seed, "before": args.before,
                       "rows": rows}, fh)


def compare(files: Sequence[str]) -> None:
    runs = [json.load(open(f, encoding="utf-8"))["rows"] for f in files]
    for name, rows in zip(files, runs):
        flat = [h for row in rows for h in row]
        first = sum(h[0] for h in flat) / len(flat)
        pts = sum(h[1] for h in flat) / len(flat)
        mf, sf, k = paired_difference(rows, runs[0], lambda h: h[0])
        mp, sp, _ = paired_difference(rows, runs[0], lambda h: h[1])
        print(f"{name.rsplit('/', 1)[-1]:<28} hands {len(flat):4d}  first {first:6.1%}  "
              f"points {pts:6.2f}  | against the first on {k} hands: "
              f"first {100 * mf:+.1f} ± {100 * sf:.1f}, points {mp:+.2f} ± {sp:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("out")
    p.add_argument("--seed", type=int, default=61)
    p.add_argument("--deals", type=int, default=48)
    p.add_argument("--before", type=int, default=3)
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--iterations", type=int, default=160)
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
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
