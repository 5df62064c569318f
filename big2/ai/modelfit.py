"""How well Normal's rules explain the other players: how far the search trusts its model.

The Expert's playouts play every other seat by Normal's rules (:mod:`big2.ai.fastplay`).
At a table of Normals that model is right in about 97% of their decisions; searching
players (Experts, and people) make another move about half the time, and against them a
search that trusts the model more plays worse (docs/research/opponents-log.md, sixth pass). A
:class:`ModelFit` watches the others' public decisions and measures how far off the
model is. Each decision is checked once, in a few sampled worlds: the seat's hand then
is the world's cards plus what it played from that decision on, and the question is
whether Normal's rules would have made the same move with it. Sampled hands are not the
true ones, so even Normals miss some: 26-27% of the checks at a table of Normals, 36%
at a table of today's Experts (160 worlds a move), 33% at one of Experts v1 (40 worlds),
and one decision's share of misses spreads by about 0.45 (:data:`SPREAD`): a reading
needs a few hands to tell these tables apart.

The reading is therefore cautious. It starts from a table of Normals
(:data:`NORMAL_SHARE`, worth :data:`PRIOR` decisions that never fade), and
:meth:`ModelFit.misfit` reads the share one standard error low (:data:`DOUBT`): 0 up to
:data:`FIT_LOW`, 1 from :data:`FIT_HIGH`, proportionally between. A table of Normals
reads 0 in its first hand and little later (0.02 on average, above 0 in 5-8% of the
turns), where the old, trusting reading cost the Expert 3.6 points of win rate against
Normals in fresh arena runs; a table of Experts reads about 0.3 from its second hand.
The Expert turns the misfit into its margin (see :class:`big2.ai.expert.Expert`).

The tally fades (half of it is forgotten every :data:`HALF_LIFE` decisions), so a new
table is learned within a few hands. It is kept per observing seat, so one object may
play several seats. Only the fast playouts' rule sets are read
(:meth:`FastPlayout.supports`, nobody out, no stock); elsewhere nothing is counted and
the misfit stays where it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Final

from big2.engine import PASS, Move
from big2.engine.cards import FULL_MASK

from .fastplay import FastPlayout
from .sampling import on_tricks
from .view import PlayerView

#: The share of missed checks a table of Normals reads (measured 0.26-0.27), the
#: starting belief, and how many decisions that belief is worth (it does not fade).
NORMAL_SHARE: Final = 0.27
PRIOR: Final = 40.0
#: The spread (standard deviation) of one decision's share of missed checks.
SPREAD: Final = 0.45
#: Standard errors taken off the share before it is read as a misfit.
DOUBT: Final = 1.0
#: Shares (so lowered) read as misfit 0 (up to FIT_LOW) and 1 (from FIT_HIGH).
FIT_LOW: Final = 0.30
FIT_HIGH: Final = 0.34
#: Decisions after which half of the tally is forgotten (three or four hands).
HALF_LIFE: Final = 120.0
#: Sampled worlds each new decision is checked in.
WORLDS: Final = 8
#: New decisions read at one look at most (the latest; a seat that comes to a table in
#: the middle of a hand need not read it all, and each check costs a hand plan).
MAX_NEW: Final = 12


@dataclass(frozen=True, slots=True)
class Decision:
    """Seat ``seat`` made ``move`` on ``trick`` (PASS: a free lead) owned by ``owner``;
    ``counts`` were every seat's card counts then, ``alive`` every card still held by
    someone, and ``later`` this move's cards and those the seat played afterwards."""

    seat: int
    move: Move
    trick: Move
    owner: int
    counts: tuple[int, ...]
    alive: int
    later: int


def decisions(view: PlayerView, start: int = 0) -> list[Decision]:
    """The other seats' decisions at ``view.history[start:]`` (the hand's opening lead,
    which must hold the lowest card, is left out)."""
    hist = view.history
    held = list(view.counts)
    before: list[tuple[int, ...]] = [()] * len(hist)
    gone_after = [0] * (len(hist) + 1)  # cards played from entry i on
    later_by_seat = [0] * view.n_players
    later: list[int] = [0] * len(hist)
    for i in range(len(hist) - 1, -1, -1):
        seat, move = hist[i]
        cards = move & FULL_MASK
        held[seat] += cards.bit_count()
        before[i] = tuple(held)
        gone_after[i] = gone_after[i + 1] | cards
        later_by_seat[seat] |= cards
        later[i] = later_by_seat[seat]
    unplayed = view.unseen_mask | view.hand.mask
    found: list[Decision] = []
    owner = -1
    for i, seat, move, trick in on_tricks(view):
        if i >= start and i > 0 and seat != view.seat:
            found.append(Decision(seat, move, trick, owner, before[i],
                                  gone_after[i] | unplayed, later[i]))
        if move != PASS:
            owner = seat
    return found


def normal_would(fast: FastPlayout, d: Decision, hand: int) -> bool | None:
    """Whether Normal's rules, holding ``hand`` now (so ``hand | d.later`` then), make
    decision ``d``; None when the check says nothing (a lead from four combinations or
    fewer: running a hand out depends on what the others hold). A pass with nothing
    that beats the trick counts as agreeing: leaving such checks out told Normals and
    Experts apart less well (measured)."""
    then = hand | d.later
    plan = fast.plan(then)
    counts = list(d.counts)
    others = d.alive & ~then
    if d.trick == PASS:
        if len(plan) <= 4:
            return None
        return fast.lead_normal(plan, others, d.seat, counts) == d.move
    return fast.follow_normal(plan, then, others, d.seat, counts, d.trick, d.owner) == d.move


@dataclass(slots=True)
class _Tally:
    """One observing seat's faded counts, and how far into the hand it has read."""

    missed: float
    checked: float
    upto: int = 0
    first: tuple[int, Move] | None = None


class ModelFit:
    """A fading tally, per observing seat, of how often Normal's rules miss the others'
    decisions (see the module)."""

    def __init__(self, *, half_life: float = HALF_LIFE, prior: float = PRIOR,
                 worlds: int = WORLDS) -> None:
        self.decay = 0.5 ** (1.0 / half_life)
        self.prior = prior
        self.worlds = worlds
        self._tally: dict[int, _Tally] = {}

    def observe(self, view: PlayerView, fast: FastPlayout, worlds: Sequence[Sequence[int]]) -> int:
        """Check the others' decisions made since ``view.seat`` last looked (the latest
        :data:`MAX_NEW`) in (at most :attr:`worlds` of) the sampled ``worlds`` (card
        masks per seat, as the search draws them); the number of decisions counted."""
        if not worlds or view.out or view.stock_size or not FastPlayout.supports(view.rules):
            return 0
        hist = view.history
        first = hist[0] if hist else None
        t = self._tally.get(view.seat)
        if t is None:
            t = self._tally[view.seat] = _Tally(0.0, 0.0)
        if len(hist) < t.upto or t.first != first:
            t.upto = 0  # a new hand
        used = worlds[: self.worlds]
        counted = 0
        for d in decisions(view, t.upto)[-MAX_NEW:]:
            misses = tries = 0
            for hands in used:
                agree = normal_would(fast, d, hands[d.seat])
                if agree is not None:
                    tries += 1
                    misses += not agree
            if tries:
                t.missed = t.missed * self.decay + misses / tries
                t.checked = t.checked * self.decay + 1.0
                counted += 1
        t.upto, t.first = len(hist), first
        return counted

    def tally(self, seat: int) -> tuple[float, float]:
        """``seat``'s faded (missed, checked) counts (without the starting belief)."""
        t = self._tally.get(seat)
        return (0.0, 0.0) if t is None else (t.missed, t.checked)

    def missed_share(self, seat: int) -> float:
        """The faded share of checks Normal's rules missed, as seen from ``seat``, the
        starting belief (a table of Normals) included."""
        missed, checked = self.tally(seat)
        if checked + self.prior <= 0:
            return NORMAL_SHARE
        return (missed + self.prior * NORMAL_SHARE) / (checked + self.prior)

    def misfit(self, seat: int) -> float:
        """0 when the others, as ``seat`` saw them, play like Normals, 1 when clearly
        as far from Normal's rules as Experts are, or farther; in between,
        proportionally. The share is read :data:`DOUBT` standard errors low."""
        checked = self.tally(seat)[1] + self.prior
        if checked <= 0:
            return 0.0
        low = self.missed_share(seat) - DOUBT * SPREAD / sqrt(checked)
        return min(max((low - FIT_LOW) / (FIT_HIGH - FIT_LOW), 0.0), 1.0)
