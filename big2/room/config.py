"""What a room is set up with, and the record of a finished hand: plain values.

:class:`MatchConfig` is what New game (or a lobby) decides; :class:`HandResult` is what
the results screen shows of one hand. Both are frozen and JSON-able through
:mod:`big2.room.codec`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from big2.engine.rules import STANDARD, Rules


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat: a name, human or computer, and the computer's level."""

    name: str
    human: bool
    level: str = "normal"


def default_seats(n: int = 4) -> tuple[SeatConfig, ...]:
    """``n`` seats: a person at seat 0 ("You") and computers named by where they sit."""
    names = {2: ("You", "North"), 3: ("You", "East", "West"), 4: ("You", "East", "North", "West")}[n]
    return tuple(SeatConfig(name, human=(i == 0)) for i, name in enumerate(names))


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What the New game screen decides.

    The session ends after ``hands`` hands, or (when ``target`` is set) as soon as a
    seat's total reaches ``target`` points either way, whichever comes first.
    ``scoring`` names a scheme from the engine's scoring presets. ``deal`` deals the
    first hand from that deal number; without a ``seed`` the rest of the session (later
    deals, the computers' choices) then follows from the number too, so two tables
    given the same number play the same session.
    """

    seats: tuple[SeatConfig, ...] = field(default_factory=default_seats)
    rules: Rules = STANDARD
    hands: int = 4
    target: int | None = None
    seed: int | None = None
    scoring: str = "penalty-table"
    #: "Play a deal": the first hand's deal number (later hands follow from it).
    deal: int | None = None
    #: Undo with several people at the table (off unless New game turns it on).
    undo_hot_seat: bool = False

    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.human)


def quick_config(player: str | None = None, *, seed: int | None = None) -> MatchConfig:
    """The title's quick game: the player (by their stored name) and three computers."""
    seats = default_seats(4)
    if player and player.strip():
        seats = (SeatConfig(player.strip(), human=True), *seats[1:])
    return MatchConfig(seats=seats, seed=seed)


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: the winner, cards each seat held, points, totals after it.

    ``multipliers`` and ``notes`` come from the engine's score breakdown (how each
    seat's points came about) when it can give one.
    """

    number: int
    winner: int
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    hands_left: tuple[tuple[int, ...], ...]
    multipliers: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    #: Each seat's points in words for the scheme in play (``"8 × 2"``), '' where the
    #: scheme does not count cards (see :func:`big2.engine.explain.seat_working`).
    working: tuple[str, ...] = ()
    deal_number: int | None = None
    #: A move was taken back (undo) during the hand.
    assisted: bool = False
    #: People's seats the computer finished the hand for ("Let the computer play my hand").
    by_computer: tuple[int, ...] = ()
