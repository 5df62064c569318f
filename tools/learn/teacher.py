"""``python -m tools.learn.teacher``: how cheap a teacher for expert iteration can be
(issue 46, step 1).

Figures, not a test. Expert iteration fits the network to the search's choices; the
search is the teacher, and its price sets the price of a round. This measures the
Expert's search at a few world counts (``iterations``), with the network in every seat
of its playouts (``playout="net"``) and with its plain playouts (Normal's rules,
``"normal"``), against a reference search at 960 worlds on the same positions: how
often each setting's choice equals the reference's, and its decisions per core-second
(process CPU time of :meth:`Expert.choose`, a fresh Expert per decision).

* ``sample``: positions from real play, written to ``DIR/positions.jsonl`` (one a line:
  the deal number, preset, seat count, the levels at the table and the moves made
  before the position, which replay it exactly). Position ``k`` is drawn from its own
  seeded generator: a preset and a seat count (every preset, 2 to 4 seats), a level per
  seat (Beginner, Normal, Skilled or the Expert at 40 worlds), a hand played to a
  random ply; kept where the Expert would search (a choice Normal's rules do not settle
  by going out, and more than one candidate). Extending a file keeps its positions.
* ``run``: every position of the file through every setting missing from
  ``DIR/results.jsonl`` (a line per position and setting, appended as each decision
  ends: a killed run loses at most one decision, and the next run goes on from there),
  for at most ``--minutes``; ``--where lean`` (or ``engine``) takes only the positions
  whose rules are (are not) on the engine's lean path: off it the network's playouts
  run on the engine, about ten times dearer. The references (``net-960``, and the plain
  search's ``normal-960``) and the settings draw their worlds from independent seeds, so
  a setting is not given a reference's first worlds; ``--extra`` adds ``net-960b``, the
  reference on other worlds (how often it agrees with itself). On a machine with many
  cores, one process a core with ``--shard I/N`` (each writes ``results.I.jsonl``).
* ``report``: the markdown table of agreement with each reference (95 % Wilson
  intervals) and decisions per core-second, each setting over the positions it has
  decided (``--where`` as for ``run``).

Run it from the repository root, on one core: ``nice -n 19 python -m tools.learn.teacher
sample --dir runs/teacher46 --count 900`` then ``run --dir runs/teacher46 --minutes 20``
(as often as it takes), ``report --dir runs/teacher46 --where lean``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import big2.ai.learned  # noqa: F401  (before numpy: one BLAS thread)
from big2.ai.base import make_opponent
from big2.ai.expert import Expert
from big2.ai.normal import Normal, Why
from big2.ai.view import PlayerView, legal_moves
from big2.engine import Game, get_rules
from big2.engine.presets import preset_names

from tools.daily_bench import wilson

#: The reference setting every other is compared with, and the settings measured
#: (``playout-worlds``).
REFERENCE = "net-960"
SETTINGS = tuple(f"{p}-{w}" for p in ("net", "normal") for w in (20, 40, 80, 160))
#: The network search with an early stop (``~z``: :func:`settle_of`), on the same worlds
#: as the setting without it.
SETTLED = ("net-160~1.5", "net-160~1", "net-40~1.5")
#: The searches agreement is measured against (each where it was run): the reference
#: and the plain search at 960 worlds.
REFERENCES = (REFERENCE, "normal-960")
#: Run only when asked (``run --extra``): the reference again on other worlds (how
#: often the 960-world search agrees with itself).
EXTRA = ("net-960b",)
#: The levels that play the hands positions are drawn from (options by level).
TABLE_LEVELS: dict[str, dict[str, Any]] = {
    "beginner": {}, "normal": {}, "skilled": {}, "expert": {"iterations": 40},
}
POSITIONS = "positions.jsonl"
RESULTS = "results.jsonl"


def _seed(*parts: object) -> int:
    """A seed from ``parts`` that is the same on every run and machine."""
    return random.Random(":".join(map(str, parts))).getrandbits(62)


def searches(expert: Expert, view: PlayerView) -> bool:
    """Whether ``expert`` would search at ``view`` (the checks :meth:`Expert.decide`
    makes before its search)."""
    moves = legal_moves(view)
    if len(moves) < 2:
        return False
    base = expert.normal.decide(view, random.Random(0), moves)
    if base.why is Why.GO_OUT:
        return False
    return len(expert.candidates(view, moves, base.move)) > 1


def draw_position(k: int, seed: int) -> dict[str, Any]:
    """Position ``k`` of the set seeded by ``seed`` (see the module doc)."""
    rng = random.Random(_seed("position", seed, k))
    presets = preset_names()
    probe = Expert()
    while True:
        preset = rng.choice(presets)
        players = rng.choice((2, 3, 4))
        levels = [rng.choice(sorted(TABLE_LEVELS)) for _ in range(players)]
        deal = rng.getrandbits(32)
        stop = rng.randrange(0, 10 * players)
        game = Game.deal(deal, rules=get_rules(preset), players=players)
        seats = [make_opponent(lv, **TABLE_LEVELS[lv]) for lv in levels]
        play = random.Random(_seed("play", seed, k, deal))
        moves: list[int] = []
        while not game.is_over and len(moves) < stop:
            view = PlayerView.from_game(game, game.to_act)
            move = seats[game.to_act].choose(view, play)
            game.make(move)
            moves.append(int(move))
        if game.is_over:
            continue
        if searches(probe, PlayerView.from_game(game, game.to_act)):
            return {"k": k, "seed": seed, "preset": preset, "players": players,
                    "levels": levels, "deal": deal, "moves": moves}


def replay(pos: dict[str, Any]) -> PlayerView:
    """The view of the seat to act at position ``pos``."""
    game = Game.deal(pos["deal"], rules=get_rules(pos["preset"]), players=pos["players"])
    for move in pos["moves"]:
        game.make(move)
    return PlayerView.from_game(game, game.to_act)


def parse_setting(name: str) -> tuple[str, int, str]:
    """``"net-160"`` -> ``("net", 160, "")``; a letter after the worlds names another
    draw of the same setting (``"net-960b"``); a ``~z`` ending is the early stop
    (:func:`settle_of`)."""
    playout, _, rest = name.partition("-")
    rest = rest.partition("~")[0]
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return playout, int(digits), rest[len(digits):]


def settle_of(name: str) -> float:
    """``"net-160~2"`` -> 2.0: the search stops once its leader is 2 standard errors
    ahead of every other candidate (:attr:`Expert.settle`), at most after 160 worlds;
    0.0 (every world played) without ``~``. It draws the same worlds as the setting
    without the ``~z``: its choice differs from that one's only where it stopped early."""
    z = name.partition("~")[2]
    return float(z) if z else 0.0


def decide(view: PlayerView, setting: str, k: int) -> dict[str, Any]:
    """The move of ``setting``'s search at ``view`` (position ``k``), the process CPU
    seconds it took, and the worlds and playouts it played."""
    playout, worlds, _ = parse_setting(setting)
    expert = Expert(iterations=worlds, playout=playout, settle=settle_of(setting))
    rng = random.Random(_seed("search", k, setting.partition("~")[0]))
    t0 = time.process_time()
    move = expert.choose(view, rng)
    cpu = time.process_time() - t0
    return {"k": k, "setting": setting, "move": int(move), "cpu": round(cpu, 5),
            "worlds": expert.last_iterations, "playouts": expert.last_playouts,
            "net": expert.last_net}


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The lines of ``path`` (none when it is missing; a torn last line is dropped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return out


def sample(folder: Path, count: int, seed: int = 46) -> int:
    """Extend ``folder``'s position file to ``count`` positions; how many it holds."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / POSITIONS
    have = read_jsonl(path)
    if have and have[0]["seed"] != seed:
        raise ValueError(f"{path} holds positions of seed {have[0]['seed']}, not {seed}")
    with path.open("a") as f:
        for k in range(len(have), count):
            f.write(json.dumps(draw_position(k, seed)) + "\n")
            f.flush()
    return max(count, len(have))


def lean(pos: dict[str, Any]) -> bool:
    """Whether position ``pos``'s rules are on the engine's lean path, where both the
    plain and the network playouts run on card masks (elsewhere on the engine: the
    network's about twelve times slower)."""
    return get_rules(pos["preset"]).plain


def only(positions: Sequence[dict[str, Any]], where: str) -> list[dict[str, Any]]:
    """``positions`` whose rules are on the lean path (``where="lean"``), are not
    (``"engine"``), or all of them (``"all"``)."""
    return [p for p in positions if where == "all" or lean(p) == (where == "lean")]


def results(folder: Path) -> list[dict[str, Any]]:
    """Every decision ``folder`` holds: ``results.jsonl`` and the shards'
    ``results.I.jsonl``."""
    out = read_jsonl(folder / RESULTS)
    for path in sorted(folder.glob("results.*.jsonl")):
        out += read_jsonl(path)
    return out


def run(folder: Path, *, minutes: float, settings: Sequence[str] = (*REFERENCES, *SETTINGS, *SETTLED),
        limit: int | None = None, where: str = "all", shard: tuple[int, int] | None = None,
        log: bool = True) -> int:
    """Decide every missing (position, setting) of ``folder``, position by position,
    for at most ``minutes``; the decisions made; ``where`` as :func:`only`. ``shard=(i,
    n)`` takes only positions ``k`` with ``k % n == i`` and writes ``results.i.jsonl``
    (one process a core, on a machine with many)."""
    positions = only(read_jsonl(folder / POSITIONS)[:limit], where)
    if shard is not None:
        positions = [p for p in positions if p["k"] % shard[1] == shard[0]]
    done = {(r["k"], r["setting"]) for r in results(folder)}
    end = time.monotonic() + minutes * 60
    made = 0
    out = folder / (RESULTS if shard is None else f"results.{shard[0]}.jsonl")
    with out.open("a") as f:
        for pos in positions:
            todo = [s for s in settings if (pos["k"], s) not in done]
            if not todo:
                continue
            view = replay(pos)
            for setting in todo:
                if time.monotonic() >= end:
                    return made
                f.write(json.dumps(decide(view, setting, pos["k"])) + "\n")
                f.flush()
                made += 1
            if log:
                print(f"position {pos['k']} ({pos['preset']}, {pos['players']} seats) done",
                      flush=True)
    return made


def table(results: Iterable[dict[str, Any]], positions: Sequence[dict[str, Any]],
          settings: Sequence[str] = (*REFERENCES, *SETTINGS, *SETTLED, *EXTRA),
          references: Sequence[str] = REFERENCES) -> dict[str, Any]:
    """The figures: per setting, over the positions it has decided, agreement with each
    of ``references`` where that was decided too, and CPU per decision; split by
    whether the rules are on the engine's lean path."""
    by: dict[int, dict[str, dict[str, Any]]] = {}
    for r in results:
        by.setdefault(r["k"], {})[r["setting"]] = r
    on_lean = {p["k"]: lean(p) for p in positions}
    rows: dict[str, Any] = {}
    for s in settings:
        ks = [k for k, got in by.items() if s in got and k in on_lean]
        if not ks:
            continue
        row: dict[str, Any] = {"positions": len(ks)}
        for ref in references:
            both = [k for k in ks if ref in by[k]]
            if both and ref != s:
                hits = sum(by[k][s]["move"] == by[k][ref]["move"] for k in both)
                row[f"agree_{ref}"] = (hits, len(both), wilson(hits, len(both)))
        for part, keep in (("all", ks), ("lean", [k for k in ks if on_lean[k]]),
                           ("engine", [k for k in ks if not on_lean[k]])):
            cpu = [by[k][s]["cpu"] for k in keep]
            if cpu:
                row[f"rate_{part}"] = len(cpu) / max(sum(cpu), 1e-9)
                row[f"median_ms_{part}"] = 1000 * statistics.median(cpu)
                row[f"n_{part}"] = len(cpu)
        rows[s] = row
    return rows


def markdown(rows: dict[str, Any], references: Sequence[str] = REFERENCES) -> str:
    """The figures of :func:`table` as a markdown table."""
    def pct(cell: Any) -> str:
        if cell is None:
            return ""
        hits, n, (lo, hi) = cell
        return f"{hits / n:.1%} [{100 * lo:.1f}, {100 * hi:.1f}] ({hits}/{n})"

    heads = "".join(f" agrees with {ref} (95 %) |" for ref in references)
    out = [f"| setting | positions |{heads} decisions / core-s, all | lean rules | "
           "engine rules | median ms (lean / engine) |",
           "|---|---|" + "---|" * len(references) + "---|---|---|---|"]
    for s, row in rows.items():
        def rate(part: str) -> str:
            return f"{row[f'rate_{part}']:.2f}" if f"rate_{part}" in row else ""

        medians = " / ".join(f"{row[f'median_ms_{p}']:.0f}" if f"median_ms_{p}" in row else "–"
                             for p in ("lean", "engine"))
        agree = "".join(f" {pct(row.get(f'agree_{ref}'))} |" for ref in references)
        out.append(f"| {s} | {row['positions']} |{agree} {rate('all')} | {rate('lean')} | "
                   f"{rate('engine')} | {medians} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.teacher",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="draw positions from real play")
    s.add_argument("--dir", type=Path, required=True)
    s.add_argument("--count", type=int, required=True)
    s.add_argument("--seed", type=int, default=46)
    r = sub.add_parser("run", help="search the positions at every setting")
    r.add_argument("--dir", type=Path, required=True)
    r.add_argument("--minutes", type=float, default=20.0)
    r.add_argument("--limit", type=int, default=None, help="only the first N positions")
    r.add_argument("--settings", default=None,
                   help="comma-separated (default: the references and every setting)")
    r.add_argument("--extra", action="store_true", help=f"also {', '.join(EXTRA)}")
    r.add_argument("--shard", default=None, metavar="I/N",
                   help="only positions k with k %% N == I, into results.I.jsonl")
    r.add_argument("--where", choices=("all", "lean", "engine"), default="all",
                   help="only positions whose rules are (lean) or are not (engine) on the "
                        "engine's lean path")
    p = sub.add_parser("report", help="the markdown table")
    p.add_argument("--dir", type=Path, required=True)
    p.add_argument("--where", choices=("all", "lean", "engine"), default="all",
                   help="only positions whose rules are (lean) or are not (engine) on the "
                        "engine's lean path")
    args = parser.parse_args(argv)
    if args.command == "sample":
        print(f"{sample(args.dir, args.count, args.seed)} positions in {args.dir / POSITIONS}")
    elif args.command == "run":
        settings = (args.settings.split(",") if args.settings
                    else [*REFERENCES, *SETTINGS, *SETTLED, *(EXTRA if args.extra else ())])
        shard = tuple(int(x) for x in args.shard.split("/")) if args.shard else None
        made = run(args.dir, minutes=args.minutes, settings=settings, limit=args.limit,
                   where=args.where, shard=shard)  # type: ignore[arg-type]
        print(f"{made} decisions made")
    else:
        rows = table(results(args.dir),
                     only(read_jsonl(args.dir / POSITIONS), args.where))
        print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
