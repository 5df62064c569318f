"""The card tracker: which cards one seat has not seen yet, laid out by rank and suit.

Built only from a :class:`~big2.ai.view.PlayerView`, so it can never show more than the
seat may know: a card counts as *seen* when it is in the seat's own hand or has been
played by anyone; every other card is *unseen* (in another hand, in the stock, or — with
two or three players when the rest of the pack lies unused — not dealt at all; the
tracker says how many unseen cards are out of play, never which).
"""

from __future__ import annotations

from dataclasses import dataclass

from big2.engine import CardSet, Deck, Rules, card
from big2.engine.cards import RANK_NAMES, SUIT_CHARS, SUIT_SYMBOLS
from big2.engine.messages import Message, msg_n, msg_p

from .view import PlayerView

#: Rank indexes from the strongest (2) down to the weakest (3), the tracker's row order.
RANKS_HIGH_FIRST: tuple[int, ...] = tuple(range(12, -1, -1))


@dataclass(frozen=True, slots=True)
class TrackerCell:
    """One card of the grid: its int, and whether the seat has not seen it yet."""

    card: int
    unseen: bool


@dataclass(frozen=True, slots=True)
class TrackerRow:
    """One rank: its name, the cards in the rules' suit order (weakest suit first), and
    the strongest combination the unseen cards of this rank could still make."""

    rank: int
    name: str
    cells: tuple[TrackerCell, ...]
    unseen: int
    #: "four", "triple", "pair" or "" — what the rank's unseen cards could form.
    could_form: str


@dataclass(frozen=True, slots=True)
class Tracker:
    """The unseen cards of one seat. Make one with :func:`track`."""

    seat: int
    rules: Rules
    unseen: CardSet
    #: Cards in the other seats' hands (public: the card counts).
    in_other_hands: int

    @property
    def out_of_play(self) -> int:
        """Unseen cards that are in no hand: undealt (2–3 players) or in the stock."""
        return len(self.unseen) - self.in_other_hands

    @property
    def flushes(self) -> bool:
        """Whether this deck plays flushes (five unseen cards of a suit could be one)."""
        return self.rules.deck is Deck.FULL

    @property
    def suits(self) -> tuple[int, ...]:
        """Suit indexes in the rules' order, weakest first (the grid's columns)."""
        return tuple(SUIT_CHARS.index(s) for s in self.rules.suit_order)

    @property
    def suit_symbols(self) -> tuple[str, ...]:
        return tuple(SUIT_SYMBOLS[s] for s in self.suits)

    def rows(self) -> tuple[TrackerRow, ...]:
        """The grid: one row per rank, 2 first, then A, K … 3."""
        triples = self.rules.deck is not Deck.NO_TRIPLES_NO_FLUSHES
        out = []
        for r in RANKS_HIGH_FIRST:
            cells = tuple(TrackerCell(card(r, s), card(r, s) in self.unseen) for s in self.suits)
            n = sum(c.unseen for c in cells)
            form = "four" if n == 4 else "triple" if n == 3 and triples else "pair" if n >= 2 else ""
            out.append(TrackerRow(r, RANK_NAMES[r], cells, n, form))
        return tuple(out)

    def unseen_in_suit(self, suit: int) -> int:
        """How many unseen cards of ``suit`` (a flush needs five)."""
        return sum(1 for c in self.unseen if c & 3 == suit)

    def summary(self) -> Message:
        """One sentence: how many cards are unseen and where they can be (``str()`` of it
        is the English; the app renders it in the player's language)."""
        unseen = msg_n("{n} card not seen yet", "{n} cards not seen yet", len(self.unseen))
        if self.out_of_play:
            gone = msg_n("{n} of them is not in anyone's hand", "{n} of them are not in anyone's hand",
                         self.out_of_play)
            return msg_p("card tracker", "{unseen}; {gone}.", unseen=unseen, gone=gone)
        return msg_p("card tracker", "{unseen}.", unseen=unseen)


def track(view: PlayerView) -> Tracker:
    """The tracker of ``view.seat``: every card not in its hand and not played yet."""
    others = sum(n for s, n in enumerate(view.counts) if s != view.seat)
    return Tracker(view.seat, view.rules, CardSet.from_mask(view.unseen_mask), others)
