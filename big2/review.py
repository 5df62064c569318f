"""``big2 review``: where a hand lost points, decision by decision, from the command line.

``big2 review --last [--seat N] [--json]`` reviews the last hand recorded in this data
folder (``BIG2_HOME`` or the platform's), for the first person at the table unless
``--seat`` (1 to 4) says another seat; the review is kept with the hand, as the app
keeps it, and read back the next time. ``big2 review --deal NUMBER --levels
L1,L2,L3,L4 [--rules PRESET] [--json]`` plays that deal headless with those computer
levels and reviews every seat: its decisions, the mean loss a decision, the costly
decisions. ``--budget SECONDS`` (the Expert's 1 s a decision by default) or
``--iterations N`` (sampled deals a decision: repeatable) say how hard the search
looks. See :mod:`big2.ai.review` for what the figures mean. No pygame here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import cliargs
from .ai.base import LEVELS
from .ai.review import (
    COSTLY, HandReview, decisions, describe_move, play_hand, reason, review_hand, settings_name,
)
from .engine import Game
from .engine.dealnumber import format_deal_number


def verdict_rows(positions: Sequence[Game], review: HandReview, names: Sequence[str] | None = None
                 ) -> list[dict[str, Any]]:
    """Each decision of ``review`` as plain data: the move number, what was played, the
    best move, the loss, costly or good, and the sentence for the best move."""
    rules = positions[0].rules
    rows = []
    for v in review.verdicts:
        rows.append({
            "move": v.step + 1, "played": describe_move(v.played, rules), "best": describe_move(v.best, rules),
            "played_points": round(v.played_value, 2), "best_points": round(v.best_value, 2),
            "loss": round(v.loss, 2), "costly": v.costly(review.threshold), "good": v.good,
            "worlds": v.worlds, "why": str(reason(positions, v, review.seat, names)),
        })
    return rows


def summary(review: HandReview) -> dict[str, Any]:
    """The review's figures: decisions, costly ones and their points, good ones, mean loss."""
    return {"decisions": len(review.verdicts), "costly": len(review.costly),
            "costly_points": round(review.costly_loss, 2), "good": len(review.good),
            "mean_loss": round(review.mean_loss, 3), "total_loss": round(review.total_loss, 2),
            "threshold": review.threshold, "settings": review.settings}


def summary_line(review: HandReview) -> str:
    """``7 decisions: 3 costly, about 4.5 points; 2 played as the Expert would.``"""
    s = summary(review)
    return (f"{s['decisions']} decisions: {s['costly']} costly, about {s['costly_points']:.1f} points; "
            f"{s['good']} played as the Expert would; mean loss {s['mean_loss']:.2f} a decision")


def _last(args: argparse.Namespace) -> int:
    from .persistence import AppPaths, StorageError
    from .persistence.handlog import replay
    from .persistence.history import History
    from .persistence.reviews import last_hand, load_review, save_review

    paths = AppPaths.from_environment()
    if not paths.history_db.is_file():
        print(f"No hand is recorded in {paths.data_dir} yet.", file=sys.stderr)
        return 1
    opened = History.open(paths.history_db)
    history = opened.value
    try:
        hand_id = last_hand(history)
        stored = history.load_hand(hand_id) if hand_id is not None else None
        if stored is None:
            print(f"No hand is recorded in {paths.data_dir} yet.", file=sys.stderr)
            return 1
        try:
            positions = replay(stored.result)
        except ValueError as exc:
            print(f"The last hand cannot be replayed: {exc}", file=sys.stderr)
            return 1
        n = positions[0].n_players
        seats = stored.seats
        if args.seat is not None:
            seat = args.seat - 1
            if seat >= n:
                print(f"The hand has {n} seats; --seat is 1 to {n}.", file=sys.stderr)
                return 2
        else:
            seat = next((i for i, s in enumerate(seats[:n]) if s.is_human), 0)
        settings = settings_name(args.budget, args.iterations)
        review = None
        cached = load_review(history, hand_id, seat, settings)
        if cached is not None:
            try:
                review = HandReview.from_json(cached)
            except ValueError:
                review = None
        if review is None or not review.complete:
            review = review_hand(positions, seat, budget=args.budget, iterations=args.iterations)
            try:
                save_review(history, hand_id, seat, settings, review.to_json())
            except (StorageError, ValueError) as exc:
                print(f"(the review could not be kept with the hand: {exc})", file=sys.stderr)
        names = [s.name for s in seats[:n]]
        report = {"hand_id": hand_id, "hand_number": stored.hand_number,
                  "deal_number": stored.result.deal_number, "seat": seat + 1,
                  "name": names[seat] if seat < len(names) else f"Seat {seat + 1}",
                  "summary": summary(review), "decisions": verdict_rows(positions, review, names)}
    except StorageError as exc:
        print(f"The score history could not be read: {exc}", file=sys.stderr)
        return 1
    finally:
        history.close()
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    deal = report["deal_number"]
    print(f"Hand {report['hand_number']}" + (f" (deal {format_deal_number(deal)})" if deal is not None else "")
          + f", reviewed for {report['name']} (seat {seat + 1}) at {settings} a decision:")
    _print_rows(report["decisions"])
    print(summary_line(review))
    return 0


def _print_rows(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        mark = "costly" if r["costly"] else "good" if r["good"] else f"-{r['loss']:.1f}"
        line = f"  move {r['move']:>2}: played {r['played']}"
        if not r["good"]:
            line += f"; better {r['best']}"
        print(f"{line}  [{mark}]")
        if r["costly"]:
            print(f"           {r['why']}")


def _deal(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .ai.arena import rules_by_name

    levels = [lv.strip().lower() for lv in args.levels.split(",") if lv.strip()]
    if not 2 <= len(levels) <= 4:
        parser.error("--levels names 2 to 4 computer levels, e.g. beginner,normal,expert,normal")
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r}: choose from {', '.join(LEVELS)}")
    try:
        rules = rules_by_name(args.rules)
    except ValueError as exc:
        parser.error(str(exc))
    positions = play_hand(args.deal, levels, rules=rules, iterations=args.iterations, budget=args.budget)
    final = positions[-1]
    seats = []
    for seat, level in enumerate(levels):
        review = review_hand(positions, seat, budget=args.budget, iterations=args.iterations)
        seats.append({"seat": seat + 1, "level": level, "points": final.points()[seat],
                      "forced": _moves_of(positions, seat) - len(decisions(positions, seat)),
                      "summary": summary(review),
                      "decisions": verdict_rows(positions, review)})
    report = {"deal_number": args.deal, "rules": rules.name, "levels": levels,
              "winner": (final.winner or 0) + 1, "settings": settings_name(args.budget, args.iterations),
              "seats": seats}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    print(f"Deal {format_deal_number(args.deal)}, {rules.name} rules, {len(levels)} seats; "
          f"seat {report['winner']} went out. Reviewed at {report['settings']} a decision.")
    for s in seats:
        m = s["summary"]
        print(f"  seat {s['seat']} {s['level']:9} points {s['points']:+4d}  decisions {m['decisions']:2}  "
              f"mean loss {m['mean_loss']:.2f}  costly {m['costly']} (about {m['costly_points']:.1f} points)"
              f"  good {m['good']}")
    return 0


def _moves_of(positions: Sequence[Game], seat: int) -> int:
    return sum(1 for i in range(len(positions) - 1) if positions[i + 1].history[-1][0] == seat)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="big2 review", description=__doc__.split("\n")[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--last", action="store_true", help="the last hand recorded in this data folder")
    which.add_argument("--deal", type=cliargs.deal_number, help="play this deal headless and review every seat")
    parser.add_argument("--seat", type=cliargs.whole_number(1, 4), help="with --last: the seat to review (1 to 4)")
    parser.add_argument("--levels", help="with --deal: a computer level a seat, e.g. beginner,normal,expert,normal")
    parser.add_argument("--rules", default="standard", help="with --deal: the rule preset (standard, hong-kong, …)")
    search = parser.add_mutually_exclusive_group()
    search.add_argument("--budget", type=cliargs.seconds, default=None,
                        help="seconds of search a decision (the Expert's 1 by default)")
    search.add_argument("--iterations", type=cliargs.whole_number(2, 100_000), default=None,
                        help="sampled deals a decision instead of a time (repeatable results)")
    parser.add_argument("--json", action="store_true", help="a machine-readable report")
    args = parser.parse_args(list(argv))
    if args.budget is not None and args.budget <= 0:
        parser.error("--budget must be more than 0 seconds")
    if args.deal is not None:
        if not args.levels:
            parser.error("--deal needs --levels, e.g. --levels beginner,normal,expert,normal")
        if args.seat is not None:
            parser.error("--seat goes with --last (--deal reviews every seat)")
        return _deal(args, parser)
    if args.levels:
        parser.error("--levels goes with --deal")
    return _last(args)


__all__ = ["COSTLY", "main", "summary", "summary_line", "verdict_rows"]
