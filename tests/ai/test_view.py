"""A PlayerView holds only what its seat may know."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from big2.ai import PlayerView, legal_moves, view_game
from big2.engine import PASS, CardSet, Game, parse_cards
from big2.engine.cards import FULL_MASK


def _random_position(seed: int, players: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game.deal(rng, players=players)
    for _ in range(steps):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
    return game


def known_cards(view: PlayerView) -> int:
    """Every card the view names anywhere: hand, played sets, trick, history."""
    mask = view.hand.mask | view.played_mask | (view.trick & FULL_MASK)
    for _, move in view.history:
        mask |= move & FULL_MASK
    return mask


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.integers(0, 60))
def test_a_view_never_holds_a_hidden_card(seed: int, players: int, steps: int) -> None:
    game = _random_position(seed, players, steps)
    for seat in range(players):
        view = PlayerView.from_game(game, seat)
        public = game.hand_mask(seat)
        for s in range(players):
            public |= game.played_by(s).mask
        assert known_cards(view) & ~public == 0, "the view leaks a hidden card"
        assert view.hand.mask == game.hand_mask(seat)
        # Hidden hands appear nowhere, not even in the repr.
        for other in range(players):
            if other != seat and game.hand_mask(other):
                assert repr(game.hand(other)) not in repr(view)


def test_view_game_lists_the_same_legal_moves() -> None:
    for seed in range(30):
        game = _random_position(seed, 4, seed % 25)
        if game.is_over:
            continue
        view = PlayerView.from_game(game, game.to_act)
        assert legal_moves(view) == list(game.legal_moves())
        assert view_game(view).hand_mask(view.seat) == game.hand_mask(game.to_act)


def test_from_values_builds_a_view_from_plain_cards() -> None:
    view = PlayerView.from_values(
        seat=1, hand="4c 4h 9s", counts=[5, 3, 6, 2],
        played=["3d 3c", "", "", ""], trick="3d 3c", trick_owner=0, passed=[3],
        to_act=1,
    )
    assert not view.leading
    assert view.unseen_mask & parse_cards("4c 3d").mask == 0
    moves = legal_moves(view)
    assert moves[-1] == PASS
    assert any(m & FULL_MASK == parse_cards("4c 4h").mask for m in moves)


def test_contradictions_are_refused() -> None:
    with pytest.raises(ValueError):
        PlayerView.from_values(seat=0, hand="3d", counts=[2, 1, 1, 1])
    with pytest.raises(ValueError):
        PlayerView.from_values(seat=0, hand="3d", counts=[1, 1], played=["3d", ""])
    with pytest.raises(ValueError):
        PlayerView.from_values(seat=0, hand="3d", counts=[1, 1], trick="4c")
    assert PlayerView.from_values(seat=0, hand=CardSet(), counts=[0, 1]).hand == CardSet()
    with pytest.raises(ValueError):
        PlayerView.from_values(seat=0, hand="3d", counts=[1, 1], hands_left=-1)
    with pytest.raises(ValueError):
        PlayerView.from_values(seat=0, hand="3d", counts=[1, 1], target=0)
    last = PlayerView.from_values(seat=0, hand="3d", counts=[1, 1], hands_left=0, target=50)
    assert (last.hands_left, last.target) == (0, 50)


def test_a_view_pickles_for_a_worker_process() -> None:
    import pickle

    game = _random_position(3, 4, 5)
    view = PlayerView.from_game(game, game.to_act, hands_left=0, target=100)
    assert pickle.loads(pickle.dumps(view)) == view


def test_from_values_gives_the_same_view_as_from_game() -> None:
    game = _random_position(9, 3, 17)
    seat = game.to_act
    made = PlayerView.from_values(
        seat=seat, hand=game.hand(seat), counts=game.card_counts,
        played=[game.played_by(s) for s in range(3)], to_act=seat,
        trick=game.trick_move, trick_owner=game.trick_owner, passed=game.passed,
        must_include=game.must_include, rules=game.rules, history=game.history,
        clockwise=game.clockwise, stock_size=game.stock_size,
    )
    assert made == PlayerView.from_game(game, seat)
