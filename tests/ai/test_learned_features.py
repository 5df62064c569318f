"""The learned opponents' inputs: read from a PlayerView only, laid out as documented."""

from __future__ import annotations

import random

import numpy as np
import pytest

from big2.ai.learned.features import (
    ACTION_DIM,
    N_KINDS,
    STATE_DIM,
    STATE_LAYOUT,
    action_features,
    cards_vector,
    relative_seats,
    rules_vector,
    state_features,
)
from big2.ai.view import PlayerView, view_game
from big2.engine import PASS, Game, get_rules, parse_card, preset_names


def _offset(name: str) -> int:
    off = 0
    for part, width in STATE_LAYOUT:
        if part == name:
            return off
        off += width
    raise KeyError(name)


def _midgame(seed: int, rules: str = "standard", players: int = 4, plies: int = 9) -> Game:
    rng = random.Random(seed)
    game = Game.deal(rng, rules=get_rules(rules), players=players)
    for _ in range(plies):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_moves())))
    return game


def test_dimensions_follow_the_layout() -> None:
    game = _midgame(1)
    view = PlayerView.from_game(game, game.to_act)
    state = state_features(view)
    moves = list(game.legal_moves())
    acts = action_features(view, moves)
    assert state.shape == (STATE_DIM,) and state.dtype == np.float32
    assert acts.shape == (len(moves), ACTION_DIM)
    assert STATE_DIM == sum(w for _n, w in STATE_LAYOUT)
    hand = state[: 52]
    assert hand.sum() == len(view.hand)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_hidden_cards_never_change_the_features(seed: int) -> None:
    """Swap the other seats' unseen cards around: the view, and so the features, stay."""
    game = _midgame(seed, plies=7)
    seat = game.to_act
    view = PlayerView.from_game(game, seat)
    others = [s for s in range(game.n_players) if s != seat]
    pool = [c for s in others for c in game.hand(s)]
    random.Random(seed).shuffle(pool)
    hands = [0] * game.n_players
    hands[seat] = view.hand.mask
    for s in others:
        k = game.card_counts[s]
        for c in pool[:k]:
            hands[s] |= 1 << c
        del pool[:k]
    other = view_game(view, hands=hands)
    assert [other.hand(s).mask for s in others] != [game.hand(s).mask for s in others]
    view2 = PlayerView.from_game(other, seat)
    moves = list(game.legal_moves())
    assert np.array_equal(state_features(view), state_features(view2))
    assert np.array_equal(action_features(view, moves), action_features(view2, moves))


def test_cards_are_in_strength_order_under_each_suit_order() -> None:
    standard, pusoy = get_rules("standard"), get_rules("pusoy-dos")
    assert standard.suit_order != pusoy.suit_order
    for rules in (standard, pusoy):
        lowest, highest = rules.lowest_card, max(range(52), key=rules.card_strength)
        vec = cards_vector(1 << lowest | 1 << highest, rules)
        assert vec[0] == 1 and vec[51] == 1 and vec.sum() == 2
    # The same card sits at different places when the suits rank differently.
    three_spades = parse_card("3s")
    assert cards_vector(1 << three_spades, standard).argmax() != cards_vector(1 << three_spades, pusoy).argmax()


@pytest.mark.parametrize("clockwise", [False, True])
def test_seats_are_relative_to_the_viewer_in_turn_order(clockwise: bool) -> None:
    rules = get_rules("standard")
    view = PlayerView.from_values(
        seat=2, hand="3d 4d", counts=[5, 4, 2, 1], played=["", "5c", "", "2s"],
        trick="2s", trick_owner=3, passed=[1], rules=rules, clockwise=clockwise)
    order = relative_seats(view)
    assert order == ([2, 1, 0, 3] if clockwise else [2, 3, 0, 1])
    state = state_features(view)
    played = state[_offset("played"): _offset("played") + 4 * 52].reshape(4, 52)
    seat3 = order.index(3)
    assert played[seat3].sum() == 1 and played[seat3, 51] == 1  # the 2 of spades
    seats = state[_offset("seats"): _offset("seats") + 32].reshape(4, 8)
    assert seats[seat3, 2] == 1  # seat 3 holds one card
    assert seats[seat3, 7] == 1 and seats[:, 7].sum() == 1  # and owns the trick
    assert seats[order.index(1), 6] == 1 and seats[:, 6].sum() == 1  # seat 1 passed
    trick = state[_offset("trick"): _offset("trick") + 52 + N_KINDS + 1]
    assert trick[51] == 1 and trick[52 + 1] == 1  # a single


def test_a_missing_seat_is_all_zeros() -> None:
    view = PlayerView.from_values(seat=0, hand="3d 4d 5d", counts=[3, 6], rules=get_rules("standard"))
    state = state_features(view)
    seats = state[_offset("seats"): _offset("seats") + 32].reshape(4, 8)
    assert seats[:2, 0].tolist() == [1, 1] and not seats[2:].any()


def test_every_preset_gives_its_own_rules_vector_of_one_size() -> None:
    vectors = {name: rules_vector(get_rules(name)) for name in preset_names()}
    sizes = {v.shape for v in vectors.values()}
    assert sizes == {(dict(STATE_LAYOUT)["rules"],)}
    assert len({v.tobytes() for v in vectors.values()}) > 1
    assert not np.array_equal(vectors["standard"], vectors["taiwan"])


def test_move_rows_say_kind_size_and_going_out() -> None:
    rules = get_rules("standard")
    view = PlayerView.from_values(seat=0, hand="3d 4c 5h 6s 7d 9s", counts=[6, 5],
                                  trick="8c", trick_owner=1, rules=rules)
    game = view_game(view)
    moves = list(game.legal_moves())
    assert moves[-1] == PASS
    rows = action_features(view, moves)
    assert rows[-1, 52] == 1 and not rows[-1, :52].any()  # a pass
    single = rows[0]
    assert single[52 + 1] == 1 and single[:52].sum() == 1
    five = PlayerView.from_values(seat=0, hand="3d 4c 5h 6s 7d", counts=[5, 5], rules=rules)
    straight = [m for m in view_game(five).legal_moves() if (m & ((1 << 52) - 1)).bit_count() == 5]
    row = action_features(five, straight)[0]
    assert row[52 + 4] == 1  # a straight
    assert row[52 + N_KINDS + 2] == 1  # it empties the hand
    assert row[52 + N_KINDS + 3] == pytest.approx(rules.card_strength(parse_card("7d")) / 51)


def test_state_features_work_for_every_preset_and_table_size() -> None:
    for name in preset_names():
        for players in (2, 3, 4):
            game = _midgame(7, name, players, plies=5)
            if game.is_over:
                continue
            view = PlayerView.from_game(game, game.to_act)
            assert state_features(view).shape == (STATE_DIM,)
            assert np.isfinite(action_features(view, list(game.legal_moves()))).all()
