"""The course of one finished hand, told from one seat: who took each trick, and the
moments that decided it. Plain values, made from the hand's events (no I/O).

:func:`hand_course` reads the engine's events of a whole hand (from ``Dealt`` to
``HandEnded``, as a room logs them) and returns a :class:`HandCourse`: the seat it is
told for, the winner of each trick, the hand's points and cards left, and its
:class:`Moment` list. The daily deal's duplicate result shows two courses of the same
deal side by side (the player's and the Expert's in the player's place), and its share
text draws the tricks as symbols (:func:`trick_symbols`) without naming a card.

Moments, in the order they happened:

* ``"two"``: the seat told for played a combination holding a 2;
* ``"five"``: it played a five-card hand;
* ``"last"``: a seat (any) is down to its last card;
* ``"out"``: a seat went out (the first is the hand's winner).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from .events import HandEnded, LastCard, Played, PlayerOut, TrickWon

#: The kinds of :class:`Moment`, in the words of the module notes.
MOMENT_KINDS: Final = ("two", "five", "last", "out")
#: :func:`trick_symbols`: a trick the seat took, one another seat took.
WON: Final = "●"
LOST: Final = "○"
_TWO_RANK: Final = 12


@dataclass(frozen=True, slots=True)
class Moment:
    """One deciding moment: its kind (:data:`MOMENT_KINDS`), the trick it came in
    (1 for the first), the seat, and the cards played (empty for ``"last"``/``"out"``)."""

    kind: str
    trick: int
    seat: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandCourse:
    """A finished hand from ``seat``'s side: ``tricks[i]`` is the seat that took trick
    ``i + 1`` (the last trick is the one its winner went out on); ``winner`` went out
    first; ``points`` and ``cards_left`` are per seat (the engine's penalty points
    unless the caller put the table's scheme's in)."""

    seat: int
    winner: int
    points: tuple[int, ...]
    cards_left: tuple[int, ...]
    tricks: tuple[int, ...]
    moments: tuple[Moment, ...]

    @property
    def tricks_won(self) -> int:
        """How many tricks :attr:`seat` took."""
        return sum(1 for t in self.tricks if t == self.seat)

    @property
    def my_points(self) -> int:
        return self.points[self.seat]


def hand_course(events: Iterable[Any], seat: int, *, points: tuple[int, ...] | None = None) -> HandCourse:
    """The course of the hand whose events are ``events``, told for ``seat``.

    ``points`` replaces the engine's penalty points (``HandEnded.points``) with the
    table's own scheme's. ``ValueError`` when the events hold no ``HandEnded``."""
    trick = 1
    tricks: list[int] = []
    moments: list[Moment] = []
    ended: HandEnded | None = None
    for event in events:
        if isinstance(event, Played):
            cards = tuple(sorted(event.combo.cards))
            if event.seat == seat and any(c // 4 == _TWO_RANK for c in cards):
                moments.append(Moment("two", trick, seat, cards))
            if event.seat == seat and len(cards) == 5:
                moments.append(Moment("five", trick, seat, cards))
        elif isinstance(event, LastCard):
            moments.append(Moment("last", trick, event.seat))
        elif isinstance(event, TrickWon):
            tricks.append(event.seat)
            trick += 1
        elif isinstance(event, PlayerOut):
            moments.append(Moment("out", trick, event.seat))
        elif isinstance(event, HandEnded):
            ended = event
            break
    if ended is None:
        raise ValueError("the hand has not ended")
    if not tricks or len(tricks) < trick:  # the trick its winner went out on
        tricks.append(ended.winner)
    if not any(m.kind == "out" and m.seat == ended.winner for m in moments):
        moments.append(Moment("out", len(tricks), ended.winner))
    return HandCourse(seat=seat, winner=ended.winner,
                      points=tuple(points) if points is not None else tuple(ended.points),
                      cards_left=tuple(ended.cards_left), tricks=tuple(tricks), moments=tuple(moments))


def trick_symbols(course: HandCourse) -> str:
    """The tricks as a line of symbols, one a trick: :data:`WON` where the seat told for
    took it, :data:`LOST` where another did. Names no card."""
    return "".join(WON if t == course.seat else LOST for t in course.tricks)
