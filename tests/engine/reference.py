"""A slow, obviously-correct legal move generator, independent of the fast tables.

It tries every subset of 1, 2, 3 and 5 cards of the hand through ``classify`` and
``beats``; the tests hold the fast generator to it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from big2.engine import PASS, CardSet, Game, Kind, Move, Rules, beats, classify, combo_of_move, move_size


def reference_moves(hand: CardSet, rules: Rules, table: Move = PASS, must: int | None = None) -> set[Move]:
    moves: set[Move] = set()
    cards = list(hand)
    sizes = (1, 2, 3, 5) if table == PASS else (move_size(table),)
    table_combo = combo_of_move(table) if table != PASS else None
    for k in sizes:
        for sub in combinations(cards, k):
            combo = classify(CardSet(sub), rules)
            if combo is None:
                continue
            if must is not None and must not in combo.cards:
                continue
            if table_combo is not None and not beats(combo, table_combo, rules):
                continue
            moves.add(combo.move)
    if table != PASS:
        moves.add(PASS)
    return moves


def reference_legal(game: Game) -> set[Move]:
    if game.is_over:
        return set()
    return reference_moves(game.hand(game.to_act), game.rules, game.trick_move, game.must_include)


def breakdown(moves: set[Move] | list[Move]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for m in moves:
        counts["pass" if m == PASS else combo_of_move(m).kind.name.lower()] += 1
    return dict(sorted(counts.items()))


ALL_KINDS = ["pass"] + [k.name.lower() for k in Kind]
