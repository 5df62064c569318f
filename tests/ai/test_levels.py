"""Every level plays only legal moves, at 2, 3 and 4 players, and is reproducible."""

from __future__ import annotations

import random

import pytest

from big2.ai import LEVELS, Opponent, PlayerView
from tools.arena import EXTRA, make_opponent  # the shipped levels, and expert-v1 (tools/)
from big2.ai.expert import Expert
from big2.ai.normal import Normal
from big2.engine import Game, Move

FAST_OPTIONS = {"expert": {"iterations": 3}, "master": {"iterations": 3},
                "expert-v1": {"iterations": 3}}
HANDS = {"beginner": 40, "normal": 40, "skilled": 40, "expert": 4, "master": 3, "expert-v1": 2}


def play_hand(seat_levels: list[Opponent], seed: int) -> Game:
    """One hand; ``game.make`` checks every move, so an illegal one raises."""
    n = len(seat_levels)
    game = Game.deal(random.Random(seed), players=n)
    rngs = [random.Random(seed * 10 + s) for s in range(n)]
    while not game.is_over:
        s = game.to_act
        view = PlayerView.from_game(game, s)
        move = seat_levels[s].choose(view, rngs[s])
        assert move in game.legal_moves()
        game.make(move)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS + tuple(EXTRA))
def test_only_legal_moves(level: str, players: int) -> None:
    opp = make_opponent(level, **FAST_OPTIONS.get(level, {}))
    others = make_opponent("beginner")
    hands = HANDS[level]
    for seed in range(hands):
        lineup = [opp] + [others] * (players - 1) if seed % 2 else [opp] * players
        assert play_hand(lineup, seed).is_over


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_soak_only_legal_moves(level: str) -> None:
    opp = make_opponent(level, **FAST_OPTIONS.get(level, {}))
    count = 60 if level in ("expert", "master") else 400
    for seed in range(count):
        play_hand([opp] * (2 + seed % 3), 1000 + seed)


def test_levels_are_registered_and_unknown_ones_refused() -> None:
    for level in LEVELS:
        assert isinstance(make_opponent(level.upper()), Opponent)
    with pytest.raises(ValueError, match="unknown level"):
        make_opponent("grandmaster")


def _decisions(make: type[Normal] | type[Expert], seed: int, **opts: object) -> list[Move]:
    opp = make(**opts)  # type: ignore[arg-type]
    game = Game.deal(random.Random(seed))
    rng = random.Random(99)
    out = []
    while not game.is_over:
        move = opp.choose(PlayerView.from_game(game, game.to_act), rng)
        out.append(move)
        game.apply(move)
    return out


def test_same_seed_and_iterations_give_the_same_decisions() -> None:
    a = _decisions(Expert, 5, iterations=4, time_budget=0.001)
    b = _decisions(Expert, 5, iterations=4, time_budget=0.001)
    assert a == b
    assert _decisions(Normal, 5) == _decisions(Normal, 5)


def test_expert_respects_its_time_budget() -> None:
    # Measured on this thread's CPU clock, which a busy shared machine does not stretch
    # (the wall clock does: see the fake-clock test below for the stopping logic).
    import time

    expert = Expert(time_budget=0.05, clock=time.thread_time)
    game = Game.deal(random.Random(8))
    game.apply(game.legal_moves()[0])  # past the forced first lead: a real search
    view = PlayerView.from_game(game, game.to_act)
    t0 = time.thread_time()
    move = expert.choose(view, random.Random(1))
    elapsed = time.thread_time() - t0
    assert move in game.legal_moves()
    assert elapsed < 0.05 + 0.25


def test_expert_searches_the_given_number_of_worlds() -> None:
    expert = Expert(iterations=3)
    game = Game.deal(random.Random(8))
    game.apply(game.legal_moves()[0])  # past the forced first lead
    view = PlayerView.from_game(game, game.to_act)
    assert expert.choose(view, random.Random(1)) in game.legal_moves()
    assert expert.last_iterations in (0, 3)  # 0 only when the move was forced


def test_normal_goes_out_when_it_can() -> None:
    view = PlayerView.from_values(
        seat=0, hand="5d 5c", counts=[2, 4, 4, 4], trick="4d 4s", trick_owner=3, to_act=0,
    )
    move = Normal().choose(view, random.Random(0))
    assert move != 0 and bin(move & ((1 << 52) - 1)).count("1") == 2


def test_normal_blocks_a_player_on_one_card() -> None:
    # East (seat 1) holds one card: following a single, Normal plays its highest.
    view = PlayerView.from_values(
        seat=0, hand="4d 7c 9h Ks 2d", counts=[5, 1, 6, 6], trick="3s", trick_owner=3,
        to_act=0,
    )
    move = Normal().choose(view, random.Random(0))
    from big2.engine import parse_cards

    assert move & ((1 << 52) - 1) == parse_cards("2d").mask


def test_normal_keeps_the_assistant_rule_when_the_next_player_has_one_card() -> None:
    import dataclasses

    from big2.engine import STANDARD, parse_cards
    from big2.engine.rules import AssistantRule

    rules = dataclasses.replace(STANDARD, name="liability", assistant=AssistantRule.LIABILITY)
    # East (next, seat 1) holds one card; we lead with singles only: the highest goes.
    view = PlayerView.from_values(
        seat=0, hand="4d 7c 9h Ks", counts=[4, 1, 6, 6], to_act=0, rules=rules,
        played=["", "3d 3c 5h 6h 8s 8c Jd Qd Ah 2c 2h 5c", "", ""],
    )
    move = Normal().choose(view, random.Random(0))
    assert move & ((1 << 52) - 1) == parse_cards("Ks").mask


def test_expert_stops_inside_its_budget_on_a_fake_clock() -> None:
    """Each clock reading advances 2 ms (a playout, say); the answer comes in budget."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.002
        return ticks[0]

    expert = Expert(time_budget=0.1, clock=clock)
    game = Game.deal(random.Random(8))
    game.apply(game.legal_moves()[0])
    view = PlayerView.from_game(game, game.to_act)
    start = ticks[0]
    assert expert.choose(view, random.Random(1)) in game.legal_moves()
    assert ticks[0] - start <= 0.1
    assert expert.last_iterations >= 1
