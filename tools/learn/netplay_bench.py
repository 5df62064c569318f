"""``python -m tools.learn.netplay_bench``: what a network decision costs in the batched
network playouts (:mod:`big2.ai.learned.netplay`), on the teacher's positions.

Figures, not a test. For each position of ``--positions`` on the engine's lean path
(:mod:`tools.learn.teacher`'s file; drawn with :func:`~tools.learn.teacher.draw_position`
when it is missing) it runs the teacher's search (``--setting``, ``net-20`` by default:
:func:`~tools.learn.teacher.decide`'s Expert and seed) and reads the process CPU time of
the search and the network decisions its playouts made (:attr:`NetPlayout.decisions`,
:attr:`NetPlayout.batches`). It prints the median CPU µs per searched decision and per
network decision (each position's search CPU over its network decisions), the network
decisions in all (the same where two versions play the same playouts), the mean batch,
and a digest of the moves chosen; ``--moves FILE`` writes the moves (one per
position) to compare two versions of the code.

Side by side with another checkout of the code (the working tree's script, the other
tree's ``big2``)::

    cp tools/learn/netplay_bench.py /tmp/base/tools/learn/
    P=$PWD/runs/teacher46/positions.jsonl
    (cd /tmp/base && python -m tools.learn.netplay_bench --positions $P --moves /tmp/a.json)
    python -m tools.learn.netplay_bench --moves /tmp/b.json

Run each a few times, alternating (under ``nice`` on a shared machine): quote the
medians of the runs and their ratio, never one timing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import big2.ai.learned  # noqa: F401  (before numpy: one BLAS thread)
from big2.ai.expert import Expert

from tools.learn.teacher import (
    _seed,
    draw_position,
    only,
    parse_setting,
    read_jsonl,
    replay,
    settle_of,
)

DEFAULT_POSITIONS = Path("runs/teacher46/positions.jsonl")


def positions(path: Path, count: int) -> list[dict[str, Any]]:
    """The first ``count`` lean positions of ``path`` (drawn with seed 46 when the file
    is missing or short)."""
    have = only(read_jsonl(path), "lean")
    k = len(read_jsonl(path))
    while len(have) < count:
        have += only([draw_position(k, 46)], "lean")
        k += 1
    return have[:count]


def measure(pos: dict[str, Any], setting: str) -> dict[str, Any]:
    """The teacher's search (:func:`tools.learn.teacher.decide`) at ``pos``, with the
    network decisions and batches its playouts made."""
    view = replay(pos)
    playout, worlds, _ = parse_setting(setting)
    expert = Expert(iterations=worlds, playout=playout, settle=settle_of(setting))
    rng = random.Random(_seed("search", pos["k"], setting.partition("~")[0]))
    t0 = time.process_time()
    move = expert.choose(view, rng)
    cpu = time.process_time() - t0
    npos = list(expert._netplay.values())
    return {"k": pos["k"], "move": int(move), "cpu": cpu,
            "decisions": sum(n.decisions for n in npos),
            "batches": sum(n.batches for n in npos)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.netplay_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=Path, default=DEFAULT_POSITIONS)
    parser.add_argument("--count", type=int, default=30, help="lean positions searched")
    parser.add_argument("--setting", default="net-20", help="the teacher's setting")
    parser.add_argument("--moves", type=Path, help="write the moves chosen here (JSON)")
    args = parser.parse_args(argv)
    rows = [measure(pos, args.setting) for pos in positions(args.positions, args.count)]
    searched = [r for r in rows if r["decisions"]]
    per_search = statistics.median(r["cpu"] for r in searched) * 1e6
    per_decision = statistics.median(r["cpu"] / r["decisions"] for r in searched) * 1e6
    pooled = sum(r["cpu"] for r in searched) / sum(r["decisions"] for r in searched) * 1e6
    batch = sum(r["decisions"] for r in searched) / sum(r["batches"] for r in searched)
    moves = [[r["k"], r["move"]] for r in rows]
    digest = hashlib.sha1(json.dumps(moves).encode()).hexdigest()[:12]
    total = sum(r["decisions"] for r in searched)
    print(f"{args.setting}: {len(searched)} of {len(rows)} positions searched with the network"
          f" ({total:,} network decisions);"
          f" median {per_search:,.0f} us CPU per searched decision,"
          f" {per_decision:.1f} us per network decision (pooled {pooled:.1f}),"
          f" {batch:.1f} decisions a batch; moves {digest}")
    if args.moves:
        args.moves.write_text(json.dumps(moves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
