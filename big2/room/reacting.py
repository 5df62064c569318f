"""The computers' characters react to the game, as their temperament says.

A :class:`Reactor` hears a seat's events in the order a table shows them and answers
which characters say what (a reaction id of :data:`big2.room.personas.REACTION_IDS`):

* a **big play** (a full house or better, four of a kind alone): the player's own
  moment ``own_big``, and ``other_big`` for one other character;
* **winning a trick**: ``won_trick`` for its winner;
* **going out**: ``won_hand`` for the first out, ``lost_hand`` for one other character
  when the hand ends.

How often is the temperament's ``chance``; what, its ``replies``. Only characters react
(a seat named after one that no person plays); people, and a person's seat the computer
holds, never do. At most one character answers another's moment, the first in playing
order after it whose roll comes up.

Deterministic: each roll is a hash of the game's seed (the deal number), the hand, the
event's place in the hand, the seat and the moment, so the same game always brings the
same reactions (no random state to keep, none taken from the computers' generators).
No pygame, no clock: the table shows them (``big2/app/table/reactions.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from big2.engine.combos import Kind
from big2.engine.events import HandEnded, Played, PlayerOut, TrickWon

from . import personas

#: The kinds of play a character calls big.
BIG_KINDS = frozenset({Kind.FULL_HOUSE, Kind.FOUR_OF_A_KIND, Kind.STRAIGHT_FLUSH, Kind.FOUR_ALONE})


def roll(*key: object) -> float:
    """A number in [0, 1) fixed by ``key`` (the same key, the same number, everywhere)."""
    digest = hashlib.blake2b(repr(key).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


class Reactor:
    """The reactions of one table's characters. ``names`` and ``people`` are the seats'
    (as a seat's snapshot has them); ``seed`` the game's (its deal number, or 0).
    Call :meth:`hand_started` at each deal and :meth:`heard` with each event shown."""

    def __init__(self, names: Sequence[str], people: Sequence[bool], seed: int = 0) -> None:
        self.seed = seed
        self.hand = 0
        self.count = 0
        self.out_first: int | None = None
        self.characters: dict[int, personas.Persona] = {}
        self.seat_names(names, people)

    def seat_names(self, names: Sequence[str], people: Sequence[bool]) -> None:
        """The seats as they are now (a seat handed to the computer keeps its person's
        name: not a character)."""
        self.n = len(names)
        found = {seat: personas.named(name) for seat, name in enumerate(names) if not people[seat]}
        self.characters = {seat: p for seat, p in found.items() if p is not None}

    def hand_started(self, hand: int, seed: int | None = None) -> None:
        self.hand = hand
        if seed is not None:
            self.seed = seed
        self.count = 0
        self.out_first = None

    def heard(self, event: object) -> list[tuple[int, str]]:
        """The reactions to ``event``: (seat, reaction id) pairs, most one a seat."""
        self.count += 1
        if isinstance(event, Played) and event.combo.kind in BIG_KINDS:
            return self._say(event.seat, "own_big") + self._others(event.seat, "other_big")
        if isinstance(event, TrickWon):
            return self._say(event.seat, "won_trick")
        if isinstance(event, PlayerOut) and event.place == 1:
            self.out_first = event.seat
            return self._say(event.seat, "won_hand")
        if isinstance(event, HandEnded):
            said = [] if self.out_first == event.winner else self._say(event.winner, "won_hand")
            self.out_first = event.winner
            return said + self._others(event.winner, "lost_hand")
        return []

    def _say(self, seat: int, moment: str) -> list[tuple[int, str]]:
        persona = self.characters.get(seat)
        if persona is None:
            return []
        temper = persona.temperament
        reply = temper.reply(moment)
        if reply is None or roll(self.seed, self.hand, self.count, seat, moment) >= temper.chance:
            return []
        return [(seat, reply)]

    def _others(self, seat: int, moment: str) -> list[tuple[int, str]]:
        for k in range(1, self.n):
            said = self._say((seat + k) % self.n, moment)
            if said:
                return said
        return []


__all__ = ["BIG_KINDS", "Reactor", "roll"]
