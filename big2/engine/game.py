"""One hand of Big Two: dealing, turns, tricks, and the end of the hand.

Two ways to move, as in python-chess:

* :meth:`Game.play`, :meth:`Game.pass_turn` and :meth:`Game.make` are for people and the
  screen. They check everything, raise :class:`IllegalMove` with a sentence a player can
  read and leave the state untouched, and return the events of the change.
* :meth:`Game.apply` trusts its caller (a move from :meth:`Game.legal_moves`), returns
  nothing and is fast: it is what searches and simulations use.

Every house rule of :class:`~big2.engine.rules.Rules` is honoured. Rule sets that need
none of the slower variants (``rules.plain``) take a lean path through ``apply`` and
``legal_moves``; the general path handles the rest, and both give the same games.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Final

from .cards import FULL_MASK, Card, CardSet, CardsLike, format_card, to_cardset
from .combos import (
    PASS,
    Combo,
    Move,
    all_moves,
    beats_move,
    check_move,
    classify,
    combo_of_move,
    format_play,
)
from .dealing import deal_by_number, deal_cards, is_dragon
from .events import (
    CardsExchanged,
    Dealt,
    Drew,
    Event,
    HandEnded,
    LastCard,
    Passed,
    Played,
    PlayerOut,
    TrickWon,
    TurnStarted,
)
from .house import HouseRules
from .legal import EMPTY_MOVES, LegalMoves, new_legal_moves
from .explain import why_not_message
from .messages import Message, msg, msg_n
from .rules import (
    KEY_SHIFT,
    SIZE_SHIFT,
    STANDARD,
    AssistantRule,
    HandEnd,
    LoneTwo,
    Rules,
    StockDraw,
    check_rules,
    tables_for,
)
from .scoring import HandOutcome, standard_penalties

SEAT_NAMES: Final = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}

__all__ = ["Game", "GameOver", "IllegalMove", "LegalMoves", "NotYourTurn", "SEAT_NAMES"]


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


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(error)`` is a sentence for the player (English);
    ``error.message`` is the same sentence as a :class:`~big2.engine.messages.Message`
    for the app to translate (a plain-text refusal becomes a message whose id is the
    text itself)."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message))


class GameOver(IllegalMove):
    """The hand is already over."""


class NotYourTurn(IllegalMove):
    """A seat tried to act out of turn."""


class Game(HouseRules):
    """The state of one hand: hands, whose turn, the trick, passes and history.

    Seats are numbered anticlockwise (South, East, North, West); with clockwise play the
    turn passes to the lower seat number. Build one with :meth:`deal` (random), the
    constructor (fixed hands, for tests and puzzles) or :meth:`from_position`.
    """

    __slots__ = ()  # the state's slots are declared on HouseRules

    rules: Rules
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
    _moves: list[list[Move] | None]
    _log: list[Event] | None

    def __init__(
        self,
        hands: Sequence[CardsLike],
        *,
        rules: Rules = STANDARD,
        names: Sequence[str] | None = None,
        first: int | None = None,
        clockwise: bool | None = None,
        stock: Sequence[Card] = (),
    ) -> None:
        check_rules(rules)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ValueError(f"{hands!r} is not a list of hands: give one set of cards per seat.")
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
        for c in stock:
            if seen >> c & 1:
                raise ValueError(f"{format_card(c)} is both dealt and in the stock")
        seat_names = seat_names_for(n, names)
        if first is not None:
            check_seat(first, n)
        if clockwise is not None and type(clockwise) is not bool:
            raise ValueError(f"clockwise is True, False or None, not {clockwise!r}.")
        self._setup([s.mask for s in sets], rules, seat_names, first, clockwise, list(stock))

    def _setup(
        self,
        hands: list[int],
        rules: Rules,
        names: tuple[str, ...],
        first: int | None,
        clockwise: bool | None,
        stock: list[int],
    ) -> None:
        """Fill in a fresh state from validated hand masks.

        ``first`` given means that seat leads with anything (a later hand's leader);
        otherwise the holder of the lowest dealt card leads (and must include it when the
        rules say so).
        """
        n = len(hands)
        self.rules = rules
        self._t = tables_for(rules)
        self._plain = rules.plain
        self.names = names
        self.n_players = n
        self._hands = hands
        self._played = [0] * n
        self._moves = [None] * n
        self._valid = [False] * n
        if clockwise is None:
            clockwise = rules.direction.clockwise_in_hand(0)
        self.clockwise = clockwise
        self._step = n - 1 if clockwise else 1
        self._first_card = -1
        if first is None:
            lowest = self._lowest_dealt()
            if rules.first_lead_has_lowest:
                self._first_card = lowest
            first = next(s for s in range(n) if hands[s] >> lowest & 1)
        self._to_act = first
        self._trick = PASS
        self._owner = -1
        self._passes = 0
        self._passed = 0
        self._winner = -1
        self._first = first
        self._out = 0
        self.finish_order = []
        self._stock = stock
        self._pending_liability: tuple[int, int] | None = None
        self.liable = None
        self.dragon = False
        self.exchange = None
        self._exchange_card = -1
        self._log = None
        self.history = []
        self._dealt = tuple(h.bit_count() for h in hands)
        self._lone_two = rules.lone_two is not LoneTwo.ALLOWED
        self._enforced = rules.assistant is AssistantRule.ENFORCED
        self._liability = rules.assistant is AssistantRule.LIABILITY
        if rules.dragon_wins:
            for s in range(n):
                if is_dragon(hands[s]):
                    # The dragon is laid down at once: like any winner, its holder ends
                    # the hand holding nothing, and its cards count as played.
                    self.dragon = True
                    self._played[s] = hands[s]
                    hands[s] = 0
                    self._finish(s)
                    break

    def _lowest_dealt(self) -> Card:
        dealt = 0
        for h in self._hands:
            dealt |= h
        return next(c for c in self._t.by_strength if dealt >> c & 1)

    @classmethod
    def deal(
        cls,
        rng: random.Random | int,
        *,
        rules: Rules = STANDARD,
        players: int = 4,
        names: Sequence[str] | None = None,
        leader: int | None = None,
        clockwise: bool | None = None,
        exchange: tuple[int, int] | None = None,
    ) -> Game:
        """Shuffle with ``rng`` and deal under ``rules`` (see :func:`deal_cards`).

        ``rng`` is a generator, or a deal number (an ``int``, see
        :mod:`big2.engine.dealnumber`): the same number, seat count and rules always give
        the same cards, in every version. The same ``rng`` state always gives the same
        deal. ``leader`` makes that seat
        lead the first trick with anything (later hands of a session); by default the
        holder of the lowest dealt card leads. ``clockwise`` overrides the rules'
        direction for this hand (the session alternates it). ``exchange=(loser, winner)``
        starts the three-player exchange: the loser's highest card goes to the winner at
        once, and play waits until the winner gives a card back with :meth:`give_back`.
        """
        if not isinstance(rng, (random.Random, int)):
            raise ValueError(f"{rng!r} is not a random.Random or a deal number (a whole number).")
        check_rules(rules)
        seat_names = seat_names_for(players, names)
        if leader is not None:
            check_seat(leader, players)
        if clockwise is not None and type(clockwise) is not bool:
            raise ValueError(f"clockwise is True, False or None, not {clockwise!r}.")
        if isinstance(rng, int):
            dealt = deal_by_number(rng, rules, players)
        else:
            dealt = deal_cards(rng, rules, players)
        game = cls.__new__(cls)
        game._setup(list(dealt.hands), rules, seat_names, leader, clockwise, list(dealt.stock))
        if exchange is not None and not game.is_over:
            game._start_exchange(*exchange)
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
        clockwise: bool | None = None,
        out: Sequence[int] = (),
        stock: Sequence[Card] = (),
    ) -> Game:
        """A game in the middle of a hand, from plain values (for search and puzzles).

        ``trick`` is the move to beat (``PASS`` when ``to_act`` leads) and ``passed`` the
        seats that passed since it was made (with pass-lock rules: since the trick
        began). ``played`` gives each seat's played cards (empty when omitted);
        ``out`` the seats that have gone out, in order (play-on rules; their hands are
        empty and may be given as any placeholder, they are ignored). ``must_include``
        is the card the first play must hold, if the first play has not been made.
        History starts empty.
        """
        check_rules(rules)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ValueError(f"{hands!r} is not a list of hands: give one set of cards per seat.")
        n = len(hands)
        if n not in SEAT_NAMES:
            raise ValueError(f"Big Two is played by 2, 3 or 4 players, not {n}.")
        check_seat(to_act, n)
        masks = [0 if s in out else to_cardset(h).mask for s, h in enumerate(hands)]
        seen = 0
        for m in masks:
            if m & seen:
                raise ValueError("a card is in two hands")
            seen |= m
        seat_names = seat_names_for(n, names)
        g = cls.__new__(cls)
        g._setup(masks, rules, seat_names, to_act, clockwise, list(stock))
        for s in out:
            g._out |= 1 << s
            g.finish_order.append(s)
        if not 0 <= to_act < n or g._out >> to_act & 1:
            raise ValueError(f"seat {to_act} cannot act")
        if trick != PASS:
            combo = classify(CardSet.from_mask(trick & FULL_MASK), rules)
            if combo is None:
                raise ValueError("the trick is not a combination")
            if trick_owner is None or not 0 <= trick_owner < n:
                raise ValueError("a trick needs an owner")
            if trick_owner == to_act and not (rules.pass_locks_out or g._out >> to_act & 1):
                raise ValueError("a trick needs an owner other than the player to act")
            g._trick = combo.move
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

    @property
    def no_legal_play(self) -> bool:
        """True when the player to act can only pass (what AutoPass passes for)."""
        moves = self.legal_moves()
        return moves.can_pass and len(moves) == 1

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

        Moves come sorted by size (1, 2, 3, 4, 5), then by strength.
        """
        if self._winner >= 0 or self.exchange is not None:
            return EMPTY_MOVES
        if not self._plain:
            return self._general_legal_moves()
        p = self._to_act
        lst: list[Move] = self._moves[p] if self._valid[p] else self._list(p)  # type: ignore[assignment]
        trick = self._trick
        if trick:
            i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
            j = bisect_left(lst, ((trick >> SIZE_SHIFT) + 1) << SIZE_SHIFT, i)
            lm: LegalMoves = new_legal_moves(LegalMoves)
            lm._lst = lst
            lm._start = i
            lm._pass = True
            lm._len = j - i + 1
            return lm
        if self._first_card >= 0:
            bit = 1 << self._first_card
            lst = [m for m in lst if m & bit]
        lm = new_legal_moves(LegalMoves)
        lm._lst = lst
        lm._start = 0
        lm._pass = False
        lm._len = len(lst)
        return lm

    def apply(self, move: Move) -> None:
        """Make ``move`` for the player to act without checking it.

        ``move`` must come from :meth:`legal_moves`; anything else corrupts the state.
        """
        if not self._plain:
            self._general_step(move)
            return
        p = self._to_act
        self.history.append((p, move))
        n = self.n_players
        if not move:
            self._passes += 1
            self._passed |= 1 << p
            if self._passes >= n - 1:
                self._trick = PASS
                self._passes = 0
                self._passed = 0
                self._to_act = self._owner
            else:
                self._to_act = (p + self._step) % n
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
            self._to_act = (p + self._step) % n
        else:
            self.finish_order.append(p)
            self._out |= 1 << p
            self._winner = p

    # -- the three-player exchange -------------------------------------------------------

    def _start_exchange(self, loser: int, winner: int) -> None:
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

    def copy(self) -> Game:
        """An independent copy (history included) for search."""
        g = Game.__new__(Game)
        for name in HouseRules.__slots__:
            setattr(g, name, getattr(self, name))
        g.history = list(self.history)
        g._hands = list(self._hands)
        g._played = list(self._played)
        g._moves = list(self._moves)
        g._valid = list(self._valid)
        g.finish_order = list(self.finish_order)
        g._stock = list(self._stock)
        g._log = None
        return g

    # -- checked moves for people ------------------------------------------------------

    def start_events(self) -> tuple[Event, ...]:
        """The events that open the hand: the deal, then the first turn (or the end of a
        hand won at once by a dragon)."""
        hands = tuple(CardSet.from_mask(h | p) for h, p in zip(self._hands, self._played))
        if self.dragon:
            return (Dealt(hands, self._first), HandEnded(
                self._winner, self.card_counts, self.points(), tuple(self.finish_order), True, None,
            ))
        return (Dealt(hands, self._first), TurnStarted(self._to_act, True))

    def _check_turn(self, seat: int | None) -> int:
        if seat is not None:
            check_seat(seat, self.n_players)
        if self._winner >= 0:
            raise GameOver(msg("The hand is over: {name} went out.", name=self.names[self._winner]))
        if self.exchange is not None:
            raise IllegalMove(msg("{name} must first give a card back.", name=self.names[self.exchange[1]]))
        if seat is not None and seat != self._to_act:
            raise NotYourTurn(msg("It is {name}'s turn.", name=self.names[self._to_act]))
        return self._to_act

    def check_play(self, cards: CardsLike, *, seat: int | None = None) -> Combo:
        """The combo ``cards`` make if the player to act may play them; else raise.

        Raises :class:`IllegalMove` (or :class:`~big2.engine.cards.CardParseError` for bad
        text) with a sentence a player understands. Never changes the state.
        """
        p = self._check_turn(seat)
        cs = to_cardset(cards)
        if not cs:
            raise IllegalMove(msg("Choose the cards to play.") if self.leading
                              else msg("Choose the cards to play, or pass."))
        missing = cs.mask & ~self._hands[p]
        if missing:
            held = format_play(missing, self.rules)
            raise IllegalMove(msg("You do not hold {cards}.", cards=held) if seat is None
                              else msg("{name} does not hold {cards}.", name=self.names[p], cards=held))
        combo = classify(cs, self.rules)
        if combo is None:
            reason = why_not_message(cs, self.rules)
            raise IllegalMove(reason if reason is not None else msg("That play is not allowed here."))
        if self._first_card >= 0 and not cs.mask >> self._first_card & 1:
            raise IllegalMove(msg("The first play must include {card}.",
                                  card=format_card(self._first_card, symbols=True)))
        if self._trick and not beats_move(combo.move, self._trick, self._t):
            table = combo_of_move(self._trick)
            if combo.size != table.size:
                raise IllegalMove(msg("Play a single card or pass.") if table.size == 1
                                  else msg_n("Play {n} card or pass.", "Play {n} cards or pass.", table.size))
            if self._t.full_house_apart and combo.key > table.key:
                raise IllegalMove(msg("A full house cannot be played on a straight under these rules."))
            raise IllegalMove(msg("{play} does not beat {table}.", play=combo.text(self.rules),
                                  table=table.text(self.rules)))
        if combo.move not in self.legal_moves():
            raise IllegalMove(self._house_rule_reason(p, combo.move))
        return combo

    def _house_rule_reason(self, p: int, move: Move) -> Message:
        if self.rules.lone_two is not LoneTwo.ALLOWED and not self._lone_two_allows(p, move):
            left = format_play(self._hands[p] & ~move & FULL_MASK, self.rules)
            return msg("You may not keep a lone {cards} as your last card.", cards=left)
        if self._assistant_target(p):
            lst = self._list(p) if not self._valid[p] else self._moves[p]
            assert lst is not None
            top = format_play(self._highest_single(p, lst) & FULL_MASK, self.rules)
            nxt = self.names[self._next_seat_in(p)]
            return msg("{name} has one card left: play your highest single ({cards}) or a "
                       "combination of more cards.", name=nxt, cards=top)
        return msg("That play is not allowed here.")

    def play(self, cards: CardsLike, *, seat: int | None = None) -> tuple[Event, ...]:
        """Play ``cards`` for the player to act (or for ``seat``, checked to be theirs).

        Returns the events of the move; raises :class:`IllegalMove` and changes nothing
        when the play is not allowed.
        """
        combo = self.check_play(cards, seat=seat)
        return self._make_with_events(combo.move)

    def pass_turn(self, *, seat: int | None = None) -> tuple[Event, ...]:
        """Pass for the player to act; raises :class:`IllegalMove` when leading (or when
        the assistant rule forbids it)."""
        p = self._check_turn(seat)
        if not self._trick:
            raise IllegalMove(msg("You are leading this trick, so you cannot pass: play any combination."))
        if not self.legal_moves().can_pass:
            raise IllegalMove(self._house_rule_reason(p, PASS))
        return self._make_with_events(PASS)

    def make(self, move: Move, *, seat: int | None = None) -> tuple[Event, ...]:
        """Checked form of :meth:`apply` for a move int (from an opponent, say).

        Raises :class:`IllegalMove` for anything that is not a move, or a move the rules
        refuse here."""
        try:
            check_move(move)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        if move == PASS:
            return self.pass_turn(seat=seat)
        return self.play(CardSet.from_mask(move & FULL_MASK), seat=seat)

    def _make_with_events(self, move: Move) -> tuple[Event, ...]:
        events: list[Event] = []
        self._log = events
        try:
            self._general_step(move)
        finally:
            self._log = None
        return tuple(events)

    def __repr__(self) -> str:
        hands = ", ".join(repr(self.hand(s).format()) for s in range(self.n_players))
        return f"Game([{hands}], rules={self.rules.name!r})"

