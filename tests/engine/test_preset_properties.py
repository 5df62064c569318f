"""Hypothesis properties over every preset with 2, 3 and 4 players."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from big2.engine import (
    PASS, AssistantRule, CardSet, Direction, Game, HandEnd, IllegalMove, LoneTwo, Rules, classify,
    get_rules, move_cards, preset_names,
)

from .reference import reference_legal

presets = st.sampled_from(preset_names())
players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def deal(name: str, n: int, seed: int) -> Game:
    rules = get_rules(name)
    if n < 4 and rules.leftovers.value == "unused" and rules.cards_per_player * n > 52:
        rules = replace(rules, cards_per_player=13)
    return Game.deal(random.Random(seed), rules=rules, players=n)


def total_cards(game: Game) -> int:
    return sum(len(game.hand(s)) + len(game.played_by(s)) for s in range(game.n_players)) + game.stock_size


@settings(max_examples=120, deadline=None)
@given(presets, players, seeds, seeds)
def test_games_end_and_cards_are_conserved(name: str, n: int, deal_seed: int, chooser: int) -> None:
    game = deal(name, n, deal_seed)
    start = total_cards(game)
    rng = random.Random(chooser)
    steps = 0
    while not game.is_over:
        moves = game.legal_moves()
        assert len(moves) > 0, "a player to act always has a move"
        game.apply(moves[rng.randrange(len(moves))])
        assert total_cards(game) == start
        steps += 1
        assert steps < 5000, "the hand must end"
    assert game.winner is not None and game.card_counts[game.winner] == 0
    assert game.finish_order[0] == game.winner


@settings(max_examples=60, deadline=None)
@given(presets, players, seeds, seeds)
def test_generated_moves_are_exactly_the_moves_play_accepts(name: str, n: int, deal_seed: int, chooser: int) -> None:
    game = deal(name, n, deal_seed)
    rng = random.Random(chooser)
    steps = 0
    while not game.is_over and steps < 30:
        legal = game.legal_moves()
        for m in legal:  # every generated move is accepted
            probe = game.copy()
            probe.make(m)
        # every formable combination that is not generated is refused
        for m in reference_legal(game) - set(legal):
            probe = game.copy()
            try:
                probe.make(m)
            except IllegalMove as exc:
                assert str(exc)
            else:
                raise AssertionError(f"play() accepted {move_cards(m)} which legal_moves() left out")
        if PASS not in legal and not game.leading:
            try:
                game.copy().pass_turn()
            except IllegalMove:
                pass
            else:
                raise AssertionError("pass accepted though not generated")
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1


@settings(max_examples=60, deadline=None)
@given(presets, players, seeds, seeds)
def test_checked_and_fast_paths_agree(name: str, n: int, deal_seed: int, chooser: int) -> None:
    fast = deal(name, n, deal_seed)
    checked = fast.copy()
    rng = random.Random(chooser)
    while not fast.is_over:
        moves = fast.legal_moves()
        assert list(moves) == list(checked.legal_moves())
        m = moves[rng.randrange(len(moves))]
        fast.apply(m)
        checked.make(m)
        assert fast.history == checked.history
    assert checked.is_over and checked.finish_order == fast.finish_order


@settings(max_examples=40, deadline=None)
@given(presets, seeds)
def test_random_subsets_refused_with_a_sentence(name: str, seed: int) -> None:
    game = deal(name, 4, seed)
    rng = random.Random(seed)
    hand = list(game.hand(game.to_act))
    for _ in range(20):
        pick = CardSet(rng.sample(hand, rng.choice([1, 2, 3, 4, 5])))
        combo = classify(pick, game.rules)
        legal = combo is not None and combo.move in game.legal_moves()
        try:
            game.copy().play(pick)
        except IllegalMove as exc:
            assert not legal and str(exc).endswith(".")
        else:
            assert legal


@settings(max_examples=60, deadline=None)
@given(presets, players, seeds)
@example("hong-kong", 4, 1217)  # a dragon in the first hand: scoring refused its winner
@example("hong-kong", 4, 72)  # a dragon in the second hand
def test_sessions_score_every_preset_and_zero_sum_schemes_sum_to_zero(name: str, n: int, seed: int) -> None:
    from big2.engine import Session, get_preset
    from big2.engine.scoring import scoring_preset

    preset = get_preset(name)
    rules = preset.rules
    if n < 4 and rules.leftovers.value == "unused" and rules.cards_per_player * n > 52:
        rules = replace(rules, cards_per_player=13)
    scoring = scoring_preset(preset.scoring)
    session = Session(random.Random(seed), rules=rules, players=n, scoring=scoring, max_hands=3)
    rng = random.Random(seed + 1)
    while not session.is_over:
        game = session.new_hand()
        if game.exchange is not None:
            game.give_back(game.suggest_give_back())
        while not game.is_over:
            moves = game.legal_moves()
            game.apply(moves[rng.randrange(len(moves))])
        record = session.record()
        if scoring.zero_sum:
            assert sum(record.points) == 0
    assert len(session.records) == 3
    assert session.totals == [sum(r.points[s] for r in session.records) for s in range(n)]


def _any_rules() -> st.SearchStrategy[tuple[object, int]]:
    """Any combination of house rules with a seat count it can be dealt to."""
    from big2.engine import (
        AssistantRule, Bombs, Deck, Direction, FlushOrder, HandEnd, LaterLeader, Leftovers,
        LoneTwo, Rules, StockDraw, StraightOrder,
    )

    def build(d: dict[str, object], n: int) -> tuple[object, int]:
        if d["stock_draw"] is not StockDraw.NONE:
            d["leftovers"] = Leftovers.UNUSED
        if d["leftovers"] is Leftovers.UNUSED and int(d["cards_per_player"]) * n > 52:  # type: ignore[call-overload]
            d["cards_per_player"] = 13
        return Rules(**d), n  # type: ignore[arg-type]

    return st.builds(
        build,
        st.fixed_dictionaries({
            "suit_order": st.sampled_from(["dchs", "cshd", "cdhs"]),
            "straight_order": st.sampled_from(list(StraightOrder)),
            "flush_order": st.sampled_from(list(FlushOrder)),
            "later_leader": st.sampled_from(list(LaterLeader)),
            "first_lead_has_lowest": st.booleans(),
            "direction": st.sampled_from(list(Direction)),
            "assistant": st.sampled_from(list(AssistantRule)),
            "pass_locks_out": st.booleans(),
            "four_alone": st.booleans(),
            "bombs": st.sampled_from(list(Bombs)),
            "deck": st.sampled_from(list(Deck)),
            "dragon_wins": st.booleans(),
            "lone_two": st.sampled_from(list(LoneTwo)),
            "hand_end": st.sampled_from(list(HandEnd)),
            "auto_pass": st.booleans(),
            "cards_per_player": st.sampled_from([13, 17, 21]),
            "leftovers": st.sampled_from(list(Leftovers)),
            "stock_draw": st.sampled_from(list(StockDraw)),
            "three_player_exchange": st.booleans(),
        }),
        players,
    )


_PLAY_ON_LIABILITY_LOCK = Rules(hand_end=HandEnd.PLAY_ON, assistant=AssistantRule.LIABILITY,
                                pass_locks_out=True, direction=Direction.ALTERNATE)


@settings(max_examples=150, deadline=None)
@given(_any_rules(), seeds, st.sampled_from(["penalty-table", "pairwise", "winner-collects",
                                             "finish-order", "pusoy-dos", "taiwan-loser-pays",
                                             "indonesia-honours", "chudadi-standard"]))
# play-on + liability + pass-lock: the offender went out first, then the next player, and
# the winner was made liable (issue 10, item 2)
@example((_PLAY_ON_LIABILITY_LOCK, 4), 5, "pairwise")
@example((replace(_PLAY_ON_LIABILITY_LOCK, direction=Direction.ANTICLOCKWISE), 3), 69, "penalty-table")
@example((Rules(dragon_wins=True), 4), 1217, "penalty-table")
def test_any_combination_of_house_rules_plays_and_scores(rules_and_n: tuple[object, int], seed: int, scheme: str) -> None:
    from big2.engine import Rules, Session
    from big2.engine.scoring import scoring_preset

    rules, n = rules_and_n
    assert isinstance(rules, Rules)
    scoring = scoring_preset(scheme)
    session = Session(random.Random(seed), rules=rules, players=n, scoring=scoring, max_hands=2)
    rng = random.Random(seed ^ 1)
    while not session.is_over:
        game = session.new_hand()
        start = total_cards(game)
        if game.exchange is not None:
            game.give_back(game.suggest_give_back())
        steps = 0
        while not game.is_over:
            moves = game.legal_moves()
            assert len(moves) > 0
            m = moves[rng.randrange(len(moves))]
            if steps % 7 == 0:
                game.make(m)  # the checked path too
            else:
                game.apply(m)
            steps += 1
            assert steps < 5000
        assert total_cards(game) == start
        record = session.record()
        if scoring.zero_sum:
            assert sum(record.points) == 0


def _small_deal(rng: random.Random, n: int, size: int) -> list[CardSet]:
    cards = rng.sample(range(52), n * size)
    return [CardSet(cards[i * size:(i + 1) * size]) for i in range(n)]


@settings(max_examples=120, deadline=None)
@given(_any_rules(), seeds, seeds, st.sampled_from([None, 1, 2, 3, 4, 6]))
# 2-card hands, the lowest card beside a 2: the lone-2 rule gave way to every play,
# including leads without the lowest card that play() refused (issue 10, item 7)
@example((Rules(lone_two=LoneTwo.NO_LONE_TWO), 4), 1, 0, 2)
@example((Rules(lone_two=LoneTwo.NO_LONE_TOP_TWO, suit_order="cdhs"), 2), 17, 3, 2)
def test_generated_moves_equal_accepted_moves_under_any_rules(
    rules_and_n: tuple[object, int], deal_seed: int, chooser: int, hand_size: int | None,
) -> None:
    """Over every option combination, with full deals and tiny hands (where the lone-2
    and assistant rules bite at once): what legal_moves() offers is exactly what play()
    and pass_turn() accept."""
    rules, n = rules_and_n
    assert isinstance(rules, Rules)
    deal_rng = random.Random(deal_seed)
    if hand_size is None:
        game = Game.deal(deal_rng, rules=rules, players=n)
    else:
        game = Game(_small_deal(deal_rng, n, hand_size), rules=rules)
    if game.exchange is not None:
        game.give_back(game.suggest_give_back())
    rng = random.Random(chooser)
    steps = 0
    while not game.is_over and steps < 40:
        legal = game.legal_moves()
        assert len(legal) > 0, "a player to act always has a move"
        for m in legal:
            if m == PASS:
                game.copy().pass_turn()
            else:
                game.copy().play(CardSet(move_cards(m)))
        for m in reference_legal(game) - set(legal):
            try:
                game.copy().make(m)
            except IllegalMove as exc:
                assert str(exc).endswith(".")
            else:
                raise AssertionError(f"play() accepted {move_cards(m)} which legal_moves() left out")
        if PASS not in legal:
            try:
                game.copy().pass_turn()
            except IllegalMove:
                pass
            else:
                raise AssertionError("pass accepted though not generated")
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1
