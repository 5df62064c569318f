"""Sampling the hidden hands: worlds consistent with what a seat has seen.

Hard facts are always kept: the unseen cards (not in our hand, not played) are dealt at
random to the other seats, each getting exactly the number of cards it holds, and the
rest form the stock. What the others did in public is soft evidence, read as a sensible
player would have meant it (each fact checked against the seat's hand *then*: its
sampled cards plus what it played later):

* passes (:func:`pass_notes`): a player who passed on a single or a pair while holding
  a spare card or pair that beat it (not a 2, not breaking a group) probably did not
  hold it;
* beats (:func:`beat_notes`): a player who beat a single or a pair with a play well
  above it probably held no spare play between the two (it would have been cheaper).

Leads are not read: players lead high singles for many reasons (to block, to keep a
pair), and a fact that nearly every world breaks only makes sampling slower.

:class:`Sampler` rejects a world with probability ``1 - weight`` per fact it makes
suspicious (``pass_weight`` for passes, ``play_weight`` for beats), so the
search meets likely hands more often; after :data:`MAX_TRIES` draws it takes the last.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from big2.engine import PASS, Move, move_key
from big2.engine.cards import FULL_MASK
from big2.engine.rules import tables_for

from .view import PlayerView

_TWOS = 0xF << 48
#: Worlds tried before one is accepted whatever its weight.
MAX_TRIES = 12


@dataclass(frozen=True, slots=True)
class PassNote:
    """Seat ``seat`` passed on ``trick`` and afterwards played the cards ``later``."""

    seat: int
    trick: Move
    later: int


@dataclass(frozen=True, slots=True)
class PlayNote:
    """Seat ``seat`` played ``size`` cards when any spare group of that size among the
    cards ``between`` would have done; ``later`` are that play's cards and those it
    played afterwards."""

    seat: int
    size: int
    between: int
    later: int


def _later(view: PlayerView, seat: int, index: int) -> int:
    later = 0
    for s, m in view.history[index + 1:]:
        if s == seat:
            later |= m & FULL_MASK
    return later


def beat_notes(view: PlayerView) -> list[PlayNote]:
    """Singles and pairs the other seats played on a trick: the spare plays between
    the trick and theirs (no 2s) would have been cheaper."""
    strength = tables_for(view.rules).card_strength
    n = view.n_players
    out: list[PlayNote] = []
    trick = PASS
    passes = 0
    for i, (seat, move) in enumerate(view.history):
        if move == PASS:
            passes += 1
            if passes >= n - 1 - len(view.out):
                trick, passes = PASS, 0
            continue
        mask = move & FULL_MASK
        size = mask.bit_count()
        if seat != view.seat and trick != PASS and size <= 2 and not mask & _TWOS:
            top = move_key(move)
            lo = move_key(trick)
            if (trick & FULL_MASK).bit_count() != size:
                lo = 99  # a bomb on a smaller play: no cheaper play of its size to read
            if size == 1:
                between = sum(1 << c for c in range(48) if lo < strength[c] < top)
            else:
                between = sum(15 << (4 * r) for r in range(12) if lo >> 2 < r < top >> 2)
            if between:
                # The hand then held the play itself too (a lone K♦ beside the K♠
                # played was a pair, not a spare card).
                out.append(PlayNote(seat, size, between & ~_TWOS, _later(view, seat, i) | mask))
        trick, passes = move, 0
    return out


def pass_notes(view: PlayerView) -> list[PassNote]:
    """The passes of other seats on singles and pairs, from the public history."""
    n = view.n_players
    notes: list[tuple[int, Move, int]] = []  # (seat, trick, index in history)
    trick = PASS
    passes = 0
    for i, (seat, move) in enumerate(view.history):
        if move == PASS:
            passes += 1
            if trick != PASS and seat != view.seat and (trick & FULL_MASK).bit_count() <= 2:
                notes.append((seat, trick, i))
            if passes >= n - 1 - len(view.out):
                trick, passes = PASS, 0
        else:
            trick, passes = move, 0
    return [PassNote(seat, t, _later(view, seat, i)) for seat, t, i in notes]


class Sampler:
    """Draws worlds for one decision (build one per decision: it reads the history)."""

    def __init__(
        self,
        view: PlayerView,
        *,
        pass_weight: float = 0.35,
        inference: bool = True,
        play_weight: float = 0.6,
    ) -> None:
        self.view = view
        self.inference = inference
        self.play_weight = play_weight
        self.plays = beat_notes(view) if inference and play_weight < 1.0 else []
        self.pass_weight = pass_weight
        self.pool = [c for c in range(52) if view.unseen_mask >> c & 1]
        self.notes = pass_notes(view) if pass_weight < 1.0 else []
        strength = tables_for(view.rules).card_strength
        #: For each note: cards that beat its trick as a spare single (no 2s).
        self._stronger = []
        for note in self.notes:
            key = move_key(note.trick)
            if (note.trick & FULL_MASK).bit_count() == 1:
                mask = sum(1 << c for c in range(52) if strength[c] > key)
            else:
                mask = sum(1 << c for c in range(52) if (c >> 2) > key >> 2)
            self._stronger.append(mask & ~_TWOS)

    def _suspicious(self, note: PassNote, hand: int, stronger: int) -> bool:
        """Whether the seat held a spare play that beat the trick when it passed."""
        return _spare(hand | note.later, (note.trick & FULL_MASK).bit_count(), stronger)

    def weight(self, hands: list[int]) -> float:
        """How likely the world ``hands`` is, relative to one that explains every fact."""
        weight = 1.0
        for note, stronger in zip(self.notes, self._stronger):
            if self._suspicious(note, hands[note.seat], stronger):
                weight *= self.pass_weight
        for play in self.plays:
            if _spare(hands[play.seat] | play.later, play.size, play.between):
                weight *= self.play_weight
        return weight

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One world: a card mask per seat (ours as it is) and the stock's cards."""
        view = self.view
        pool = list(self.pool)
        hands: list[int] = []
        for _ in range(MAX_TRIES):
            rng.shuffle(pool)
            hands = []
            at = 0
            for s in range(view.n_players):
                if s == view.seat:
                    hands.append(view.hand.mask)
                    continue
                mask = 0
                for c in pool[at:at + view.counts[s]]:
                    mask |= 1 << c
                at += view.counts[s]
                hands.append(mask)
            weight = self.weight(hands)
            if weight >= 1.0 or rng.random() < weight:
                break
        at = sum(view.counts[s] for s in range(view.n_players) if s != view.seat)
        return hands, pool[at:at + view.stock_size]


def _spare(then: int, size: int, cards: int) -> bool:
    """Whether the hand ``then`` holds, among ``cards``, a rank with exactly ``size``
    cards (a spare single or pair: playing it breaks no bigger group)."""
    cand = then & cards
    while cand:
        low = cand & -cand
        r = (low.bit_length() - 1) >> 2
        if ((then >> (4 * r)) & 15).bit_count() == size:
            return True
        cand &= ~(15 << (4 * r))
    return False
