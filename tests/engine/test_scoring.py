"""Scoring: the seeds' worked examples, a table per scheme, and properties."""

from __future__ import annotations

import doctest
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from big2.engine import scoring
from big2.engine.cards import CardSet
from big2.engine.scoring import (
    SCORING_PRESETS,
    Basis,
    HandOutcome,
    Honours,
    Multiplier,
    MultiplyBy,
    Payment,
    Scoring,
    ScoringError,
    Settlement,
    count_honours,
    payments_from_points,
    penalty_per_card,
    score_breakdown,
    score_hand,
    scoring_preset,
    settle_pairwise,
    standard_penalties,
)

C = CardSet.parse


def counts(*cards_left: int, winner: int | None = None, **kw: object) -> HandOutcome:
    """An outcome from card counts only; the winner is the seat with none."""
    w = cards_left.index(0) if winner is None else winner
    return HandOutcome(tuple(cards_left), w, **kw)  # type: ignore[arg-type]


# -- the original API keeps its meaning ----------------------------------------------------

def test_legacy_functions() -> None:
    assert [penalty_per_card(n) for n in (1, 9, 10, 12, 13, 17)] == [1, 1, 2, 2, 3, 3]
    assert standard_penalties([0, 5, 10, 13]) == (0, -5, -20, -39)
    assert settle_pairwise([0, -5, -10, -3]) == (18, -2, -22, 6)


def test_doctests() -> None:
    assert doctest.testmod(scoring).failed == 0


# -- the worked examples of the seeds -------------------------------------------------------

def test_seed_003_winner_collects() -> None:
    # North won; East 3, West 11, South 8 (seats N, E, S, W).
    outcome = counts(0, 3, 8, 11)
    assert score_hand(outcome, scoring_preset("winner-collects")) == (33, -3, -8, -22)


def test_seed_000_pairwise() -> None:
    # A 3, B 0 (winner), C 1, D 4 → A -4, B +8, C +4, D -8.
    assert score_hand(counts(3, 0, 1, 4), scoring_preset("pairwise")) == (-4, 8, 4, -8)


def test_seed_002_chudadi_standard() -> None:
    # A 4, B 8, C 0, D 11 → A +37, B -11, C +53, D -79.
    b = score_breakdown(counts(4, 8, 0, 11), scoring_preset("chudadi-standard"))
    assert b.points == (37, -11, 53, -79)
    assert [s.penalty for s in b.seats] == [4, 16, 0, 33]
    assert [s.multiplier for s in b.seats] == [1, 2, 1, 3]


def test_seed_002_multiplier_words() -> None:
    # "8, 9 or 10 cards count as the double (16, 18 and 20), 11 or 12 three times (33,
    # 36), 13 as 4 * 13 = 52"; Hong Kong: 1-9 single, 10-12 double, 13 triple.
    assert [n * Multiplier.CHUDADI.factor(n) for n in (7, 8, 9, 10, 11, 12, 13)] == [
        7, 16, 18, 20, 33, 36, 52]
    assert [n * Multiplier.HONG_KONG.factor(n) for n in (9, 10, 12, 13)] == [9, 20, 24, 39]


def test_seed_000_super_words() -> None:
    # "8, 9 or 10: 16, 18 or 20 points; 11, 12 or 13: 33, 36 or 39 points".
    assert [n * Multiplier.SUPER.factor(n) for n in range(7, 14)] == [
        7, 16, 18, 20, 33, 36, 39]


def test_seed_004_twos_example() -> None:
    # "nine cards at the end including two twos you would lose 9 x 2 x 2 x 2 = 72".
    hand = C("3d 4d 5c 6h 7s 9d Jc 2d 2c")
    outcome = HandOutcome.from_hands([CardSet(), hand], 0)
    assert score_hand(outcome, scoring_preset("twos-double")) == (0, -72)


def test_seed_004_kam_example() -> None:
    # Doubling for 9-11: 10 cards pay 20 to the winner but only 8 to a player with two.
    b = score_breakdown(counts(0, 10, 2), scoring_preset("difference-doubling"))
    assert Payment(1, 0, 20) in b.payments
    assert Payment(1, 2, 8) in b.payments
    assert Payment(2, 0, 2) in b.payments
    assert b.points == (22, -28, 6)


def test_seed_004_dragon_scores_39() -> None:
    outcome = counts(0, 13, 13, 13, dragon=True)
    assert score_hand(outcome, scoring_preset("penalty-table")) == (0, -39, -39, -39)
    # With 17-card deals the victims still count as 13 cards never played.
    outcome = counts(0, 17, 17, dealt=(17, 17, 17), dragon=True)
    assert score_hand(outcome, scoring_preset("winner-collects")) == (78, -39, -39)


# -- one table test per preset ---------------------------------------------------------------

# Winner seat 0; seat 1: 9 cards with two twos; seat 2: 11 cards; seat 3: 13 (never played).
HANDS = (
    CardSet(),
    C("3d 4d 5c 6h 7s 9d Jc 2d 2c"),
    C("3c 4c 5d 6d 7d 8d 9c Tc Qd Kd Ad"),
    C("3h 3s 4h 4s 5h 5s 6c 6s 8c 8h 8s Jd Qc"),
)
TABLE = HandOutcome.from_hands(HANDS, 0, starter=3, last_play=C("2h 2s"))

PRESET_POINTS = {
    "penalty-table": (0, -9, -22, -39),
    "winner-collects": (70, -9, -22, -39),
    "winner-only": (70, -9, -22, -39),
    "pairwise": (33, -3, -11, -19),
    "super": (90, 18, -42, -66),
    "chudadi-standard": (103, 31, -29, -105),
    "chudadi-hong-kong": (70, 34, -18, -86),
    "one-per-card": (0, -9, -11, -13),
    "greater-penalties": (0, -18, -33, -52),
    "double-double": (0, -18, -44, -52),
    "twos-double": (0, -72, -44, -52),
    "starter-doubles": (0, -9, -11, -39),
    "all-twos-double": (0, -18, -44, -78),
    "difference-doubling": (79, -12, -22, -45),
    "face-values": (0, -16, -30, -30),
    "rank-values": (0, -57, -138, -114),
    "da-lao-er": (0, -9, -22, -26),
    "taiwan-loser-pays": (1, 0, 0, -1),
    "pusoy-dos": (4, 0, 0, 0),
    "finish-order": (5, 3, 1, 0),
    "indonesia-honours": (0, -9, -22, -39),
}


def test_every_preset_has_a_table_row() -> None:
    assert set(PRESET_POINTS) == set(SCORING_PRESETS)


@pytest.mark.parametrize("name", sorted(PRESET_POINTS))
def test_preset_table(name: str) -> None:
    preset = SCORING_PRESETS[name]
    b = score_breakdown(TABLE, preset)
    assert b.points == PRESET_POINTS[name]
    assert (sum(b.points) == 0) is preset.zero_sum or sum(b.points) == 0
    net = [0] * 4
    for p in b.payments:
        assert p.amount > 0 and p.payer != p.payee
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    expected = b.points if preset.zero_sum else settle_pairwise(b.points)
    assert tuple(net) == expected


def test_zero_sum_flags() -> None:
    zero = {n for n, s in SCORING_PRESETS.items() if s.zero_sum}
    assert zero == {"winner-collects", "winner-only", "pairwise", "super", "chudadi-standard",
                    "chudadi-hong-kong", "difference-doubling", "taiwan-loser-pays"}


def test_breakdown_lines() -> None:
    b = score_breakdown(TABLE, scoring_preset("twos-double"))
    seat = b.seats[1]
    assert (seat.cards_left, seat.counted, seat.multiplier, seat.penalty) == (9, 9, 8, 72)
    notes = [str(n) for n in seat.notes]
    assert "×2 for 9 cards" in notes and "×4 for 2 twos held" in notes
    assert b.seats[0].points == 0 and b.seats[0].notes == ()


# -- multiplier tables and card values -------------------------------------------------------

FACTORS = {  # counts 1..17
    Multiplier.NONE: [1] * 17,
    Multiplier.HONG_KONG: [1] * 9 + [2] * 3 + [3] * 5,
    Multiplier.BIG_2: [1] * 9 + [2] * 8,
    Multiplier.CHUDADI: [1] * 7 + [2] * 3 + [3] * 2 + [4] * 5,
    Multiplier.SUPER: [1] * 7 + [2] * 3 + [3] * 7,
    Multiplier.STEEP: [1] * 7 + [2] * 2 + [3] * 3 + [4] * 5,
    Multiplier.DOUBLE_DOUBLE: [1] * 7 + [2] * 2 + [4] * 8,
    Multiplier.TEN_OR_MORE: [1] * 9 + [2] * 8,
    Multiplier.DA_LAO_ER: [1] * 10 + [2] * 7,
    Multiplier.KAM: [1] * 8 + [2] * 3 + [3] * 6,
}


@pytest.mark.parametrize("table", list(Multiplier))
def test_multiplier_table(table: Multiplier) -> None:
    assert [table.factor(n) for n in range(1, 18)] == FACTORS[table]
    assert table.factor(0) == 1
    assert table.describe()


def test_big_2_never_played_is_not_thirteen() -> None:
    # Seed 003: ×3 for a player who never played; with 17 dealt, 13 left is only ×2.
    assert Multiplier.BIG_2.factor(13, never_played=True) == 3
    s = scoring_preset("winner-collects")
    b = score_breakdown(counts(0, 13, 17, dealt=(17, 17, 17)), s)
    assert b.points == (26 + 51, -26, -51)
    assert [str(n) for n in b.seats[1].notes] == ["×2 for 13 cards"]
    assert [str(n) for n in b.seats[2].notes] == ["×3 for never playing a card"]
    # The penalty table pays 3 a card for 13 or more, played or not.
    assert score_hand(counts(0, 13, 17, dealt=(17, 17, 17)), scoring_preset("standard")) == (
        0, -39, -51)


def test_never_played_with_the_draw_variants() -> None:
    # Drawing when passing: 15 cards held after playing some, 14 without playing any.
    s = scoring_preset("winner-collects")
    outcome = counts(0, 15, 14, played_any=(True, True, False))
    assert score_hand(outcome, s) == (30 + 42, -30, -42)
    assert score_hand(counts(0, 15, 14), s) == (45 + 42, -45, -42)


def test_card_values() -> None:
    hand = C("3d Td Jd Qd Kd Ad 2d")
    assert Basis.CARDS.worth(hand) == 7
    assert Basis.FACE_VALUES.worth(hand) == 1 + 1 + 2 + 2 + 2 + 3 + 4
    assert Basis.RANK_VALUES.worth(hand) == 1 + 8 + 9 + 10 + 11 + 12 + 13


# -- options -----------------------------------------------------------------------------------

def test_starter_only() -> None:
    s = scoring_preset("starter-doubles")
    assert score_hand(TABLE, s) == (0, -9, -11, -39)
    outcome = HandOutcome.from_hands(HANDS, 0, starter=2)
    assert score_hand(outcome, s) == (0, -9, -22, -13)
    with pytest.raises(ScoringError, match="starter"):
        score_hand(HandOutcome.from_hands(HANDS, 0), s)


def test_all_twos_only_when_every_card_is_a_two() -> None:
    s = scoring_preset("all-twos-double")
    for play, doubled in (("2s", True), ("2d 2h 2s", True), ("Ah 2s", False), ("", False)):
        last = C(play) if play else CardSet()
        outcome = HandOutcome.from_hands(HANDS, 0, last_play=last)
        assert score_hand(outcome, s)[1] == (-18 if doubled else -9)


@pytest.mark.parametrize("play, points", [
    ("3d", 1), ("2d", 2), ("2d 2s", 4), ("2d 2c 2h", 8), ("2d 2c 2h 2s 3d", 16),
])
def test_pusoy_dos(play: str, points: int) -> None:
    outcome = counts(5, 0, 7, 1, last_play=C(play))
    assert score_hand(outcome, scoring_preset("pusoy-dos")) == (0, points, 0, 0)
    assert score_hand(outcome, scoring_preset("pusoy-dos", unit=5))[1] == 5 * points


def test_finish_order_complete_and_short_tables() -> None:
    s = scoring_preset("finish-order")
    assert score_hand(counts(0, 0, 0, 4, winner=2, finish_order=(2, 0, 1)), s) == (3, 1, 5, 0)
    assert score_hand(counts(0, 0, 6, winner=1, finish_order=(1, 0)), s) == (3, 5, 0)
    assert score_hand(counts(3, 0), s) == (0, 5)
    # First out ends the hand: the rest are placed by fewer cards, ties sharing a place.
    assert score_hand(counts(0, 5, 5, 7), s) == (5, 3, 3, 0)
    assert score_hand(counts(0, 5, 5, 7), scoring_preset("play-on", place_points=(
        10, 6, 2, 1))) == (10, 6, 6, 1)


def test_taiwan_loser() -> None:
    s = scoring_preset("taiwan")
    assert score_breakdown(counts(0, 3, 8, 5), s).loser == 2
    tied = HandOutcome.from_hands([CardSet(), C("3d 4d 2s"), C("3c 4c Ad"), C("5d")], 0)
    b = score_breakdown(tied, s)
    assert b.loser == 2 and b.points == (1, 0, -1, 0)
    assert b.payments == (Payment(2, 0, 1),)
    assert score_hand(counts(0, 3, 3, 1, loser=1), s) == (1, -1, 0, 0)
    with pytest.raises(ScoringError, match="remaining"):
        score_hand(counts(0, 3, 3, 1), s)


def test_honours_counting() -> None:
    assert count_honours(C("3d 3c 3h 3s 5d")) == Honours(fours=1)
    assert count_honours(C("2d 2c 2h 2s")) == Honours(four_twos=1)
    assert count_honours(C("3h 4h 5h 6h 7h 8h")) == Honours(straight_flushes=1)
    assert count_honours(C("3h 4h 5h 6h 7h 8h 9h Th Jh Qh")) == Honours(straight_flushes=2)
    assert count_honours(C("Ah 2h 3h 4h 5h")) == Honours(straight_flushes=1)
    assert count_honours(C("Jh Qh Kh Ah 2h")) == Honours()
    # A card counts once: the straight flush (40) beats the four threes (20) it overlaps.
    assert count_honours(C("3d 3c 3h 3s 4s 5s 6s 7s")) == Honours(straight_flushes=1)
    assert count_honours(C("3d 3c 3h 3s 4s 5s 6s 7s 8s")) == Honours(1, 1, 0)
    assert Honours(1, 1, 1).penalty == 140
    with pytest.raises(ValueError):
        Honours(four_twos=2)


def test_indonesia_honours() -> None:
    s = scoring_preset("indonesia")
    outcome = HandOutcome.from_hands(
        [CardSet(), C("5d 5c 5h 5s 9d Kc"), C("2d 2c 2h 2s 6h 7h 8h 9h Th")], 0)
    b = score_breakdown(outcome, s)
    assert b.points == (0, -(6 + 20), -(9 + 80 + 40))
    assert b.seats[2].honours == 120
    # Counts given by the engine take the place of counting the cards.
    given_ = counts(0, 4, 2, honours=(Honours(), Honours(fours=1), Honours()))
    assert score_hand(given_, s) == (0, -24, -2)
    # Pairwise settlement carries honours to the winner and between the losers.
    assert score_hand(outcome, scoring_preset("pairwise", honours=True)) == (
        26 + 129, 129 - 26 - 26, -129 - 129 + 26)


# -- the assistant rule's liability ------------------------------------------------------------

def test_liability_pairwise() -> None:
    # Seed 000 example, A liable: A covers everyone's losses and collects nothing.
    b = score_breakdown(counts(3, 0, 1, 4, liable=0), scoring_preset("pairwise"))
    assert b.points == (-13, 8, 5, 0)
    assert b.payments == (Payment(0, 1, 8), Payment(0, 2, 5))
    assert "liable" in str(b.seats[0].notes[-1])


def test_liability_other_settlements() -> None:
    assert score_hand(counts(0, 3, 8, 11, liable=1), scoring_preset("big-2")) == (
        33, -33, 0, 0)
    assert score_hand(counts(0, 9, 11, 13, liable=1), scoring_preset("standard")) == (
        0, -70, 0, 0)
    assert score_hand(counts(0, 3, 8, 11, liable=1), scoring_preset("taiwan")) == (
        1, -1, 0, 0)
    # Positive-point schemes have no losses to cover.
    assert score_hand(counts(0, 3, 8, 11, liable=1), scoring_preset("pusoy-dos")) == (
        1, 0, 0, 0)


# -- refusals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    ({"cards_left": (0,), "winner": 0}, "2 to 4 seats"),
    ({"cards_left": (0, 3), "winner": 2}, "winner seat 2"),
    ({"cards_left": (1, 3), "winner": 0}, "still holds"),
    ({"cards_left": (0, 3), "winner": 0, "liable": 0}, "winner cannot be liable"),
    ({"cards_left": (0, 3), "winner": 0, "loser": 0}, "winner cannot be the loser"),
    ({"cards_left": (0, 3), "winner": 0, "played_any": (True,)}, "played_any has 1"),
    ({"cards_left": (0, 3), "winner": 0, "dealt": (13,)}, "dealt has 1"),
    ({"cards_left": (0, 3), "winner": 0, "remaining": (CardSet(), C("3d"))}, "disagree"),
    ({"cards_left": (0, 3, 0), "winner": 0, "finish_order": (2, 0)}, "finish order"),
    ({"cards_left": (0, 3, 0), "winner": 0, "finish_order": (0, 1)}, "finish order"),
])
def test_bad_outcomes(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        HandOutcome(**kwargs)  # type: ignore[arg-type]


def test_missing_cards_named() -> None:
    for name, need in (("face-values", "card values"), ("twos-double", "per two"),
                       ("indonesia", "honour")):
        with pytest.raises(ScoringError, match=need):
            score_hand(counts(0, 3, 4), scoring_preset(name))


@pytest.mark.parametrize("kwargs, message", [
    ({"unit": 0}, "unit"),
    ({"unit": True}, "unit"),
    ({"honours": 1}, "honours"),
    ({"place_points": (5, 3, 1)}, "place_points"),
    ({"place_points": (5, 3, 1, -1)}, "place_points"),
    ({"multiply_by": MultiplyBy.PAIR_DIFFERENCE}, "pairwise"),
    ({"settlement": Settlement.PAIRWISE, "basis": Basis.RANK_VALUES,
      "multiply_by": MultiplyBy.PAIR_DIFFERENCE}, "basis"),
    ({"table": "hong-kong"}, "table"),
])
def test_bad_schemes(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        Scoring(**kwargs)  # type: ignore[arg-type]


# -- presets, words, JSON -------------------------------------------------------------------------

def test_preset_lookup() -> None:
    assert Scoring() == SCORING_PRESETS["penalty-table"]
    for rules_name, scheme in (
        ("standard", "penalty-table"), ("hong-kong", "chudadi-hong-kong"),
        ("taiwan", "taiwan-loser-pays"), ("pusoy-dos", "pusoy-dos"),
        ("indonesia", "indonesia-honours"), ("cho-dai-di", "pairwise"),
        ("chudadi", "chudadi-standard"), ("big-2", "winner-collects"),
        ("choi-dai-di", "winner-only"),
    ):
        assert scoring_preset(rules_name).name == scheme
    assert scoring_preset("Chudadi Standard") is SCORING_PRESETS["chudadi-standard"]
    assert scoring_preset("CHUDADI_HONG_KONG") is SCORING_PRESETS["chudadi-hong-kong"]
    assert scoring_preset(" big-2 ").name == "winner-collects"
    assert scoring_preset("Super").table is Multiplier.SUPER
    assert scoring_preset("pairwise", double_per_two=True).double_per_two
    with pytest.raises(ScoringError, match="'poker'.*known: penalty-table"):
        scoring_preset("poker")
    with pytest.raises(ScoringError, match="colour"):
        scoring_preset("pairwise", colour=1)


@pytest.mark.parametrize("name", sorted(SCORING_PRESETS))
def test_describe(name: str) -> None:
    s = SCORING_PRESETS[name]
    text = s.describe()
    assert text and text[0].isupper() and text.endswith(".")
    longer = s.describe(dragon=True, liability=True)
    assert len(longer) >= len(text)
    if s.settlement.uses_penalties:
        assert "dragon" in longer and "assistant rule" in longer


def test_describe_mentions_numbers() -> None:
    assert "×4 for 13" in scoring_preset("chudadi").describe()
    assert "80 for four twos" in scoring_preset("indonesia").describe()
    assert "5, 3, 1 and 0" in scoring_preset("finish-order").describe()
    assert "difference between the two players" in scoring_preset("kam").describe()


@pytest.mark.parametrize("name", sorted(SCORING_PRESETS))
def test_json_round_trip_presets(name: str) -> None:
    s = SCORING_PRESETS[name]
    assert Scoring.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_json_refusals() -> None:
    good = Scoring().to_dict()
    with pytest.raises(ScoringError, match="colour, zeta"):
        Scoring.from_dict({**good, "zeta": 1, "colour": 2})
    with pytest.raises(ScoringError, match="'table' cannot be 'martian'.*hong-kong"):
        Scoring.from_dict({**good, "table": "martian"})
    with pytest.raises(ScoringError, match="'unit' must be a whole number"):
        Scoring.from_dict({**good, "unit": "3"})
    with pytest.raises(ScoringError, match="'place_points' must be a list"):
        Scoring.from_dict({**good, "place_points": 5})
    with pytest.raises(ScoringError, match="JSON object"):
        Scoring.from_dict([])  # type: ignore[arg-type]
    assert Scoring.from_dict({}) == Scoring()


# -- properties -----------------------------------------------------------------------------------

@st.composite
def outcomes(draw: st.DrawFn) -> HandOutcome:
    """A random finished hand: 2-4 seats, 13 or 17 dealt, maybe played on, maybe a dragon."""
    n = draw(st.sampled_from([2, 3, 4]))
    dealt = 13 if n == 4 else draw(st.sampled_from([13, 17]))
    deck = draw(st.permutations(range(52)))
    hands = [deck[i * dealt:(i + 1) * dealt] for i in range(n)]
    order = draw(st.permutations(range(n)))
    winner = order[0]
    dragon = draw(st.booleans())
    play_on = not dragon and draw(st.booleans())
    out_seats = set(order[:n - 1]) if play_on else {winner}
    remaining = [
        CardSet() if seat in out_seats
        else CardSet(hands[seat][:dealt if dragon else draw(st.integers(1, dealt))])
        for seat in range(n)
    ]
    others = [s for s in range(n) if s != winner]
    return HandOutcome.from_hands(
        remaining, winner,
        finish_order=tuple(order[:n - 1]) if play_on else (),
        starter=draw(st.integers(0, n - 1)),
        last_play=CardSet(hands[winner][:draw(st.integers(1, 5))]),
        dealt=(dealt,) * n,
        liable=draw(st.none() | st.sampled_from(others)),
        dragon=dragon,
    )


@st.composite
def schemes(draw: st.DrawFn) -> Scoring:
    """Any valid scheme, preset or custom."""
    settlement = draw(st.sampled_from(list(Settlement)))
    multiply_by = draw(st.sampled_from(list(MultiplyBy)))
    basis = draw(st.sampled_from(list(Basis)))
    if multiply_by is MultiplyBy.PAIR_DIFFERENCE:
        settlement, basis = Settlement.PAIRWISE, Basis.CARDS
    return Scoring(
        draw(st.text(max_size=12)), settlement, basis=basis,
        table=draw(st.sampled_from(list(Multiplier))), multiply_by=multiply_by,
        starter_only=draw(st.booleans()), double_per_two=draw(st.booleans()),
        double_on_all_twos=draw(st.booleans()), honours=draw(st.booleans()),
        unit=draw(st.integers(1, 100)),
        place_points=tuple(draw(st.lists(st.integers(0, 20), min_size=4, max_size=4))),
    )


any_scheme = st.sampled_from(list(SCORING_PRESETS.values())) | schemes()


@settings(max_examples=300, deadline=None)
@given(outcomes(), any_scheme)
def test_zero_sum_and_payments_agree(outcome: HandOutcome, s: Scoring) -> None:
    b = score_breakdown(outcome, s)
    assert len(b.points) == outcome.n_players
    if s.zero_sum:
        assert sum(b.points) == 0
    net = [0] * outcome.n_players
    for p in b.payments:
        assert p.amount > 0
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert tuple(net) == (b.points if s.zero_sum else settle_pairwise(b.points))
    if s.settlement.uses_penalties:
        assert b.points[outcome.winner] >= 0
        assert all(p <= 0 for seat, p in enumerate(b.points) if seat != outcome.winner) or (
            s.settlement is Settlement.PAIRWISE)


@settings(max_examples=200, deadline=None)
@given(outcomes())
def test_presets_agree_with_the_legacy_functions(outcome: HandOutcome) -> None:
    if outcome.dragon or outcome.liable is not None:
        return
    left = outcome.cards_left
    assert score_hand(outcome, scoring_preset("penalty-table")) == standard_penalties(left)
    assert score_hand(outcome, scoring_preset("pairwise")) == settle_pairwise(
        [-c for c in left])
    assert payments_from_points(score_hand(outcome)) == score_breakdown(outcome).payments


@settings(max_examples=300, deadline=None)
@given(schemes())
def test_json_round_trip(s: Scoring) -> None:
    assert Scoring.from_dict(json.loads(json.dumps(s.to_dict()))) == s
