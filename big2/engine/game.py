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

:class:`Game` is put together from parts, one idea to a module: its state and the
questions about it (:mod:`big2.engine.state`), the general path of the house rules
(:mod:`big2.engine.house`), the three-player exchange (:mod:`big2.engine.exchange`) and
the checked moves with their refusals (:mod:`big2.engine.checked`). This module deals,
builds positions and holds the lean path. The errors (:mod:`big2.engine.errors`) and the
seat helpers (:mod:`big2.engine.seats`) are importable from here too.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence

from .cards import FULL_MASK, Card, CardSet, CardsLike, format_card, to_cardset
from .checked import CheckedPlay
from .combos import PASS, Move, classify
from .dealing import deal_by_number, deal_cards, is_dragon
from .errors import GameOver, IllegalMove, NotYourTurn
from .exchange import Exchange
from .house import HouseRules
from .legal import EMPTY_MOVES, LegalMoves, new_legal_moves
from .rules import KEY_SHIFT, SIZE_SHIFT, STANDARD, AssistantRule, LoneTwo, Rules, check_rules, tables_for
from .seats import SEAT_NAMES, check_seat, seat_names_for
from .state import HandState

__all__ = [
    "Game", "GameOver", "IllegalMove", "LegalMoves", "NotYourTurn", "SEAT_NAMES",
    "check_seat", "seat_names_for",
]


class Game(CheckedPlay, Exchange, HouseRules):
    """The state of one hand: hands, whose turn, the trick, passes and history.

    Seats are numbered anticlockwise (South, East, North, West); with clockwise play the
    turn passes to the lower seat number. Build one with :meth:`deal` (random), the
    constructor (fixed hands, for tests and puzzles) or :meth:`from_position`. Its
    attributes and read-only questions are documented on
    :class:`~big2.engine.state.HandState`.
    """

    __slots__ = ()  # the state's slots are declared on HandState

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
        self._pending_liability = None
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

    # -- the lean path (the general one is HouseRules') -----------------------------------

    @property
    def no_legal_play(self) -> bool:
        """True when the player to act can only pass (what AutoPass passes for)."""
        moves = self.legal_moves()
        return moves.can_pass and len(moves) == 1

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

    def copy(self) -> Game:
        """An independent copy (history included) for search."""
        g = Game.__new__(Game)
        for name in HandState.__slots__:
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

    def __repr__(self) -> str:
        hands = ", ".join(repr(self.hand(s).format()) for s in range(self.n_players))
        return f"Game([{hands}], rules={self.rules.name!r})"

