"""Every public engine entry point refuses wrong types and impossible values with a
``ValueError`` (or :class:`IllegalMove`, itself a ``ValueError``) whose message is a
sentence, never a bare ``TypeError``/``AttributeError``; the state stays untouched."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from big2.engine import (
    STANDARD,
    CardSet,
    Game,
    IllegalMove,
    Rules,
    Session,
    beats,
    card,
    classify,
    combo_of_move,
    describe,
    format_card,
    generate_moves,
    move_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
    why_not,
)
from big2.engine.explain import blurb, how_to_play, rule_lines
from big2.engine.scoring import scoring_preset

GAME = Game.deal(random.Random(1))

BAD: list[tuple[str, Callable[[], Any], str]] = [
    ("make a str", lambda: GAME.make("3d"), "is not a move"),  # type: ignore[arg-type]
    ("make None", lambda: GAME.make(None), "is not a move"),  # type: ignore[arg-type]
    ("make a float", lambda: GAME.make(1.5), "is not a move"),  # type: ignore[arg-type]
    ("make negative", lambda: GAME.make(-5), "is not a move"),
    ("make no cards", lambda: GAME.make(1 << 60), "is not a move"),
    ("beats None", lambda: beats(None, None), "is not a combination"),  # type: ignore[arg-type]
    ("beats text", lambda: beats(classify("3d"), "3d"), "is not a combination"),  # type: ignore[arg-type]
    ("classify None", lambda: classify(None), "is not a set of cards"),  # type: ignore[arg-type]
    ("classify an int", lambda: classify(5), "is not a set of cards"),  # type: ignore[arg-type]
    ("classify bad rules", lambda: classify("3d", "standard"), "is not a rule set"),  # type: ignore[arg-type]
    ("why_not None", lambda: why_not(None), "is not a set of cards"),  # type: ignore[arg-type]
    ("play None", lambda: GAME.play(None), "is not a set of cards"),  # type: ignore[arg-type]
    ("play a seat that is text", lambda: GAME.pass_turn(seat="x"), "no seat"),  # type: ignore[arg-type]
    ("play seat 9", lambda: GAME.play("3d", seat=9), "no seat"),
    ("card of text", lambda: card("a", 1), "no card"),  # type: ignore[arg-type]
    ("format None", lambda: format_card(None), "is not a card"),  # type: ignore[arg-type]
    ("rank_of None", lambda: rank_of(None), "is not a card"),  # type: ignore[arg-type]
    ("suit_of 52", lambda: suit_of(52), "is not a card"),
    ("parse_card None", lambda: parse_card(None), "is not a card"),  # type: ignore[arg-type]
    ("parse_cards None", lambda: parse_cards(None), "is not card text"),  # type: ignore[arg-type]
    ("CardSet None", lambda: CardSet(None), "is not a collection of cards"),  # type: ignore[arg-type]
    ("CardSet of text", lambda: CardSet("3d"), "is not a collection of cards"),
    ("from_mask text", lambda: CardSet.from_mask("x"), "is not a card mask"),  # type: ignore[arg-type]
    ("from_mask negative", lambda: CardSet.from_mask(-1), "is not a card mask"),
    ("Rules suit_order", lambda: Rules(suit_order=5), "suit_order cannot be 5"),  # type: ignore[arg-type]
    ("Rules direction", lambda: Rules(direction="x"), "direction cannot be 'x'"),  # type: ignore[arg-type]
    ("Rules bool", lambda: Rules(dragon_wins="yes"), "True or False"),  # type: ignore[arg-type]
    ("Rules int", lambda: Rules(cards_per_player="x"), "whole number"),  # type: ignore[arg-type]
    ("deal players", lambda: Game.deal(random.Random(1), players="4"), "2, 3 or 4 players"),  # type: ignore[arg-type]
    ("deal rng", lambda: Game.deal(None), "is not a random.Random"),  # type: ignore[arg-type]
    ("deal rules", lambda: Game.deal(random.Random(1), rules="standard"), "is not a rule set"),  # type: ignore[arg-type]
    ("Game None", lambda: Game(None), "is not a list of hands"),  # type: ignore[arg-type]
    ("Game first", lambda: Game(["3d", "4d"], first="0"), "no seat"),  # type: ignore[arg-type]
    ("from_position to_act", lambda: Game.from_position(["3d", "4d"], to_act="x"), "no seat"),  # type: ignore[arg-type]
    ("hand seat", lambda: GAME.hand(9), "no seat"),
    ("generate_moves text", lambda: generate_moves("x"), "is not a card mask"),  # type: ignore[arg-type]
    ("generate_moves negative", lambda: generate_moves(-1), "is not a card mask"),
    ("combo_of_move text", lambda: combo_of_move("x"), "is not a move"),  # type: ignore[arg-type]
    ("move_cards None", lambda: move_cards(None), "is not a move"),  # type: ignore[arg-type]
    ("Session players", lambda: Session(random.Random(1), players=5), "2, 3 or 4 players"),
    ("Session rules", lambda: Session(random.Random(1), rules="x"), "is not a rule set"),  # type: ignore[arg-type]
    ("Session scoring", lambda: Session(random.Random(1), scoring="pairwise"), "is not a scoring scheme"),  # type: ignore[arg-type]
    ("describe None", lambda: describe(None), "is not a rule set"),  # type: ignore[arg-type]
    ("rule_lines None", lambda: rule_lines(None), "is not a rule set"),  # type: ignore[arg-type]
    ("how_to_play None", lambda: how_to_play(None), "is not a rule set"),  # type: ignore[arg-type]
    ("blurb None", lambda: blurb(None, scoring_preset("standard")), "is not a rule set"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("what, call, words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_with_a_sentence(what: str, call: Callable[[], Any], words: str) -> None:
    before = repr(GAME), list(GAME.history), GAME.to_act
    with pytest.raises(ValueError) as info:
        call()
    message = info.value.args[0]
    assert words in message, message
    assert message.rstrip("\"'").endswith((".", ")")) and " " in message, message
    assert (repr(GAME), list(GAME.history), GAME.to_act) == before


def test_a_bad_move_is_an_illegal_move_for_the_table() -> None:
    with pytest.raises(IllegalMove, match="is not a move"):
        GAME.make("3d")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text, words",
    [
        ("5d 5c 7h 7s", "5♦ 5♣ 7♥ 7♠ is two pairs, which these rules don't allow: play the pairs one at a time."),
        ("5d 5c 5h 7s", "is a triple with one card, which these rules don't allow: play the triple alone"),
        ("5d 5c 7h 7s 9d", "is two pairs and a card, which these rules don't allow."),
        ("5d 5c 5h 7s 9d", "is a triple with two odd cards"),
        ("5d 5c 5h 5s", "is four of a kind, which needs a fifth card"),
    ],
)
def test_why_not_names_what_the_cards_are(text: str, words: str) -> None:
    assert words in why_not(parse_cards(text), STANDARD)


def test_why_not_names_a_straight_the_rules_refuse() -> None:
    from big2.engine import get_rules

    reason = why_not(parse_cards("2d 3c 4h 5s 6d"), get_rules("choi-dai-di"))
    assert "is not a straight under these rules" in reason and "2-3-4-5-6" in reason
