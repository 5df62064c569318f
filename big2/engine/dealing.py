"""Dealing: how many cards each seat gets, leftovers, the stock, and the dragon.

Pure functions over a ``random.Random`` or a deal number (:mod:`big2.engine.dealnumber`);
the same generator state, or the same number, always gives the same deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .dealnumber import shuffled_pack
from .rules import Leftovers, Rules, tables_for


@dataclass(frozen=True, slots=True)
class Deal:
    """Hand masks per seat, and the undealt stock (top of the stock first)."""

    hands: tuple[int, ...]
    stock: tuple[int, ...]
    #: The leftover card(s) given to the lowest card's holder, face up (§3), if any.
    leftovers: tuple[int, ...] = ()


def deal_cards(rng: random.Random, rules: Rules, players: int) -> Deal:
    """Shuffle and deal under ``rules`` for ``players`` seats.

    With :attr:`Leftovers.UNUSED` each seat gets ``rules.cards_per_player`` cards and the
    rest form the stock. With :attr:`Leftovers.TO_LOWEST` the pack is dealt out evenly
    (``cards_per_player`` is ignored) and the leftovers go to the holder of the lowest
    dealt card, or of the next lowest when that card is itself a leftover.
    """
    deck = list(range(52))
    rng.shuffle(deck)
    return deal_from_pack(deck, rules, players)


def deal_by_number(number: int, rules: Rules, players: int) -> Deal:
    """The deal of deal number ``number`` under ``rules`` for ``players`` seats.

    The pack is shuffled as :mod:`big2.engine.dealnumber` documents, then dealt by
    :func:`deal_from_pack`; the same three values always give the same cards.
    """
    return deal_from_pack(shuffled_pack(number), rules, players)


def deal_from_pack(deck: list[int], rules: Rules, players: int) -> Deal:
    """Deal a shuffled pack (52 card ints, top first) under ``rules``.

    Seat 0 gets the first ``k`` cards, seat 1 the next ``k`` and so on; the rest is the
    stock, or the leftovers (see :func:`deal_cards`).
    """
    if rules.leftovers is Leftovers.TO_LOWEST:
        k = 52 // players
    else:
        k = rules.cards_per_player
        if k * players > 52:
            raise ValueError(f"{players} hands of {k} cards need more than 52 cards")
    hands = []
    for i in range(players):
        mask = 0
        for c in deck[i * k:(i + 1) * k]:
            mask |= 1 << c
        hands.append(mask)
    rest = deck[players * k:]
    if rules.leftovers is Leftovers.TO_LOWEST and rest:
        dealt = 0
        for h in hands:
            dealt |= h
        lowest = next(c for c in tables_for(rules).by_strength if dealt >> c & 1)
        holder = next(s for s in range(players) if hands[s] >> lowest & 1)
        for c in rest:
            hands[holder] |= 1 << c
        return Deal(tuple(hands), (), tuple(rest))
    return Deal(tuple(hands), tuple(rest))


def is_dragon(hand: int) -> bool:
    """Whether a hand is a dragon: exactly one card of each of the 13 ranks."""
    if hand.bit_count() != 13:
        return False
    return all((hand >> (4 * r)) & 15 for r in range(13))
