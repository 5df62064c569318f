"""A computer player that picks the legal move its Q network values most.

Not one of the game's levels yet (see ``docs/research/training.md``): the trainer's
arena seats it against Normal to measure a network while it trains.
"""

from __future__ import annotations

import random

import numpy as np

from big2.engine import Move

from ..view import PlayerView, legal_moves
from .net import QNet


class LearnedOpponent:
    """Plays the legal move of highest Q under ``net`` (greedy, so deterministic; the
    rng is only the Opponent interface's). Sees the view only."""

    name = "learned"

    def __init__(self, net: QNet) -> None:
        self.net = net

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        return moves[int(np.argmax(self.net.scores(view, moves)))]
