"""The rule and scoring explanations read the same facts in every language.

``big2.engine.explain`` builds its sentences as messages; tests/engine/test_explain.py
reads the English back against the engine. Here each language's rendering of the same
messages is checked for what can be checked without reading the language: no
translation is broken (a broken one falls back to English, logged), nothing is left
untranslated (Chinese shows no English word at all), and the facts carried as
parameters — the straight order, the suit order, the first lead's card, the numbers of
the scoring tables — appear unchanged, in the same order.
"""

from __future__ import annotations

import enum
import logging
import re
import typing
from dataclasses import fields, replace

import pytest

from big2 import i18n
from big2.engine import PRESETS, Rules
from big2.engine.cards import RANK_NAMES, format_card
from big2.engine.explain import (
    blurb,
    combinations,
    how_to_play,
    rule_lines,
    scoring_text,
    straight_order,
    straight_words,
    suit_words,
    why_not_message,
)
from big2.engine.messages import Message
from big2.engine.rules import STANDARD
from big2.engine.scoring import SCORING_PRESETS, scoring_preset

LANGUAGES = [c for c in i18n.CODES if c != "en"]


def _variants() -> list[Rules]:
    """Every preset, and the standard rules with each option set to each of its values."""
    out = [p.rules for p in PRESETS.values()]
    hints = typing.get_type_hints(Rules)
    for f in fields(Rules):
        hint = hints[f.name]
        values: list[object] = []
        if hint is bool:
            values = [not getattr(STANDARD, f.name)]
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            values = [m for m in hint if m != getattr(STANDARD, f.name)]
        for value in values:
            try:
                out.append(replace(STANDARD, **{f.name: value}))
            except ValueError:
                pass
    return out


RULE_SETS = _variants()


def _messages(rules: Rules) -> list[Message]:
    scoring = scoring_preset("standard")
    out = [*how_to_play(rules), blurb(rules, scoring)]
    for label, words in rule_lines(rules):
        out += [label, words]
    for name, _example, words, _played in combinations(rules):
        out += [name, words]
    return out


@pytest.fixture(params=LANGUAGES)
def translator(request):
    return i18n.load(request.param)


def _render_all(tr, messages, caplog) -> list[str]:
    with caplog.at_level(logging.WARNING, logger="big2.i18n.translator"):
        texts = [tr.render(m) for m in messages]
    assert not [r for r in caplog.records if "broken" in r.getMessage()], caplog.text
    return texts


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{RULE_SETS.index(r)}")
def test_every_explanation_is_translated_and_keeps_its_facts(translator, rules, caplog) -> None:
    messages = _messages(rules)
    texts = _render_all(translator, messages, caplog)
    for message, text in zip(messages, texts):
        assert "{" not in text and "}" not in text, (message.id, text)
        if translator.code.startswith("zh"):  # no English word left in a Chinese page
            assert not re.findall(r"[A-Za-z]{2,}", text), (message.id, text)
    paragraphs = texts[:4]
    # the facts passed as parameters come through unchanged
    assert suit_words(rules) in paragraphs[2]
    assert format_card(rules.lowest_card, symbols=True) in paragraphs[0]
    shapes = straight_order(rules)
    top, bottom = "-".join(RANK_NAMES[r] for r in shapes[0].ranks), "3-4-5-6-7"
    straights = translator.render(straight_words(rules))
    assert straights in texts  # the Straights line of the options
    assert top in straights and bottom in straights
    assert straights.index(top) < straights.index(bottom)  # strongest first, as in English


@pytest.mark.parametrize("name", list(SCORING_PRESETS))
def test_every_scoring_scheme_is_translated_with_its_numbers(translator, name, caplog) -> None:
    scoring = SCORING_PRESETS[name]
    english = str(scoring_text(scoring, dragon=True, liability=True))
    [text] = _render_all(translator, [scoring_text(scoring, dragon=True, liability=True)], caplog)
    assert text != english
    assert "{" not in text
    if translator.code.startswith("zh"):
        assert not re.findall(r"[A-Za-z]{2,}", text), text
    # the multipliers and the numbers of cards they apply to, in the same order
    assert re.findall(r"×\d+", text) == re.findall(r"×\d+", english)


@pytest.mark.parametrize("cards", ["3d 4c", "3d 3c 4h 4s", "3d 3c 3h 4s", "3d 5c 7h 9s Jd",
                                   "3d 3c 3h 4s 5d", "Jd Qd Kd Ad 2d", "3d 4c 5h 6s 7d 8c"])
def test_refusals_are_translated_and_name_the_cards(translator, cards, caplog) -> None:
    for rules in (STANDARD, PRESETS["choi-dai-di"].rules, PRESETS["taiwan"].rules):
        message = why_not_message(cards, rules)
        if message is None:
            continue
        [text] = _render_all(translator, [message], caplog)
        assert text != str(message)
        shown = dict(message.params).get("cards")
        if isinstance(shown, str):
            assert shown in text
