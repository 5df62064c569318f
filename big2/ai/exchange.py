"""The three-player exchange: which card the exchange winner gives back.

After a three-player hand the loser hands over their highest card and the winner gives
back one card of their choice (:meth:`big2.engine.Game.give_back`). The computer gives
back the card whose loss hurts its hand plan least (:mod:`big2.ai.plan`): the cheapest
plan of the cards it keeps, ties going to the weakest card. That keeps pairs, triples
and five-card hands together and keeps 2s and aces, which the engine's simple
suggestion (the weakest unpaired card) does only by luck.
"""

from __future__ import annotations

from big2.engine import Game, Rules
from big2.engine.cards import Card
from big2.engine.rules import tables_for

from .plan import Planner


def choose_give_back(hand: int, rules: Rules, planner: Planner | None = None) -> Card:
    """The card of the mask ``hand`` (two or more cards) to give back under ``rules``."""
    if hand & (hand - 1) == 0:
        raise ValueError("the exchange winner must hold at least two cards")
    planner = planner or Planner(rules)
    strength = tables_for(rules).card_strength
    best: tuple[float, int] | None = None
    card = -1
    mask = hand
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        key = (planner.cost(hand & ~low), strength[c])
        if best is None or key < best:
            best, card = key, c
    return card


def give_back_for(game: Game, planner: Planner | None = None) -> Card:
    """The card the waiting exchange winner of ``game`` gives back (reads only that
    seat's own hand). Raises ``ValueError`` when no exchange is waiting."""
    if game.exchange is None:
        raise ValueError("no exchange is waiting for a card")
    winner = game.exchange[1]
    return choose_give_back(game.hand_mask(winner), game.rules, planner)
