"""The state of one hand and the questions a caller may ask of it.

:class:`HandState` declares every attribute of a hand (all of :class:`~big2.engine.game.Game`'s
state lives in its slots) and answers read-only questions: whose turn, the trick, who
passed, each seat's cards, points and the outcome. It changes nothing; dealing and moves
are :class:`~big2.engine.game.Game`'s, the house rules' path is in
:mod:`big2.engine.house`, the three-player exchange in :mod:`big2.engine.exchange` and the
checked moves in :mod:`big2.engine.checked`.
"""

from __future__ import annotations

from .cards import FULL_MASK, Card, CardSet
from .combos import PASS, Combo, Move, all_moves, combo_of_move
from .events import Event
from .rules import RuleTables, Rules
from .scoring import HandOutcome, standard_penalties
from .seats import check_seat

__all__ = ["HandState"]


class HandState:
    """Every attribute of a hand, and the questions that only read them (see the module)."""

    #: Every slot of a hand's state (the classes built on this one add none).
    __slots__ = (
        "rules", "names", "n_players", "history", "clockwise", "_t", "_plain", "_hands",
        "_played", "_moves", "_valid", "_to_act", "_trick", "_owner", "_passes", "_passed",
        "_first_card", "_winner", "_first", "_step", "_out", "finish_order", "_stock",
        "_pending_liability", "liable", "dragon", "exchange", "_exchange_card", "_log",
        "_dealt", "_lone_two", "_enforced", "_liability",
    )

    rules: Rules
    #: The players' names, one per seat.
    names: tuple[str, ...]
    n_players: int
    #: Every move so far as ``(seat, move)``; ``move`` is ``PASS`` for a pass.
    history: list[tuple[int, Move]]
    #: True when this hand is played clockwise (decided at the deal).
    clockwise: bool
    #: Seats in the order they went out (all but the last when playing on).
    finish_order: list[int]
    #: The seat that ignored the assistant rule and pays everyone's losses, if any.
    liable: int | None
    #: True when the hand was won at once by a dragon (laid down at the deal: its holder
    #: holds no cards and its 13 cards are in :meth:`played_by`, but not in ``history``).
    dragon: bool
    #: ``(loser, winner)`` while the three-player exchange waits for the winner's card.
    exchange: tuple[int, int] | None

    # Private state, as masks and ints for speed; -1 stands for "none".
    _t: RuleTables  # the rules' lookup tables
    _plain: bool  # no house rule needs the general path (see big2.engine.house)
    _hands: list[int]  # each seat's cards
    _played: list[int]  # each seat's played cards
    _moves: list[list[Move] | None]  # each seat's sorted combinations, made on demand
    _valid: list[bool]  # whether _moves[seat] still matches the seat's cards
    _to_act: int
    _trick: Move  # the play to beat (PASS when leading)
    _owner: int  # who made it
    _passes: int  # passes since it was made
    _passed: int  # mask of the seats that passed
    _first_card: int  # the card the first play must hold
    _winner: int
    _first: int  # the seat that makes the first play
    _step: int  # 1 anticlockwise, n - 1 clockwise
    _out: int  # mask of the seats that went out
    _stock: list[int]  # undealt cards, drawn from the front
    _pending_liability: tuple[int, int] | None  # (offender, next seat) under the assistant rule
    _exchange_card: int  # the card the exchange loser handed over
    _log: list[Event] | None  # where a checked move collects its events
    _dealt: tuple[int, ...]  # cards dealt to each seat
    _lone_two: bool  # the rules restrict a lone 2
    _enforced: bool  # the assistant rule is enforced
    _liability: bool  # the assistant rule makes an offender liable

    @property
    def to_act(self) -> int:
        """The seat whose turn it is (meaningless once the hand is over)."""
        return self._to_act

    @property
    def first_player(self) -> int:
        """The seat that made (or makes) the first play of the hand."""
        return self._first

    @property
    def is_over(self) -> bool:
        return self._winner >= 0

    @property
    def winner(self) -> int | None:
        """The first seat to go out (None while the hand goes on)."""
        return self._winner if self._winner >= 0 else None

    @property
    def leading(self) -> bool:
        """True when the player to act starts a new trick (and may not pass)."""
        return self._trick == PASS

    @property
    def trick(self) -> Combo | None:
        """The play to beat, or None when the player to act leads."""
        return combo_of_move(self._trick) if self._trick else None

    @property
    def trick_move(self) -> Move:
        return self._trick

    @property
    def trick_owner(self) -> int | None:
        """Who made the play to beat (None when leading)."""
        return self._owner if self._trick else None

    @property
    def passed(self) -> frozenset[int]:
        """Seats that have passed since the last play (since the trick began, with
        pass-lock rules: they may not play again in this trick)."""
        return frozenset(s for s in range(self.n_players) if self._passed >> s & 1)

    @property
    def out(self) -> frozenset[int]:
        """Seats that have gone out (play-on rules)."""
        return frozenset(self.finish_order)

    @property
    def must_include(self) -> Card | None:
        """The card the first play must contain, while the first play is pending."""
        return self._first_card if self._first_card >= 0 else None

    @property
    def stock_size(self) -> int:
        """Cards left in the undealt stock (drawn from when passing, under some rules)."""
        return len(self._stock)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (``ValueError`` for a seat not at this table)."""
        return CardSet.from_mask(self._hands[check_seat(seat, self.n_players)])

    def hand_mask(self, seat: int) -> int:
        return self._hands[check_seat(seat, self.n_players)]

    def played_by(self, seat: int) -> CardSet:
        """Every card ``seat`` has played this hand."""
        return CardSet.from_mask(self._played[check_seat(seat, self.n_players)])

    @property
    def card_counts(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._hands)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in this hand's direction of play."""
        return (check_seat(seat, self.n_players) + self._step) % self.n_players

    def points(self) -> tuple[int, ...]:
        """Points of a finished hand under the standard penalty table.

        A dragon scores everyone else as holding all 13 cards. The session applies the
        table's chosen scoring scheme (see :mod:`big2.engine.scoring`).
        """
        counts = self.card_counts
        if self.dragon:
            counts = tuple(0 if s == self._winner else 13 for s in range(self.n_players))
        return standard_penalties(counts)

    def outcome(self) -> HandOutcome:
        """What a scoring scheme needs to know about this finished hand."""
        if self._winner < 0:
            raise ValueError("the hand is not over yet")
        last_play = 0
        for seat, move in reversed(self.history):
            if seat == self._winner and move:
                last_play = move & FULL_MASK
                break
        return HandOutcome.from_hands(
            [self.hand(s) for s in range(self.n_players)], self._winner,
            finish_order=tuple(s for s in self.finish_order if not self._hands[s]),
            starter=self._first,
            last_play=CardSet.from_mask(last_play), dealt=self._dealt,
            played_any=tuple(p != 0 for p in self._played), liable=self.liable,
            dragon=self.dragon,
        )

    # -- helpers for the classes built on this one ---------------------------------------

    def _list(self, seat: int) -> list[Move]:
        """The seat's current combinations, sorted (made once, then filtered as cards go)."""
        lst = self._moves[seat]
        if lst is None:
            lst = all_moves(self._hands[seat], self._t)
        else:
            gone = FULL_MASK ^ self._hands[seat]
            lst = [m for m in lst if not m & gone]
        self._moves[seat] = lst
        self._valid[seat] = True
        return lst

    def _lowest_dealt(self) -> Card:
        """The weakest card in anyone's hand (the first play must hold it, by default)."""
        dealt = 0
        for h in self._hands:
            dealt |= h
        return next(c for c in self._t.by_strength if dealt >> c & 1)
