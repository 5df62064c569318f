"""The hand review: what it judges from, what it says, and that it means something."""

from __future__ import annotations

import pytest

from big2.ai.review import (
    COSTLY, HandReview, Verdict, decisions, play_hand, played_move, reason, review_decision, review_hand,
    view_at,
)
from big2.engine import PASS, Game, classify
from big2.engine.cards import parse_cards
from tools.review_levels import LINEUP, one_deal, summarise


def _move(text: str) -> int:
    combo = classify(parse_cards(text))
    assert combo is not None
    return combo.move


def test_a_review_is_repeatable_and_round_trips_through_json() -> None:
    positions = play_hand(42, ["beginner", "normal", "expert", "normal"], iterations=16)
    first = review_hand(positions, 0, iterations=16, seed=3)
    again = review_hand(positions, 0, iterations=16, seed=3)
    assert first == again
    assert [v.step for v in first.verdicts] == decisions(positions, 0)
    assert HandReview.from_json(first.to_json()) == first
    assert first.settings == "16w" and first.complete
    for v in first.verdicts:
        assert v.loss >= 0 and (v.loss == 0 if v.good else True)
        assert played_move(positions, v.step) == (0, v.played)


def test_forced_moves_are_not_decisions() -> None:
    positions = play_hand(7, ["normal", "normal", "normal", "normal"])
    for seat in range(4):
        steps = decisions(positions, seat)
        for step in range(len(positions) - 1):
            if positions[step].to_act == seat and step not in steps:
                assert len(positions[step].legal_moves()) == 1


def test_the_review_sees_only_what_the_seat_knew() -> None:
    """Deal the other seats' unseen cards differently: the verdict is the same."""
    positions = play_hand(99, ["normal"] * 4)
    step = decisions(positions, 0)[2]
    game = positions[step]
    view = view_at(positions, step, 0)
    hands = [game.hand(s).mask for s in range(4)]
    # swap one card between seats 1 and 2 (same counts, same public history)
    a = hands[1] & -hands[1]
    b = hands[2] & -hands[2]
    hands[1] ^= a | b
    hands[2] ^= a | b
    other = view_game_like(view, hands)
    assert view_at([other], 0, 0) == view  # the seat's view did not change …
    played = played_move(positions, step)[1]
    one = review_decision(view, played, step, iterations=20, seed=1)
    two = review_decision(view_at([other], 0, 0), played, step, iterations=20, seed=1)
    assert one == two  # … so neither did the verdict


def view_game_like(view, hands):
    from big2.ai.view import view_game

    g = view_game(view, hands)
    g.history = list(view.history)  # the public history travels with the position
    return g


def test_not_going_out_is_a_costly_decision_and_says_why() -> None:
    # the others hold only cards far above the 5s: a 5 kept is a card left at the end
    hands = ["5d 5h 5s", "2d 2c Ad Ac Kd Kc", "2h As Ah Ks Kh Qs", "2s Qd Qc Qh Jd Jc"]
    start = Game.from_position(hands, to_act=0)
    after = start.copy()
    after.make(_move("5d"))
    verdict = review_decision(view_at([start, after], 0, 0), _move("5d"), 0, iterations=20)
    assert verdict.best == _move("5d 5h 5s") and verdict.best_value == 0
    assert verdict.costly() and verdict.loss >= COSTLY
    sentence = str(reason([start, after], verdict, 0))
    assert sentence == "Play the triple 5♠ 5♥ 5♦ — it is all you have left, so you go out."


def test_a_cancelled_review_keeps_what_it_did() -> None:
    positions = play_hand(5, ["normal"] * 4)
    asked = []
    review = review_hand(positions, 1, iterations=8, progress=lambda d, t: asked.append((d, t)),
                         cancelled=lambda: len(asked) >= 2)
    assert not review.complete and len(review.verdicts) == 2
    assert asked[-1][0] == 2


@pytest.mark.parametrize("bad", [None, [], {"version": 999}, {"version": 1, "seat": 0, "verdicts": [{"step": -1}]},
                                 {"version": 1, "seat": "x", "verdicts": []}])
def test_a_damaged_cache_is_refused(bad) -> None:
    with pytest.raises(ValueError):
        HandReview.from_json(bad)


def test_a_verdict_of_a_pass() -> None:
    v = Verdict(3, PASS, _move("2s"), -4.0, -1.5, 0.2, 30)
    assert v.loss == 2.5 and v.costly() and not v.good
    assert not Verdict(3, PASS, _move("2s"), -4.0, -1.5, 2.0, 30).costly()  # within the noise


def test_a_beginner_loses_clearly_more_per_decision_than_an_expert() -> None:
    """The review means something: on the same eight deals (each level in every seat in
    turn), a Beginner's decisions lose clearly more than an Expert's, a Normal's sit
    between. Small and seeded for CI; tools/review_levels.py measures it at scale
    (docs/review.md)."""
    rows = []
    for k in range(8):
        rows += one_deal((2000 + k, tuple(LINEUP[(s + k) % 4] for s in range(4)), 24, 7))
    by = {level: s["loss_per_decision"] for level, s in summarise(rows).items()}
    assert by["beginner"] > 2 * by["expert"], by
    assert by["expert"] < by["normal"] < by["beginner"], by
