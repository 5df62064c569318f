"""The Expert's network options: the network's best moves join the searched candidates,
or its best move is the one to beat; never on rules the network did not train on."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from big2.ai import PlayerView
from big2.ai.expert import Expert
from big2.ai.learned import shipped_net
from big2.ai.normal import Normal
from big2.ai.view import legal_moves
from big2.engine import Game, get_rules
from big2.engine.rules import LoneTwo


def _leads(rules_name: str = "standard", count: int = 6) -> list[PlayerView]:
    """Free leads (many moves) from hands played by Normals."""
    out: list[PlayerView] = []
    normal = Normal()
    rules = get_rules(rules_name)
    for seed in range(40):
        game = Game.deal(random.Random(seed), rules=rules, players=4, leader=seed % 4)
        view = PlayerView.from_game(game, game.to_act)
        if len(legal_moves(view)) > 8:
            out.append(view)
        if len(out) == count:
            break
        game.make(normal.choose(view, random.Random(0)))
    return out


def _ranked(view: PlayerView) -> list[int]:
    moves = legal_moves(view)
    q = shipped_net().scores(view, moves, session=False)
    return [moves[i] for i in np.argsort(-q, kind="stable")]


def test_the_networks_best_moves_join_the_candidates_after_normals() -> None:
    expert = Expert(iterations=2, net_candidates=2)
    for view in _leads():
        moves = legal_moves(view)
        base = Normal().choose(view, random.Random(0))
        top = [m for m in _ranked(view)[:2]]
        cands = expert.candidates(view, moves, base, expert._net_ranking(view, moves)[:2])
        assert cands[0] == base
        assert set(top) <= set(cands)
        assert cands[1:1 + len([m for m in top if m != base])] == [m for m in top if m != base]


def test_net_default_makes_the_networks_move_the_one_to_beat() -> None:
    picked = 0
    for view in _leads():
        expert = Expert(iterations=1, net_default=True)  # one world: nothing can beat it
        move = expert.choose(view, random.Random(0))
        assert move == _ranked(view)[0]
        picked += move != Normal().choose(view, random.Random(0))
    assert picked > 0


def test_untrained_rules_leave_the_search_as_it_was() -> None:
    rules = dataclasses.replace(get_rules("standard"), lone_two=LoneTwo.NO_LONE_TOP_TWO)
    game = Game.deal(random.Random(3), rules=rules, players=4)
    view = PlayerView.from_game(game, game.to_act)
    plain = Expert(iterations=6).choose(view, random.Random(9))
    netted = Expert(iterations=6, net_candidates=2, net_default=True)
    assert netted.choose(view, random.Random(9)) == plain


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_moves_with_the_network(players: int) -> None:
    expert = Expert(iterations=3, net_candidates=2, net_default=True)
    for preset in ("standard", "taiwan", "pusoy-dos"):
        game = Game.deal(random.Random(players), rules=get_rules(preset), players=players)
        rng = random.Random(1)
        while not game.is_over:
            game.make(expert.choose(PlayerView.from_game(game, game.to_act), rng))


def test_network_playouts_play_legal_moves_on_the_engine_path() -> None:
    """Off the engine's lean path (Hong Kong's rules) the network playouts run on the
    engine; on it they are batched (tests/ai/test_netplay.py)."""
    view = _leads("hong-kong", count=1)[0]
    netted = Expert(iterations=3, playout="net")
    assert netted._net_batch(view) is None
    assert netted._net_batch(_leads(count=1)[0]) is not None
    move = netted.choose(view, random.Random(2))
    assert move in legal_moves(view)
    assert netted.last_iterations == 3 and netted.last_tree is None  # no own-turn tree
    plain = Expert(iterations=3)
    plain.choose(_leads(count=1)[0], random.Random(2))
    assert plain.last_tree is not None
    with pytest.raises(ValueError, match="playout policy"):
        Expert(playout="oracle")


def test_value_playouts_stop_at_the_seats_next_turn_with_the_networks_value() -> None:
    """``playout="value"``: the others play the network's move in the sampled world until
    the seat is to act again; the playout is worth 39 x the network's best Q there."""
    from big2.ai.expert import VALUE_SCALE
    from big2.ai.sampling import Sampler
    from big2.ai.view import view_game

    net = shipped_net()
    view = _leads(count=1)[0]
    expert = Expert(iterations=3, playout="value")
    play = expert._playout_fn(view)
    me = view.seat
    for k, move in enumerate(legal_moves(view)[:4]):
        hands, stock = Sampler(view).draw(random.Random(k))
        got = play(list(hands), list(stock), move)
        g = view_game(view, hands, stock)
        g.apply(move)
        others = 0
        while g.to_act != me:
            moves = list(g.legal_moves())
            q = net.scores(PlayerView.from_game(g, g.to_act), moves, session=False)
            g.apply(moves[int(np.argmax(q))])
            others += 1
        assert others == 3 and not g.is_over
        mine = PlayerView.from_game(g, me)
        want = VALUE_SCALE * float(net.scores(mine, list(g.legal_moves()), session=False).max())
        assert got == pytest.approx(want, rel=1e-6)


def test_a_value_playout_that_goes_out_is_worth_a_win() -> None:
    """Two seats, one card left each: the seat that plays its last card has won (39);
    one that passes lets the other out and pays its penalty."""
    from big2.ai.sampling import Sampler

    game = Game.deal(random.Random(5), rules=get_rules("standard"), players=2)
    rng = random.Random(0)
    normal = Normal()
    while max(len(game.hand(s)) for s in range(2)) > 1 or game.is_over:
        if game.is_over:
            game = Game.deal(random.Random(rng.random()), rules=get_rules("standard"), players=2)
            continue
        game.make(normal.choose(PlayerView.from_game(game, game.to_act), rng))
    view = PlayerView.from_game(game, game.to_act)
    play = Expert(iterations=1, playout="value")._playout_fn(view)
    hands, stock = Sampler(view).draw(random.Random(1))
    for move in legal_moves(view):
        value = play(list(hands), list(stock), move)
        if move:  # playing its last card
            assert value == 39.0
        else:
            assert value < 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_moves_with_value_playouts(players: int) -> None:
    expert = Expert(iterations=2, playout="value", net_default=True)
    for preset in ("standard", "hong-kong"):
        game = Game.deal(random.Random(players + 7), rules=get_rules(preset), players=players)
        rng = random.Random(1)
        while not game.is_over:
            game.make(expert.choose(PlayerView.from_game(game, game.to_act), rng))
