"""A hand played under the Automatic pass house rule replays, and is kept: the engine
passes for a player who cannot beat the table and the record lists those passes too, so
a replay that made every recorded move again stopped at the first of them ("move 6 is
not legal (It is Nena's turn.)") — the hand could not be replayed, and a save holding it
was refused."""

from __future__ import annotations

import dataclasses
import random

from big2.engine import STANDARD, Session
from big2.persistence.handlog import hand_result, replay, start_position


def test_a_hand_with_automatic_passes_replays_move_by_move():
    rules = dataclasses.replace(STANDARD, auto_pass=True)
    replayed = 0
    for seed in range(6):
        session = Session(random.Random(seed), rules=rules, names=("You", "Nena", "Siti", "Marco"), max_hands=1)
        game = session.new_hand()
        start = start_position(game)
        rng = random.Random(seed)
        while not game.is_over:
            moves = list(game.legal_moves())
            game.apply(rng.choice(moves))
        record = session.record()
        result = hand_result(session.last_game, record, start=start)
        positions = replay(result)
        assert len(positions) == len(result.moves) + 1
        assert positions[-1].is_over and positions[-1].winner == game.winner
        replayed += 1
    assert replayed == 6
