"""The daily deal's table: what is played on a date, the same on every computer.

A date's table is fixed by the date alone: the Standard preset, four seats, one hand of
the date's deal number (:func:`big2.engine.dailynumber.daily_deal_number`), the player
in the first seat, and three computer characters (:mod:`.personas`, each at its own
level) chosen by the weekday (:data:`WEEK`): Monday's table is the gentlest, the
weekend's the hardest. With
no session seed the computers' generators follow from the deal number
(:class:`~big2.room.match.Match`), so the opponents choose alike wherever the same
moves are made. :func:`daily_config` is the table; :func:`opponents` what the screens
show of it.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from big2.engine.dailynumber import daily_deal_number
from big2.engine.rules import STANDARD

from . import personas
from .config import MatchConfig, SeatConfig

#: The computer opponents, characters of :mod:`big2.room.personas` at their own levels.
def _character(name: str) -> personas.Persona:
    found = personas.named(name)
    assert found is not None, name
    return found


PLAYERS: Final = {name: _character(name).level for name in ("Nena", "Ah Keung", "Siti", "Marco", "Mei Lin")}
#: Monday … Sunday: the opponents in the seats after the player's (East, North, West).
WEEK: Final = (
    ("Nena", "Ah Keung", "Siti"),
    ("Ah Keung", "Marco", "Siti"),
    ("Siti", "Nena", "Mei Lin"),
    ("Marco", "Ah Keung", "Mei Lin"),
    ("Mei Lin", "Siti", "Marco"),
    ("Marco", "Mei Lin", "Ah Keung"),
    ("Mei Lin", "Marco", "Ah Keung"),
)
#: The scoring scheme of every daily deal.
SCORING: Final = "penalty-table"


def opponents(day: date) -> tuple[SeatConfig, ...]:
    """``day``'s three computer opponents, in seat order after the player."""
    return tuple(SeatConfig(name, human=False, level=PLAYERS[name]) for name in WEEK[day.weekday()])


def daily_config(day: date, player: str = "You") -> MatchConfig:
    """The table of ``day``'s daily deal, with ``player`` (a name) in the first seat."""
    seats = (SeatConfig(player.strip() or "You", human=True), *opponents(day))
    return MatchConfig(seats=seats, rules=STANDARD, hands=1, seed=None, scoring=SCORING,
                       deal=daily_deal_number(day))
