"""What a learned opponent sees: numbers made from a :class:`~big2.ai.view.PlayerView` only.

:func:`state_features` turns a view into one vector of :data:`STATE_DIM` floats and
:func:`action_features` turns the candidate moves into a matrix of :data:`ACTION_DIM`
floats a row. Nothing but the view is read, so nothing hidden (the other seats' cards,
the stock) can reach a network.

Card vectors have 52 entries in the order of strength under the view's rules (index 0
is the weakest card, 51 the strongest), so "the lowest three" is the same input whatever
the suit order. Seats are *relative*: slot 0 is the seat itself, slot ``i`` the seat
``i`` turns later in this hand's direction; slots past the table size are zeros.

The state vector, in order (:data:`STATE_LAYOUT` gives the same as names and widths):

* ``hand``: the seat's cards (52).
* ``played``: the cards each relative seat has played (4 x 52).
* ``unseen``: the cards this seat has not seen, held by others or not dealt (52).
* ``seats``: per relative seat: at the table, cards held / 13, holds 1, 2 or 3 cards,
  out, passed on this trick, owns the trick (4 x 8).
* ``trick``: the cards to beat (52), their kind (10, slot 0 for "leading"), size / 5.
* ``flags``: must include the lowest card, table of 2, 3 or 4, clockwise, stock left / 52.
* ``rules``: every option of :class:`~big2.engine.Rules` (enums one-hot, flags, cards
  per player / 26) and each suit's strength / 3.
* ``scores``: the session totals per relative seat (scaled by tanh(x / 50)), hands left
  known and hands left / 10, target known and the target / 100.
* ``history`` (layout 2, read from the view's public ``history`` of this hand): per
  relative seat (4 x 22): for each trick kind (single, pair, triple, five cards) the
  strength of the weakest trick of that kind it passed on (1 if none: the evidence of
  what it lacks); its last move's kind (10, slot 0 a pass), whether it has moved, and
  that move's strength; how many tricks of each kind it led / 4, tricks it won / 4,
  passes / 8. Then the number of moves so far / 60 (1).

A trick's strength is in 0..1 under the view's rules: a single, pair or triple's key /
51 (its top card), a five-card trick's (kind order + top card / 51) / 5. A move is taken
as a lead when it starts the hand, follows the seat's own standing play (everyone
passed) or cannot beat the play before it (another size or lower); whoever made the play
before a lead won that trick. (Under the rare house rules where a trick passes to the
next seat after its owner went out, that seat's lead may be read as a follow.)

A move's row: its cards (52), its kind (10, slot 0 for a pass), size / 5, the cards the
seat would hold after it / 13, whether it goes out, and the strength of its top card / 51.

Numpy only (no torch): the game runs learned opponents with this module at play time.
Bump :data:`FEATURE_VERSION` whenever the layout changes; weights record it and refuse
to load against another layout. Layout 2 is layout 1 with ``history`` appended, so a
layout-1 network becomes a layout-2 one that plays exactly alike by zero rows for the new
inputs in its first layer (:func:`big2.ai.learned.net.widen_arrays`).
"""

from __future__ import annotations

import enum
import math
import struct
from array import array
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache
from typing import Final

import numpy as np

from big2.engine import PASS, Move, Rules
from big2.engine.cards import FULL_MASK
from big2.engine.rules import KEY_SHIFT, KIND_ID_SHIFT, ORDER_SHIFT, tables_for

from ..view import PlayerView

#: Changes whenever the layout below changes (weights store the version they were trained on).
FEATURE_VERSION: Final = 2
#: Most seats at a table (relative seat slots).
MAX_SEATS: Final = 4
#: Kind slots: 0 pass/lead, 1 single, 2 pair, 3 triple, 4 straight, 5 flush, 6 full house,
#: 7 four of a kind (+1), 8 straight flush, 9 four of a kind alone (the engine's Kind values).
N_KINDS: Final = 10
_PER_SEAT: Final = 8
_FIVE_KIND_SLOTS: Final = (4, 5, 6, 7, 8)
#: Trick kinds of the history part: single, pair, triple, five cards (by size; four of
#: a kind alone has none).
_GROUP_OF_SIZE: Final = (-1, 0, 1, 2, -1, 3)
_N_GROUPS: Final = 4
#: Per relative seat in the history part: weakest passed (4), last move's kind (10),
#: moved, last move's strength, leads per kind (4), tricks won, passes.
_PER_SEAT_HISTORY: Final = _N_GROUPS + N_KINDS + 2 + _N_GROUPS + 2
_KEY_MASK: Final = (1 << 30) - 1
_CARD_BITS: Final = np.arange(52, dtype=np.uint64)
_ZEROS: Final = [0.0] * (MAX_SEATS * _PER_SEAT_HISTORY)
#: The moves input (moves / 60) as float32 bytes, by the number of moves.
_MOVES_BYTES: Final = tuple(array("f", [k / 60.0]).tobytes() for k in range(256))
#: A seat's weakest trick passed on per group, and its leads, wins and passes, packed.
_PACK_WEAKEST: Final = struct.Struct(f"={_N_GROUPS}f")
_PACK_COUNTS: Final = struct.Struct(f"={_N_GROUPS + 2}f")
_ONE: Final = np.uint64(1)


def _rule_fields() -> list[tuple[str, type]]:
    """The Rules options that become inputs (the name and suit order are not options
    of play: the suit order enters as card strength and suit strengths)."""
    return [(f.name, type(f.default)) for f in fields(Rules) if f.name not in ("name", "suit_order")]


def _rules_width() -> int:
    width = 4  # suit strengths
    for _name, kind in _rule_fields():
        width += len(kind) if issubclass(kind, enum.Enum) else 1
    return width


#: The parts of the state vector, in order, with their widths.
STATE_LAYOUT: Final[tuple[tuple[str, int], ...]] = (
    ("hand", 52),
    ("played", MAX_SEATS * 52),
    ("unseen", 52),
    ("seats", MAX_SEATS * _PER_SEAT),
    ("trick", 52 + N_KINDS + 1),
    ("flags", 1 + 3 + 1 + 1),
    ("rules", _rules_width()),
    ("scores", MAX_SEATS + 4),
    ("history", MAX_SEATS * _PER_SEAT_HISTORY + 1),
)
STATE_DIM: Final = sum(w for _n, w in STATE_LAYOUT)
#: The width of the ``history`` part, the last one (new in layout 2).
HISTORY_DIM: Final = STATE_LAYOUT[-1][1]
#: The state width of layout 1: everything before ``history``.
V1_STATE_DIM: Final = STATE_DIM - HISTORY_DIM
#: Where the ``history`` part sits in the state vector.
HISTORY_SLICE: Final = slice(V1_STATE_DIM, STATE_DIM)
#: Where the ``scores`` part (the session's standing) sits in the state vector. Self-play
#: plays lone hands, so a network trained there has only ever seen zeros here.
SESSION_SLICE: Final = slice(V1_STATE_DIM - (MAX_SEATS + 4), V1_STATE_DIM)
#: Cards, kind, size, cards left, goes out, top card.
ACTION_DIM: Final = 52 + N_KINDS + 4


@lru_cache(maxsize=64)
def _order(rules: Rules) -> np.ndarray:
    """Card ints weakest first under ``rules`` (indexing a card-bit vector with it puts
    the bits in strength order)."""
    return np.array(tables_for(rules).by_strength, dtype=np.intp)


@lru_cache(maxsize=64)
def rules_vector(rules: Rules) -> np.ndarray:
    """The ``rules`` part of the state (cached per rule set; do not change it)."""
    out: list[float] = []
    suit_strength = tables_for(rules).suit_strength
    out.extend(suit_strength[s] / 3.0 for s in range(4))
    for name, kind in _rule_fields():
        value = getattr(rules, name)
        if issubclass(kind, enum.Enum):
            out.extend(1.0 if value is member else 0.0 for member in kind)
        elif kind is bool:
            out.append(1.0 if value else 0.0)
        else:
            out.append(float(value) / 26.0)
    vec = np.array(out, dtype=np.float32)
    vec.setflags(write=False)
    return vec


def cards_vector(mask: int, rules: Rules) -> np.ndarray:
    """52 floats: 1 where ``mask`` holds a card, in strength order under ``rules``."""
    bits = (np.uint64(mask & FULL_MASK) >> _CARD_BITS) & _ONE
    return bits[_order(rules)].astype(np.float32)


def cards_matrix(masks: list[int], rules: Rules) -> np.ndarray:
    """One :func:`cards_vector` row per mask."""
    arr = np.array(masks, dtype=np.uint64)
    bits = (arr[:, None] >> _CARD_BITS[None, :]) & _ONE
    return bits[:, _order(rules)].astype(np.float32)


def kind_slot(move: Move) -> int:
    """The kind slot of ``move`` (0 for a pass; see :data:`N_KINDS`)."""
    size = (move & FULL_MASK).bit_count()
    if size == 0:
        return 0
    if size < 4:
        return size
    if size == 4:
        return 9
    return _FIVE_KIND_SLOTS[(move >> (KEY_SHIFT + KIND_ID_SHIFT)) & 7]


def relative_seats(view: PlayerView) -> list[int]:
    """The table's seats in relative order: the view's seat, then each later one."""
    n = view.n_players
    step = -1 if view.clockwise else 1
    return [(view.seat + step * i) % n for i in range(n)]


def state_features(view: PlayerView) -> np.ndarray:
    """The state vector of ``view`` (:data:`STATE_DIM` float32s; layout in the module doc)."""
    rules = view.rules
    n = view.n_players
    seats = relative_seats(view)
    parts: list[np.ndarray] = [cards_vector(view.hand.mask, rules)]
    played = np.zeros((MAX_SEATS, 52), dtype=np.float32)
    masks = [view.played[s].mask for s in seats]
    played[:n] = cards_matrix(masks, rules)
    parts.append(played.ravel())
    parts.append(cards_vector(view.unseen_mask, rules))
    per = np.zeros((MAX_SEATS, _PER_SEAT), dtype=np.float32)
    for i, s in enumerate(seats):
        c = view.counts[s]
        per[i] = (1.0, c / 13.0, c == 1, c == 2, c == 3, s in view.out, s in view.passed,
                  view.trick != PASS and view.trick_owner == s)
    parts.append(per.ravel())
    trick = np.zeros(52 + N_KINDS + 1, dtype=np.float32)
    if view.trick != PASS:
        trick[:52] = cards_vector(view.trick, rules)
        trick[52 + N_KINDS] = (view.trick & FULL_MASK).bit_count() / 5.0
    trick[52 + kind_slot(view.trick)] = 1.0
    parts.append(trick)
    flags = np.zeros(6, dtype=np.float32)
    flags[0] = view.must_include is not None
    flags[1 + n - 2] = 1.0
    flags[4] = view.clockwise
    flags[5] = view.stock_size / 52.0
    parts.append(flags)
    parts.append(rules_vector(rules))
    scores = np.zeros(MAX_SEATS + 4, dtype=np.float32)
    if view.scores:
        for i, s in enumerate(seats):
            scores[i] = math.tanh(view.scores[s] / 50.0)
    if view.hands_left is not None:
        scores[MAX_SEATS] = 1.0
        scores[MAX_SEATS + 1] = min(view.hands_left, 50) / 10.0
    if view.target is not None:
        scores[MAX_SEATS + 2] = 1.0
        scores[MAX_SEATS + 3] = min(view.target, 1000) / 100.0
    parts.append(scores)
    parts.append(history_vector(view, seats))
    return np.concatenate(parts)


def move_strength(move: Move, card_strength: tuple[int, ...]) -> float:
    """How strong a played ``move`` is among moves of its size, 0..1 (see the module doc);
    ``card_strength`` is the rules' table (:attr:`RuleTables.card_strength`)."""
    mask = move & FULL_MASK
    size = mask.bit_count()
    key = (move >> KEY_SHIFT) & _KEY_MASK
    if size < 4:
        return key / 51.0
    top = 0
    while mask:
        low = mask & -mask
        top = max(top, card_strength[low.bit_length() - 1])
        mask ^= low
    if size == 4:
        return top / 51.0
    return (((key >> ORDER_SHIFT) & 7) + top / 51.0) / 5.0


class HandHistory:
    """The counts behind the ``history`` part, kept up one move at a time.

    :func:`history_vector` reads a view's history through it, and the batched network
    playouts (:mod:`big2.ai.learned.netplay`) keep one per playout, so both give the
    same numbers. :meth:`add` takes each ``(seat, move)`` in order; :meth:`vector_list`
    gives the part for the given relative seats, :meth:`packed` the same numbers as
    float32 bytes by absolute seat (cached per seat until it changes).
    """

    __slots__ = ("strength", "weakest", "leads", "won", "passes", "last", "trick",
                 "trick_key", "trick_size", "trick_strength", "owner", "moves", "_packed",
                 "_last_packed")

    def __init__(self, rules: Rules) -> None:
        self.strength = tables_for(rules).card_strength
        self.weakest = [[1.0] * _N_GROUPS for _ in range(MAX_SEATS)]
        self.leads = [[0] * _N_GROUPS for _ in range(MAX_SEATS)]
        self.won = [0] * MAX_SEATS
        self.passes = [0] * MAX_SEATS
        self.last: list[int | None] = [None] * MAX_SEATS  # by absolute seat: the last move
        self.trick = PASS  # the last play (not cleared when a trick ends)
        self.trick_key = 0
        self.trick_size = 0
        self.trick_strength = -1.0  # worked out when somebody passes on it
        self.owner = -1
        self.moves = 0
        self._packed: list[bytes | None] = [None] * MAX_SEATS  # by seat, see packed()
        self._last_packed: dict[int | None, bytes] = {}  # by move (shared by copies)

    @classmethod
    def of(cls, history: Sequence[tuple[int, Move]], rules: Rules) -> HandHistory:
        """The counts after every move of ``history``."""
        h = cls(rules)
        for seat, move in history:
            h.add(seat, move)
        return h

    def copy(self) -> HandHistory:
        """An independent copy (the packed rows are shared until either changes)."""
        h = HandHistory.__new__(HandHistory)
        h.strength = self.strength
        h.weakest = [list(w) for w in self.weakest]
        h.leads = [list(x) for x in self.leads]
        h.won = list(self.won)
        h.passes = list(self.passes)
        h.last = list(self.last)
        h.trick = self.trick
        h.trick_key = self.trick_key
        h.trick_size = self.trick_size
        h.trick_strength = self.trick_strength
        h.owner = self.owner
        h.moves = self.moves
        h._packed = list(self._packed)
        h._last_packed = self._last_packed
        return h

    def add(self, seat: int, move: Move) -> None:
        """Count ``seat`` making ``move`` (PASS included), the hand's next move."""
        self.moves += 1
        self.last[seat] = move
        packed = self._packed
        packed[seat] = None
        if not move & FULL_MASK:
            self.passes[seat] += 1
            if self.trick:
                size = self.trick_size
                group = _GROUP_OF_SIZE[size] if size <= 5 else -1
                if group >= 0:
                    if self.trick_strength < 0:
                        self.trick_strength = move_strength(self.trick, self.strength)
                    weakest = self.weakest[seat]
                    if self.trick_strength < weakest[group]:
                        weakest[group] = self.trick_strength
            return
        size = (move & FULL_MASK).bit_count()
        key = (move >> KEY_SHIFT) & _KEY_MASK
        trick = self.trick
        owner = self.owner
        if not trick or seat == owner or size != self.trick_size or key <= self.trick_key:
            if trick:
                self.won[owner] += 1
                packed[owner] = None
            group = _GROUP_OF_SIZE[size] if size <= 5 else -1
            if group >= 0:
                self.leads[seat][group] += 1
        self.trick = move
        self.trick_key = key
        self.trick_size = size
        self.trick_strength = -1.0
        self.owner = seat

    def _last_inputs(self, move: Move | None) -> list[float]:
        """A seat's inputs of its last move ``move`` (None: it has not moved): the kind
        (one-hot), whether it has moved, the move's strength."""
        kinds = [0.0] * (N_KINDS + 2)
        if move is not None:
            kinds[kind_slot(move)] = 1.0
            kinds[N_KINDS] = 1.0
            if move & FULL_MASK:
                kinds[N_KINDS + 1] = move_strength(move, self.strength)
        return kinds

    def _counts(self, seat: int) -> tuple[float, ...]:
        """``seat``'s leads per trick kind / 4, tricks won / 4, passes / 8."""
        leads = self.leads[seat]
        return (leads[0] * 0.25, leads[1] * 0.25, leads[2] * 0.25, leads[3] * 0.25,
                self.won[seat] * 0.25, self.passes[seat] * 0.125)

    def seat_row(self, seat: int) -> list[float]:
        """The history inputs of absolute ``seat``."""
        return [*self.weakest[seat], *self._last_inputs(self.last[seat]), *self._counts(seat)]

    def packed(self, n: int) -> bytes:
        """The ``history`` part of absolute seats ``0..n-1`` (each :meth:`seat_row`, in
        seat order, not relative) and then the moves input, as float32s in the machine's
        byte order: ``22 * n + 1`` floats (for the batched playouts, which put the seats
        in relative order themselves)."""
        packed = self._packed
        parts = packed[:n]
        if None in parts:
            for s in range(n):
                if parts[s] is None:
                    move = self.last[s]
                    last = self._last_packed.get(move)
                    if last is None:
                        last = self._last_packed[move] = array(
                            "f", self._last_inputs(move)).tobytes()
                    parts[s] = packed[s] = (_PACK_WEAKEST.pack(*self.weakest[s]) + last
                                            + _PACK_COUNTS.pack(*self._counts(s)))
        k = self.moves
        parts.append(_MOVES_BYTES[k] if k < len(_MOVES_BYTES) else array("f", [k / 60.0]).tobytes())
        return b"".join(parts)

    def vector_list(self, seats: Sequence[int]) -> list[float]:
        """The ``history`` part as :data:`HISTORY_DIM` floats, for the relative ``seats``."""
        flat: list[float] = []
        for s in seats:
            flat += self.seat_row(s)
        flat += _ZEROS[: HISTORY_DIM - 1 - len(flat)]
        flat.append(self.moves / 60.0)
        return flat


def history_vector(view: PlayerView, seats: list[int] | None = None) -> np.ndarray:
    """The ``history`` part of the state (layout in the module doc), from the view's
    public move list of this hand. ``seats``: :func:`relative_seats` (made if not given)."""
    if seats is None:
        seats = relative_seats(view)
    return np.array(HandHistory.of(view.history, view.rules).vector_list(seats),
                    dtype=np.float32)


def action_features(view: PlayerView, moves: list[Move]) -> np.ndarray:
    """One row of :data:`ACTION_DIM` float32s per move of the seat to act."""
    rules = view.rules
    k = len(moves)
    out = np.zeros((k, ACTION_DIM), dtype=np.float32)
    if not k:
        return out
    out[:, :52] = cards_matrix([m & FULL_MASK for m in moves], rules)
    held = len(view.hand)
    for i, m in enumerate(moves):
        size = (m & FULL_MASK).bit_count()
        out[i, 52 + kind_slot(m)] = 1.0
        out[i, 52 + N_KINDS] = size / 5.0
        out[i, 52 + N_KINDS + 1] = (held - size) / 13.0
        out[i, 52 + N_KINDS + 2] = size > 0 and size == held
    cards = out[:, :52]
    top = 51 - np.argmax(cards[:, ::-1], axis=1)
    out[:, 52 + N_KINDS + 3] = np.where(cards.any(axis=1), top / 51.0, 0.0)
    return out
