"""Fast playouts for the search: sampled worlds played to the end on bare card masks.

:class:`FastPlayout` plays a hand-plan policy without an engine ``Game``. By default
(``policy="normal"``) every seat follows Normal's rules (:mod:`big2.ai.normal`): follow
with the plan combination worth most (its plan cost, more when card counting says
nobody can beat it, less for a 2 spent early) when it is worth enough or someone is
close to going out, block with the strongest single when someone holds one card, lead
the weakest combination of a size nobody could finish with, run out on winners. It
makes Normal's move in about 95% of the follows and 97% of the leads of Normal's
hands; ``policy="plan"`` is the plainer policy of :class:`~big2.ai.playout.PlanPolicy`
(82% and 90%: it never spends a 2 early, and blocks every size with its strongest
play). A position is a
list of hand masks, the trick, its owner and the pass count, and a move is applied in a
few integer operations. It needs rule sets on the engine's lean path
(:attr:`Rules.plain <big2.engine.Rules.plain>`: first out ends the hand, no assistant
rule, lone-2 rule, pass lock, bombs or stock); :meth:`FastPlayout.supports` says so and
the Expert uses the engine path otherwise.

Legal moves are never listed in full: a plan combination is legal on a trick when it has
the trick's size and a higher key (the move layout of :mod:`big2.engine.combos`), and
only the blocking cases ask for the weakest or strongest beater, from a sorted list of
the hand's combinations cached per hand mask for the whole decision (sampled hands
recur across the candidates of a world, and their remnants across worlds).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from big2.engine import PASS, Move, Rules
from big2.engine.cards import FULL_MASK
from big2.engine.combos import all_moves
from big2.engine.rules import KEY_SHIFT, SIZE_SHIFT, RuleTables, tables_for

from .plan import Planner, combo_cost

#: Normal's follow thresholds (the same numbers as :mod:`big2.ai.normal`'s).
PLAY_THRESHOLD: Final = 0.35
TWO_PENALTY: Final = 0.8

_TWOS: Final = 0xF << 48
#: The lowest bit of every rank's four (see :func:`ranks_holding`), and its helpers.
_RANK_BITS: Final = 0x1111111111111
_BITS_0101: Final = 0x5555555555555
_BITS_0011: Final = 0x3333333333333
#: The cards of each suit.
_SUITS: Final = tuple(0x1111111111111 << s for s in range(4))
_CACHE_LIMIT: Final = 50_000
#: The playout policies :class:`FastPlayout` knows (see its ``policy`` option).
POLICIES: Final = ("normal", "plan")


class FastPlayout:
    """Plays positions to the end with the hand-plan policy (one object per search).

    Caches (combination lists per hand mask, plan remnants) live as long as the object;
    keep one per rule set and reuse it between decisions.
    """

    def __init__(self, planner: Planner, *, endgame: bool = True, policy: str = "normal") -> None:
        if policy not in POLICIES:
            raise ValueError(f"the playout policy is one of {', '.join(POLICIES)}")
        self.planner = planner
        #: Lead unbeatable combinations to run the hand out (see :func:`run_winner`).
        self.endgame = endgame
        #: ``"normal"``: every seat follows and leads by Normal's rules (see
        #: :meth:`_follow_normal`); ``"plan"``: the plain plan policy of earlier versions.
        self.policy = policy
        self.rules = planner.rules
        self._t = tables_for(planner.rules)
        self._lists: dict[int, list[Move]] = {}
        self._plans: dict[int, tuple[Move, ...]] = {}
        #: Each straight's ranks, as :func:`ranks_holding` gives them.
        self._straight_ranks = tuple(sum(1 << (4 * r) for r in shape.ranks)
                                     for shape in self._t.straights)
        #: ``[rank][suit nibble][size - 1]``: the singles, pairs and triples of those
        #: cards, weakest first (the rule tables' groups without the fours).
        self._groups: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
            tuple((g[0], g[1], g[2]) for g in row) for row in self._t.group_moves)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Whether ``rules`` need nothing beyond this module's plain play."""
        return rules.plain

    # -- caches ------------------------------------------------------------------------

    def _moves(self, hand: int) -> list[Move]:
        """The sorted plays of ``hand`` for the lookups of four- and five-card plays:
        all of them, or none when it has no play of four or more cards."""
        lst = self._lists.get(hand)
        if lst is None:
            if len(self._lists) > _CACHE_LIMIT:
                self._lists.clear()
            lst = self._lists[hand] = all_moves(hand, self._t) if self._has_big(hand) else []
        return lst

    def _has_big(self, hand: int) -> bool:
        """Whether ``hand`` may hold a play of four or more cards (a quick test: four of
        a kind, a full house, the ranks of a straight or five cards of a suit)."""
        if ranks_holding(hand, 4):
            return True
        triples = ranks_holding(hand, 3)
        if triples and ranks_holding(hand, 2) & ~(triples & -triples):
            return True
        held = ranks_holding(hand, 1)
        for ranks in self._straight_ranks:
            if held & ranks == ranks:
                return True
        return self._t.allow_flushes and any((hand & suit).bit_count() >= 5 for suit in _SUITS)

    def plan(self, hand: int) -> tuple[Move, ...]:
        """The plan of ``hand`` (the planner's, cached here as a bare tuple)."""
        got = self._plans.get(hand)
        if got is None:
            if len(self._plans) > _CACHE_LIMIT:
                self._plans.clear()
            got = self._plans[hand] = self.planner.plan(hand).combos
        return got

    # -- play --------------------------------------------------------------------------

    def run(
        self,
        hands: list[int],
        to_act: int,
        trick: Move,
        owner: int,
        passes: int,
        step: int,
        trace: list[tuple[int, Move]] | None = None,
        chooser: Callable[[int, Move, Move, tuple[Move, ...], int, int, list[int]], Move]
        | None = None,
        chooser_seat: int = -1,
    ) -> int:
        """Play to the end from the given state (``hands`` is changed); the winner.

        ``trick`` is PASS when ``to_act`` leads; ``passes`` counts passes since it was
        made; ``step`` is 1 anticlockwise or ``n - 1`` clockwise. ``trace``, if given,
        receives every ``(seat, move)``. ``chooser``, if given, makes seat
        ``chooser_seat``'s moves instead: it is called with the seat's hand, the trick,
        the policy's move, the seat's plan, the trick's owner, the passes since it and
        every seat's card count, and must return a legal move (see
        :class:`big2.ai.owntree.OwnTree`).
        """
        n = len(hands)
        plans: list[tuple[Move, ...] | None] = [None] * n
        counts = [h.bit_count() for h in hands]
        plan_of = self.plan
        lead_normal = self._lead_normal
        follow_normal = self._follow_normal
        run_out = self.endgame
        normal_like = self.policy == "normal"
        alive = 0  # every card still held (hands are disjoint)
        for h in hands:
            alive |= h
        p = to_act
        while True:
            hand = hands[p]
            plan = plans[p]
            if plan is None:
                plan = plans[p] = plan_of(hand)
            mine = counts[p]
            if not normal_like:
                m = self._plain_move(plan, hands, p, alive & ~hand, counts, trick, owner)
            elif trick != PASS:
                m = follow_normal(plan, hand, alive & ~hand, p, counts, trick, owner)
            else:
                m = PASS
                if run_out and len(plan) <= 4:
                    m = run_winner(plan, partial(self._beaten, hands, p, alive & ~hand))
                if m == PASS:
                    m = lead_normal(plan, alive & ~hand, p, counts)
            if p == chooser_seat and chooser is not None:
                m = chooser(hand, trick, m, plan, owner, passes, counts)
            if trace is not None:
                trace.append((p, m))
            if m == PASS:
                passes += 1
                if passes >= n - 1:
                    trick = PASS
                    passes = 0
                    p = owner
                else:
                    p = (p + step) % n
                continue
            mask = m & FULL_MASK
            hand ^= mask
            hands[p] = hand
            alive ^= mask
            if not hand:
                return p
            counts[p] = mine - (m >> SIZE_SHIFT)
            # Keep the rest of the plan when the move was one of its combinations.
            if m in plan:
                i = plan.index(m)
                plans[p] = plan[:i] + plan[i + 1:]
            else:
                kept = tuple([c for c in plan if not c & mask])
                used = 0
                for c in kept:
                    used |= c
                plans[p] = kept if used & FULL_MASK == hand else plan_of(hand)
            trick = m
            owner = p
            passes = 0
            p = (p + step) % n

    def normal_move(self, hands: list[int], p: int, counts: list[int], trick: Move,
                    owner: int) -> Move:
        """Seat ``p``'s move by Normal's rules in the position (one card mask per seat;
        ``trick`` PASS when ``p`` leads), on a fresh plan of its hand: the move
        :meth:`run` would make there without the plan it carries along. For playouts
        that mix this policy with another one seat by seat."""
        hand = hands[p]
        plan = self.plan(hand)
        alive = 0
        for h in hands:
            alive |= h
        others = alive & ~hand
        if trick != PASS:
            return self._follow_normal(plan, hand, others, p, counts, trick, owner)
        m = PASS
        if self.endgame and len(plan) <= 4:
            m = run_winner(plan, partial(self._beaten, hands, p, others))
        return m if m != PASS else self._lead_normal(plan, others, p, counts)

    def _plain_move(self, plan: tuple[Move, ...], hands: list[int], p: int, others: int,
                    counts: list[int], trick: Move, owner: int) -> Move:
        """The plain plan policy's move for seat ``p`` (``others``: the other seats' cards)."""
        min_opp = _min_other(counts, p)
        if trick == PASS:
            m = PASS
            if len(plan) <= 4 and self.endgame:
                m = run_winner(plan, partial(self._beaten, hands, p, others))
            return m if m != PASS else _lead(plan, min_opp)
        hand = hands[p]
        size = trick >> SIZE_SHIFT
        if min_opp <= size:
            return self._beater(hand, trick, True)  # block with the strongest play
        floor = ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT  # the weakest beater
        late = len(plan) <= 3 or min_opp <= 4
        for c in plan:  # weakest first
            if c >= floor and c >> SIZE_SHIFT == size and (late or not c & _TWOS):
                return c
        if min_opp <= 2 or counts[owner] <= 3:
            return self._beater(hand, trick, False)
        return PASS

    # -- Normal's rules on masks -------------------------------------------------------

    def _top_key(self, others: int, size: int) -> int:
        """The key of the strongest single, pair or triple (``size``) in ``others``;
        -1 when there is none (then a play of that size is unbeatable)."""
        if size == 3 and not self._t.allow_triples:
            return -1
        held = others if size == 1 else ranks_holding(others, size)
        if not held:
            return -1
        r = (held.bit_length() - 1) >> 2
        return r * 4 + self._t.top_suit[(others >> (4 * r)) & 15]

    def _lead_normal(self, plan: tuple[Move, ...], others: int, p: int,
                     counts: list[int]) -> Move:
        """Normal's lead for seat ``p`` (the other seats hold ``others``): run out on
        winners, else the weakest combination (biggest first) of a size no opponent
        could finish with, else block. A combination is a winner, as Normal counts
        cards, when no other seat holds as many cards, or (up to three cards) no
        stronger one of its size can be formed from ``others``."""
        if len(plan) == 1:
            return plan[0]
        most = 0
        danger = 0
        for q, n in enumerate(counts):
            if q != p:
                if n > most:
                    most = n
                if n in (1, 2, 3, 5):
                    danger |= 1 << n
        tops = [-2, -2, -2, -2]  # per size: the key to beat, -2 until needed
        winners = []
        losers = []
        for c in plan:
            size = c >> SIZE_SHIFT
            if size > most:
                winners.append(c)
            elif size > 3:
                losers.append(c)
            else:
                top = tops[size]
                if top == -2:
                    top = tops[size] = self._top_key(others, size)
                (winners if (c >> KEY_SHIFT) & 0x3FFFFFFF > top else losers).append(c)
        if len(losers) <= 1 and winners:
            return min(winners, key=lambda c: (-(c >> SIZE_SHIFT), c))
        best = PASS
        best_size = 0
        for c in losers or plan:
            size = c >> SIZE_SHIFT
            if not danger >> size & 1 and (best == PASS or size > best_size
                                           or (size == best_size and c < best)):
                best, best_size = c, size
        if best != PASS:
            return best
        if winners:
            return max(winners, key=lambda c: c >> SIZE_SHIFT)
        return max(plan, key=lambda c: (c >> SIZE_SHIFT > 1, (c >> KEY_SHIFT) & 0x3FFFFFFF))

    def _follow_normal(self, plan: tuple[Move, ...], hand: int, others: int, p: int,
                       counts: list[int], trick: Move, owner: int) -> Move:
        """Normal's follow: the strongest single on a single when someone holds one card;
        else the plan combination worth most (its plan cost, more when nobody can beat
        it, less for a 2 spent early), played when worth enough or when someone is close
        to going out; then (close to the end) the weakest play that beats the trick."""
        size = trick >> SIZE_SHIFT
        mine = counts[p]  # _min_other, inline: this is the playouts' most common call
        counts[p] = 99
        min_opp = min(counts)
        counts[p] = mine
        if size == 1 and min_opp <= 1:
            return self._beater(hand, trick, True)
        urgent = min_opp <= 3 or counts[owner] <= 4
        floor = ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT
        ceiling = (size + 1) << SIZE_SHIFT  # plays from floor up to here beat the trick
        n_combos = len(plan)
        best = PASS
        best_value = -1e9
        top = -2
        for c in plan:
            if not floor <= c < ceiling:
                continue
            value = combo_cost(c)
            if top == -2:
                counts[p] = 0
                most = max(counts)
                counts[p] = mine
                # Above ``top`` nobody can beat it (-3: only the card count can tell,
                # and it says no).
                top = -1 if size > most else -3 if size > 3 else self._top_key(others, size)
            if top != -3 and (c >> KEY_SHIFT) & 0x3FFFFFFF > top:
                value += 0.7 if n_combos <= 3 else 0.3
            if c & _TWOS and not urgent and n_combos > 3:
                twos = (c & _TWOS).bit_count()
                strength = ((trick >> KEY_SHIFT) & 0x3FFFFFFF) / 51 if size < 5 else 0.5
                value -= TWO_PENALTY * twos * max(1.0 - strength, 0.0) ** 0.5
            if value > best_value + 1e-9:
                best, best_value = c, value
        if best != PASS and (urgent or best_value >= PLAY_THRESHOLD):
            return best
        if urgent:
            return self._beater(hand, trick, False)
        return PASS

    def _beaten(self, hands: list[int], p: int, others: int, move: Move) -> bool:
        """Whether a seat other than ``p`` can beat ``move`` (the world is known here;
        ``others`` is every card the other seats hold)."""
        t = self._t
        size = move >> SIZE_SHIFT
        if size == 1:  # the strongest single held beats it, or nothing does
            return can_beat(others, move, t)
        five = size > 3
        for q, h in enumerate(hands):
            if q != p and h and can_beat(h, move, t, self._moves(h) if five else None):
                return True
        return False

    def _beater(self, hand: int, trick: Move, strongest: bool) -> Move:
        """The weakest (or strongest) play of ``hand`` that beats ``trick``, or PASS."""
        size = trick >> SIZE_SHIFT
        floor = ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT
        if size <= 3:
            if size == 3 and not self._t.allow_triples:
                return PASS
            groups = self._groups
            slot = size - 1
            held = hand if size == 1 else ranks_holding(hand, size)
            if strongest:  # the strongest play of the highest rank that has one
                if not held:
                    return PASS
                r = (held.bit_length() - 1) >> 2
                best = groups[r][(hand >> (4 * r)) & 15][slot][-1]
                return best if best >= floor else PASS
            # The trick's own rank may hold a stronger play; any higher rank does.
            r = (trick >> (KEY_SHIFT + 2)) & 15
            if held >> (4 * r) & 15:
                for m in groups[r][(hand >> (4 * r)) & 15][slot]:
                    if m >= floor:
                        return m
            above = held >> (4 * r + 4) << (4 * r + 4)
            if not above:
                return PASS
            r = ((above & -above).bit_length() - 1) >> 2
            return groups[r][(hand >> (4 * r)) & 15][slot][0]
        if hand.bit_count() < size:
            return PASS
        lst = self._moves(hand)
        i = bisect_left(lst, floor)
        j = bisect_left(lst, (size + 1) << SIZE_SHIFT, i)
        if j <= i:
            return PASS
        if not strongest:
            return lst[i]
        # The strongest key; among equals the lowest cards (a full house's pair of 6s
        # rather than of 2s).
        return lst[bisect_left(lst, (lst[j - 1] >> KEY_SHIFT) << KEY_SHIFT, i, j)]

    #: Normal's lead and follow, for readers of the others' play
    #: (:mod:`big2.ai.modelfit`).
    lead_normal = _lead_normal
    follow_normal = _follow_normal


def can_beat(hand: int, move: Move, t: RuleTables, moves: list[Move] | None = None) -> bool:
    """Whether ``hand`` holds a play of ``move``'s size above it (rule tables ``t``;
    ``moves``, the hand's sorted combinations, are needed only for five-card plays)."""
    size = move >> SIZE_SHIFT
    floor = ((move >> KEY_SHIFT) + 1) << KEY_SHIFT
    if size <= 3:
        if size == 3 and not t.allow_triples:
            return False
        held = hand if size == 1 else ranks_holding(hand, size)
        if not held:
            return False
        r = (held.bit_length() - 1) >> 2  # the strongest play is in the highest rank
        one, two, three, _ = t.group_moves[r][(hand >> (4 * r)) & 15]
        return (one if size == 1 else two if size == 2 else three)[-1] >= floor
    if hand.bit_count() < size or moves is None:
        return False
    i = bisect_left(moves, floor)
    return i < len(moves) and moves[i] >> SIZE_SHIFT == size


def ranks_holding(hand: int, size: int) -> int:
    """The ranks where the card mask ``hand`` holds ``size`` (1 to 4) or more cards, as
    a mask with each such rank's lowest card bit set."""
    if size == 1:
        return (hand | hand >> 1 | hand >> 2 | hand >> 3) & _RANK_BITS
    # Count each rank's cards within its own four bits (a parallel bit count).
    c = hand - ((hand >> 1) & _BITS_0101)
    c = (c & _BITS_0011) + ((c >> 2) & _BITS_0011)
    if size == 2:
        return (c >> 1 | c >> 2) & _RANK_BITS
    if size == 3:
        return (c & c >> 1 | c >> 2) & _RANK_BITS
    return c >> 2 & _RANK_BITS


def run_winner(plan: Sequence[Move], beatable: Callable[[Move], bool]) -> Move:
    """The lead that runs a hand out: with at most one combination of ``plan`` that an
    opponent can beat and at least one nobody can, the biggest (then weakest) of those
    nobody can beat; else PASS."""
    if len(plan) < 2 or len(plan) > 4:
        return PASS
    winners = []
    losers = 0
    for c in plan:
        if beatable(c):
            losers += 1
            if losers > 1:
                return PASS
        else:
            winners.append(c)
    if not winners:
        return PASS
    return min(winners, key=lambda c: (-(c >> SIZE_SHIFT), c))


def _min_other(counts: list[int], p: int) -> int:
    """The fewest cards a seat other than ``p`` holds (``counts`` is used in place)."""
    mine = counts[p]
    counts[p] = 99
    least = min(counts)
    counts[p] = mine
    return least


def _lead(plan: tuple[Move, ...], min_opp: int) -> Move:
    if len(plan) == 1:
        return plan[0]
    best = PASS
    best_size = 0
    best_key = 0
    top_single = PASS
    big = len(plan) > 2
    for c in plan:
        size = c >> SIZE_SHIFT
        key = (c >> KEY_SHIFT) & 0x3FFFFFFF
        if size == 1 and (top_single == PASS or key > (top_single >> KEY_SHIFT) & 0x3FFFFFFF):
            top_single = c
        if size == min_opp or (big and c & _TWOS):
            continue
        if best == PASS or size > best_size or (size == best_size and key < best_key):
            best, best_size, best_key = c, size, key
    if best != PASS:
        return best
    if min_opp == 1 and top_single != PASS:
        return top_single
    return max(plan, key=lambda c: (c >> SIZE_SHIFT, (c >> KEY_SHIFT) & 0x3FFFFFFF))
