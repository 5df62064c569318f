"""Hints never lie: every claim a reason makes is checked against the real position.

:mod:`tests.ai.hint_claims` plays random positions under every preset (2-4 seats), asks
the hint, and checks each claim ("nobody can beat it", "you hold control", "without
breaking up your hand", "your weakest", "keep your …", card counts, …) against the other
seats' real cards, the hand plan recomputed from scratch and the real legal moves. CI
checks a few hundred positions; ``--run-slow`` (or ``python -m tests.ai.hint_claims
10000``) checks ten thousand and prints the counts.
"""

from __future__ import annotations

import pytest

from big2.ai import PlayerView
from big2.ai.hint import explain
from big2.ai.normal import Decision, Why
from big2.engine import Game, classify, parse_cards

from .hint_claims import audit


def test_no_hint_claim_is_false_over_every_preset() -> None:
    n, made, false, examples = audit(240, seed=3)
    assert sum(made.values()) > n  # the reasons do make claims
    assert {"nobody can beat it", "without breaking up your hand", "nothing beats"} <= set(made)
    assert not false, examples


@pytest.mark.slow
def test_ten_thousand_positions_make_no_false_claim() -> None:
    n, made, false, examples = audit(10_000, seed=7)
    print(f"{n} positions: {sum(made.values())} claims, {sum(false.values())} false")
    assert not false, examples


def test_a_flush_that_breaks_the_hand_is_not_called_harmless() -> None:
    # The case: a flush that broke up three Kings and two pairs was said to be
    # played "without breaking up your hand". A move outside the plan never says so.
    hand = parse_cards("Kd Kc Kh 9d 9c 5d 5c 3d 7d Jd 4s 6h 8s")
    game = Game.from_position([hand, parse_cards("Ah 2c Qs Ts"), parse_cards("As 2d Qh Th"),
                               parse_cards("Ac 2h Qd Td")],
                              to_act=0, trick=classify(parse_cards("3c 6c 8c Tc Qc")).move,  # type: ignore[union-attr]
                              trick_owner=3)
    view = PlayerView.from_game(game, 0)
    flush = classify(parse_cards("Kd 9d 5d 3d Jd"))
    assert flush is not None
    reason = str(explain(view, Decision(flush.move, Why.FOLLOW_PLAN, plan=())))
    assert "without breaking up your hand" not in reason and "K♦" in reason


def test_nobody_can_beat_it_is_said_only_when_true() -> None:
    game = Game.from_position([parse_cards("2s 3d"), parse_cards("2h 4d"), parse_cards("5c 6c")],
                              to_act=0)
    view = PlayerView.from_game(game, 0)
    two = classify(parse_cards("2s"))
    assert two is not None
    assert "nobody can beat it" in str(explain(view, Decision(two.move, Why.RUN_WINNERS)))
    three = classify(parse_cards("3d"))
    assert three is not None
    assert "nobody can beat it" not in str(explain(view, Decision(three.move, Why.RUN_WINNERS)))

