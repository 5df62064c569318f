"""The one place that decides what a seat may see of an event: :func:`redact`.

Rules (the same for a table in this process and for a client across the network):

* ``Dealt`` carries only the seat's own hand; the others become card counts
  (:class:`~big2.room.events.SeatDealt`).
* A card drawn from the stock is seen by the drawer only; the others learn how many
  (:class:`~big2.room.events.SeatDrew`).
* The three-player exchange's cards are seen by the loser and the winner, who trade
  them; the others see cards cross face down (:class:`~big2.room.events.SeatExchangeStarted`,
  :class:`~big2.room.events.SeatExchanged`).
* A hint (``HintGiven``) goes to the seat that asked, and to no one else.
* Everything else is public: plays, passes, tricks, the end of the hand, the remaining
  hands shown when it is over (``HandRevealed``), its score.
* The deal number reveals every hand, so where the room withholds it (``reveal_deal``
  False) a scored hand's record reaches seats without it until the hand is scored —
  the record is sent only then, so it is sent with the number.
"""

from __future__ import annotations

from typing import Any

from big2.engine.cards import CardSet
from big2.engine.events import CardsExchanged, Dealt, Drew

from .events import ExchangeStarted, HintGiven, SeatDealt, SeatDrew, SeatExchanged, SeatExchangeStarted


def redact(event: Any, seat: int) -> Any | None:
    """``event`` as ``seat`` may see it, or None when ``seat`` must not hear of it."""
    if isinstance(event, Dealt):
        return SeatDealt(seat, event.hands[seat], tuple(len(h) for h in event.hands), event.first)
    if isinstance(event, Drew):
        return SeatDrew(event.seat, len(event.cards), event.cards if event.seat == seat else CardSet())
    if isinstance(event, ExchangeStarted):
        sees = seat in (event.loser, event.winner)
        return SeatExchangeStarted(event.loser, event.winner, event.card if sees else None)
    if isinstance(event, CardsExchanged):
        sees = seat in (event.loser, event.winner)
        return SeatExchanged(event.loser, event.winner, event.given if sees else None,
                             event.returned if sees else None)
    if isinstance(event, HintGiven):
        return event if event.seat == seat else None
    return event
