"""Card notation and the set-like CardSet."""

from __future__ import annotations

import pytest

from big2.engine import CardParseError, CardSet, card, format_card, parse_card, parse_cards


@pytest.mark.parametrize("symbols", [False, True])
def test_every_card_round_trips(symbols: bool) -> None:
    for c in range(52):
        assert parse_card(format_card(c, symbols=symbols)) == c
    deck = CardSet.full_deck()
    assert parse_cards(deck.format(symbols=symbols)) == deck


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3d", card(0, 0)),
        ("3♦", 0),
        ("2s", 51),
        ("2♠", 51),
        ("Th", card(7, 2)),
        ("10h", card(7, 2)),
        ("10H", card(7, 2)),
        ("tH", card(7, 2)),
        ("10♥", card(7, 2)),
        ("Js", card(8, 3)),
        ("qS", card(9, 3)),
        ("Kh", card(10, 2)),
        ("Ad", card(11, 0)),
        ("4c", card(1, 1)),
    ],
)
def test_parse_card_spellings(text: str, expected: int) -> None:
    assert parse_card(text) == expected


def test_issue_examples_parse_token_by_token() -> None:
    tokens = "3d 4c Th 10h Js Qs Kh Ad 2s".split()
    assert [format_card(parse_card(t)) for t in tokens] == [
        "3d", "4c", "Th", "Th", "Js", "Qs", "Kh", "Ad", "2s"
    ]
    # As one set, Th and 10h are the same card written twice.
    with pytest.raises(CardParseError, match="'10h' is listed twice"):
        parse_cards("3d 4c Th 10h")
    assert parse_cards("3♦ 10♥") == parse_cards("3d th")


@pytest.mark.parametrize(
    "text, token, words",
    [
        ("3x", "3x", "no suit"),
        ("11h", "11h", "no rank"),
        ("3d 3d", "3d", "twice"),
        ("3d 3♦", "3♦", "twice"),
        ("", "", "no cards"),
        ("   ", "", "no cards"),
        ("3d h", "h", "not a card"),
        ("1s", "1s", "no rank"),
        ("Xs", "Xs", "no rank"),
    ],
)
def test_bad_text_names_the_token(text: str, token: str, words: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert words in str(info.value)
    if token:
        assert f"'{token}'" in str(info.value)


def test_cardset_behaves_like_a_frozenset() -> None:
    a = parse_cards("3d 4c 5h")
    b = parse_cards("5h 6s")
    assert len(a) == 3 and 0 in a and 51 not in a
    assert list(a) == sorted(a) == [0, 5, 10]
    assert list(reversed(a)) == [10, 5, 0]
    assert a | b == parse_cards("3d 4c 5h 6s")
    assert a & b == parse_cards("5h")
    assert a - b == parse_cards("3d 4c")
    assert a ^ b == parse_cards("3d 4c 6s")
    assert parse_cards("3d") <= a and parse_cards("3d") < a and not a < a
    assert a.isdisjoint(parse_cards("2s"))
    assert a.lowest() == 0 and a.highest() == 10
    assert hash(a) == hash(parse_cards("5h 4c 3d")) and a == parse_cards("5h 4c 3d")
    assert eval(repr(a), {"CardSet": CardSet}) == a
    assert str(a) == "3d 4c 5h"
    assert not CardSet() and len(CardSet()) == 0


def test_cardset_rejects_non_cards() -> None:
    with pytest.raises(ValueError):
        CardSet([52])
    with pytest.raises(ValueError):
        CardSet.from_mask(1 << 52)
    with pytest.raises(ValueError):
        CardSet().lowest()
