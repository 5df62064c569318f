"""The arena: seeded games between levels, with luck cancelled out.

Each deal is played once per rotation of the line-up, so every level plays every seat's
cards of that deal. Per level it reports the win rate, the mean points per hand (the
engine's standard penalty, so 0 is best) with 95% intervals, and decision times
p50/p95/max (wall clock; the JSON adds the CPU time per decision, which shows how much
of a slow decision was spent waiting for a busy machine). Run it as ``python -m big2.ai.arena --seats expert,normal,normal,normal
--games 2000 --rules standard --seed 1 [--json] [--players N] [--jobs N]``.

It seats the levels players meet (:data:`~big2.ai.base.LEVELS`). Callers may seat more
opponents by name through ``extra`` (name -> a class or module-level function taking
the level's options; it must pickle for ``--jobs``): ``python -m tools.arena`` in a
source checkout adds the frozen old Expert, ``expert-v1``, which is not shipped.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from big2.engine import STANDARD, Game, Rules

from .base import LEVELS, Opponent, make_opponent
from .view import PlayerView


#: Extra opponents by name: each takes the level's keyword options and returns an Opponent.
Extra = Mapping[str, Callable[..., Opponent]]


def make_seat(level: str, options: Mapping[str, Any] | None = None, extra: Extra | None = None) -> Opponent:
    """The opponent called ``level``: one of ``extra`` if named there, else a shipped level."""
    opts = dict(options or {})
    if extra and level in extra:
        return extra[level](**opts)
    return make_opponent(level, **opts)


@dataclass
class LevelStats:
    """What one level did over the arena (all its seats together)."""

    hands: int = 0
    wins: int = 0
    points: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    #: CPU seconds of this thread per decision (wall time minus waiting for the CPU).
    cpu: list[float] = field(default_factory=list)

    def merge(self, other: LevelStats) -> None:
        self.hands += other.hands
        self.wins += other.wins
        self.points.extend(other.points)
        self.times.extend(other.times)
        self.cpu.extend(other.cpu)

    def summary(self) -> dict[str, Any]:
        """Win rate and mean points with 95% intervals, decision times in ms."""
        n = max(self.hands, 1)
        p = self.wins / n
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        mean = sum(self.points) / n
        var = sum((x - mean) ** 2 for x in self.points) / max(n - 1, 1)
        ci = z * math.sqrt(var / n)
        ts = sorted(self.times)
        cpu = sorted(self.cpu)

        def q(f: float, xs: list[float] = ts) -> float:
            return xs[min(len(xs) - 1, int(f * len(xs)))] * 1000 if xs else 0.0

        return {
            "hands": self.hands,
            "wins": self.wins,
            "win_rate": p,
            "win_rate_95": [max(0.0, centre - half), min(1.0, centre + half)],
            "mean_points": mean,
            "mean_points_95": [mean - ci, mean + ci],
            "decisions": len(ts),
            "time_ms_p50": q(0.5),
            "time_ms_p95": q(0.95),
            "time_ms_max": ts[-1] * 1000 if ts else 0.0,
            "cpu_ms_p95": q(0.95, cpu),
            "cpu_ms_max": cpu[-1] * 1000 if cpu else 0.0,
        }


def rules_by_name(name: str) -> Rules:
    """The engine preset called ``name`` (or an alias); ``ValueError`` if unknown."""
    try:
        from big2.engine.presets import get_rules
    except ImportError:  # an engine without presets
        if name == "standard":
            return STANDARD
        raise ValueError(f"unknown rules '{name}': only 'standard' is known") from None
    try:
        return get_rules(name)
    except KeyError as exc:
        raise ValueError(str(exc.args[0]) if exc.args else str(exc)) from None


def play_deal(
    seats: Sequence[str],
    deal: int,
    *,
    seed: int,
    rules: Rules,
    options: dict[str, dict[str, Any]],
    rotations: int | None = None,
    opponents: dict[str, Opponent] | None = None,
    extra: Extra | None = None,
) -> dict[str, LevelStats]:
    """Play deal number ``deal`` once per rotation of ``seats``; stats per level."""
    n = len(seats)
    if opponents is None:
        opponents = {lv: make_seat(lv, options.get(lv), extra) for lv in set(seats)}
    stats = {lv: LevelStats() for lv in set(seats)}
    deal_seed = random.Random(f"big2-arena/{seed}/{deal}").randrange(1 << 62)
    for r in range(n if rotations is None else rotations):
        lineup = [seats[(s + r) % n] for s in range(n)]
        game = Game.deal(random.Random(deal_seed), rules=rules, players=n)
        rngs = [random.Random(f"big2-arena/{seed}/{deal}/{r}/{s}") for s in range(n)]
        while not game.is_over:
            s = game.to_act
            view = PlayerView.from_game(game, s)
            t0, c0 = time.perf_counter(), time.thread_time()
            move = opponents[lineup[s]].choose(view, rngs[s])
            stats[lineup[s]].times.append(time.perf_counter() - t0)
            stats[lineup[s]].cpu.append(time.thread_time() - c0)
            game.make(move)  # checked: an illegal move fails the arena loudly
        points = game.points()
        for s, lv in enumerate(lineup):
            stats[lv].hands += 1
            stats[lv].points.append(points[s])
        stats[lineup[game.winner or 0]].wins += 1
    return stats


def _play_deals(args: tuple[Any, ...]) -> dict[str, LevelStats]:
    seats, deals, seed, rules, options, extra = args
    opponents = {lv: make_seat(lv, options.get(lv), extra) for lv in set(seats)}
    total = {lv: LevelStats() for lv in set(seats)}
    for d in deals:
        for lv, st in play_deal(seats, d, seed=seed, rules=rules, options=options,
                                opponents=opponents).items():
            total[lv].merge(st)
    return total


def run_arena(
    seats: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    rules: Rules = STANDARD,
    options: dict[str, dict[str, Any]] | None = None,
    jobs: int = 1,
    progress: Any = None,
    chunk: int = 4,
    extra: Extra | None = None,
) -> dict[str, LevelStats]:
    """Play about ``games`` hands (rounded up to whole deals times rotations).

    ``options`` maps a level to keyword options for :func:`make_opponent` (or for its
    entry in ``extra``, opponents seated by name beside the shipped levels). ``jobs`` > 1
    plays deals in that many processes (decision times then include contention).
    ``progress`` is called with ``(hands_done, hands_total)``, or with the stats so far
    as a third argument when it takes three. ``chunk`` deals go to a worker at a time.
    """
    opts = options or {}
    n = len(seats)
    deals = max(1, math.ceil(games / n))
    total = {lv: LevelStats() for lv in set(seats)}
    chunks = [list(range(i, min(i + chunk, deals))) for i in range(0, deals, chunk)]
    done = 0
    if jobs <= 1:
        results = map(_play_deals, [(seats, c, seed, rules, opts, extra) for c in chunks])
        for part, res in zip(chunks, results):
            for lv, st in res.items():
                total[lv].merge(st)
            done += len(part) * n
            if progress:
                _report(progress, done, deals * n, total)
        return total
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part, res in zip(chunks, pool.map(_play_deals, [(seats, c, seed, rules, opts, extra) for c in chunks])):
            for lv, st in res.items():
                total[lv].merge(st)
            done += len(part) * n
            if progress:
                _report(progress, done, deals * n, total)
    return total


def _report(progress: Any, done: int, total: int, stats: dict[str, LevelStats]) -> None:
    import inspect

    try:
        takes_stats = len(inspect.signature(progress).parameters) >= 3
    except (TypeError, ValueError):
        takes_stats = False
    if takes_stats:
        progress(done, total, stats)
    else:
        progress(done, total)


def format_table(summary: dict[str, dict[str, Any]]) -> str:
    """The per-level report as aligned text."""
    lines = [f"{'level':<9} {'hands':>6} {'win rate (95%)':>22} {'points/hand (95%)':>26} "
             f"{'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"]
    for lv, s in summary.items():
        lo, hi = s["win_rate_95"]
        plo, phi = s["mean_points_95"]
        lines.append(
            f"{lv:<9} {s['hands']:>6} {s['win_rate']:>8.1%} [{lo:5.1%}, {hi:5.1%}] "
            f"{s['mean_points']:>8.2f} [{plo:6.2f}, {phi:6.2f}] "
            f"{s['time_ms_p50']:>8.2f} {s['time_ms_p95']:>8.2f} {s['time_ms_max']:>8.2f}"
        )
    return "\n".join(lines)


_Hand = TypeVar("_Hand")


def paired_difference(
    rows: Sequence[Sequence[_Hand]], base: Sequence[Sequence[_Hand]],
    measure: Callable[[_Hand], float],
) -> tuple[float, float, int]:
    """Mean and standard error of ``measure(hand) - measure(base hand)`` over the hands
    two runs of the same deals share (rows are deals, each a hand per rotation), and
    how many hands that is. On the same deals most of the luck cancels."""
    diffs = [measure(x) - measure(y)
             for a, b in zip(rows, base) for x, y in zip(a, b)]
    n = len(diffs)
    if not n:
        return 0.0, 0.0, 0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return mean, math.sqrt(var / n), n


def _number(raw: str) -> Any:
    """``raw`` as an int, a float, a bool, or else the string itself."""
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(raw.lower(), raw)


def main(argv: Sequence[str] | None = None, *, extra: Extra | None = None,
         prog: str = "python -m big2.ai.arena") -> int:
    """The ``python -m big2.ai.arena`` command line; ``extra`` seats more opponents by name."""
    extra = dict(extra or {})
    known = LEVELS + tuple(extra)
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", default="expert,normal,normal,normal",
                        help=f"levels by seat, comma-separated ({', '.join(known)})")
    parser.add_argument("--games", type=int, default=2000, help="hands to play (whole deals)")
    parser.add_argument("--rules", default="standard", help="rule preset name")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                        help="table size (the seat list is cycled or cut to fit)")
    parser.add_argument("--budget", type=float, default=None,
                        help="time budget of every searching level (expert, master and any extra), seconds")
    parser.add_argument("--iterations", default=None,
                        help="worlds per move: N for every searching level, or LEVEL=N,... "
                             "(e.g. expert=700,master=2100); deterministic")
    parser.add_argument("--set", action="append", default=[], metavar="LEVEL.OPTION=VALUE",
                        help="an option of a searching level, e.g. expert.win_bonus=8 or "
                             "expert.playout=plan (repeatable; numbers are read as numbers)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--partial", default=None, metavar="FILE",
                        help="rewrite FILE with the table so far after every chunk (long runs)")
    parser.add_argument("--chunk", type=int, default=None, metavar="DEALS",
                        help="deals a worker plays with the same players, who keep what they "
                             "learned of the table (default 4; 1 with --partial)")
    args = parser.parse_args(argv)
    seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    for s in seats:
        if s not in known:
            hint = (" (the frozen old Expert, expert-v1, is seated by python -m tools.arena"
                    " in a source checkout)") if s == "expert-v1" else ""
            parser.error(f"unknown level '{s}': choose from {', '.join(known)}{hint}")
    if args.players is not None:
        seats = [seats[i % len(seats)] for i in range(args.players)]
    if len(seats) not in (2, 3, 4):
        parser.error("give 2, 3 or 4 seats")
    try:
        rules = rules_by_name(args.rules)
    except ValueError as exc:
        parser.error(str(exc))
    searching = ("expert", "master", *extra)
    options: dict[str, dict[str, Any]] = {lv: {} for lv in searching}
    if args.budget is not None:
        for lv in searching:
            options[lv]["time_budget"] = args.budget
    if args.iterations is not None:
        try:
            if "=" in args.iterations:
                for part in args.iterations.split(","):
                    lv, _, count = part.partition("=")
                    if lv.strip().lower() not in searching:
                        parser.error(f"--iterations: '{lv}' is not a searching level")
                    options[lv.strip().lower()]["iterations"] = int(count)
            else:
                for lv in searching:
                    options[lv]["iterations"] = int(args.iterations)
        except ValueError:
            parser.error("--iterations takes N or LEVEL=N,LEVEL=N")
    for item in args.set:
        target, _, raw = item.partition("=")
        lv, _, key = target.strip().lower().partition(".")
        if lv not in searching or not key or not raw:
            parser.error(f"--set takes LEVEL.OPTION=VALUE for a searching level, not '{item}'")
        options[lv][key] = _number(raw.strip())
    chunk = args.chunk if args.chunk is not None else (1 if args.partial else 4)
    if chunk < 1:
        parser.error("--chunk takes a whole number of deals, 1 or more")
    start = time.perf_counter()

    def progress(done: int, total: int, stats: dict[str, LevelStats]) -> None:
        rate = done / max(time.perf_counter() - start, 1e-9)
        print(f"\r{done}/{total} hands  ({rate:.2f}/s)", end="", file=sys.stderr, flush=True)
        if args.partial:
            summary = {lv: stats[lv].summary() for lv in dict.fromkeys(seats)}
            with open(args.partial, "w", encoding="utf-8") as fh:
                fh.write(f"{done}/{total} hands  seats {','.join(seats)}  seed {args.seed}\n")
                fh.write(format_table(summary) + "\n")

    stats = run_arena(seats, args.games, seed=args.seed, rules=rules, options=options,
                      jobs=args.jobs, progress=progress, chunk=chunk, extra=extra)
    print(file=sys.stderr)
    summary = {lv: stats[lv].summary() for lv in dict.fromkeys(seats)}
    if args.json:
        print(json.dumps({"seats": seats, "rules": rules.name, "seed": args.seed,
                          "options": {lv: options[lv] for lv in searching if lv in seats},
                          "levels": summary}, indent=2))
    else:
        print(f"seats {','.join(seats)}  rules {rules.name}  seed {args.seed}")
        print(format_table(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
