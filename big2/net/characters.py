"""The online room's computer characters: their pace and their reactions, as their
temperament says — the same as at a table in the app (issue 44).

A computer seat online is named after a character (:mod:`big2.room.personas`); this
gives it the character's temperament:

* **Pace** — :func:`think_delay`: the server's computer pace (``Limits.computer_pace_s``,
  ``big2 serve --computer-pace``) times the character's ``pace``, as the app's table
  multiplies the player's pace setting. The wait is counted from when the move was
  asked for and runs while the level thinks (:meth:`big2.room.room.Room.tick` moves at
  the later of the two), so a temperament never lengthens a level's own think budget:
  a Master still moves as soon as its search ends when that is later. It is bounded by
  :data:`MOST_S` (the most ``--computer-pace`` allows), and no turn clock runs on a
  computer's turn, so the clock's rules are unchanged. A person's seat the computer
  holds keeps the person's name and their pace is the server's, unchanged.
* **Reactions** — :class:`RoomReactions` hears the room's log in order, as a table
  shows a seat's events, and asks a :class:`big2.room.reacting.Reactor` which
  characters say what: the same moments, temperaments and rolls as in the app. The
  room sends each as a ``reaction`` frame, the frame a person's reaction is sent in,
  so every table shows it by the seat and a player who muted that seat does not see
  it (the mutes are the reader's, in the app).

No I/O and no clock here: :class:`~big2.net.hosted.HostedRoom` calls both.
"""

from __future__ import annotations

from typing import Any

from ..engine.events import Dealt
from ..room import personas
from ..room.events import HintGiven
from ..room.reacting import Reactor

#: The longest a temperament may make a computer wait, seconds (unless the server's
#: own pace is longer: then that pace, never more).
MOST_S = 10.0


def think_delay(room: Any, pace: float) -> float:
    """Seconds the move (or give-back) of the computer to act in ``room`` (a
    :class:`big2.room.room.Room`) waits after it was asked for: ``pace`` times its
    character's temperament; ``pace`` itself for a person's seat the computer holds, a
    seat named after nobody, or when no computer is to act."""
    seat = room.computer_to_act()
    if seat is None:
        return pace
    config = room.config.seats[seat]
    if config.human:
        return pace
    return min(pace * personas.pace_factor(config.name), max(pace, MOST_S))


class RoomReactions:
    """The reactions of one online room's characters. ``seed`` fixes every roll (the
    app's table uses its game's deal number; a room online its own secret number, so
    that nobody learns the deal from it). Call :meth:`heard` after the room's log grew:
    it returns the (seat, reaction id) pairs its new events bring, each once."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.reactor = Reactor((), (), seed)
        self._room: Any = None
        self._serial = -1
        self._cursor = 0

    def skip(self, room: Any) -> None:
        """Take ``room``'s log so far as heard (a room read back from its saved state:
        nothing it said before is said again)."""
        self._start(room)
        self._cursor = len(room.log)

    def _start(self, room: Any) -> None:
        self._room, self._serial, self._cursor = room, room.hand_serial, 0
        self.reactor.hand_started(room.match.hand_number, self.seed)

    def heard(self, room: Any) -> list[tuple[int, str]]:
        """What the characters of ``room`` say to the events logged since the last call."""
        if room is not self._room or room.hand_serial != self._serial:
            self._start(room)  # a new hand (or a new session): its log starts again
        config = room.config
        # a person's seat the computer holds is never a character (the table's rule)
        self.reactor.seat_names([s.name for s in config.seats], [s.human for s in config.seats])
        said: list[tuple[int, str]] = []
        for event in room.log[self._cursor:]:
            if isinstance(event, Dealt):  # a table's count starts after the deal
                self.reactor.hand_started(room.match.hand_number, self.seed)
                continue
            if isinstance(event, HintGiven):  # one seat's own: not at the table
                continue
            said += self.reactor.heard(event)
        self._cursor = len(room.log)
        return said


__all__ = ["MOST_S", "RoomReactions", "think_delay"]
