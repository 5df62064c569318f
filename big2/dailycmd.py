"""``big2 daily [--date YYYY-MM-DD] [--json]``: a date's daily deal in the terminal.

Prints the date's deal number and table (:mod:`big2.room.daily`) and, when the daily
deal of that date was played in this data folder (``BIG2_HOME`` or the platform's),
the player's result and the Expert's duplicate result (:mod:`big2.persistence.daily`).
Text only, no pygame; it writes nothing, except that a damaged file of daily results
is set aside as the game would (said on stderr). Exit status 0, or 2 for a bad
argument.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import date
from typing import Any

from . import cliargs
from .engine.course import HandCourse, trick_symbols
from .engine.dailynumber import daily_deal_number
from .engine.dealnumber import format_deal_number


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="big2 daily", description="The daily deal of a date: its deal number, "
                                "and your result and the Expert's if you played it here.")
    p.add_argument("--date", type=cliargs.calendar_date, default=None, metavar="YYYY-MM-DD",
                   help="the date (default: today, on this computer's calendar)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p.parse_args(list(argv))


def _side(course: HandCourse | None, names: Sequence[str]) -> dict[str, Any] | None:
    if course is None:
        return None
    return {"points": course.my_points, "went_out_first": names[course.winner],
            "went_out": course.winner == course.seat, "tricks_won": course.tricks_won,
            "tricks": trick_symbols(course)}


def report(day: date, *, paths: Any = None, warn: Any = None) -> dict[str, Any]:
    """What ``big2 daily`` says of ``day``, as JSON values. ``paths``: the data folders
    (default: ``BIG2_HOME`` or the platform's); ``warn(text)`` hears each notice of
    a damaged file."""
    from .persistence.daily import DailyStore
    from .persistence.paths import AppPaths
    from .room.daily import daily_config

    config = daily_config(day)
    number = daily_deal_number(day)
    out: dict[str, Any] = {
        "date": day.isoformat(), "deal_number": number, "deal": format_deal_number(number),
        "rules": config.rules.name, "seats": config.n_players,
        "opponents": [{"name": s.name, "level": s.level} for s in config.seats[1:]],
        "played": False, "late": None, "by_computer": None, "you": None, "expert": None,
    }
    loaded = DailyStore(paths or AppPaths.from_environment()).load()
    for notice in loaded.notices:
        if warn is not None:
            warn(notice.text)
    record = loaded.value.get(day)
    if record is not None:
        out.update(played=True, late=record.late, by_computer=record.by_computer, you=_side(record.you, record.names),
                   expert=_side(record.expert, record.names))
    return out


def _text(r: dict[str, Any]) -> list[str]:
    day = date.fromisoformat(r["date"])
    rivals = ", ".join(f"{o['name']} ({o['level']})" for o in r["opponents"])
    lines = [f"Daily deal of {day:%A} {r['date']}: deal {r['deal']} (big2 --deal \"#{r['deal']}\")",
             f"{r['rules'].capitalize()} rules, {r['seats']} seats: you in the first seat, against {rivals}"]
    if not r["played"]:
        lines.append("Not played in this data folder.")
        return lines

    def side(who: str, s: dict[str, Any] | None) -> str:
        if s is None:
            return f"{who}: not played out yet."
        out = "went out first" if s["went_out"] else f"{s['went_out_first']} went out first"
        return f"{who}: {s['points']:+d} points, {out}; tricks taken: {s['tricks_won']}  {s['tricks']}"

    marks = [w for w, on in (("late", r["late"]), ("the computer played for you", r["by_computer"])) if on]
    lines.append(side("You" + (f" ({', '.join(marks)})" if marks else ""), r["you"]))
    if r["late"] or r["by_computer"]:
        lines.append("This day counts for no streak.")
    lines.append(side("The Expert in your seat", r["expert"]))
    return lines


def main(argv: Sequence[str]) -> int:
    args = _parse(argv)
    day = args.date or date.today()
    try:
        r = report(day, warn=lambda text: print(f"big2 daily: {text}", file=sys.stderr))
    except ValueError as exc:  # a date before 1970
        print(f"big2 daily: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
    else:
        print("\n".join(_text(r)))
    return 0
