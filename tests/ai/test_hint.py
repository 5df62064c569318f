"""Hints: a legal move and one sentence saying why."""

from __future__ import annotations

import random

from big2.ai import PlayerView
from big2.ai.hint import hint
from big2.engine import Game


def test_hints_are_legal_and_say_why() -> None:
    rng = random.Random(3)
    for seed in range(25):
        game = Game.deal(random.Random(seed))
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            h = hint(view, rng)
            assert h.move in game.legal_moves()
            reason = str(h.reason)
            assert reason.strip() and reason.count(".") >= 1 and "\n" not in reason
            game.apply(h.move)


def test_search_hint_is_legal() -> None:
    game = Game.deal(random.Random(4))
    view = PlayerView.from_game(game, game.to_act)
    h = hint(view, random.Random(1), search_budget=0.05)
    assert h.move in game.legal_moves() and str(h.reason)
