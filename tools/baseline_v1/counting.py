"""Card counting from public facts: can anyone still beat a play?

Everything here reads only the seat's own hand and the *unseen* cards (not in the hand,
not played). The unseen cards are held by the opponents or not dealt at all, so "nobody
can beat it" is a safe, never optimistic, judgement.
"""

from __future__ import annotations

from big2.engine import Move, Rules, move_key
from big2.engine.cards import FULL_MASK
from big2.engine.rules import tables_for



def top_single_key(unseen: int, rules: Rules) -> int:
    """Strength (0..51) of the strongest unseen card, or -1 when none is unseen."""
    strength = tables_for(rules).card_strength
    best = -1
    while unseen:
        low = unseen & -unseen
        c = low.bit_length() - 1
        if strength[c] > best:
            best = strength[c]
        unseen ^= low
    return best


def top_group_key(unseen: int, size: int, rules: Rules) -> int:
    """Key of the strongest pair (``size`` 2) or triple (3) formable from unseen cards.

    Returns -1 when no such group can be formed.
    """
    t = tables_for(rules)
    for r in range(12, -1, -1):
        nib = (unseen >> (4 * r)) & 15
        if nib.bit_count() >= size:
            # The strongest group of this rank holds its strongest suits.
            return r * 4 + t.top_suit[nib]
    return -1


def is_unbeatable(
    move: Move, unseen: int, rules: Rules, opponent_counts: list[int]
) -> bool:
    """Whether no opponent can beat ``move`` whatever they hold.

    True when every opponent holds fewer cards than the play, or (singles, pairs,
    triples) when no stronger play of that size can be formed from the unseen cards.
    Five-card plays count only by the card-count test (the exact test is too costly).
    """
    size = (move & FULL_MASK).bit_count()
    if all(n < size for n in opponent_counts):
        return True
    bombs = getattr(getattr(rules, "bombs", None), "value", "none")
    if bombs == "honour-hands" and size < 5 and any(n >= 5 for n in opponent_counts):
        return False  # a four of a kind or straight flush could fall on it
    if size == 1:
        return top_single_key(unseen, rules) < move_key(move)
    if size in (2, 3):
        return top_group_key(unseen, size, rules) < move_key(move)
    return False
