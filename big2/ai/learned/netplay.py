"""Network playouts on card masks, many at once: the search's worlds played by the network.

:class:`NetPlayout` plays positions to the end with every seat making the move the Q
network values most from that seat's own view, as the Skilled level would
(:class:`~big2.ai.skilled.Skilled`, the session blanked), without an engine ``Game`` or
a :class:`~big2.ai.view.PlayerView` per move. Playouts advance together: each round
every unfinished playout makes its forced moves (a lone pass or a last card) alone, and
the decisions with a choice are scored in one batch of matrix products. Seats may also
be left to Normal's rules on the same masks (``run``'s ``net_seats``): the network for
the searching seat's own later turns, the rules for the others.

Speed comes from these, and none changes a move:

* the network's first layer is linear, so the state's share of it is one product of a
  short row of inputs per decision (the card bits of the hand, of each relative seat's
  plays and of the trick, by the engine's card order; the seats' counts and flags; the
  trick's kind; the history) with the matching weight rows, not of the whole state
  vector: the unseen cards are the ones neither held nor played, so their rows are
  folded into the others' and the bias, as are the constant rule and table inputs;
* each move's own share (its cards, kind, size and top card, and its size's part of
  the cards-left input) is computed once and kept by move; only the goes-out input is
  added per decision;
* per decision Python gathers a few ints and the history's bytes; the seats are put in
  relative order, and every input row made, with numpy for the whole batch;
* the ``history`` inputs are kept up move by move (:class:`HandHistory`, the same
  counts :func:`~big2.ai.learned.features.history_vector` reads), each seat's as float32
  bytes until it changes;
* decisions of one batch in the same state (every input equal: often the searching
  seat's own turn in worlds where the others played alike) are scored once;
* a hand's moves after a play are the moves before it that keep clear of the cards
  played (the engine's list, in its order), not listed anew.

The network sees exactly what :func:`~big2.ai.learned.features.state_features` and
:func:`~big2.ai.learned.features.action_features` give it from the seat's view; the Q
values agree with :meth:`QNet.scores` to float rounding (the sums run in another
order), so a move can differ from Skilled's only where two moves' values tie to about
1e-5. Rule sets on the engine's lean path only (:attr:`Rules.plain
<big2.engine.Rules.plain>`, as :class:`~big2.ai.fastplay.FastPlayout`), with no seat
out. Numpy only.
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
    HISTORY_DIM,
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
#: History inputs per relative seat.
_PER_SEAT_HISTORY: Final = (HISTORY_DIM - 1) // MAX_SEATS
#: The size of a move of each kind slot (features.kind_slot).
_SLOT_SIZE: Final = (0, 1, 2, 3, 5, 5, 5, 5, 5, 4)


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
        # The first layer's state share is one product x @ self._w1, x's columns (see
        # _scores): the card bits of the hand, of what each relative seat played and of the
        # trick (52 each, by card); per relative seat its cards held / 13, holds 1, 2, 3,
        # passed, owns the trick; the trick's kind and size; the history by relative
        # seat, the moves input; the cards held / 13 (the move's "cards left" input
        # without the move's own size, which its row holds). The unseen cards are the
        # ones neither held nor played, so their rows are folded into the others and
        # the bias; the constant inputs (at the table, out, flags, rules) into the bias.
        unseen = w_state[_UNSEEN + pos]
        blocks = [w_state[_HAND + pos] - unseen]
        blocks += [w_state[_PLAYED + 52 * i + pos] - unseen for i in range(n)]
        blocks.append(w_state[_TRICK + pos])
        seat_cols = [_SEATS + _PER_SEAT * i + j for i in range(n) for j in (1, 2, 3, 4, 6, 7)]
        blocks.append(w_state[seat_cols])
        blocks.append(w_state[_TRICK_KIND:_TRICK_KIND + N_KINDS + 1])
        hist = HISTORY_SLICE.start
        blocks.append(w_state[hist:hist + _PER_SEAT_HISTORY * n])
        blocks.append(w_state[HISTORY_SLICE.stop - 1:HISTORY_SLICE.stop])
        self._w_left = w_action[52 + N_KINDS + 1].copy()
        blocks.append(self._w_left[None, :])
        self._w1 = np.ascontiguousarray(np.concatenate(blocks), dtype=np.float32)
        self._cards_end = 52 * (n + 2)
        self._seats_end = self._cards_end + 6 * n
        self._hist_at = self._seats_end + N_KINDS + 1
        flags = np.zeros(6, dtype=np.float32)  # nobody must include a card any more
        flags[1 + n - 2] = 1.0
        flags[4] = clockwise
        flags[5] = stock_size / 52.0
        rv = rules_vector(rules)
        self._bias = (b0 + flags @ w_state[_FLAGS:_RULES]
                      + rv @ w_state[_RULES:_SCORES] + unseen.sum(axis=0)
                      + w_state[[_SEATS + _PER_SEAT * i for i in range(n)]].sum(axis=0)
                      ).astype(np.float32)
        # The scores part stays zero (the session blanked, as self-play saw it).
        # A move's own share: its cards' rows by card, its kind's row with its size's
        # (size / 5, and -size / 13 of the cards-left input) by kind slot, its top card's.
        self._wa_cards = np.ascontiguousarray(w_action[pos])
        self._strength1 = (pos + 1).astype(np.intp)
        size_rows = w_action[52 + N_KINDS] / 5.0 - self._w_left / 13.0
        self._wa_slots = np.array([w_action[52 + k] + _SLOT_SIZE[k] * size_rows
                                   for k in range(N_KINDS)], dtype=np.float32)
        self._wa_top = w_action[52 + N_KINDS + 3].copy()
        self._w_out = w_action[52 + N_KINDS + 2].copy()
        self._move_row: dict[int, int] = {}
        self._move_base = np.zeros((256, width), dtype=np.float32)
        self._move_size = np.zeros(256, dtype=np.intp)
        self._lists: dict[int, list[Move]] = {}
        # A seat's inputs by (cards held, passed, owns the trick): held / 13, holds 1,
        # 2 or 3 cards, passed, owner (cards held up to 26: two seats deal every card).
        seat = np.zeros((53, 2, 2, 6), dtype=np.float32)
        for c in range(53):
            seat[c, :, :, :4] = (c / 13.0, c == 1, c == 2, c == 3)
        seat[:, 1, :, 4] = 1.0
        seat[:, :, 1, 5] = 1.0
        self._seat_inputs = seat.reshape(-1, 6)
        # The trick's kind (one-hot) and size / 5, by its kind slot.
        trick = np.zeros((N_KINDS, N_KINDS + 1), dtype=np.float32)
        for slot in range(N_KINDS):
            trick[slot, slot] = 1.0
            trick[slot, N_KINDS] = _SLOT_SIZE[slot] / 5.0
        self._trick_inputs = trick
        self._slots: dict[int, int] = {}
        # Seat p's relative seats, and where its masks go among [played by seats 0..n-1,
        # hand, trick]: [hand, played by relative seats 0..n-1, trick].
        rel = np.array([[(p + self.step * i) % n for i in range(n)] for p in range(n)],
                       dtype=np.intp)
        self._rel = rel
        self._mask_order = np.concatenate(
            [np.full((n, 1), n), rel, np.full((n, 1), n + 1)], axis=1).astype(np.intp)
        #: Decisions made by the network (each of a batch's decisions in one state counts)
        #: and rounds of batches, since made (for benches).
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

    def _fill_rows(self, moves: list[Move], at: int) -> None:
        """Work out the rows of ``moves``' own share of the first layer, kept from row
        ``at`` on (one after another, as :meth:`_scores` numbered them): the cards'
        weight rows, the kind's and size's (the size's part of the cards-left input
        too: the cards held / 13 are the state's) and the top card's."""
        end = at + len(moves)
        if end > len(self._move_base):
            grown = np.zeros((2 * end, self._move_base.shape[1]), dtype=np.float32)
            grown[:at] = self._move_base[:at]
            self._move_base = grown
            sizes = np.zeros(2 * end, dtype=np.intp)
            sizes[:at] = self._move_size[:at]
            self._move_size = sizes
        masks = np.array([m & FULL_MASK for m in moves], dtype="<i8")
        bits = np.unpackbits(masks.view(np.uint8).reshape(len(moves), 8), axis=1,
                             bitorder="little")[:, :52]
        slots = [kind_slot(m) for m in moves]
        top = (bits * self._strength1).max(axis=1)  # the top card's strength + 1 (0: none)
        rows = bits.astype(np.float32) @ self._wa_cards
        rows += self._wa_slots[slots]
        rows += (np.maximum(top, 1) - 1)[:, None] / np.float32(51.0) * self._wa_top
        self._move_base[at:end] = rows
        self._move_size[at:end] = [_SLOT_SIZE[k] for k in slots]

    def _slot(self, trick: Move) -> int:
        """The kind slot of ``trick`` (cached)."""
        if len(self._slots) > _CACHE_LIMIT:
            self._slots.clear()
        slot = self._slots[trick] = kind_slot(trick)
        return slot

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
        held = pl.hands[p]
        hand = held ^ mask
        pl.hands[p] = hand
        pl.played[p] |= mask
        pl.counts[p] = hand.bit_count()
        pl.trick = move
        pl.owner = p
        pl.passed = 0
        if hand:
            pl.to_act = (p + self.step) % n
            lists = self._lists
            if hand not in lists and len(lists) <= _CACHE_LIMIT:
                before = lists.get(held)
                if before is not None:  # a hand's combinations are the ones of its cards
                    lists[hand] = [m for m in before if not m & mask]
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
        lists = self._lists
        apply = self._apply
        live = [pl for pl in playouts if pl.winner < 0]
        while live:
            waiting: list[Playout] = []
            options: list[list[Move]] = []
            for pl in live:
                while True:  # self.legal(pl), with no list made for a forced move
                    p = pl.to_act
                    lst = lists.get(pl.hands[p])
                    if lst is None:
                        lst = self._moves(pl.hands[p])
                    trick = pl.trick
                    if trick:
                        i = bisect_left(lst, ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT)
                        j = bisect_left(lst, ((trick >> SIZE_SHIFT) + 1) << SIZE_SHIFT, i)
                        if i == j:
                            apply(pl, PASS)  # nothing beats the trick
                            continue
                        moves = lst[i:j]
                        moves.append(PASS)
                    elif len(lst) > 1:
                        moves = lst
                    else:
                        apply(pl, lst[0])
                        if pl.winner >= 0:
                            break
                        continue
                    if net_seats >> p & 1:
                        waiting.append(pl)
                        options.append(moves)
                        break
                    apply(pl, others.normal_move(  # type: ignore[union-attr]
                        pl.hands, p, pl.counts, trick, pl.owner))
                    if pl.winner >= 0:
                        break
            if not waiting:
                return
            for pl, moves, i in zip(waiting, options, self._best(waiting, options)):
                apply(pl, moves[i])
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
        """The index in ``options[k]`` (the legal moves of ``playouts[k]``) of the move
        valued most (the first of equal values). Decisions of one batch in the same
        state (every input equal) are scored once."""
        q, seg, starts, same = self._scores(playouts, options, True)
        top = np.maximum.reduceat(q, starts)
        at = np.flatnonzero(q == top[seg])  # each segment's maxima, in order
        best = (at[np.searchsorted(at, starts)] - starts).tolist()
        return best if same is None else [best[i] for i in same]

    def _q(self, playouts: Sequence[Playout], options: Sequence[Sequence[Move]]) -> np.ndarray:
        return self._scores(playouts, options, False)[0]

    def _scores(self, playouts: Sequence[Playout], options: Sequence[Sequence[Move]],
                dedupe: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int] | None]:
        """Q of every option, decision after decision, with each option's decision and
        where each decision's options start. With ``dedupe`` (the options being the
        legal moves), a decision in the state of an earlier one is left out, and the
        last item gives each decision's index among those scored (None: all were)."""
        if len(self._move_row) >= _MOVE_ROWS:  # before any row of this batch is taken
            self._move_row.clear()
        self.decisions += len(options)
        self.batches += 1
        n = self.n
        # Per decision: the card masks played by seats 0..n-1, the hand, the trick; the
        # cards held by seats 0..n-1; the seat to act, the seats passed, the trick's
        # owner (-1 when leading) and kind slot. The seats turn relative in numpy.
        ints: list[int] = []
        hist = bytearray()
        rows: list[int | None] = []
        lens: list[int] = []
        seen: dict[tuple[bytes, int, tuple[int, ...]], int] = {}
        same: list[int] = []
        move_row = self._move_row
        get = move_row.get
        first_new = len(move_row)
        fresh: list[Move] = []  # moves first met in this batch, in their rows' order
        slots = self._slots
        for pl, moves in zip(playouts, options):
            p = pl.to_act
            trick = pl.trick
            if trick:
                slot = slots.get(trick)
                if slot is None:
                    slot = self._slot(trick)
                facts = (*pl.played, pl.hands[p], trick & FULL_MASK, *pl.counts, p,
                         pl.passed, pl.owner, slot)
            else:
                facts = (*pl.played, pl.hands[p], 0, *pl.counts, p, pl.passed, -1, 0)
            hb = pl.history.packed(n)
            if dedupe:
                key = (hb, trick, facts)
                k = seen.get(key)
                if k is not None:
                    same.append(k)
                    continue
                k = seen[key] = len(lens)
                same.append(k)
            ints += facts
            hist += hb
            r = list(map(get, moves))
            if None in r:
                for i, m in enumerate(moves):
                    if r[i] is None:
                        j = get(m)
                        if j is None:
                            j = move_row[m] = first_new + len(fresh)
                            fresh.append(m)
                        r[i] = j
            rows += r
            lens.append(len(r))
        if fresh:
            self._fill_rows(fresh, first_new)
        b = len(lens)
        w = 2 * n + 6
        a = np.array(ints, dtype=np.int64).reshape(b, w)
        at = np.arange(b)[:, None]
        me = a[:, 2 * n + 2]
        rel = self._rel[me]  # the absolute seats in relative order
        x = np.empty((b, len(self._w1)), dtype=np.float32)
        cards = np.ascontiguousarray(a[at, self._mask_order[me]], dtype="<i8").view(np.uint8)
        bits = np.unpackbits(cards, axis=1, bitorder="little").reshape(b, n + 2, 64)
        ce, se, ha = self._cards_end, self._seats_end, self._hist_at
        he = ha + _PER_SEAT_HISTORY * n
        x[:, :ce] = bits[:, :, :52].reshape(b, ce)
        held = a[at, n + 2 + rel]
        passed = (a[:, 2 * n + 3, None] >> rel) & 1
        owner = rel == a[:, 2 * n + 4, None]
        x[:, ce:se] = self._seat_inputs[4 * held + 2 * passed + owner].reshape(b, se - ce)
        x[:, se:ha] = self._trick_inputs[a[:, 2 * n + 5]]
        h = np.frombuffer(hist, dtype=np.float32).reshape(b, -1)
        x[:, ha:he] = h[:, :-1].reshape(b, n, _PER_SEAT_HISTORY)[at, rel].reshape(b, he - ha)
        x[:, he] = h[:, -1]
        x[:, he + 1] = held[:, 0] / 13.0
        state = x @ self._w1
        state += self._bias
        lens_a = np.array(lens, dtype=np.intp)
        seg = np.repeat(np.arange(b), lens_a)
        starts = np.zeros(b, dtype=np.intp)
        np.cumsum(lens_a[:-1], out=starts[1:])
        rows_a = np.array(rows, dtype=np.intp)
        hid = self._move_base[rows_a]
        hid += state[seg]
        out = np.flatnonzero(self._move_size[rows_a] == held[seg, 0])
        if len(out):
            hid[out] += self._w_out
        for wt, bias in self._hidden:
            np.maximum(hid, 0.0, out=hid)
            hid = hid @ wt
            hid += bias
        return hid[:, 0], seg, starts, (same if b < len(same) else None)
