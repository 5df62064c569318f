"""Arranging a hand by combinations follows the Normal opponent's plan."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from big2.ai.arrange import arrange_by_plan
from big2.ai.plan import Planner
from big2.engine import PRESETS, CardSet, Game, classify, parse_cards


@settings(max_examples=60, deadline=None)
@given(number=st.integers(0, 2**32 - 1), preset=st.sampled_from(sorted(PRESETS)))
def test_groups_are_the_plans_combinations_fives_first(number: int, preset: str) -> None:
    rules = PRESETS[preset].rules
    hand = Game.deal(number, rules=rules, players=4).hand(0)
    groups = arrange_by_plan(hand, rules)
    assert sorted(c for g in groups for c in g) == sorted(hand)
    plan = Planner(rules).plan(hand.mask)
    assert sorted(CardSet(g).mask for g in groups) == sorted(m & ((1 << 52) - 1) for m in plan.combos)
    sizes = [len(g) for g in groups]
    assert sizes == sorted(sizes, key=lambda n: {5: 0, 4: 0, 3: 1, 2: 2, 1: 3}[n])
    for g in groups:
        assert classify(CardSet(g), rules) is not None
        assert g == sorted(g, key=rules.card_strength)


def test_a_plain_hand() -> None:
    rules = PRESETS["standard"].rules
    hand = parse_cards("3d 4c 5h 6s 7d 9c 9h Jd Js Jh Kc Ac 2s")
    groups = [CardSet(g).format() for g in arrange_by_plan(hand, rules)]
    assert groups[0] == "3d 4c 5h 6s 7d"  # the straight
    assert groups[1] == "9c 9h Jd Jh Js"  # the full house
    assert groups[2:] == ["Kc", "Ac", "2s"]  # singles, weakest first
    assert arrange_by_plan([], rules) == []
