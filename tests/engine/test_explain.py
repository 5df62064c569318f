"""The explanations say what the rules do: each claim is checked against the engine.

For every preset and for random rule sets, the words of :mod:`big2.engine.explain` are
read back and tested: the straight order it prints is the order ``beats`` plays, the
suits it lists rank in that order, a combination it calls "not played" is refused by
``classify``, the direction and passing sentences match the options, and no option id
ever appears in player text.
"""

from __future__ import annotations

import enum
import re
import typing
from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from big2.engine import PRESETS, Rules, beats, classify, parse_cards
from big2.engine.explain import (
    blurb,
    combinations,
    direction_words,
    how_to_play,
    rule_lines,
    scoring_short,
    scoring_text,
    straight_words,
    suit_words,
)
from big2.engine.rules import STANDARD, Direction
from big2.engine.scoring import SCORING_PRESETS, Settlement, scoring_preset

_RANKS = {"3": 0, "4": 1, "5": 2, "6": 3, "7": 4, "8": 5, "9": 6, "10": 7, "J": 8, "Q": 9,
          "K": 10, "A": 11, "2": 12}
_SUITS = "dchs"


def _straight(run: str, top_suit: str = "s") -> str:
    """The run ``A-2-3-4-5`` in mixed suits (never a flush), its 2 (or top) in ``top_suit``."""
    ranks = run.split("-")
    cards = [f"{r}{_SUITS[i % 3]}" for i, r in enumerate(ranks)]
    return " ".join(c.replace("10", "T") for c in cards)


def _ids() -> set[str]:
    """Every option id a player must never see."""
    out = {p for p in PRESETS if "-" in p} | {s for s in SCORING_PRESETS if "-" in s}
    for f in fields(Rules):
        hint = typing.get_type_hints(Rules)[f.name]
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            out |= {m.value for m in hint if "-" in m.value and not re.fullmatch(r"[\dA-Z-]+", m.value)}
    return out


IDS = _ids()


def all_text(rules: Rules) -> str:
    scoring = scoring_preset("standard")
    parts = [*map(str, how_to_play(rules)), str(blurb(rules, scoring))]
    parts += [f"{a} {b}" for a, b in rule_lines(rules)]
    parts += [f"{name} {words}" for name, _, words, _ in combinations(rules)]
    return "\n".join(parts)


def check_rules_text(rules: Rules) -> None:
    t = all_text(rules)
    for word in IDS:
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", t), (word, t)
    assert f"{rules.name} rules" not in t
    # The suits, lowest first, rank in that order.
    symbols = suit_words(rules).split(" < ")
    letters = ["dchs"["♦♣♥♠".index(s)] for s in symbols]
    for lo, hi in zip(letters, letters[1:]):
        assert beats(classify(f"3{hi}", rules), classify(f"3{lo}", rules), rules)  # type: ignore[arg-type]
    # The straight order printed is the order the engine plays.
    words = str(straight_words(rules))
    order, _, missing = words.partition(";")
    tokens = re.split(r" (>|=) ", order.strip())
    runs, seps = tokens[0::2], tokens[1::2]
    real = [(i, r) for i, r in enumerate(runs) if r != "…"]
    for (i, hi), (j, lo) in zip(real, real[1:]):
        a, b = classify(_straight(hi), rules), classify(_straight(lo), rules)
        assert a is not None and b is not None, (hi, lo, words)
        if j == i + 1 and seps[i] == "=":
            continue
        assert beats(a, b, rules) and not beats(b, a, rules), (hi, lo, words)
    for run in re.findall(r"[\dAJQK]+(?:-[\dAJQK]+){4}", missing):
        assert classify(_straight(run), rules) is None, (run, words)
    # A combination the text calls "not played" is one classify refuses.
    for name, example, text, played in combinations(rules):
        assert (classify(parse_cards(example), rules) is not None) == played, name
        if not played:  # a kind the rules leave out is never said to beat or win anything
            assert "Beats" not in str(text) and "wins" not in str(text), name
    # Direction and passing.
    paragraphs = " ".join(map(str, how_to_play(rules)))
    assert f"Play goes {direction_words(rules)}." in paragraphs
    if rules.direction is Direction.CLOCKWISE:
        assert "anticlockwise" not in paragraphs
    if rules.direction is Direction.ANTICLOCKWISE:
        assert " clockwise" not in paragraphs
    assert ("Passing does not stop you" in paragraphs) == (not rules.pass_locks_out)
    assert ("dragon" in paragraphs) == rules.dragon_wins
    assert ("passes automatically" in paragraphs) == rules.auto_pass


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_explained_truly(name: str) -> None:
    preset = PRESETS[name]
    check_rules_text(preset.rules)
    assert preset.summary == str(blurb(preset.rules, scoring_preset(preset.scoring)))
    assert str(scoring_short(scoring_preset(preset.scoring))) in preset.summary


def _option_strategies() -> dict[str, st.SearchStrategy[object]]:
    hints = typing.get_type_hints(Rules)
    out: dict[str, st.SearchStrategy[object]] = {}
    for f in fields(Rules):
        hint = hints[f.name]
        if hint is bool:
            out[f.name] = st.booleans()
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            out[f.name] = st.sampled_from(list(hint))
    out["suit_order"] = st.permutations("dchs").map("".join)
    return out


def _rules_or_none(options: dict[str, object]) -> Rules | None:
    try:
        return replace(STANDARD, **options)  # type: ignore[arg-type]
    except ValueError:
        return None


@given(st.fixed_dictionaries(_option_strategies()).map(_rules_or_none).filter(lambda r: r is not None))
def test_any_rule_set_is_explained_truly(rules: Rules) -> None:
    check_rules_text(rules)


@pytest.mark.parametrize("name", list(SCORING_PRESETS))
def test_scoring_text_says_which_scheme(name: str) -> None:
    scoring = SCORING_PRESETS[name]
    text = f"{scoring_text(scoring)} {scoring_short(scoring)}"
    for word in IDS:
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (word, text)
    must = {
        Settlement.PENALTIES: "Penalty points",
        Settlement.WINNER_ONLY: "winner collects",
        Settlement.PAIRWISE: "Every pair",
        Settlement.LOSER_PAYS: "loser pays",
        Settlement.POSITIVE: "Positive points",
        Settlement.FINISH_ORDER: "finishing place",
    }[scoring.settlement]
    assert must in text
