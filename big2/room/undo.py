"""Undo in a room: back to a person's previous decision. No pygame.

Before a person's move is made, :meth:`UndoStack.record` keeps the position (a copy of
the hand in play) and every computer's generator state. :meth:`UndoStack.undo` puts the
latest of those back on the :class:`~big2.room.match.Match`: the person's move and every
computer reply after it are gone, and because the generators are restored too the
computers play on exactly as they did. The stack holds one hand: it is emptied when a
hand is dealt, and a hand in which undo was used is marked ``assisted`` so the score
history can leave it out of the statistics.

Undo is for games against computers; with several people at the table (hot-seat) it
is off unless the table turned it on in New game (``MatchConfig.undo_hot_seat``). Each
person takes back only their own decisions: a step belongs to the seat that decided, and
a seat may undo only while the newest step is its own (never another person's move). A
forced pass (nothing the seat holds may be played) is no decision and keeps no step, so
a pass made for someone automatically never stands between a person and their move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from big2.engine.game import Game
    from big2.engine.session import Session

    from .config import MatchConfig


class Match(Protocol):
    """What undo needs of a :class:`~big2.room.match.Match` (which imports this module)."""

    game: Game | None
    session: Session
    ai_rngs: list[random.Random]
    assisted: bool
    config: MatchConfig

    @property
    def hot_seat(self) -> bool: ...


#: Decisions kept per hand (a hand has at most a few dozen of a person's decisions).
MAX_STEPS = 200


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table as it was when ``seat`` was about to decide."""

    seat: int
    game: Game
    rng_states: tuple[Any, ...]


class UndoStack:
    """The positions a match can be taken back to, newest last."""

    def __init__(self) -> None:
        self._steps: list[Snapshot] = []

    def __len__(self) -> int:
        return len(self._steps)

    def clear(self) -> None:
        self._steps.clear()

    def record(self, match: Match, seat: int) -> None:
        """Keep the position before ``seat`` (a person, to act now) makes a move."""
        snap = snapshot(match, seat)
        if snap is not None:
            self.push(snap)

    def push(self, snap: Snapshot) -> None:
        """Keep a snapshot taken with :func:`snapshot` (once the person has moved)."""
        self._steps.append(snap)
        del self._steps[:-MAX_STEPS]

    def can_undo(self, match: Match, seat: int | None = None) -> bool:
        """Whether undo is allowed at this table now and there is a step to go back to
        (for ``seat``: a step of its own, the newest)."""
        return self.steps_for(match, seat) > 0

    def steps_for(self, match: Match, seat: int | None = None) -> int:
        """How many steps ``seat`` may take back now, one after another: the newest
        steps while they are its own (0 when undo is off or the hand is over). ``None``
        counts every step (whoever decided)."""
        if not (allowed(match) and self._steps and match.game is not None and not match.game.is_over):
            return 0
        if seat is None:
            return len(self._steps)
        n = 0
        for snap in reversed(self._steps):
            if snap.seat != seat:
                break
            n += 1
        return n

    def owner(self) -> int | None:
        """The seat whose decision the next undo would take back (None: no step)."""
        return self._steps[-1].seat if self._steps else None

    def undo(self, match: Match, seat: int | None = None) -> Snapshot | None:
        """Take ``match`` back to the latest recorded decision (which must be ``seat``'s,
        when given); returns it (None if there is none to take back).

        The restored game is a fresh copy (the snapshot stays reusable), is put in both
        the match and its engine session, and the hand is marked assisted.
        """
        if not self.can_undo(match, seat):
            return None
        snap = self._steps.pop()
        game = snap.game.copy()
        match.game = game
        match.session.current = game
        for rng, state in zip(match.ai_rngs, snap.rng_states):
            rng.setstate(state)
        match.assisted = True
        return snap


def snapshot(match: Match, seat: int) -> Snapshot | None:
    """The position as ``seat`` (to act now) is about to decide; None if it is not their
    turn, or if there is nothing to decide (a forced pass: no step to go back to)."""
    game = match.game
    if game is None or game.is_over or game.to_act != seat or game.no_legal_play:
        return None
    return Snapshot(seat, game.copy(), tuple(r.getstate() for r in match.ai_rngs))


def allowed(match: Match) -> bool:
    """Undo is on against computers, and in hot-seat only when the table chose it."""
    return not match.hot_seat or bool(getattr(match.config, "undo_hot_seat", False))
