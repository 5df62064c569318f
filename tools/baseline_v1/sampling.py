"""Sampling the hidden hands: worlds consistent with what a seat has seen.

Hard facts are always kept: the unseen cards (not in our hand, not played) are dealt at
random to the other seats, each getting exactly the number of cards it holds, and the
rest form the stock. Passes are soft evidence: a player who passed on a single or a
pair while holding a spare card or pair that beat it (not a 2, not breaking a group)
probably did not hold it. :class:`Sampler` rejects such worlds with probability
``1 - pass_weight`` per suspicious pass, so the search meets likely hands more often.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from big2.engine import PASS, Move, move_key
from big2.engine.cards import FULL_MASK
from big2.engine.rules import tables_for

from big2.ai.view import PlayerView

_TWOS = 0xF << 48
#: Worlds tried before one is accepted whatever its weight.
MAX_TRIES = 12


@dataclass(frozen=True, slots=True)
class PassNote:
    """Seat ``seat`` passed on ``trick`` and afterwards played the cards ``later``."""

    seat: int
    trick: Move
    later: int


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
    out = []
    for seat, t, i in notes:
        later = 0
        for s, m in view.history[i + 1:]:
            if s == seat:
                later |= m & FULL_MASK
        out.append(PassNote(seat, t, later))
    return out


class Sampler:
    """Draws worlds for one decision (build one per decision: it reads the history)."""

    def __init__(self, view: PlayerView, *, pass_weight: float = 0.35) -> None:
        self.view = view
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
        then = hand | note.later
        size = (note.trick & FULL_MASK).bit_count()
        cand = then & stronger
        while cand:
            low = cand & -cand
            r = (low.bit_length() - 1) >> 2
            if ((then >> (4 * r)) & 15).bit_count() == size:
                return True
            cand &= ~(15 << (4 * r))
        return False

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
            weight = 1.0
            for note, stronger in zip(self.notes, self._stronger):
                if self._suspicious(note, hands[note.seat], stronger):
                    weight *= self.pass_weight
            if weight >= 1.0 or rng.random() < weight:
                break
        at = sum(view.counts[s] for s in range(view.n_players) if s != view.seat)
        return hands, pool[at:at + view.stock_size]
