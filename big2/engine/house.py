"""The general path of a hand: every house rule that the lean path of ``Game`` skips.

:class:`HouseRules` is a mixin of :class:`~big2.engine.game.Game`: turn order with players
out, pass-lock, AutoPass, the assistant rule and its liability, the lone-2 ban, honour
bombs, Da Lao Er, stock draws and the events of each step. It owns no state of its own:
every attribute is declared on :class:`~big2.engine.state.HandState`.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from .cards import FULL_MASK, CardSet
from .combos import PASS, Move, beats_move, combo_of_move
from .events import Drew, HandEnded, LastCard, Passed, Played, PlayerOut, TrickWon, TurnStarted
from .legal import LegalMoves
from .rules import KEY_SHIFT, SIZE_SHIFT, HandEnd, LoneTwo, StockDraw
from .state import HandState

_ONLY_PASS: Final = LegalMoves([], can_pass=True)


class HouseRules(HandState):
    """The house-rule half of :class:`~big2.engine.game.Game` (see the module docstring)."""

    __slots__ = ()  # the state's slots are declared on HandState

    def _next_seat_in(self, seat: int) -> int:
        """The next seat after ``seat`` that is still in the hand."""
        n = self.n_players
        s = (seat + self._step) % n
        while self._out >> s & 1:
            s = (s + self._step) % n
        return s

    def _assistant_target(self, seat: int) -> bool:
        """Whether the assistant rule binds ``seat``: the next player holds one card."""
        nxt = self._next_seat_in(seat)
        return nxt != seat and self._hands[nxt].bit_count() == 1

    def _highest_single(self, seat: int, lst: list[Move]) -> Move:
        """The seat's strongest single (singles sort first, strongest last)."""
        i = bisect_left(lst, 2 << SIZE_SHIFT)
        return lst[i - 1]

    def _assistant_allows(self, seat: int, move: Move, lst: list[Move]) -> bool:
        """Whether ``move`` obeys the assistant rule (which must be binding ``seat``)."""
        top = self._highest_single(seat, lst)
        if move == PASS:
            trick = self._trick
            return not (trick >> SIZE_SHIFT == 1 and beats_move(top, trick, self._t))
        return move >> SIZE_SHIFT != 1 or move == top

    def _lone_two_allows(self, seat: int, move: Move) -> bool:
        rule = self.rules.lone_two
        left = self._hands[seat] & ~move & FULL_MASK
        if not move or left.bit_count() != 1:
            return True
        card = left.bit_length() - 1
        if card >> 2 != 12:
            return True
        if rule is LoneTwo.NO_LONE_TWO:
            return False
        return self._t.suit_strength[card & 3] != 3

    def _general_legal_moves(self) -> LegalMoves:
        p = self._to_act
        lst: list[Move] = self._moves[p] if self._valid[p] else self._list(p)  # type: ignore[assignment]
        trick = self._trick
        t = self._t
        if trick:
            size = trick >> SIZE_SHIFT
            i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
            j = bisect_left(lst, (size + 1) << SIZE_SHIFT, i)
            if i == j and not t.honour_bombs:
                return _ONLY_PASS  # nothing of this size beats it; no rule forbids passing
            cands = lst[i:j]
            if t.full_house_apart and size == 5:
                cands = [m for m in cands if beats_move(m, trick, t)]
            if t.honour_bombs and size < 4:
                k = bisect_left(lst, 5 << SIZE_SHIFT)
                cands += [m for m in lst[k:] if beats_move(m, trick, t)]
        else:
            cands = lst
            if self._first_card >= 0:
                bit = 1 << self._first_card
                cands = [m for m in cands if m & bit]
        base = cands
        if self._lone_two and self._hands[p].bit_count() <= 6:
            cands = [m for m in cands if self._lone_two_allows(p, m)]
        can_pass = bool(trick)
        if self._enforced and self._assistant_target(p):
            cands = [m for m in cands if self._assistant_allows(p, m, lst)]
            if can_pass and not self._assistant_allows(p, PASS, lst):
                can_pass = False
        if not cands and not can_pass:
            # A house rule bars every play (a corner no deal should reach): rather than
            # stall the hand, the rule gives way. The first lead still holds the lowest
            # card: what the lone-2 and assistant rules barred comes back, nothing more.
            if trick:
                can_pass = True
            else:
                cands = base
        return LegalMoves(cands, can_pass=can_pass)

    def _general_step(self, move: Move) -> None:
        self._one_step(move)
        if self.rules.auto_pass:
            while self._winner < 0 and self.exchange is None and self._only_pass():
                self._one_step(PASS, auto=True)

    def _only_pass(self) -> bool:
        """:attr:`no_legal_play`, answered without building the move list when it can."""
        trick = self._trick
        if not trick:
            return False
        p = self._to_act
        lst: list[Move] = self._moves[p] if self._valid[p] else self._list(p)  # type: ignore[assignment]
        i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
        if not self._t.honour_bombs and (i == len(lst) or lst[i] >> SIZE_SHIFT != trick >> SIZE_SHIFT):
            return True
        moves = self._general_legal_moves()
        return moves.can_pass and len(moves) == 1

    def _one_step(self, move: Move, *, auto: bool = False) -> None:
        p = self._to_act
        self.history.append((p, move))
        rules = self.rules
        log = self._log
        if self._liability:
            self._track_liability(p, move)
        if move == PASS:
            if log is not None:
                log.append(Passed(p, auto))
            if rules.pass_locks_out and p == self._owner:
                self._end_trick(p)  # everyone else is locked out: the owner takes it
                return
            self._passes += 1
            self._passed |= 1 << p
            self._draw_for_pass(p)
            self._advance(p)
            return
        mask = move & FULL_MASK
        self._hands[p] ^= mask
        self._played[p] |= mask
        self._valid[p] = False
        self._trick = move
        self._owner = p
        if not rules.pass_locks_out:
            self._passes = 0
            self._passed = 0
        self._first_card = -1
        left = self._hands[p].bit_count()
        if log is not None:
            log.append(Played(p, combo_of_move(move), left))
            if left == 1:
                log.append(LastCard(p))
        if not left:
            self._finish(p)
            if self._winner >= 0:
                return
        self._advance(p)

    def _advance(self, p: int) -> None:
        """Pass the turn on after ``p`` acted; end the trick when nobody else may act."""
        n = self.n_players
        s = p
        for _ in range(n):
            s = (s + self._step) % n
            if s == self._owner:
                break
            if not (self._out >> s & 1 or self._passed >> s & 1):
                self._to_act = s
                if self._log is not None:
                    self._log.append(TurnStarted(s, False))
                return
        owner = self._owner
        if self.rules.pass_locks_out and not self._out >> owner & 1:
            # Everyone else passed and is locked out: the owner may beat their own play
            # or pass to take the trick.
            self._to_act = owner
            if self._log is not None:
                self._log.append(TurnStarted(owner, False))
            return
        self._end_trick(owner if not self._out >> owner & 1 else self._next_seat_in(owner))

    def _end_trick(self, leader: int) -> None:
        if self._log is not None:
            self._log.append(TrickWon(self._owner))
            self._log.append(TurnStarted(leader, True))
        self._trick = PASS
        self._passes = 0
        self._passed = 0
        self._to_act = leader

    def _finish(self, p: int) -> None:
        """``p`` has gone out: end the hand, or play on without them."""
        self.finish_order.append(p)
        self._out |= 1 << p
        remaining = [s for s in range(self.n_players) if not self._out >> s & 1]
        if self.rules.hand_end is HandEnd.FIRST_OUT or len(remaining) <= 1 or self.dragon:
            if self.rules.hand_end is HandEnd.PLAY_ON and len(remaining) == 1:
                self.finish_order.append(remaining[0])
            self._winner = self.finish_order[0]
            if self._log is not None:
                self._log.append(HandEnded(
                    self._winner, self.card_counts, self.points(), tuple(self.finish_order),
                    self.dragon, self.liable,
                ))
            return
        if self._log is not None:
            self._log.append(PlayerOut(p, len(self.finish_order)))

    def _draw_for_pass(self, p: int) -> None:
        rule = self.rules.stock_draw
        if rule is StockDraw.NONE or not self._stock or not self._trick:
            return
        k = 1 if rule is StockDraw.ONE else (self._trick & FULL_MASK).bit_count()
        drawn, self._stock = self._stock[:k], self._stock[k:]
        mask = 0
        for c in drawn:
            mask |= 1 << c
        self._hands[p] |= mask
        self._moves[p] = None
        self._valid[p] = False
        if self._log is not None:
            self._log.append(Drew(p, CardSet.from_mask(mask)))

    def _track_liability(self, p: int, move: Move) -> None:
        pending = self._pending_liability
        if pending is not None and pending[1] == p:
            self._pending_liability = None
            # Liable only when the next player's going out wins the hand: with play-on
            # rules somebody (perhaps the offender) may already be out, and the winner
            # is never liable.
            if move and (self._hands[p] & ~move) == 0 and not self.finish_order:
                self.liable = pending[0]
        if self._assistant_target(p):
            lst: list[Move] = self._moves[p] if self._valid[p] else self._list(p)  # type: ignore[assignment]
            if not self._assistant_allows(p, move, lst):
                self._pending_liability = (p, self._next_seat_in(p))
