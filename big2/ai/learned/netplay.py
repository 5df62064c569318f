"""Network playouts on card masks, many at once: the search's worlds played by the network.

:class:`NetPlayout` plays positions to the end with every seat making the move the Q
network values most from that seat's own view, as the Skilled level would
(:class:`~big2.ai.skilled.Skilled`, the session blanked), without an engine ``Game`` or
a :class:`~big2.ai.view.PlayerView` per move. Playouts advance together: each round
every unfinished playout makes its forced moves (a lone pass or a last card) alone, and
the decisions with a choice are scored in one batch of matrix products. Seats may also
be left to Normal's rules on the same masks (``run``'s ``net_seats``): the network for
the searching seat's own later turns, the rules for the others.

Speed comes from three things, and none changes a move:

* the network's first layer is linear, so the state's share of it is summed from
  weight rows (the card sets' rows in the engine's card order, the constant rule and
  table inputs folded into the bias) instead of a state vector built per move;
* each move's own share (its cards, kind, size and top card) is computed once and kept
  by move, only the cards-left and goes-out inputs are added per decision;
* the ``history`` inputs are kept up move by move (:class:`HandHistory`, the same
  counts :func:`~big2.ai.learned.features.history_vector` reads).

The network sees exactly what :func:`~big2.ai.learned.features.state_features` and
:func:`~big2.ai.learned.features.action_features` give it from the seat's view; the Q
values agree with :meth:`QNet.scores` to float rounding (the sums run in another
order), so a move can differ from Skilled's only where two moves' values tie to about
1e-5. Rule sets on the engine's lean path only (:attr:`Rules.plain
<big2.engine.Rules.plain>`, as :class:`~big2.ai.fastplay.FastPlayout`), with no seat out
and no seat out. Numpy only.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Final

import numpy as np

from big2.engine import PASS, Move, Rules
from big2.engine.cards import FULL_MASK
from big2.engine.combos import all_moves
from big2.engine.rules import KEY_SHIFT, SIZE_SHIFT, tables_for

from ..fastplay import FastPlayout
from .features import (
    ACTION_DIM,
    HISTORY_SLICE,
    MAX_SEATS,
    N_KINDS,
    STATE_DIM,
    STATE_LAYOUT,
    HandHistory,
    kind_slot,
    rules_vector,
)
from .net import QNet

#: Where each part of the state vector starts (see features.STATE_LAYOUT).
_AT: Final = {name: sum(w for _n, w in STATE_LAYOUT[:i])
              for i, (name, _w) in enumerate(STATE_LAYOUT)}
_HAND, _PLAYED, _UNSEEN, _SEATS, _TRICK = (
    _AT[k] for k in ("hand", "played", "unseen", "seats", "trick"))
_TRICK_KIND = _TRICK + 52  # the trick's cards, then its kind and size
_FLAGS, _RULES, _SCORES = _AT["flags"], _AT["rules"], _AT["scores"]  # scores stay 0
_PER_SEAT: Final = 8
_CACHE_LIMIT: Final = 50_000
#: Moves whose share of the first layer is kept (a row of 256 floats each: 16 MB).
_MOVE_ROWS: Final = 16_384
_BIT_SHIFTS: Final = np.arange(64, dtype=np.uint64)
_ONE: Final = np.uint64(1)


class Playout:
    """One position being played out (made by :meth:`NetPlayout.start`).

    ``hands`` and ``played`` are card masks per seat; ``winner`` is set when it ends.
    """

    __slots__ = ("hands", "played", "counts", "to_act", "trick", "owner", "passed",
                 "history", "winner")

    def __init__(self, hands: list[int], played: list[int], to_act: int, trick: Move,
                 owner: int, passed: int, history: HandHistory) -> None:
        self.hands = hands
        self.played = played
        self.counts = [h.bit_count() for h in hands]
        self.to_act = to_act
        self.trick = trick
        self.owner = owner
        self.passed = passed  # bit per seat that passed since the trick was made
        self.history = history
        self.winner = -1


class NetPlayout:
    """Batched network playouts for one rule set and table (see the module doc).

    ``n`` seats, ``clockwise`` the hand's direction, ``stock_size`` the undealt cards
    (never drawn on the lean path: two seats leave 26). Keep one per decision's table and
    reuse it: the per-hand move lists and per-move rows are cached (bounded).
    """

    def __init__(self, net: QNet, rules: Rules, n: int, clockwise: bool,
                 stock_size: int = 0) -> None:
        if not rules.plain:
            raise ValueError("network playouts on masks need rules on the engine's lean path")
        self.rules = rules
        self.n = n
        self.step = n - 1 if clockwise else 1
        self._t = tables_for(rules)
        t = self._t
        w_state = net.layers[0][0][:STATE_DIM]
        w_action = net.layers[0][0][STATE_DIM:]
        b0 = net.layers[0][1]
        self._hidden = [(w, b) for w, b in net.layers[1:]]
        width = w_state.shape[1]
        # Card c's row in each card part: the part's row for c's strength index.
        pos = np.zeros(52, dtype=np.intp)
        for i, c in enumerate(t.by_strength):
            pos[c] = i
        self._pos = pos.tolist()  # card -> its strength index

        def card_rows(start: int) -> np.ndarray:
            block = np.zeros((64, width), dtype=np.float32)  # bits 52..63 never set
            block[:52] = w_state[start + pos]
            return block

        # Masks in order: hand, played by relative seats 0..3, unseen, trick.
        starts = [_HAND] + [_PLAYED + 52 * i for i in range(MAX_SEATS)] + [_UNSEEN, _TRICK]
        self._w_cards = np.concatenate([card_rows(s) for s in starts])
        other = list(range(_SEATS, _SEATS + MAX_SEATS * _PER_SEAT))
        other += list(range(_TRICK_KIND, _TRICK_KIND + N_KINDS + 1))
        other += list(range(HISTORY_SLICE.start, HISTORY_SLICE.stop))
        self._w_other = np.ascontiguousarray(w_state[other])
        flags = np.zeros(6, dtype=np.float32)  # nobody must include a card any more
        flags[1 + n - 2] = 1.0
        flags[4] = clockwise
        flags[5] = stock_size / 52.0
        rv = rules_vector(rules)
        self._bias = (b0 + flags @ w_state[_FLAGS:_RULES]
                      + rv @ w_state[_RULES:_SCORES]).astype(np.float32)
        # The scores part stays zero (the session blanked, as self-play saw it).
        self._wa = w_action
        self._w_left = w_action[52 + N_KINDS + 1].copy()
        self._w_out = w_action[52 + N_KINDS + 2].copy()
        self._move_row: dict[int, int] = {}
        self._move_base = np.zeros((256, width), dtype=np.float32)
        self._lists: dict[int, list[Move]] = {}
        seat_rows = []
        for c in range(53):  # cards held: up to 26 (Big 2's two seats deal every card)
            seat_rows.append([1.0, c / 13.0, float(c == 1), float(c == 2), float(c == 3), 0.0])
        self._seat_rows = seat_rows
        self._trick_rows: dict[int, list[float]] = {}
        self._absent = [0.0] * (_PER_SEAT * (MAX_SEATS - n))
        #: Decisions scored by the network and rounds of batches, since made (for benches).
        self.decisions = 0
        self.batches = 0

    # -- starting positions -----------------------------------------------------------

    def start(self, hands: list[int], played: list[int], to_act: int, trick: Move,
              owner: int, passed: int, history: HandHistory) -> Playout:
        """A playout from the given position (the lists are taken, not copied):
        ``passed`` has a bit per seat that passed since ``trick`` (PASS when ``to_act``
        leads) was made by ``owner``; ``history`` holds the hand's moves so far."""
        return Playout(hands, played, to_act, trick, owner, passed, history)

    def after(self, playout: Playout, move: Move) -> Playout:
        """``playout`` with ``move`` made by its seat to act (changed in place)."""
        self._apply(playout, move)
        return playout

    # -- caches -----------------------------------------------------------------------

    def _moves(self, hand: int) -> list[Move]:
        lst = self._lists.get(hand)
        if lst is None:
            if len(self._lists) > _CACHE_LIMIT:
                self._lists.clear()
            lst = self._lists[hand] = all_moves(hand, self._t)
        return lst

    def _row_of(self, move: Move) -> int:
        """The cached row of ``move``'s own share of the first layer."""
        i = self._move_row.get(move)
        if i is not None:
            return i
        i = len(self._move_row)  # the cache is emptied between batches (see _q)
        if i >= len(self._move_base):
            grown = np.zeros((2 * len(self._move_base), self._move_base.shape[1]),
                             dtype=np.float32)
            grown[:i] = self._move_base[:i]
            self._move_base = grown
        mask = move & FULL_MASK
        x = np.zeros(ACTION_DIM, dtype=np.float32)
        top = 0
        m = mask
        while m:
            low = m & -m
            at = self._pos[low.bit_length() - 1]
            x[at] = 1.0
            top = max(top, at)
            m ^= low
        x[52 + kind_slot(move)] = 1.0
        x[52 + N_KINDS] = mask.bit_count() / 5.0
        x[52 + N_KINDS + 3] = top / 51.0
        self._move_base[i] = x @ self._wa
        self._move_row[move] = i
        return i

    def _trick_row(self, trick: Move) -> list[float]:
        row = self._trick_rows.get(trick)
        if row is None:
            row = [0.0] * (N_KINDS + 1)
            row[kind_slot(trick)] = 1.0
            row[N_KINDS] = (trick & FULL_MASK).bit_count() / 5.0
            if len(self._trick_rows) > _CACHE_LIMIT:
                self._trick_rows.clear()
            self._trick_rows[trick] = row
        return row

    # -- play -------------------------------------------------------------------------

    def _apply(self, pl: Playout, move: Move) -> None:
        """The engine's lean step (:meth:`Game.apply <big2.engine.Game.apply>`) on the
        playout's masks, with the history counts kept up."""
        p = pl.to_act
        pl.history.add(p, move)
        n = self.n
        if not move:
            pl.passed |= 1 << p
            if pl.passed.bit_count() >= n - 1:
                pl.trick = PASS
                pl.passed = 0
                pl.to_act = pl.owner
            else:
                pl.to_act = (p + self.step) % n
            return
        mask = move & FULL_MASK
        hand = pl.hands[p] ^ mask
        pl.hands[p] = hand
        pl.played[p] |= mask
        pl.counts[p] = hand.bit_count()
        pl.trick = move
        pl.owner = p
        pl.passed = 0
        if hand:
            pl.to_act = (p + self.step) % n
        else:
            pl.winner = p

    def legal(self, pl: Playout) -> list[Move]:
        """The legal moves of ``pl``'s seat to act, as the engine lists them (PASS last)."""
        lst = self._moves(pl.hands[pl.to_act])
        trick = pl.trick
        if not trick:
            return lst
        i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
        j = bisect_left(lst, ((trick >> SIZE_SHIFT) + 1) << SIZE_SHIFT, i)
        return lst[i:j] + [PASS]

    def run(self, playouts: Sequence[Playout], *, net_seats: int = -1,
            others: FastPlayout | None = None) -> None:
        """Play every playout to the end (each gets its ``winner``).

        ``net_seats`` has a bit per seat the network plays (default: all); the other
        seats play by Normal's rules (:meth:`FastPlayout.normal_move` of ``others``,
        which must then be given, for the same rules).
        """
        if net_seats != -1 and others is None:
            raise ValueError("seats the network does not play need Normal's rules (others)")
        live = [pl for pl in playouts if pl.winner < 0]
        while live:
            waiting: list[Playout] = []
            options: list[list[Move]] = []
            for pl in live:
                while True:
                    moves = self.legal(pl)
                    if len(moves) > 1:
                        if net_seats >> pl.to_act & 1:
                            waiting.append(pl)
                            options.append(moves)
                            break
                        move = others.normal_move(  # type: ignore[union-attr]
                            pl.hands, pl.to_act, pl.counts, pl.trick, pl.owner)
                    else:
                        move = moves[0]
                    self._apply(pl, move)
                    if pl.winner >= 0:
                        break
            if not waiting:
                return
            for pl, moves, i in zip(waiting, options, self._best(waiting, options)):
                self._apply(pl, moves[i])
            live = [pl for pl in waiting if pl.winner < 0]

    def q_values(self, playouts: Sequence[Playout],
                 options: Sequence[Sequence[Move]]) -> list[np.ndarray]:
        """The network's Q of each of ``options[k]`` for ``playouts[k]``'s seat to act."""
        q = self._q(playouts, options)
        out = []
        at = 0
        for moves in options:
            out.append(q[at:at + len(moves)])
            at += len(moves)
        return out

    def _best(self, playouts: Sequence[Playout], options: Sequence[Sequence[Move]]) -> list[int]:
        q = self._q(playouts, options).tolist()
        best = []
        at = 0
        for moves in options:
            k = len(moves)
            seg = q[at:at + k]
            best.append(seg.index(max(seg)))
            at += k
        return best

    def _q(self, playouts: Sequence[Playout], options: Sequence[Sequence[Move]]) -> np.ndarray:
        if len(self._move_row) >= _MOVE_ROWS:  # before any row of this batch is taken
            self._move_row.clear()
        n = self.n
        step = self.step
        masks: list[list[int]] = []
        others: list[list[float]] = []
        rows: list[int] = []
        seg: list[int] = []
        held_left: list[float] = []
        goes_out: list[float] = []
        row_of = self._row_of
        move_row = self._move_row
        seat_rows = self._seat_rows
        absent = self._absent
        for k, (pl, moves) in enumerate(zip(playouts, options)):
            p = pl.to_act
            seats = [(p + step * i) % n for i in range(n)]
            hand = pl.hands[p]
            played = pl.played
            all_played = 0
            for m in played:
                all_played |= m
            pm = [played[s] for s in seats] + [0] * (MAX_SEATS - n)
            masks.append([hand, *pm, FULL_MASK & ~(hand | all_played), pl.trick & FULL_MASK])
            counts = pl.counts
            passed = pl.passed
            owner = pl.owner if pl.trick else -1
            other: list[float] = []
            for s in seats:
                other += seat_rows[counts[s]]
                other.append(float(passed >> s & 1))
                other.append(float(s == owner))
            other += absent
            other += self._trick_row(pl.trick)
            other += pl.history.vector_list(seats)
            others.append(other)
            held = counts[p]
            for m in moves:
                i = move_row.get(m)
                rows.append(i if i is not None else row_of(m))
                size = (m & FULL_MASK).bit_count()
                held_left.append((held - size) / 13.0)
                goes_out.append(1.0 if size and size == held else 0.0)
            seg += [k] * len(moves)
        self.decisions += len(options)
        self.batches += 1
        arr = np.array(masks, dtype=np.uint64)
        bits = ((arr[:, :, None] >> _BIT_SHIFTS) & _ONE).astype(np.float32)
        state = bits.reshape(len(masks), -1) @ self._w_cards
        state += np.array(others, dtype=np.float32) @ self._w_other
        state += self._bias
        h = self._move_base[rows]
        h += np.array(held_left, dtype=np.float32)[:, None] * self._w_left
        h += np.array(goes_out, dtype=np.float32)[:, None] * self._w_out
        h += state[seg]
        for w, b in self._hidden:
            np.maximum(h, 0.0, out=h)
            h = h @ w + b
        return h[:, 0]
