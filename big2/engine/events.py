"""Events: the only channel from the engine to the screen and to observers.

Every checked change to a :class:`~big2.engine.game.Game` returns a tuple of these, in
order. They are frozen values; the UI animates them, opponents and logs follow them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardSet
from .combos import Combo


@dataclass(frozen=True, slots=True)
class Dealt:
    """Cards were dealt. ``hands[seat]`` is each seat's hand; ``first`` leads."""

    hands: tuple[CardSet, ...]
    first: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """It is ``seat``'s turn; ``leading`` when they may play anything (no pass)."""

    seat: int
    leading: bool


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``combo`` and now holds ``cards_left`` cards."""

    seat: int
    combo: Combo
    cards_left: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed."""

    seat: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Everyone else passed: ``seat`` takes the trick and leads next."""

    seat: int


@dataclass(frozen=True, slots=True)
class LastCard:
    """``seat`` has one card left: announce it loudly."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """``winner`` has no cards left. ``cards_left`` and ``points`` are per seat."""

    winner: int
    cards_left: tuple[int, ...]
    points: tuple[int, ...]


Event = Dealt | TurnStarted | Played | Passed | TrickWon | LastCard | HandEnded
