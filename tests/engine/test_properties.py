"""Hypothesis properties over random deals and random legal play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from big2.engine import PASS, CardSet, Game, IllegalMove, classify, move_cards

from .reference import reference_legal

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


def play_out(game: Game, rng: random.Random, *, check: bool = False) -> list[int]:
    moves_made = []
    while not game.is_over:
        moves = game.legal_moves()
        m = moves[rng.randrange(len(moves))]
        if check:
            table = game.trick
            if m != PASS:
                combo = classify(move_cards(m), game.rules)
                assert combo is not None and combo.move == m
                assert game.check_play(move_cards(m)) == combo
                if table is not None:
                    assert combo.size == table.size and combo.key > table.key
        game.apply(m)
        moves_made.append(m)
        if check:
            assert_conserved(game)
    return moves_made


def assert_conserved(game: Game) -> None:
    seen = 0
    total = 0
    for s in range(game.n_players):
        for part in (game.hand(s), game.played_by(s)):
            assert not part.mask & seen, "a card is in two places"
            seen |= part.mask
            total += len(part)
    assert total == game.n_players * game.rules.cards_per_player


@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_random_games_end_with_exactly_one_player_out(deal: int, chooser: int) -> None:
    game = Game.deal(random.Random(deal))
    play_out(game, random.Random(chooser), check=True)
    counts = game.card_counts
    assert game.is_over and counts.count(0) == 1 and counts[game.winner or 0] == 0


@settings(max_examples=25, deadline=None)
@given(seeds, seeds)
def test_generated_moves_are_exactly_the_reference_moves(deal: int, chooser: int) -> None:
    game = Game.deal(random.Random(deal))
    rng = random.Random(chooser)
    steps = 0
    while not game.is_over and steps < 40:
        legal = game.legal_moves()
        assert set(legal) == reference_legal(game)
        assert len(set(legal)) == len(legal)
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1


@settings(max_examples=40, deadline=None)
@given(seeds, seeds)
def test_same_seed_same_game(deal: int, chooser: int) -> None:
    a = play_out(Game.deal(random.Random(deal)), random.Random(chooser))
    b = play_out(Game.deal(random.Random(deal)), random.Random(chooser))
    assert a == b


@settings(max_examples=30, deadline=None)
@given(seeds, seeds, st.data())
def test_play_refuses_exactly_what_legal_moves_leaves_out(deal: int, chooser: int, data: st.DataObject) -> None:
    """A random subset of the hand is accepted by play() iff it is a legal move."""
    game = Game.deal(random.Random(deal))
    rng = random.Random(chooser)
    while not game.is_over:
        hand = list(game.hand(game.to_act))
        size = data.draw(st.sampled_from([1, 2, 3, 5]))
        pick = CardSet(rng.sample(hand, min(size, len(hand))))
        combo = classify(pick, game.rules)
        legal = combo is not None and combo.move in game.legal_moves()
        probe = game.copy()
        try:
            probe.play(pick)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == legal
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])


@settings(max_examples=30, deadline=None)
@given(seeds, seeds)
def test_checked_and_unchecked_paths_agree(deal: int, chooser: int) -> None:
    checked = Game.deal(random.Random(deal))
    fast = checked.copy()
    rng = random.Random(chooser)
    while not checked.is_over:
        moves = checked.legal_moves()
        assert list(moves) == list(fast.legal_moves())
        m = moves[rng.randrange(len(moves))]
        events = checked.make(m)
        fast.apply(m)
        assert events
        assert checked.history == fast.history and checked.card_counts == fast.card_counts
    assert fast.is_over and fast.winner == checked.winner
