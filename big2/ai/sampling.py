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
  above it probably held no spare play between the two (it would have been cheaper);
* leads (:func:`lead_notes`): a player who led a single or a pair while nobody was
  close to going out probably held no lower spare card or pair, nor a pair or triple
  when it led a single (a planning player sheds its weakest combination first, the
  bigger ones before singles). Leads with a 2, leads that nothing left could beat, the
  hand's first lead and leads from five cards or fewer (running a hand out) say nothing.

:class:`Sampler` rejects a world with probability ``1 - weight`` per fact it makes
suspicious (``pass_weight`` for passes, ``play_weight`` for beats, ``lead_weight`` for
leads), so the search meets likely hands more often; after :data:`MAX_TRIES` draws it
takes the last.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
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


@dataclass(frozen=True, slots=True)
class LeadNote:
    """Seat ``seat`` led ``size`` cards (1 or 2) when a lower spare group of that size
    among ``below`` would have been its weaker lead, and, when ``groups`` is set, a
    pair or triple (``groups`` is the smallest size, 2 or 3, it could have led without
    letting someone finish; 0 when none); ``later`` are the lead's cards and those it
    played afterwards."""

    seat: int
    size: int
    below: int
    groups: int
    later: int


def _later(view: PlayerView, seat: int, index: int) -> int:
    later = 0
    for s, m in view.history[index + 1:]:
        if s == seat:
            later |= m & FULL_MASK
    return later


def on_tricks(view: PlayerView) -> Iterator[tuple[int, int, Move, Move]]:
    """Each entry of the public history as (index, seat, move, trick): ``trick`` is the
    play the move answered (:data:`PASS` for a free lead), following the passes that
    clear the table."""
    n = view.n_players
    trick = PASS
    passes = 0
    for i, (seat, move) in enumerate(view.history):
        yield i, seat, move, trick
        if move == PASS:
            passes += 1
            if passes >= n - 1 - len(view.out):
                trick, passes = PASS, 0
        else:
            trick, passes = move, 0


def beat_notes(view: PlayerView) -> list[PlayNote]:
    """Singles and pairs the other seats played on a trick: the spare plays between
    the trick and theirs (no 2s) would have been cheaper."""
    strength = tables_for(view.rules).card_strength
    out: list[PlayNote] = []
    for i, seat, move, trick in on_tricks(view):
        if move == PASS:
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
    return out


def lead_notes(view: PlayerView) -> list[LeadNote]:
    """The other seats' free leads of singles and pairs, from the public history."""
    strength = tables_for(view.rules).card_strength
    n = view.n_players
    hist = view.history
    # Cards each seat held before each play: today's count plus what it played since.
    held = list(view.counts)
    before: list[list[int]] = [[]] * len(hist)
    later_all = [0] * (len(hist) + 1)  # every card played at that index or later
    for i in range(len(hist) - 1, -1, -1):
        seat, move = hist[i]
        held[seat] += (move & FULL_MASK).bit_count()
        before[i] = list(held)
        later_all[i] = later_all[i + 1] | (move & FULL_MASK)
    unplayed = view.unseen_mask | view.hand.mask  # cards nobody has played yet, now
    out: list[LeadNote] = []
    for i, seat, move, trick in on_tricks(view):
        if move == PASS:
            continue
        mask = move & FULL_MASK
        size = mask.bit_count()
        if trick == PASS and i > 0 and seat != view.seat and size <= 2 and not mask & _TWOS:
            counts = before[i]
            danger = {counts[s] for s in range(n) if s != seat and counts[s] in (1, 2, 3, 5)}
            top = move_key(move)
            rest = (later_all[i] | unplayed) & ~mask  # what else was still in play
            if counts[seat] > 5 and not danger & {1, 2} and _beatable(rest, top, size, strength):
                if size == 1:
                    below = sum(1 << c for c in range(48) if strength[c] < top)
                    groups = 2
                else:
                    below = sum(15 << (4 * r) for r in range(12) if r < top >> 2)
                    groups = 0 if 3 in danger else 3
                out.append(LeadNote(seat, size, below, groups, _later(view, seat, i) | mask))
    return out


def _beatable(cards: int, top: int, size: int, strength: tuple[int, ...]) -> bool:
    """Whether ``cards`` hold a single (``size`` 1) or a pair (2) above key ``top``."""
    if size == 1:
        return any(cards >> c & 1 and strength[c] > top for c in range(52))
    for r in range(top >> 2, 13):
        nib = (cards >> (4 * r)) & 15
        if nib.bit_count() >= 2 and (r > top >> 2 or max(
                strength[4 * r + s] for s in range(4) if nib >> s & 1) > top):
            return True
    return False


def pass_notes(view: PlayerView) -> list[PassNote]:
    """The passes of other seats on singles and pairs, from the public history."""
    return [PassNote(seat, trick, _later(view, seat, i))
            for i, seat, move, trick in on_tricks(view)
            if move == PASS and trick != PASS and seat != view.seat
            and (trick & FULL_MASK).bit_count() <= 2]


class Sampler:
    """Draws worlds for one decision (build one per decision: it reads the history)."""

    def __init__(
        self,
        view: PlayerView,
        *,
        pass_weight: float = 0.35,
        inference: bool = True,
        play_weight: float = 0.6,
        lead_weight: float = 0.5,
    ) -> None:
        self.view = view
        self.inference = inference
        self.play_weight = play_weight
        self.plays = beat_notes(view) if inference and play_weight < 1.0 else []
        self.lead_weight = lead_weight
        self.leads = lead_notes(view) if inference and lead_weight < 1.0 else []
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
        for lead in self.leads:
            then = hands[lead.seat] | lead.later
            if _spare(then, lead.size, lead.below) or (lead.groups and _group(then, lead.groups)):
                weight *= self.lead_weight
        return weight

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One world: a card mask per seat (ours as it is) and the stock's cards."""
        view = self.view
        pool = list(self.pool)
        rand = rng.random
        hands: list[int] = []
        for _ in range(MAX_TRIES):
            pool.sort(key=lambda _: rand())  # a uniform shuffle, about 2x rng.shuffle's speed
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


def _group(then: int, size: int) -> bool:
    """Whether the hand ``then`` holds ``size`` or more cards of one rank below the 2s."""
    for r in range(12):
        if ((then >> (4 * r)) & 15).bit_count() >= size:
            return True
    return False
