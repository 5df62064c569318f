"""``python -m tools.learn.reading``: the Expert's own reading of a table, decision by decision.

Figures, not a test. An Expert (``--iterations`` worlds a move, its reading of the others
as in the app: one player for the whole run, one seat) plays ``--hands`` seeded hands
against three players of ``--table``. Before each of its searched decisions it reads how
far the others play from Normal's rules (:meth:`big2.ai.modelfit.ModelFit.misfit`). It
prints each hand's readings and the share of decisions read at or above each threshold;
``playout="adaptive"`` plays the network at :data:`big2.ai.expert.ADAPT_MISFIT` and above,
so these shares say how often it would there (docs/research/training.md, "Playouts
chosen by the table").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from big2.ai.base import make_opponent
from big2.ai.expert import ADAPT_MISFIT, Expert
from big2.ai.view import PlayerView
from big2.engine import Game

#: Thresholds whose shares are printed (ADAPT_MISFIT among them).
THRESHOLDS = (0.01, 0.1, ADAPT_MISFIT, 0.2, 0.3, 0.5)


def readings(table: str, hands: int, *, seed: int, iterations: int = 160) -> list[list[float]]:
    """Seat 0's reading before each of its searched decisions, hand by hand."""
    me = Expert(iterations=iterations)
    options = {"iterations": iterations} if table in ("expert", "master") else {}
    others = [make_opponent(table, **options) for _ in range(3)]
    rng = random.Random(seed)
    out: list[list[float]] = []
    for _ in range(hands):
        game = Game.deal(rng, players=4)
        reads: list[float] = []
        while not game.is_over:
            seat = game.to_act
            view = PlayerView.from_game(game, seat)
            if seat == 0:
                move = me.choose(view, rng)
                if me.last_iterations:
                    reads.append(me.fit.misfit(0))
            else:
                move = others[seat - 1].choose(view, rng)
            game.make(move)
        out.append(reads)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.reading",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", default="expert", help="the three others' level")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=160)
    args = parser.parse_args(argv)
    found = readings(args.table, args.hands, seed=args.seed, iterations=args.iterations)
    for h, reads in enumerate(found):
        print(f"hand {h:3d}: " + " ".join(f"{r:.2f}" for r in reads), flush=True)
    every = [r for reads in found for r in reads]
    if not every:
        print("no searched decisions")
        return 0
    shares = ", ".join(f"≥ {t:g}: {sum(r >= t for r in every) / len(every):.0%}" for t in THRESHOLDS)
    print(f"{args.table}: {len(every)} searched decisions; read {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
