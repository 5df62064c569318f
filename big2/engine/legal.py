"""The legal moves of a position as a lazy, countable, indexable view."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import overload

from .combos import PASS, Move


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
        if i.__class__ is int and 0 <= i < self._len - self._pass:
            return self._lst[self._start + i]
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


EMPTY_MOVES = LegalMoves([], can_pass=False)
#: Allocates a LegalMoves without running __init__ (the engine fills the slots).
new_legal_moves = object.__new__
