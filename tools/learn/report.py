"""Summarise a run's log: ``python -m tools.learn.report runs/NAME``.

Prints the loss curve (one row per log line, thinned to ``--rows``) and every arena
reading, with the decisions trained so far, so a run can be judged without plotting.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .train import LOG


def read_log(run: Path) -> list[dict[str, Any]]:
    """The run's log records, oldest first."""
    path = run / LOG
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def summary(records: list[dict[str, Any]], rows: int = 20) -> str:
    """The loss curve and the arena readings as text."""
    train = [r for r in records if r["kind"] == "train"]
    arena = [r for r in records if r["kind"] == "arena"]
    lines = [f"{'steps':>7} {'decisions':>11} {'games':>8} {'minutes':>8} {'dec/s':>7} {'loss':>7}"]
    stride = max(1, len(train) // rows)
    shown = train[::stride]
    if train and shown[-1] is not train[-1]:
        shown.append(train[-1])
    for r in shown:
        lines.append(f"{r['steps']:>7} {r['decisions']:>11} {r['games']:>8} {r['wall_s'] / 60:>8.1f} "
                     f"{r['decisions_per_s']:>7.0f} {r['loss']:>7.4f}")
    if arena:
        lines.append("")
        lines.append(f"{'decisions':>11} {'hands':>6} {'win rate (95%)':>22} {'points/hand (95%)':>26}")
        for r in arena:
            lo, hi = r["win_rate_95"]
            plo, phi = r["mean_points_95"]
            lines.append(f"{r['decisions']:>11} {r['hands']:>6} {r['win_rate']:>8.1%} [{lo:5.1%}, {hi:5.1%}] "
                         f"{r['mean_points']:>8.2f} [{plo:6.2f}, {phi:6.2f}]")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.report", description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--rows", type=int, default=20, help="loss rows to show at most")
    args = parser.parse_args(argv)
    print(summary(read_log(args.run), args.rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
