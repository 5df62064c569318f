"""A hand's :class:`~big2.room.state.SeatState` fields as one seat may see them.

:func:`hand_fields` is what the room (:meth:`big2.room.room.Room.state_for`) and the
replay of a finished hand (:mod:`big2.room.replay`) put in a seat's snapshot: the
public facts of the engine's game (:func:`public_hand_fields`, the same for every seat)
and the seat's own (:func:`own_hand_fields`).
"""

from __future__ import annotations

from typing import Any


def hand_fields(game: Any, seat: int, *, everyone: bool = False) -> dict[str, Any]:
    """The :class:`~big2.room.state.SeatState` fields of a hand (an engine game) as
    ``seat`` may see them: its own cards, public facts, the others' cards once the hand
    is over (``everyone``: all hands face up at every step, for the replay of a finished
    hand). The trick's plays and the finished exchange are the caller's."""
    return {**public_hand_fields(game, everyone=everyone), **own_hand_fields(game, seat, everyone=everyone)}


def public_hand_fields(game: Any, *, everyone: bool = False) -> dict[str, Any]:
    """The fields of :func:`hand_fields` that every seat sees alike."""
    n = game.n_players
    over = game.is_over
    return dict(
        in_hand=True,
        counts=tuple(game.card_counts),
        played=tuple(game.played_by(s) for s in range(n)),
        history=tuple(game.history),
        to_act=None if over else game.to_act,
        leading=False if over else game.leading,
        trick=game.trick_move,
        trick_owner=game.trick_owner,
        passed=game.passed,
        must_include=game.must_include,
        clockwise=bool(game.clockwise),
        out=tuple(game.finish_order),
        stock_size=int(game.stock_size),
        exchange=game.exchange,
        hand_over=over,
        winner=game.winner if over else None,
        revealed=tuple(game.hand(s) for s in range(n)) if over or everyone else (),
    )


def own_hand_fields(game: Any, seat: int, *, everyone: bool = False) -> dict[str, Any]:
    """The fields of :func:`hand_fields` that only ``seat`` sees (its cards, the card
    of the exchange it takes part in, the card to give back it is suggested)."""
    exchange = game.exchange
    involved = exchange is not None and seat in exchange
    return dict(
        hand=game.hand(seat),
        exchange_card=game.exchange_card if involved or everyone else None,
        give_back_hint=game.suggest_give_back() if exchange is not None and seat == exchange[1] else None,
    )
