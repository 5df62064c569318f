"""A fast, reasonable policy for playing sampled worlds to the end (used by Expert).

It works straight on an engine :class:`~big2.engine.Game` (every hand visible, which is
fine: it only ever runs inside a *sampled* world). Leading: go out if possible, else
shed the lowest five-card hand without a 2, else the lowest pair or triple, else the
lowest single; with an opponent on one card it avoids singles. Following: go out if
possible, block a player who could finish, else play the cheapest card that does not
break a pair (2s only late), else pass. About ten times cheaper than Normal.
"""

from __future__ import annotations

from collections.abc import Sequence

from big2.engine import PASS, Game, Move, move_key
from big2.engine.cards import FULL_MASK

from .plan import Planner

_TWOS = 0xF << 48


def fast_move(g: Game) -> Move:
    """The playout policy's move for the player to act in ``g`` (a legal move)."""
    moves = g.legal_moves()
    if len(moves) == 1:
        return moves[0]
    p = g.to_act
    hand = g.hand_mask(p)
    n_hand = hand.bit_count()
    n = g.n_players
    min_opp = min((c for c in (g.hand_mask((p + i) % n).bit_count() for i in range(1, n)) if c),
                  default=99)
    if g.leading:
        m = _lead(moves, hand, n_hand, min_opp)
    else:
        m = _follow(moves, hand, n_hand, min_opp, (g.trick_move & FULL_MASK).bit_count())
    return m if m in moves else moves[0]  # house rules may forbid the policy's choice


def _lead(moves: Sequence[Move], hand: int, n_hand: int, min_opp: int) -> Move:
    best: dict[int, Move] = {}
    top_single = PASS
    for m in moves:
        mask = m & FULL_MASK
        if mask == hand:
            return m
        size = mask.bit_count()
        if size == 1:
            if top_single == PASS or move_key(m) > move_key(top_single):
                top_single = m
        if size == 5 and mask & _TWOS and n_hand > 6:
            continue
        if size > 1 and size < 5 and mask & _TWOS and n_hand > 4:
            continue
        old = best.get(size)
        if old is None or move_key(m) < move_key(old):
            best[size] = m
    for size in (5, 3, 2):
        if size in best and size != min_opp:
            return best[size]
    if min_opp == 1 and top_single != PASS:
        return top_single
    if 1 in best:
        return best[1]
    return min(best.values(), key=move_key) if best else top_single


def _follow(moves: Sequence[Move], hand: int, n_hand: int, min_opp: int, size: int) -> Move:
    beaters = [m for m in moves if m != PASS]
    if not beaters:
        return PASS
    if n_hand == size:
        for m in beaters:
            if m & FULL_MASK == hand:
                return m
    if min_opp <= size:
        return max(beaters, key=move_key)
    late = n_hand <= 5 or min_opp <= 4
    for m in sorted(beaters, key=move_key):
        mask = m & FULL_MASK
        if mask & _TWOS and not late:
            continue
        if size < 5 and mask.bit_count() == size:
            low = mask & -mask
            shift = (low.bit_length() - 1) & ~3
            if ((hand >> shift) & 15).bit_count() != size:
                continue  # would break a bigger group of this rank
        return m
    if min_opp <= 3:
        return min(beaters, key=move_key)
    return PASS


def play_out(g: Game) -> None:
    """Play ``g`` to the end of the hand with :func:`fast_move` (changes ``g``)."""
    while not g.is_over:
        g.apply(fast_move(g))


class PlanPolicy:
    """A playout policy that plays each seat's hand plan, like a quick Normal.

    Every seat splits its (sampled) hand once with the shared :class:`Planner` and then
    leads its weakest combination, follows with the cheapest plan combination that
    beats the table, breaks combinations only to stop someone going out, and spends 2s
    only late. Plans are recomputed when a seat had to break one.
    """

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        self._plans: dict[int, tuple[int, list[Move]]] = {}

    def reset(self) -> None:
        """Forget the plans (call before each new playout)."""
        self._plans.clear()

    def _plan(self, seat: int, hand: int) -> list[Move]:
        got = self._plans.get(seat)
        if got is not None and got[0] == hand:
            return got[1]
        if got is not None:
            kept = [c for c in got[1] if c & FULL_MASK & ~hand == 0]
            used = 0
            for c in kept:
                used |= c & FULL_MASK
            if used == hand:
                self._plans[seat] = (hand, kept)
                return kept
        combos = list(self.planner.plan(hand).combos)
        self._plans[seat] = (hand, combos)
        return combos

    def move(self, g: Game) -> Move:
        """The policy's (legal) move for the player to act."""
        moves = g.legal_moves()
        if len(moves) == 1:
            return moves[0]
        p = g.to_act
        hand = g.hand_mask(p)
        n = g.n_players
        counts = [g.hand_mask((p + i) % n).bit_count() for i in range(1, n)]
        min_opp = min((c for c in counts if c), default=99)
        plan = self._plan(p, hand)
        if g.leading:
            m = self._lead(plan, hand, min_opp)
        else:
            m = self._follow(g, moves, plan, hand, min_opp)
        return m if m in moves else moves[0]

    def _lead(self, plan: list[Move], hand: int, min_opp: int) -> Move:
        if len(plan) == 1:
            return plan[0]
        best = PASS
        best_key = (99, 0)
        top_single = PASS
        for c in plan:
            size = (c & FULL_MASK).bit_count()
            if size == 1 and (top_single == PASS or move_key(c) > move_key(top_single)):
                top_single = c
            if size == min_opp or (c & _TWOS and len(plan) > 2):
                continue
            k = (-size, move_key(c))
            if k < best_key:
                best, best_key = c, k
        if best != PASS:
            return best
        if min_opp == 1 and top_single != PASS:
            return top_single
        return max(plan, key=lambda c: ((c & FULL_MASK).bit_count(), move_key(c)))

    def _follow(
        self, g: Game, moves: Sequence[Move], plan: list[Move], hand: int, min_opp: int
    ) -> Move:
        size = (g.trick_move & FULL_MASK).bit_count()
        owner = g.trick_owner
        owner_left = g.hand_mask(owner).bit_count() if owner is not None else 99
        urgent = min_opp <= 2 or owner_left <= 3
        late = len(plan) <= 3 or min_opp <= 4
        if min_opp <= size:
            beaters = [m for m in moves if m != PASS]
            return max(beaters, key=move_key) if beaters else PASS
        for c in plan:  # weakest first
            if (c & FULL_MASK).bit_count() != size or c not in moves:
                continue
            if c & _TWOS and not late:
                continue
            return c
        if urgent:
            for m in moves:
                if m != PASS:
                    return m
        return PASS

    def play_out(self, g: Game) -> None:
        """Play ``g`` to the end of the hand (changes ``g``)."""
        self.reset()
        while not g.is_over:
            g.apply(self.move(g))
