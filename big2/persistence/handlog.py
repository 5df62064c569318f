"""Finished hands for the score history, and replaying them step by step.

Take :func:`start_position` when a hand starts (after the deal and any exchange), make
the record with :func:`hand_result` when it is over, store it with
:meth:`History.record_hand`, and later step through it with :func:`replay`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from big2.engine import Game, HandRecord

from .gamecodec import (
    MAX_MOVES, follow_move, game_from_dict, game_to_dict, move_cards, read_list, read_moves,
    rules_to_dict,
)
from .history import HandResult


def start_position(game: Game) -> dict[str, Any]:
    """The snapshot to keep when a hand starts (after the deal and any exchange);
    :func:`hand_result` stores it so :func:`replay` can rebuild the hand."""
    return game_to_dict(game)


def hand_result(game: Game, record: HandRecord, *, start: Mapping[str, Any],
                started_at: datetime | None = None, duration_s: float = 0.0,
                ended_how: str = "", assisted: bool = False,
                by_computer: tuple[int, ...] = ()) -> HandResult:
    """The history record of a finished hand, for :meth:`History.record_hand`.

    ``start`` is :func:`start_position` taken when the hand started; ``game`` is the
    finished hand (``session.last_game`` after ``session.record()``, which returns
    ``record``). The moves stored are those made after ``start``. ``assisted`` marks a
    hand in which a player took moves back (undo); ``by_computer`` lists the people's
    seats the computer finished the hand for.
    """
    begun = len(read_list(start.get("history"), "start history", MAX_MOVES))
    first = game_from_dict(start)
    return HandResult(
        hand_number=record.number,
        rules_preset=game.rules.name,
        rules=rules_to_dict(game.rules),
        winner_seat=record.winner,
        cards_left=record.cards_left,
        points=record.points,
        moves=[[seat, move_cards(move)] for seat, move in game.history[begun:]],
        deal=[sorted(first.hand(s)) for s in range(first.n_players)],
        deal_seed=record.deal_number,
        deal_number=record.deal_number,
        assisted=assisted,
        by_computer=tuple(by_computer),
        started_at=started_at,
        duration_s=duration_s,
        ended_how=ended_how,
        start=dict(start),
    )


def replay(result: HandResult) -> list[Game]:
    """Every position of a recorded hand: the start, then one after each move.

    Step forwards and back by index; each entry is an independent :class:`Game`.
    Raises :class:`ValueError` if the record does not replay (damaged, or recorded
    without its start position).
    """
    if not result.start:
        raise ValueError("this hand was recorded without its start position")
    game = game_from_dict(result.start)
    positions = [game.copy()]
    base = len(game.history)
    for i, (seat, cards) in enumerate(read_moves(list(result.moves), game.n_players)):
        follow_move(game, base + i, seat, cards)
        positions.append(game.copy())
    return positions
