"""Self-play hands for Deep Monte Carlo: every seat plays the current network.

Each seat picks the legal move of highest Q (numpy inference, the game's own
:class:`~big2.ai.learned.net.QNet`), or with probability ``epsilon`` a random legal
move. Every decision with a choice (two or more legal moves) becomes a sample: the
state and move features the seat saw (from its :class:`~big2.ai.view.PlayerView`
only) and the hand's final reward for that seat, :func:`reward`. Hands are played on
the engine's ``apply``/``legal_moves`` (its lean path wherever the rules allow).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from big2.ai.learned.features import ACTION_DIM, STATE_DIM, action_features, state_features
from big2.ai.learned.net import QNet
from big2.ai.view import PlayerView
from big2.engine import Game, get_rules


def reward(game: Game, seat: int) -> float:
    """The seat's return for a finished hand: 1 for the winner, else minus its
    standard penalty / 39 (13 cards left doubled and tripled is -1)."""
    if game.winner == seat:
        return 1.0
    return game.points()[seat] / 39.0


@dataclass
class HandSamples:
    """One hand's samples: ``states`` (n x STATE_DIM), ``actions`` (n x ACTION_DIM),
    ``returns`` (n), and ``plies``: every move made, forced ones too."""

    states: np.ndarray
    actions: np.ndarray
    returns: np.ndarray
    plies: int


def play_hand(net: QNet, rng: random.Random, *, presets: Sequence[str],
              seat_counts: Sequence[int], epsilon: float) -> HandSamples:
    """Deal one hand (preset and table size drawn by ``rng``) and play it out."""
    rules = get_rules(rng.choice(list(presets)))
    players = rng.choice(list(seat_counts))
    game = Game.deal(random.Random(rng.getrandbits(62)), rules=rules, players=players)
    states: list[np.ndarray] = []
    actions: list[np.ndarray] = []
    seats: list[int] = []
    plies = 0
    while not game.is_over:
        moves = list(game.legal_moves())
        plies += 1
        if len(moves) == 1:
            game.apply(moves[0])
            continue
        seat = game.to_act
        view = PlayerView.from_game(game, seat)
        state = state_features(view)
        rows = action_features(view, moves)
        if rng.random() < epsilon:
            i = rng.randrange(len(moves))
        else:
            i = int(np.argmax(net.q_values(state, rows)))
        states.append(state)
        actions.append(rows[i])
        seats.append(seat)
        game.apply(moves[i])
    returns = np.array([reward(game, s) for s in seats], dtype=np.float32)
    if not states:
        return HandSamples(np.zeros((0, STATE_DIM), np.float32),
                           np.zeros((0, ACTION_DIM), np.float32), returns, plies)
    return HandSamples(np.stack(states), np.stack(actions), returns, plies)
