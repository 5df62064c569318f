"""The hand's third sort: S cycles rank → suit → combinations, with gaps between groups."""

from __future__ import annotations

from big2.ai.arrange import arrange_by_plan
from big2.app.table.hand import HandModel
from big2.engine import STANDARD, parse_cards


def _model(text: str) -> HandModel:
    return HandModel(parse_cards(text), strength=STANDARD.card_strength,
                     grouper=lambda cards: arrange_by_plan(cards, STANDARD))


def test_s_cycles_through_three_sorts() -> None:
    hand = _model("3d 4c 5h 6s 7d 9c 9h Jd Js Jh Kc Ac 2s")
    assert hand.sort_mode == "rank" and not any(hand.starts_group(i) for i in range(13))
    assert hand.toggle_sort() == "suit"
    assert hand.toggle_sort() == "combinations"
    groups = arrange_by_plan(hand.cards, STANDARD)
    assert hand.cards == [c for g in groups for c in g]
    starts = [i for i in range(len(hand)) if hand.starts_group(i)]
    assert starts == [5, 10, 11, 12]  # straight | full house | K | A | 2
    assert hand.toggle_sort() == "rank"


def test_groups_are_made_again_when_cards_are_played() -> None:
    hand = _model("3d 4c 5h 6s 7d 9c 9h Kc")
    hand.sort("combinations")
    hand.remove(parse_cards("3d 4c 5h 6s 7d"))
    assert [hand.cards[i] for i in range(len(hand)) if hand.starts_group(i)] == list(parse_cards("Kc"))


def test_without_a_grouper_only_rank_and_suit() -> None:
    hand = HandModel(parse_cards("3d 4c"))
    assert hand.toggle_sort() == "suit" and hand.toggle_sort() == "rank"
