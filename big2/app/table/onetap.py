"""One-tap selection: the plays a click on one card offers while following a trick.

Pure logic over the seat's :class:`~big2.room.state.SeatState` (no pygame):
:func:`candidates` lists the legal
plays of the seat to act that hold a given card, lowest first, those with as many cards
as the trick before any other (a bomb a house rule allows comes last). Only the engine's
own legal moves are offered, so a one-tap selection is always a play the engine takes.
"""

from __future__ import annotations

from typing import Any

from big2.engine.combos import PASS, move_cards, move_size
from big2.room.seatrules import legal_moves


def candidates(state: Any, card: int) -> list[frozenset[int]]:
    """The seat's legal plays now that contain ``card``, lowest first; [] when leading,
    when it is not the seat's turn, or when no play beating the trick holds the card."""
    if state is None or not state.my_turn or state.exchange is not None or state.leading:
        return []
    trick = state.trick
    size = move_size(trick) if trick else 0
    found: list[tuple[bool, int, frozenset[int]]] = []
    for i, move in enumerate(legal_moves(state)):
        if move == PASS:
            continue
        cards = move_cards(move)
        if card in cards:
            found.append((move_size(move) != size, i, frozenset(cards)))
    found.sort(key=lambda f: (f[0], f[1]))
    return [f[2] for f in found]


def next_choice(options: list[frozenset[int]], selected: frozenset[int], *, again: bool) -> frozenset[int]:
    """What a click picks among ``options`` (from :func:`candidates`): the first, or,
    when the same card is clicked ``again`` and the selection is one of them, the next;
    after the last, nothing (so clicking on and on comes back round through a clear)."""
    if again and selected in options:
        i = options.index(selected) + 1
        return options[i] if i < len(options) else frozenset()
    return options[0]
