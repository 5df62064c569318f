"""What a seat hears: the engine's events, redacted, and the room's own.

The engine's events that reveal nothing hidden reach every seat as they are
(:class:`~big2.engine.events.TurnStarted`, ``Played``, ``Passed``, ``TrickWon``,
``LastCard``, ``PlayerOut``, ``HandEnded``). Those that carry hidden cards reach a seat
only through :func:`big2.room.redact.redact`, as :class:`SeatDealt`, :class:`SeatDrew`,
:class:`SeatExchangeStarted` and :class:`SeatExchanged`. The room adds the events of
its own: the hand's remaining cards shown at its end, the hand scored, a seat handed to
the computer, a move taken back, a hint, a computer that stumbled.

Every class here is a frozen value that :mod:`big2.room.codec` writes as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from big2.engine.cards import CardSet
from big2.engine.combos import Move
from big2.engine.events import (
    CardsExchanged, Dealt, Drew, Event, HandEnded, LastCard, Passed, Played, PlayerOut, TrickWon, TurnStarted,
)
from big2.engine.messages import Message

from .config import HandResult

__all__ = [
    "CardsExchanged", "ComputerStumbled", "Dealt", "Drew", "Event", "ExchangeStarted", "HandEnded",
    "HandRevealed", "HandScored", "HintGiven", "LastCard", "MoveUndone", "Passed", "Played", "PlayerOut",
    "RoomEvent", "SeatDealt", "SeatDrew", "SeatEvent", "SeatExchangeStarted", "SeatExchanged", "SeatHanded",
    "TrickWon", "TurnStarted",
]


@dataclass(frozen=True, slots=True)
class ExchangeStarted:
    """The room's opening event of a hand with the three-player exchange (unredacted):
    ``loser`` hands their highest card, ``card``, to ``winner``, who must then give one
    back. The engine made this move when it dealt; the table plays it after the deal."""

    loser: int
    winner: int
    card: int


@dataclass(frozen=True, slots=True)
class SeatDealt:
    """The deal as ``seat`` sees it: its own ``hand``, every seat's card ``counts``, and
    who leads (``first``)."""

    seat: int
    hand: CardSet
    counts: tuple[int, ...]
    first: int


@dataclass(frozen=True, slots=True)
class SeatDrew:
    """``seat`` passed and drew ``count`` cards from the stock; ``cards`` are them for
    the drawer only (empty for everyone else)."""

    seat: int
    count: int
    cards: CardSet


@dataclass(frozen=True, slots=True)
class SeatExchangeStarted:
    """The exchange's first card crosses from ``loser`` to ``winner``; ``card`` is known
    to those two only (None for the others, who see a card face down)."""

    loser: int
    winner: int
    card: int | None


@dataclass(frozen=True, slots=True)
class SeatExchanged:
    """The winner gave a card back: ``given`` went to the winner and ``returned`` to the
    loser; both are known to the two of them only (None for the others)."""

    loser: int
    winner: int
    given: int | None
    returned: int | None


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """The hand is over: the cards each seat still held (empty for those who went out),
    shown to everyone when the rules show them (they always do here)."""

    hands: tuple[CardSet, ...]


@dataclass(frozen=True, slots=True)
class HandScored:
    """The finished hand was scored with the table's scheme: its record, the session's
    totals after it, and whether the session is over."""

    result: HandResult
    session_over: bool


@dataclass(frozen=True, slots=True)
class SeatHanded:
    """The computer plays ``seat`` (a person's) for the rest of this hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class MoveUndone:
    """``seat`` took a move back: the hand is back at their decision with ``moves``
    moves made in it, and ``steps_left`` more steps can still be taken back. A fresh
    snapshot follows."""

    seat: int
    moves: int
    steps_left: int


@dataclass(frozen=True, slots=True)
class HintGiven:
    """The hint asked for by ``seat``: ``move`` (PASS to pass, or a card to give back
    with ``card``) and why, as a message."""

    seat: int
    move: Move
    why: Message
    card: int | None = None


@dataclass(frozen=True, slots=True)
class ComputerStumbled:
    """The computer for ``seat`` (``level``) failed; ``used`` made its move instead
    ("normal", "beginner" or "lowest"). The game went on."""

    seat: int
    level: str
    used: str


#: What the room adds to the engine's events.
RoomEvent = HandRevealed | HandScored | SeatHanded | MoveUndone | HintGiven | ComputerStumbled

#: Everything a seat may be sent.
SeatEvent = (
    SeatDealt | SeatDrew | SeatExchangeStarted | SeatExchanged | TurnStarted | Played | Passed | TrickWon
    | LastCard | PlayerOut | HandEnded | RoomEvent
)
