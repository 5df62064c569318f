"""Deal numbers: the documented shuffle, the text both ways, and sessions dealing by number."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from big2.engine import (
    DEAL_NUMBER_LIMIT, PRESETS, DealNumberError, Game, Leftovers, Session, format_deal_number,
    parse_deal_number,
)
from big2.engine.dealing import deal_by_number
from big2.engine.dealnumber import _splitmix64, shuffled_pack

numbers = st.integers(min_value=0, max_value=DEAL_NUMBER_LIMIT - 1)


def test_the_generator_is_the_published_splitmix64() -> None:
    # The reference outputs of SplitMix64 from state 0 (Vigna's splitmix64.c): if these
    # change, every deal number ever shared would deal other cards.
    state, outs = 0, []
    for _ in range(3):
        state, out = _splitmix64(state)
        outs.append(out)
    assert outs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def _reference_pack(number: int) -> list[int]:
    """The module docstring's shuffle, written again independently from its text."""
    mask = (1 << 64) - 1
    s = number

    def draw() -> int:
        nonlocal s
        s = (s + 0x9E3779B97F4A7C15) & mask
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    pack = list(range(52))
    for i in range(51, 0, -1):
        while True:
            r = draw()
            if r < 2**64 - 2**64 % (i + 1):
                break
        j = r % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


@given(numbers)
@example(0)
@example(DEAL_NUMBER_LIMIT - 1)
def test_the_shuffle_is_the_documented_one_and_a_permutation(number: int) -> None:
    pack = shuffled_pack(number)
    assert pack == _reference_pack(number)
    assert sorted(pack) == list(range(52))


def test_numbers_give_different_shuffles() -> None:
    packs = {tuple(shuffled_pack(n)) for n in range(200)}
    assert len(packs) == 200


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_number_seats_and_rules_deal_the_same_cards(preset: str, players: int) -> None:
    rules = PRESETS[preset].rules
    for number in (0, 7, 123_456_789, DEAL_NUMBER_LIMIT - 1):
        a = Game.deal(number, rules=rules, players=players)
        b = Game.deal(number, rules=rules, players=players)
        assert [a.hand(s) for s in range(players)] == [b.hand(s) for s in range(players)]
        d = deal_by_number(number, rules, players)
        dealt = sorted(c for h in d.hands for c in range(52) if h >> c & 1)
        assert sorted(dealt + list(d.stock)) == list(range(52))
        # seat 0 gets the top of the pack
        k = 52 // players if rules.leftovers is Leftovers.TO_LOWEST else rules.cards_per_player
        assert set(shuffled_pack(number)[:k]) <= set(a.hand(0))


def test_a_session_deals_the_number_it_records() -> None:
    session = Session(random.Random(5), players=4)
    game = session.new_hand()
    number = session.current_deal
    assert number is not None
    again = Game.deal(number, players=4)
    assert [game.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    assert session.record().deal_number == number


def test_a_session_can_be_told_its_next_deal() -> None:
    rng = random.Random(9)
    session = Session(rng, players=3)
    state = rng.getstate()
    game = session.new_hand(deal_number=424_242)
    assert rng.getstate() == state  # the session's own draws are left alone
    again = Game.deal(424_242, players=3)
    assert [game.hand(s) for s in range(3)] == [again.hand(s) for s in range(3)]
    assert session.current_deal == 424_242


@given(numbers)
@example(0)
@example(1000)
def test_format_then_parse_is_the_identity(number: int) -> None:
    text = format_deal_number(number)
    assert parse_deal_number(text) == number
    assert parse_deal_number("#" + text.replace(" ", "-")) == number
    assert parse_deal_number(str(number)) == number


def test_grouped_in_threes() -> None:
    assert format_deal_number(4_294_967_295) == "4 294 967 295"
    assert format_deal_number(12) == "12"


@pytest.mark.parametrize("text, words", [
    ("", "Type a deal number"),
    ("   ", "Type a deal number"),
    ("12a4", "'a' is not one"),
    ("-5", None),  # a dash is a separator: "5"
    ("٣", "'٣' is not one"),
    ("12345678901", "at most 10 digits"),
    ("4294967296", "runs from 0 to 4 294 967 295"),
])
def test_bad_numbers_are_refused_with_a_sentence(text: str, words: str | None) -> None:
    if words is None:
        assert parse_deal_number(text) == 5
        return
    with pytest.raises(DealNumberError) as err:
        parse_deal_number(text)
    message = str(err.value)
    assert words in message and message.endswith(".") and message[0].isupper()


def test_out_of_range_numbers_are_refused() -> None:
    for bad in (-1, DEAL_NUMBER_LIMIT, True):
        with pytest.raises(DealNumberError):
            Game.deal(bad, players=4)  # type: ignore[arg-type]
