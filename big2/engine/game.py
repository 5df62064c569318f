"""One hand of Big Two: dealing, turns, tricks, and the end of the hand.

Two ways to move, as in python-chess:

* :meth:`Game.play`, :meth:`Game.pass_turn` and :meth:`Game.make` are for people and the
  screen. They check everything, raise :class:`IllegalMove` with a sentence a player can
  read and leave the state untouched, and return the events of the change.
* :meth:`Game.apply` trusts its caller (a move from :meth:`Game.legal_moves`), returns
  nothing and is fast: it is what searches and simulations use.

The holder of the lowest card leads the first trick and must include that card.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import Final, overload

from .cards import FULL_MASK, Card, CardSet, CardsLike, format_card, to_cardset
from .combos import (
    KEY_SHIFT,
    PASS,
    Combo,
    Move,
    classify,
    combo_of_move,
    format_play,
    SIZE_SHIFT,
    all_moves,
    why_not,
)
from .events import Dealt, Event, HandEnded, LastCard, Passed, Played, TrickWon, TurnStarted
from .rules import STANDARD, Rules, tables_for
from .scoring import standard_penalties

SEAT_NAMES: Final = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(error)`` is a sentence for the player."""


class GameOver(IllegalMove):
    """The hand is already over."""


class NotYourTurn(IllegalMove):
    """A seat tried to act out of turn."""


class LegalMoves(Sequence[Move]):
    """The legal moves of a position: a lazy, countable, indexable view.

    Moves are ints (see :mod:`big2.engine.combos`), sorted by size and then strength;
    ``PASS`` (0) comes last when the player is following. Iterate it, test membership,
    take ``len`` or index it. It is a view over a slice of the player's sorted
    combination list, so making one copies nothing.
    """

    __slots__ = ("_lst", "_start", "_len", "_pass")

    def __init__(self, moves: list[Move], start: int = 0, end: int | None = None, *, can_pass: bool) -> None:
        self._lst = moves
        self._start = start
        self._pass = can_pass
        self._len = (len(moves) if end is None else end) - start + can_pass

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if i.__class__ is int and 0 <= i < self._len - self._pass:  # type: ignore[operator]
            return self._lst[self._start + i]  # type: ignore[operator]
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if 0 <= i < self._len - self._pass:
            return self._lst[self._start + i]
        if self._pass and i == self._len - 1:
            return PASS
        raise IndexError("legal move index out of range")

    def __iter__(self) -> Iterator[Move]:
        yield from self._lst[self._start:self._start + self._len - self._pass]
        if self._pass:
            yield PASS

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, int):
            return False
        if move == PASS:
            return self._pass
        lst = self._lst
        end = self._start + self._len - self._pass
        i = bisect_left(lst, move, self._start, end)
        return i < end and lst[i] == move

    @property
    def can_pass(self) -> bool:
        return self._pass

    def __repr__(self) -> str:
        return f"<LegalMoves: {self._len} moves>"


_EMPTY_MOVES = LegalMoves([], can_pass=False)
_new_legal_moves = object.__new__


class Game:
    """The state of one hand: hands, whose turn, the trick, passes and history.

    Seats are numbered in playing order: the next seat to act after ``s`` is
    ``(s + 1) % n_players``. Build one with :meth:`deal` (random) or the constructor
    (fixed hands, for tests and puzzles).
    """

    __slots__ = (
        "rules", "names", "n_players", "history", "_t", "_hands", "_played", "_moves",
        "_valid", "_to_act", "_trick", "_owner", "_passes", "_passed",
        "_first_card", "_winner", "_first",
    )

    rules: Rules
    names: tuple[str, ...]
    n_players: int
    history: list[tuple[int, Move]]
    _moves: list[list[Move] | None]

    def __init__(
        self,
        hands: Sequence[CardsLike],
        *,
        rules: Rules = STANDARD,
        names: Sequence[str] | None = None,
        first: int | None = None,
    ) -> None:
        sets = [to_cardset(h) for h in hands]
        n = len(sets)
        if n not in SEAT_NAMES:
            raise ValueError(f"Big Two is played by 2, 3 or 4 players, not {n}")
        seen = 0
        for s in sets:
            if s.mask & seen:
                raise ValueError(f"{format_card((s.mask & seen).bit_length() - 1)} is dealt twice")
            if not s:
                raise ValueError("every player must be dealt at least one card")
            seen |= s.mask
        names = tuple(names) if names is not None else SEAT_NAMES[n]
        if len(names) != n:
            raise ValueError(f"{n} players need {n} names, got {len(names)}")
        self._setup([s.mask for s in sets], rules, names, first)

    def _setup(self, hands: list[int], rules: Rules, names: tuple[str, ...], first: int | None) -> None:
        """Fill in a fresh state from validated hand masks."""
        n = len(hands)
        self.rules = rules
        self._t = tables_for(rules)
        self.names = names
        self.n_players = n
        self._hands = hands
        self._played = [0] * n
        self._moves = [None] * n
        self._valid = [False] * n
        lowest = self._lowest_dealt()
        self._first_card = lowest if rules.first_lead_has_lowest else -1
        if first is None:
            first = next(s for s in range(n) if hands[s] >> lowest & 1)
        self._to_act = first
        self._trick = PASS
        self._owner = -1
        self._passes = 0
        self._passed = 0
        self._winner = -1
        self._first = first
        #: Every move so far as ``(seat, move)``; ``move`` is ``PASS`` for a pass.
        self.history = []

    def _lowest_dealt(self) -> Card:
        dealt = 0
        for h in self._hands:
            dealt |= h
        return next(c for c in self._t.by_strength if dealt >> c & 1)

    @classmethod
    def deal(
        cls,
        rng: random.Random,
        *,
        rules: Rules = STANDARD,
        players: int = 4,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Shuffle with ``rng`` and deal ``rules.cards_per_player`` cards to each seat.

        The same ``rng`` state always gives the same deal.
        """
        if players not in SEAT_NAMES:
            raise ValueError(f"Big Two is played by 2, 3 or 4 players, not {players}")
        deck = list(range(52))
        rng.shuffle(deck)
        k = rules.cards_per_player
        if k * players > 52:
            raise ValueError(f"{players} hands of {k} cards need more than 52 cards")
        hands = []
        for i in range(players):
            mask = 0
            for c in deck[i * k:(i + 1) * k]:
                mask |= 1 << c
            hands.append(mask)
        seat_names = tuple(names) if names is not None else SEAT_NAMES[players]
        if len(seat_names) != players:
            raise ValueError(f"{players} players need {players} names, got {len(seat_names)}")
        game = cls.__new__(cls)
        game._setup(hands, rules, seat_names, None)
        return game

    @classmethod
    def from_position(
        cls,
        hands: Sequence[CardsLike],
        *,
        to_act: int,
        rules: Rules = STANDARD,
        trick: Move = PASS,
        trick_owner: int | None = None,
        passed: Sequence[int] = (),
        played: Sequence[CardsLike] | None = None,
        must_include: Card | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A game in the middle of a hand, from plain values (for search and puzzles).

        ``trick`` is the move to beat (``PASS`` when ``to_act`` leads) and ``passed`` the
        seats that passed since it was made. ``played`` gives each seat's played cards
        (empty when omitted). ``must_include`` is the card the first play must hold, if
        the first play has not been made. History starts empty.
        """
        g = cls(hands, rules=rules, names=names, first=to_act)
        n = g.n_players
        if not 0 <= to_act < n:
            raise ValueError(f"no seat {to_act} at a table of {n}")
        if trick != PASS:
            if trick_owner is None or not 0 <= trick_owner < n or trick_owner == to_act:
                raise ValueError("a trick needs an owner other than the player to act")
            if classify(CardSet.from_mask(trick & FULL_MASK), rules) is None:
                raise ValueError("the trick is not a combination")
            g._trick = classify(CardSet.from_mask(trick & FULL_MASK), rules).move  # type: ignore[union-attr]
            g._owner = trick_owner
            g._passes = len(passed)
            for s in passed:
                g._passed |= 1 << s
        elif passed:
            raise ValueError("nobody can have passed when the player to act leads")
        if played is not None:
            g._played = [to_cardset(p).mask for p in played]
        g._first_card = must_include if must_include is not None else -1
        return g

    # -- state -----------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        """The seat whose turn it is (the winner's seat once the hand is over)."""
        return self._to_act

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def is_over(self) -> bool:
        return self._winner >= 0

    @property
    def winner(self) -> int | None:
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
        """Seats that have passed since the last play in this trick."""
        return frozenset(s for s in range(self.n_players) if self._passed >> s & 1)

    @property
    def must_include(self) -> Card | None:
        """The card the first play must contain, while the first play is pending."""
        return self._first_card if self._first_card >= 0 else None

    def hand(self, seat: int) -> CardSet:
        return CardSet.from_mask(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    def played_by(self, seat: int) -> CardSet:
        """Every card ``seat`` has played this hand."""
        return CardSet.from_mask(self._played[seat])

    @property
    def card_counts(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._hands)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n_players

    def points(self) -> tuple[int, ...]:
        """Points of a finished hand under the standard penalty table."""
        return standard_penalties(self.card_counts)

    # -- moves -----------------------------------------------------------------------

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

    def legal_moves(self) -> LegalMoves:
        """Every legal move of the player to act (with ``PASS`` when following).

        Moves come sorted by size (1, 2, 3, 5), then by strength.
        """
        if self._winner >= 0:
            return _EMPTY_MOVES
        p = self._to_act
        lst: list[Move] = self._moves[p] if self._valid[p] else self._list(p)  # type: ignore[assignment]
        trick = self._trick
        if trick:
            i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
            j = bisect_left(lst, ((trick >> SIZE_SHIFT) + 1) << SIZE_SHIFT, i)
            lm: LegalMoves = _new_legal_moves(LegalMoves)
            lm._lst = lst
            lm._start = i
            lm._pass = True
            lm._len = j - i + 1
            return lm
        if self._first_card >= 0:
            bit = 1 << self._first_card
            lst = [m for m in lst if m & bit]
        lm = _new_legal_moves(LegalMoves)
        lm._lst = lst
        lm._start = 0
        lm._pass = False
        lm._len = len(lst)
        return lm

    def apply(self, move: Move) -> None:
        """Make ``move`` for the player to act without checking it.

        ``move`` must come from :meth:`legal_moves`; anything else corrupts the state.
        """
        p = self._to_act
        self.history.append((p, move))
        n = self.n_players
        if move == PASS:
            self._passes += 1
            self._passed |= 1 << p
            if self._passes >= n - 1:
                self._trick = PASS
                self._passes = 0
                self._passed = 0
                self._to_act = self._owner
            else:
                self._to_act = (p + 1) % n
            return
        mask = move & FULL_MASK
        self._hands[p] ^= mask
        self._played[p] |= mask
        self._valid[p] = False
        self._trick = move
        self._owner = p
        self._passes = 0
        self._passed = 0
        self._first_card = -1
        if self._hands[p]:
            self._to_act = (p + 1) % n
        else:
            self._winner = p

    def copy(self) -> Game:
        """An independent copy (history included) for search."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.names = self.names
        g.n_players = self.n_players
        g.history = list(self.history)
        g._t = self._t
        g._hands = list(self._hands)
        g._played = list(self._played)
        g._moves = list(self._moves)
        g._valid = list(self._valid)
        g._to_act = self._to_act
        g._trick = self._trick
        g._owner = self._owner
        g._passes = self._passes
        g._passed = self._passed
        g._first_card = self._first_card
        g._winner = self._winner
        g._first = self._first
        return g

    # -- checked moves for people ------------------------------------------------------

    def start_events(self) -> tuple[Event, ...]:
        """The events that open the hand: the deal and the first turn."""
        hands = tuple(CardSet.from_mask(h | p) for h, p in zip(self._hands, self._played))
        return (Dealt(hands, self._first), TurnStarted(self._first, True))

    def _check_turn(self, seat: int | None) -> int:
        if self._winner >= 0:
            raise GameOver(f"The hand is over: {self.names[self._winner]} went out.")
        if seat is not None and seat != self._to_act:
            raise NotYourTurn(f"It is {self.names[self._to_act]}'s turn.")
        return self._to_act

    def check_play(self, cards: CardsLike, *, seat: int | None = None) -> Combo:
        """The combo ``cards`` make if the player to act may play them; else raise.

        Raises :class:`IllegalMove` (or :class:`~big2.engine.cards.CardParseError` for bad
        text) with a sentence a player understands. Never changes the state.
        """
        p = self._check_turn(seat)
        cs = to_cardset(cards)
        if not cs:
            raise IllegalMove("Choose the cards to play." if self.leading
                              else "Choose the cards to play, or pass.")
        missing = cs.mask & ~self._hands[p]
        if missing:
            who = "You do not" if seat is None else f"{self.names[p]} does not"
            raise IllegalMove(f"{who} hold {format_play(missing, self.rules)}.")
        combo = classify(cs, self.rules)
        if combo is None:
            raise IllegalMove(why_not(cs, self.rules))
        if self._first_card >= 0 and not cs.mask >> self._first_card & 1:
            raise IllegalMove(
                f"The first play must include {format_card(self._first_card, symbols=True)}."
            )
        if self._trick:
            table = combo_of_move(self._trick)
            if combo.size != table.size:
                what = {1: "a single card", 5: "5 cards"}.get(table.size, f"{table.size} cards")
                raise IllegalMove(f"Play {what} or pass.")
            if combo.key <= table.key:
                raise IllegalMove(
                    f"{combo.text(self.rules)} does not beat {table.text(self.rules)}."
                )
        return combo

    def play(self, cards: CardsLike, *, seat: int | None = None) -> tuple[Event, ...]:
        """Play ``cards`` for the player to act (or for ``seat``, checked to be theirs).

        Returns the events of the move; raises :class:`IllegalMove` and changes nothing
        when the play is not allowed.
        """
        combo = self.check_play(cards, seat=seat)
        return self._make_with_events(combo.move)

    def pass_turn(self, *, seat: int | None = None) -> tuple[Event, ...]:
        """Pass for the player to act; raises :class:`IllegalMove` when leading."""
        self._check_turn(seat)
        if not self._trick:
            raise IllegalMove("You are leading this trick, so you cannot pass: play any combination.")
        return self._make_with_events(PASS)

    def make(self, move: Move, *, seat: int | None = None) -> tuple[Event, ...]:
        """Checked form of :meth:`apply` for a move int (from an opponent, say)."""
        if move == PASS:
            return self.pass_turn(seat=seat)
        return self.play(CardSet.from_mask(move & FULL_MASK), seat=seat)

    def _make_with_events(self, move: Move) -> tuple[Event, ...]:
        p = self._to_act
        owner_before = self._owner
        self.apply(move)
        events: list[Event] = []
        if move == PASS:
            events.append(Passed(p))
            if not self._trick:
                events.append(TrickWon(owner_before))
                events.append(TurnStarted(self._to_act, True))
            else:
                events.append(TurnStarted(self._to_act, False))
            return tuple(events)
        left = self._hands[p].bit_count()
        events.append(Played(p, combo_of_move(move), left))
        if left == 1:
            events.append(LastCard(p))
        if self._winner >= 0:
            events.append(HandEnded(p, self.card_counts, self.points()))
        else:
            events.append(TurnStarted(self._to_act, False))
        return tuple(events)

    def __repr__(self) -> str:
        hands = ", ".join(repr(self.hand(s).format()) for s in range(self.n_players))
        return f"Game([{hands}], rules={self.rules.name!r})"
