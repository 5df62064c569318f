"""How often Normal's rules miss the others' decisions, read as the Expert reads them.

    python tools/model_fit.py normal --hands 40
    python tools/model_fit.py expert --hands 12 [--iterations 160]
    python tools/model_fit.py expert-v1 --hands 12 --iterations 40

Four players of the given level play seeded hands. Before each of seat 0's moves a
:class:`big2.ai.modelfit.ModelFit` that never forgets checks the decisions the other
seats made since, in eight worlds drawn as the Expert's search draws them. It prints
each hand's share of missed checks, their mean and spread, and the share over all
hands. These figures set :data:`big2.ai.modelfit.NORMAL_SHARE`, ``FIT_LOW`` and
``FIT_HIGH``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a file (python tools/model_fit.py): make tools.* importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from big2.ai.fastplay import FastPlayout  # noqa: E402
from big2.ai.modelfit import WORLDS, ModelFit  # noqa: E402
from big2.ai.sampling import Sampler  # noqa: E402
from big2.ai.view import PlayerView  # noqa: E402
from big2.engine import STANDARD, Game  # noqa: E402
from tools.arena import make_opponent  # noqa: E402  (expert-v1 too)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", choices=("normal", "expert", "expert-v1"))
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=160)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    options = {"iterations": args.iterations} if args.level != "normal" else {}
    player = make_opponent(args.level, **options)
    normal = make_opponent("normal")
    fast = FastPlayout(normal.planner(STANDARD))  # type: ignore[attr-defined]
    fit = ModelFit(half_life=1e12, prior=1e-12)
    rng = random.Random(args.seed)
    shares = []
    for h in range(args.hands):
        game = Game.deal(rng, players=4)
        missed = checked = 0.0
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            if game.to_act == 0:
                before = fit.tally(0)
                sampler = Sampler(view)
                worlds = [sampler.draw(random.Random(h))[0] for _ in range(WORLDS)]
                fit.observe(view, fast, worlds)
                after = fit.tally(0)
                missed += after[0] - before[0]
                checked += after[1] - before[1]
            game.make(player.choose(view, rng))
        if checked:
            shares.append(missed / checked)
            print(f"hand {h:3d}: {missed / checked:.3f} of {checked:.0f} decisions", flush=True)
    print(f"{args.level}: per hand mean {statistics.mean(shares):.3f}, "
          f"sd {statistics.stdev(shares) if len(shares) > 1 else 0.0:.3f} "
          f"({len(shares)} hands); "
          f"over all checks {fit.missed_share(0):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
