"""Golden tables: what each set of cards is, and what beats what (RULES.md §1)."""

from __future__ import annotations

import pytest

from big2.engine import Kind, beats, classify, parse_cards, why_not

K = Kind
CLASSIFY = [
    ("3d", K.SINGLE),
    ("2s", K.SINGLE),
    ("3d 3s", K.PAIR),
    ("2h 2s", K.PAIR),
    ("3d 4d", None),
    ("3d 3c 3h", K.TRIPLE),
    ("3d 3c 4h", None),
    ("3d 3c 3h 3s", None),
    ("3d 4c 5h 6s 7d", K.STRAIGHT),
    ("Td Jc Qh Ks Ad", K.STRAIGHT),
    ("9d Tc Jh Qs Kd", K.STRAIGHT),
    ("Ad 2c 3h 4s 5d", K.STRAIGHT),
    ("2d 3c 4h 5s 6d", K.STRAIGHT),
    ("Jd Qc Kh As 2d", None),  # JQKA2 is not a straight
    ("Qd Kc Ah 2s 3d", None),  # no wrapping past the 2
    ("Kd Ac 2h 3s 4d", None),
    ("3d 4c 5h 6s 8d", None),  # a gap
    ("3d 5d 7d 9d Jd", K.FLUSH),
    ("Jd Qd Kd Ad 2d", K.FLUSH),  # not a straight, so a flush
    ("3d 4d 5d 6d 7d", K.STRAIGHT_FLUSH),
    ("Ad 2d 3d 4d 5d", K.STRAIGHT_FLUSH),
    ("Ts Js Qs Ks As", K.STRAIGHT_FLUSH),
    ("3d 3c 3h 4s 4d", K.FULL_HOUSE),
    ("2d 2c 2h As Ad", K.FULL_HOUSE),
    ("3d 3c 3h 3s 4d", K.FOUR_OF_A_KIND),
    ("3d 3c 4h 4s 5d", None),  # two pair is no combination
    ("3d 3c 3h 4s 5d", None),  # three of a kind with two odd cards
    ("3d 3c 3h 3s 4d 4c", None),  # six cards
    ("3d 4c 5h 6s 7d 8c", None),
]


@pytest.mark.parametrize("text, kind", CLASSIFY)
def test_classify(text: str, kind: Kind | None) -> None:
    combo = classify(parse_cards(text))
    assert (combo.kind if combo else None) == kind
    reason = why_not(parse_cards(text))
    assert (reason == "") == (kind is not None)


# (stronger, weaker): each must beat the other way round never.
STRONGER = [
    ("3s", "3h"), ("4d", "3s"), ("2s", "2h"), ("2d", "As"),
    ("3s 3d", "3h 3c"),  # equal rank: the pair with the higher suit
    ("9s 9d", "8h 8c"),
    ("9h 9c", "9d 9c"),  # equal rank: the higher top suit (♥ over ♣)
    ("5d 5c 5h", "4s 4h 4c"),
    ("2d 2c 2h", "As Ah Ac"),
    # straight order: A2345 > 23456 > AKQJT > ... > 34567
    ("Ad 2c 3h 4s 5d", "2d 3c 4h 5s 6d"),
    ("2d 3c 4h 5s 6d", "Td Jc Qh Ks Ad"),
    ("Td Jc Qh Ks Ad", "9d Tc Jh Qs Kd"),
    ("4d 5c 6h 7s 8d", "3d 4c 5h 6s 7s"),
    # equal straights: the suit of the top card (seed 000: of the 7 in 34567)
    ("3d 4c 5h 6s 7s", "3s 4h 5c 6d 7h"),
    # ... and of the 2 in A2345 and 23456, not of the ace
    ("Ad 2s 3d 4d 5c", "As 2h 3s 4h 5h"),
    ("2s 3d 4d 5d 6c", "2h 3s 4s 5s 6s"),
    # seed 002: a straight ending with the ten of clubs beats one ending with the ten of diamonds
    ("6d 7c 8h 9s Tc", "6s 7s 8h 9c Td"),
    # kinds: flush > straight, full house > flush, four > full house, straight flush > four
    ("3d 5d 7d 9d Jd", "Ad 2c 3h 4s 5d"),
    ("3d 3c 3h 4s 4d", "Jd Qd Kd Ad 2d"),
    ("3d 3c 3h 3s 4d", "2d 2c 2h As Ad"),
    ("3d 4d 5d 6d 7d", "2d 2c 2h 2s 3c"),
    # flushes by the highest card: rank first, then suit
    ("3c 5c 7c 9c Kc", "4s 6s 8s Ts Qs"),
    ("3s 5s 7s 9s Ks", "4h 6h 8h Th Kh"),
    # full house: the triple only
    ("4d 4c 4h 3s 3d", "3s 3h 3c 2s 2h"),
    # four of a kind: the four only
    ("4d 4c 4h 4s 3c", "3d 3c 3h 3s 2s"),
    # straight flushes in straight order, then suit
    ("Ad 2d 3d 4d 5d", "Ts Js Qs Ks As"),
    ("3s 4s 5s 6s 7s", "3h 4h 5h 6h 7h"),
]


@pytest.mark.parametrize("strong, weak", STRONGER)
def test_beats(strong: str, weak: str) -> None:
    a, b = classify(parse_cards(strong)), classify(parse_cards(weak))
    assert a is not None and b is not None
    assert beats(a, b)
    assert not beats(b, a)


@pytest.mark.parametrize("a, b", [("3d", "3c 3h"), ("3c 3h", "2s"), ("2s 2h 2c", "3d 4c 5h 6s 7d")])
def test_different_sizes_never_beat(a: str, b: str) -> None:
    ca, cb = classify(parse_cards(a)), classify(parse_cards(b))
    assert ca is not None and cb is not None
    assert not beats(ca, cb) and not beats(cb, ca)


def test_nothing_beats_itself() -> None:
    for text, kind in CLASSIFY:
        c = classify(parse_cards(text))
        if c is not None:
            assert not beats(c, c)


@pytest.mark.parametrize(
    "text, words",
    [
        ("3d 4d", "is not a pair"),
        ("3d 3c 4h", "is not a triple"),
        ("3d 3c 3h 3s", "is four of a kind, which needs a fifth card"),
        ("3d 3c 4h 4s", "is two pairs, which these rules don't allow"),
        ("3d 3c 3h 4s", "is a triple with one card, which these rules don't allow"),
        ("3d 3c 4h 4s 5d", "is two pairs and a card, which these rules don't allow"),
        ("3d 3c 3h 4s 6d", "is a triple with two odd cards"),
        ("3d 4c 5h 6s 8d", "is not a five-card hand"),
        ("3d 3c 3h 3s 4d 4c", "play 1, 2, 3 or 5 cards"),
    ],
)
def test_reasons_are_sentences(text: str, words: str) -> None:
    assert words in why_not(parse_cards(text))


def test_display_order_reads_naturally() -> None:
    assert classify(parse_cards("5d Ad 3h 2c 4s")).text() == "A♦ 2♣ 3♥ 4♠ 5♦"  # type: ignore[union-attr]
    assert classify(parse_cards("4s 3d 4d 3c 3h")).text() == "3♥ 3♣ 3♦ 4♠ 4♦"  # type: ignore[union-attr]
    assert classify(parse_cards("9d 9s")).text() == "9♠ 9♦"  # type: ignore[union-attr]
