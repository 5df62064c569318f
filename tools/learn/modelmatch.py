"""``python -m tools.learn.modelmatch``: how well each playout model predicts a table's moves.

Figures, not a test. The Expert's playouts model every other seat by Normal's rules; the
network (``playout="net"``/``"value"``) models them by its own choice. Which is the
better model of a given table decides whether the network can help the search there.
This plays seeded hands of one level at every seat (``--level expert`` searches
``--iterations`` worlds a move, deterministic for the seed) and, at every decision with
more than one legal move, asks each model what it would play *from the true view of
the seat* (its real hand: the best a sampled world can be): Normal's rules and the
shipped network (session blanked, as trained). It prints the share of decisions each
model matches, the share where both miss, and the same split by leading/following.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator, Sequence

import big2.ai.learned  # noqa: F401  (before numpy: one BLAS thread)
from big2.ai.base import make_opponent
from big2.ai.learned.net import QNet, shipped_net
from big2.ai.normal import Normal
from big2.ai.view import PlayerView, legal_moves
from big2.engine import Game, Move


#: Tally keys: every decision, then leads and follows apart.
KINDS = ("all", "lead", "follow")


def decisions(level: str, hands: int | None, *, seed: int, iterations: int = 160,
              playout: str | None = None) -> Iterator[tuple[PlayerView, list[Move], Move]]:
    """``(view, legal moves, move played)`` at every decision with a choice in seeded
    hands of ``level`` at four seats (standard rules; searchers at ``iterations``
    worlds, so the same seed plays the same hands, and with ``playout`` as their
    playout policy where given); ``hands=None`` plays on."""
    options: dict[str, object] = {}
    if level in ("expert", "master"):
        options["iterations"] = iterations
        if playout is not None:
            options["playout"] = playout
    players = [make_opponent(level, **options) for _ in range(4)]
    rng = random.Random(seed)
    played = 0
    while hands is None or played < hands:
        game = Game.deal(rng, players=4)
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            moves = legal_moves(view)
            move = players[game.to_act].choose(view, rng)
            if len(moves) > 1:
                yield view, moves, move
            game.make(move)
        played += 1


def match(level: str, hands: int, *, seed: int = 41, iterations: int = 160,
          net: QNet | None = None) -> dict[str, dict[str, int]]:
    """Play ``hands`` seeded hands of ``level`` at four seats (:func:`decisions`); per
    kind of decision (:data:`KINDS`) the counts ``decisions``, ``normal`` (Normal's
    rules chose the level's move), ``net`` (the network did) and ``neither``. Forced
    moves are not counted."""
    net = net if net is not None else shipped_net()
    normal = Normal()
    tally = {k: {"decisions": 0, "normal": 0, "net": 0, "neither": 0} for k in KINDS}
    for view, moves, move in decisions(level, hands, seed=seed, iterations=iterations):
        by_normal = normal.decide(view, random.Random(0), moves).move == move
        q = net.scores(view, moves, session=False)
        by_net = moves[int(q.argmax())] == move
        for key in ("all", "lead" if view.leading else "follow"):
            row = tally[key]
            row["decisions"] += 1
            row["normal"] += by_normal
            row["net"] += by_net
            row["neither"] += not by_normal and not by_net
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.modelmatch",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="expert", help="the level at every seat")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=160, help="worlds a move (searchers)")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--net", default=None, help="an .npz instead of the shipped network")
    args = parser.parse_args(argv)
    tally = match(args.level, args.hands, seed=args.seed, iterations=args.iterations,
                  net=QNet.load(args.net) if args.net else None)
    print(f"level {args.level} at every seat, {args.hands} hands, seed {args.seed}")
    for key, row in tally.items():
        n = row["decisions"]
        if n:
            print(f"{key:>6}: {n:5d} decisions  Normal's rules match {row['normal'] / n:6.1%}  "
                  f"the network {row['net'] / n:6.1%}  neither {row['neither'] / n:6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
