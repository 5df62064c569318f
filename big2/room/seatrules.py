"""The rules as one seat can apply them: checks on a :class:`~big2.room.state.SeatState`.

A table asks these before it sends a command, to grey out Play with the engine's
reason or to pass when nothing beats; the room checks every command again anyway.
They build the engine's position from what the seat may see
(:func:`big2.ai.view.view_game`: the other seats get placeholder cards), which decides
the seat's own legal moves exactly.
"""

from __future__ import annotations

from big2.ai.view import view_game
from big2.engine.cards import CardsLike
from big2.engine.combos import PASS, Move
from big2.engine.errors import IllegalMove
from big2.engine.messages import Message, msg

from .state import SeatState


def check_play(state: SeatState, cards: CardsLike) -> Message | None:
    """None when ``state.seat`` may play ``cards`` now; else the engine's reason."""
    if not state.my_turn:
        return msg("Wait for your turn.")
    try:
        view_game(state.view()).check_play(cards, seat=state.seat)
    except IllegalMove as exc:
        return exc.message
    return None


def legal_moves(state: SeatState) -> list[Move]:
    """The seat's legal moves now (PASS last where passing is allowed); [] when it is
    not the seat's turn."""
    if not state.my_turn or state.exchange is not None:
        return []
    return list(view_game(state.view()).legal_moves())


def nothing_beats(state: SeatState) -> bool:
    """It is the seat's turn, it follows, and no play it holds may be made: it must pass."""
    return state.my_turn and not state.leading and state.exchange is None and not any(
        m != PASS for m in legal_moves(state))
