"""The learned opponents' inputs: read from a PlayerView only, laid out as documented."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from big2.ai.learned.features import (
    ACTION_DIM,
    HISTORY_DIM,
    HISTORY_SLICE,
    N_KINDS,
    STATE_DIM,
    STATE_LAYOUT,
    V1_STATE_DIM,
    action_features,
    cards_vector,
    relative_seats,
    rules_vector,
    state_features,
)
from big2.ai.view import PlayerView, view_game
from big2.engine import PASS, CardSet, Game, classify, get_rules, parse_card, preset_names


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
    # A game made from a position starts with no history: the public one is the same.
    view2 = dataclasses.replace(PlayerView.from_game(other, seat), history=view.history)
    moves = list(game.legal_moves())
    assert np.array_equal(state_features(view), state_features(view2))
    assert np.array_equal(action_features(view, moves), action_features(view2, moves))


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_hidden_cards_never_change_the_history_features(seed: int) -> None:
    """The same public moves from another deal of the hidden cards (the other seats hold
    other cards now and held others from the start): every feature stays, the history
    part included."""
    rng = random.Random(seed)
    game = Game.deal(rng, rules=get_rules("standard"), players=4)
    first, first_card = game.to_act, PlayerView.from_game(game, game.to_act).must_include
    for _ in range(24):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_moves())))
    assert not game.is_over
    seat = game.to_act
    view = PlayerView.from_game(game, seat)
    assert any(not m for _s, m in view.history) and any(m for _s, m in view.history)
    others = [s for s in range(4) if s != seat]
    # Deal the others' unseen cards afresh (the one holding the opening card keeps it).
    pool = [c for s in others for c in game.hand(s) if c != first_card]
    random.Random(seed + 100).shuffle(pool)
    start = []
    for s in range(4):
        held = game.hand(s).mask
        if s != seat:
            keep = held & (1 << first_card)
            k = game.card_counts[s] - keep.bit_count()
            held = keep
            for c in pool[:k]:
                held |= 1 << c
            del pool[:k]
        start.append(CardSet.from_mask(held | game.played_by(s).mask))
    other = Game.from_position(start, to_act=first, rules=game.rules, must_include=first_card,
                               clockwise=game.clockwise)
    for s, move in view.history:
        assert other.to_act == s
        other.make(move)  # checked: the same moves are legal there
    assert [other.hand(s).mask for s in others] != [game.hand(s).mask for s in others]
    view2 = PlayerView.from_game(other, seat)
    assert view2.history == view.history
    assert np.array_equal(state_features(view), state_features(view2))
    assert state_features(view)[HISTORY_SLICE].any()


def _move(text: str) -> int:
    combo = classify(text, get_rules("standard"))
    assert combo is not None
    return combo.move


def test_history_part_says_what_each_seat_passed_on_led_and_won() -> None:
    rules = get_rules("standard")
    history = [
        (0, _move("3d")), (1, _move("5c")), (2, PASS), (3, PASS), (0, PASS),  # 1 wins
        (1, _move("6s 6h")), (2, PASS), (3, _move("9c 9d")), (0, PASS), (1, PASS),  # 2 to act
    ]
    view = PlayerView.from_values(
        seat=2, hand="4d 7c 8d 10h", counts=[12, 10, 4, 11],
        played=["3d", "5c 6s 6h", "", "9c 9d"], trick="9c 9d", trick_owner=3, passed=[0, 1],
        history=history, rules=rules, clockwise=False)
    part = state_features(view)[HISTORY_SLICE]
    assert part.shape == (HISTORY_DIM,)
    per = part[:-1].reshape(4, -1)
    assert per.shape[1] == 4 + N_KINDS + 2 + 4 + 2
    me, seat3, seat0, seat1 = per  # relative: 2, then 3, 0, 1
    strength = rules.card_strength
    # Seat 2 passed on the single 5c and on the pair of sixes: the weakest of each.
    assert me[0] == pytest.approx(strength(parse_card("5c")) / 51)
    assert me[1] == pytest.approx(strength(parse_card("6s")) / 51)
    assert me[2] == 1 and me[3] == 1  # never passed on a triple or five cards
    assert seat3[0] == pytest.approx(strength(parse_card("5c")) / 51) and seat3[1] == 1
    assert seat0[1] == pytest.approx(max(strength(parse_card("9c")), strength(parse_card("9d"))) / 51)
    # Last moves: seat 2 and seat 1 passed, seat 3 played a pair.
    last = slice(4, 4 + N_KINDS)
    assert me[last][0] == 1 and seat1[last][0] == 1 and seat3[last][2] == 1
    assert me[4 + N_KINDS] == 1  # moved
    assert seat3[4 + N_KINDS + 1] == pytest.approx(max(strength(parse_card("9c")), strength(parse_card("9d"))) / 51)
    leads, won, passes = slice(16, 20), 20, 21
    assert seat0[leads].tolist() == [0.25, 0, 0, 0]  # led the 3d
    assert seat1[leads].tolist() == [0, 0.25, 0, 0]  # led the pair after winning a trick
    assert me[leads].sum() == 0 and seat3[leads].sum() == 0  # the nines followed
    assert seat1[won] == 0.25 and seat0[won] == 0 and seat3[won] == 0
    assert me[passes] == pytest.approx(2 / 8) and seat1[passes] == pytest.approx(1 / 8)
    assert part[-1] == pytest.approx(len(history) / 60)
    # No history at all: nothing passed on (ones), nothing moved.
    fresh = state_features(PlayerView.from_values(seat=0, hand="3d 4d", counts=[2, 2], rules=rules))
    per0 = fresh[HISTORY_SLICE][:-1].reshape(4, -1)
    assert per0[:2, :4].min() == 1 and not per0[:2, 4:].any() and not per0[2:].any()


def test_layout_1_is_the_start_of_layout_2() -> None:
    """The history part comes last, so a layout-1 network widens by zero rows; layout 1's
    width is the one the committed milestone dmc1 was trained on."""
    from pathlib import Path

    assert STATE_LAYOUT[-1][0] == "history" and STATE_DIM == V1_STATE_DIM + HISTORY_DIM
    assert HISTORY_SLICE == slice(V1_STATE_DIM, STATE_DIM)
    assert HISTORY_DIM <= 300
    npz = Path(__file__).resolve().parents[2] / "tools" / "learn" / "milestones" / "dmc1" / "weights.npz"
    with np.load(npz) as data:
        assert int(data["feature_version"]) == 1 and int(data["state_dim"]) == V1_STATE_DIM


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
