"""Seats at the table: how many, their default names, and checking a seat number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["SEAT_NAMES", "check_seat", "seat_names_for"]

#: The default name of each seat, by number of players. Seats are numbered anticlockwise.
SEAT_NAMES: Final = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}


def check_seat(seat: object, n: int) -> int:
    """``seat`` when it is a seat of a table of ``n``; else ``ValueError`` with a sentence."""
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"There is no seat {seat!r} at a table of {n}: seats are 0 to {n - 1}.")
    return seat


def seat_names_for(players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    """The given names (one per seat, checked) or the default compass names."""
    if type(players) is not int or players not in SEAT_NAMES:
        raise ValueError(f"Big Two is played by 2, 3 or 4 players, not {players!r}.")
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)):
        raise ValueError(f"Names must be a list of {players} names, not {names!r}.")
    seat_names = tuple(names) if names is not None else SEAT_NAMES[players]
    if not all(isinstance(name, str) for name in seat_names):
        raise ValueError(f"Every name must be text: {seat_names!r}.")
    if len(seat_names) != players:
        raise ValueError(f"{players} players need {players} names, got {len(seat_names)}")
    return seat_names
