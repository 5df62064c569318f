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
    """``seat`` passed (``auto`` when AutoPass passed for them: nothing could beat)."""

    seat: int
    auto: bool = False


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Everyone else passed: ``seat`` takes the trick and leads next."""

    seat: int


@dataclass(frozen=True, slots=True)
class LastCard:
    """``seat`` has one card left: announce it loudly."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """``seat`` went out in ``place`` (1 = first) and the others play on."""

    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` passed and drew ``cards`` from the stock (others see only how many)."""

    seat: int
    cards: CardSet


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    """Three-player exchange: ``loser`` gave ``given`` to ``winner``, who returned
    ``returned``."""

    loser: int
    winner: int
    given: int
    returned: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """``winner`` went out first. ``cards_left`` and ``points`` are per seat.

    ``points`` use the standard penalty table; the session scores with the table's
    chosen scheme. ``finish_order`` lists seats as they went out; ``dragon`` is set when
    a dragon won at once; ``liable`` names the seat that broke the assistant rule and
    pays everyone's losses.
    """

    winner: int
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    finish_order: tuple[int, ...] = ()
    dragon: bool = False
    liable: int | None = None


Event = (
    Dealt | TurnStarted | Played | Passed | TrickWon | LastCard | HandEnded | PlayerOut
    | Drew | CardsExchanged
)
