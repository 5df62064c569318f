"""The three-player exchange: the last hand's loser hands their highest card to its winner,
who gives one card back before play starts.

:class:`Exchange` is a mixin of :class:`~big2.engine.game.Game` (its state is declared on
:class:`~big2.engine.state.HandState`). :meth:`Game.deal(..., exchange=(loser, winner))
<big2.engine.game.Game.deal>` starts it; while :attr:`~HandState.exchange` is set the hand
has no legal moves and every checked move is refused until :meth:`Exchange.give_back`.
"""

from __future__ import annotations

from .cards import Card, CardSet, format_card
from .errors import IllegalMove
from .events import CardsExchanged, Event, TurnStarted
from .messages import msg
from .state import HandState

__all__ = ["Exchange"]


class Exchange(HandState):
    """The three-player exchange half of :class:`~big2.engine.game.Game` (see the module)."""

    __slots__ = ()  # the state's slots are declared on HandState

    def _start_exchange(self, loser: int, winner: int) -> None:
        """Move the loser's highest card to the winner and wait for one back."""
        if loser == winner or not (0 <= loser < self.n_players and 0 <= winner < self.n_players):
            raise ValueError("the exchange needs two different seats")
        strength = self._t.card_strength
        top = max((c for c in CardSet.from_mask(self._hands[loser])), key=lambda c: strength[c])
        self._hands[loser] ^= 1 << top
        self._hands[winner] |= 1 << top
        self._moves[loser] = self._moves[winner] = None
        self._valid[loser] = self._valid[winner] = False
        self.exchange = (loser, winner)
        self._exchange_card = top

    @property
    def exchange_card(self) -> Card | None:
        """The card the exchange loser handed over, while the winner owes one back."""
        return self._exchange_card if self.exchange is not None else None

    def give_back(self, card: Card) -> tuple[Event, ...]:
        """The exchange winner returns an unwanted card to the loser; play then starts.

        Raises :class:`IllegalMove` when no exchange is waiting or the winner does not
        hold ``card`` (the card they just received may be given back too).
        """
        if self.exchange is None:
            raise IllegalMove(msg("There is no card to give back now."))
        loser, winner = self.exchange
        if type(card) is not int or not 0 <= card < 52:
            raise IllegalMove(msg("{card} is not a card: give back one of your cards.", card=repr(card)))
        if not self._hands[winner] >> card & 1:
            raise IllegalMove(msg("{name} does not hold {cards}.", name=self.names[winner],
                                  cards=format_card(card, symbols=True)))
        self._hands[winner] ^= 1 << card
        self._hands[loser] |= 1 << card
        self._moves[loser] = self._moves[winner] = None
        self._valid[loser] = self._valid[winner] = False
        self.exchange = None
        lowest = self._lowest_dealt()
        if self._first_card >= 0:
            self._first_card = lowest
            self._first = self._to_act = next(
                s for s in range(self.n_players) if self._hands[s] >> lowest & 1
            )
        return (
            CardsExchanged(loser, winner, self._exchange_card, card),
            TurnStarted(self._to_act, True),
        )

    def suggest_give_back(self) -> Card:
        """A sensible card for the exchange winner to return: their weakest single card
        that is not part of a pair (else simply their weakest card)."""
        if self.exchange is None:
            raise IllegalMove(msg("There is no card to give back now."))
        hand = self._hands[self.exchange[1]]
        by_strength = self._t.by_strength
        held = [c for c in by_strength if hand >> c & 1]
        for c in held:
            if ((hand >> (c & ~3)) & 15).bit_count() == 1:
                return c
        return held[0]
