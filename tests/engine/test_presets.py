"""Named rule sets: lookup, plain-words descriptions, and the JSON form."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from big2.engine import (
    PRESETS,
    STANDARD,
    AssistantRule,
    Direction,
    describe,
    get_preset,
    get_rules,
    preset_names,
    rules_from_dict,
    rules_to_dict,
    summary,
)

EXPECTED = ["standard", "hong-kong", "taiwan", "pusoy-dos", "indonesia", "cho-dai-di",
            "chudadi", "big-2", "choi-dai-di"]


def test_every_preset_the_issue_names_exists() -> None:
    assert preset_names() == EXPECTED
    for name in EXPECTED:
        p = get_preset(name)
        assert p.rules.name == name and p.summary and p.source and p.notes and p.scoring


@pytest.mark.parametrize("alias, name", [
    ("Standard", "standard"), ("HONG KONG", "hong-kong"), ("hk", "hong-kong"),
    ("Pusoy_Dos", "pusoy-dos"), ("big2", "big-2"), ("Big Two", "big-2"), ("capsa", "indonesia"),
    (" cho-dai-di ", "cho-dai-di"), ("ChoiDaiDi", "choi-dai-di"),
])
def test_lookup_ignores_case_and_knows_aliases(alias: str, name: str) -> None:
    assert get_preset(alias).name == name


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(KeyError, match="no rule preset called 'poker': choose one of standard"):
        get_preset("poker")


def test_presets_follow_their_sources() -> None:
    assert get_rules("pusoy-dos").lowest_card == 1  # 3♣
    assert get_rules("taiwan").suit_order == "cdhs"
    indonesia = get_rules("indonesia")
    assert indonesia.pass_locks_out and indonesia.direction is Direction.CLOCKWISE
    assert get_rules("cho-dai-di").assistant is AssistantRule.LIABILITY


@pytest.mark.parametrize("name", EXPECTED)
def test_rules_describe_themselves(name: str) -> None:
    rules = get_rules(name)
    lines = describe(rules)
    assert len(lines) >= 15 and all(label and text for label, text in lines)
    assert summary(rules) == PRESETS[name].summary


def test_summary_of_a_house_variant_names_what_changed() -> None:
    rules = replace(get_rules("standard"), direction=Direction.CLOCKWISE)
    assert summary(rules) == "Standard with house rules: Direction."


@pytest.mark.parametrize("name", EXPECTED)
def test_json_round_trip(name: str) -> None:
    rules = get_rules(name)
    text = json.dumps(rules_to_dict(rules))
    assert rules_from_dict(json.loads(text)) == rules


@pytest.mark.parametrize("data, message", [
    ({"colour": "red"}, "unknown rule option(s): colour"),
    ({"direction": "sideways"}, "'sideways' is not a value of direction (choose anticlockwise"),
    ({"dragon_wins": "yes"}, "dragon_wins must be true or false"),
    ({"cards_per_player": 99}, "between 1 and 26"),
    ({"cards_per_player": 1.5}, "must be a whole number"),
    ({"stock_draw": "one", "leftovers": "to-lowest"}, "drawing from the stock needs undealt cards"),
    ([1, 2], "rules must be a JSON object"),
])
def test_bad_json_is_refused_by_name(data: object, message: str) -> None:
    with pytest.raises(ValueError) as info:
        rules_from_dict(data)
    assert message in str(info.value)


def test_missing_options_take_standard_values() -> None:
    assert rules_from_dict({}) == STANDARD
