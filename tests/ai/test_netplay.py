"""Batched network playouts on card masks (big2.ai.learned.netplay) and the Expert's
search with them: the network sees what it sees from a PlayerView, plays what the
engine playouts play, and the seats it does not play follow Normal's rules."""

from __future__ import annotations

import random
from array import array

import numpy as np
import pytest

from big2.ai import PlayerView
from big2.ai.expert import ADAPT_MISFIT, Expert
from big2.ai.fastplay import FastPlayout
from big2.ai.learned import shipped_net
from big2.ai.learned.features import HandHistory
from big2.ai.learned.netplay import NetPlayout, Playout
from big2.ai.modelfit import ModelFit
from big2.ai.normal import Normal
from big2.ai.sampling import Sampler
from big2.ai.skilled import Skilled
from big2.ai.view import legal_moves
from big2.engine import PASS, Game, get_rules
from big2.engine.combos import all_moves
from big2.engine.rules import tables_for

#: The presets on the engine's lean path (where the batched playouts run).
LEAN = ("standard", "pusoy-dos", "big-2", "choi-dai-di")


def _playout(npo: NetPlayout, game: Game) -> Playout:
    """A playout from the engine game's position (the true hands)."""
    n = game.n_players
    owner = game.trick_owner if game.trick_owner is not None else -1
    passed = 0
    for s in game.passed:
        passed |= 1 << s
    return npo.start([game.hand_mask(s) for s in range(n)],
                     [game.played_by(s).mask for s in range(n)], game.to_act,
                     game.trick_move, owner, passed,
                     HandHistory.of(game.history, game.rules))


def _decisions(npo: NetPlayout, players: int, seed: int
               ) -> list[tuple[Playout, list[int], PlayerView]]:
    """The positions with a choice of a hand of ``npo``'s rules played by Skilled (seeded),
    each as a playout, its legal moves and the seat's view."""
    skilled = Skilled(shipped_net())
    rng = random.Random(seed)
    out = []
    game = Game.deal(rng, rules=npo.rules, players=players)
    while not game.is_over:
        view = PlayerView.from_game(game, game.to_act)
        moves = legal_moves(view)
        if game.must_include is None and len(moves) > 1:
            out.append((_playout(npo, game), moves, view))
        game.apply(skilled.choose(view, rng))
    return out


@pytest.mark.parametrize("preset", LEAN)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_q_values_and_legal_moves_equal_the_networks_from_the_view(preset: str,
                                                                    players: int) -> None:
    """At every decision with a choice of hands played by Skilled, the playout lists the
    engine's legal moves in its order and scores them as QNet.scores does on the seat's
    view (the session blanked), to float rounding."""
    net = shipped_net()
    rules = get_rules(preset)
    skilled = Skilled(net)
    rng = random.Random(players)
    checked = 0
    for _deal in range(2):
        game = Game.deal(rng, rules=rules, players=players)
        npo = NetPlayout(net, rules, players, game.clockwise, game.stock_size)
        while not game.is_over:
            view = PlayerView.from_game(game, game.to_act)
            moves = legal_moves(view)
            if game.must_include is None:  # playouts start after the first play
                pl = _playout(npo, game)
                assert npo.legal(pl) == moves
                if len(moves) > 1:
                    got = npo.q_values([pl], [moves])[0]
                    want = net.scores(view, moves, session=False)
                    np.testing.assert_allclose(got, want, atol=1e-4)
                    checked += 1
            game.apply(skilled.choose(view, rng))
    assert checked > 20


def test_a_batch_plays_the_engine_playouts_moves() -> None:
    """The Expert's batched network playouts give the values of its engine network
    playouts (every seat's move from its own view, the hand's history included), world
    by world and move by move, where a float tie does not split them."""
    from tests.ai.test_expert_net import _leads

    net = shipped_net()
    expert = Expert(playout="net", net=net)
    views = _leads(count=2)
    # Mid-hand positions too: history, a trick to beat, passes.
    normal = Normal()
    game = Game.deal(random.Random(5), players=4)
    for _ in range(9):
        game.apply(normal.choose(PlayerView.from_game(game, game.to_act), random.Random(0)))
    views.append(PlayerView.from_game(game, game.to_act))
    same = total = 0
    for k, view in enumerate(views):
        moves = legal_moves(view)[:5]
        worlds = [Sampler(view).draw(random.Random(10 * k + w)) for w in range(3)]
        batch = expert._net_batch(view)
        assert batch is not None
        got = batch(worlds, moves)
        engine = expert._net_playout_fn(view, expert.playout_value(view))
        want = [engine(list(h), list(s), m) for h, s in worlds for m in moves]
        same += sum(a == b for a, b in zip(got, want))
        total += len(want)
    assert total >= 30 and same >= 0.95 * total


def test_seats_left_to_normals_rules_play_normals_rules() -> None:
    """With no seat given to the network every move is FastPlayout.normal_move's; with
    only one, the network makes that seat's moves and the winner holds no cards."""
    net = shipped_net()
    rules = get_rules("standard")
    fast = FastPlayout(Normal().planner(rules))
    game = Game.deal(random.Random(3), players=4)
    game.apply(legal_moves(PlayerView.from_game(game, game.to_act))[0])
    npo = NetPlayout(net, rules, 4, False)
    auto = _playout(npo, game)
    npo.run([auto], net_seats=0, others=fast)
    by_hand = _playout(npo, game)
    moves = 0
    while by_hand.winner < 0:
        legal = npo.legal(by_hand)
        move = fast.normal_move(by_hand.hands, by_hand.to_act, by_hand.counts,
                                by_hand.trick, by_hand.owner) if len(legal) > 1 else legal[0]
        assert move in legal
        npo.after(by_hand, move)
        moves += 1
    assert moves > 10
    assert (auto.winner, auto.hands) == (by_hand.winner, by_hand.hands)
    before = npo.decisions
    mixed = _playout(npo, game)
    npo.run([mixed], net_seats=1 << mixed.to_act, others=fast)
    assert npo.decisions > before
    assert mixed.hands[mixed.winner] == 0
    assert sum(h.bit_count() for h in mixed.hands) + sum(
        p.bit_count() for p in mixed.played) == 52
    with pytest.raises(ValueError, match="Normal's rules"):
        npo.run([_playout(npo, game)], net_seats=1)


def test_many_playouts_at_once_end_legally() -> None:
    """A batch of sampled worlds all end with one winner out of cards, every card once."""
    net = shipped_net()
    game = Game.deal(random.Random(8), players=3)
    view = PlayerView.from_game(game, game.to_act)
    npo = NetPlayout(net, game.rules, 3, game.clockwise, game.stock_size)
    pls = []
    for w in range(12):
        hands, _stock = Sampler(view).draw(random.Random(w))
        pl = npo.start(list(hands), [0, 0, 0], game.to_act, PASS, -1, 0,
                       HandHistory(game.rules))
        pls.append(npo.after(pl, legal_moves(view)[w % 3]))
    npo.run(pls)
    assert npo.batches > 5
    for pl in pls:
        assert pl.winner >= 0 and pl.hands[pl.winner] == 0
        dealt = 0
        for h, p in zip(pl.hands, pl.played):
            assert not dealt & (h | p)
            dealt |= h | p
        assert dealt.bit_count() == 52 - game.stock_size


@pytest.mark.parametrize("playout", ["net", "netself"])
def test_the_batched_search_counts_its_worlds_and_stops_in_time(playout: str) -> None:
    """At a fixed number of worlds the batched search plays exactly those; at a budget it
    stops (a budget far too small for its first batch still gives a legal move)."""
    from tests.ai.test_expert_net import _leads

    view = _leads(count=1)[0]
    fixed = Expert(iterations=37, playout=playout)
    move = fixed.choose(view, random.Random(1))
    assert move in legal_moves(view)
    assert fixed.last_iterations == 37
    assert fixed.last_playouts >= 2 * 37  # at least Normal's move and one rival each world
    again = Expert(iterations=37, playout=playout)
    assert again.choose(view, random.Random(1)) == move  # seeded: the same worlds
    ticks = iter(np.arange(0.0, 100.0, 0.01))
    budgeted = Expert(time_budget=0.1, playout=playout, clock=lambda: float(next(ticks)))
    assert budgeted.choose(view, random.Random(1)) in legal_moves(view)
    assert 1 <= budgeted.last_iterations < 37


def test_many_decisions_in_one_batch_score_as_alone_through_cache_clears(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions of different positions scored together get each its own Q values, also
    when the per-move cache (here 8 moves) is emptied between batches."""
    import big2.ai.learned.netplay as netplay

    monkeypatch.setattr(netplay, "_MOVE_ROWS", 8)
    net = shipped_net()
    npo = NetPlayout(net, get_rules("standard"), 4, False)
    cases = [(pl, moves, net.scores(view, moves, session=False))
             for pl, moves, view in _decisions(npo, 4, 12)]
    assert len(cases) > 12
    for at in range(0, len(cases), 6):
        chunk = cases[at:at + 6]
        got = npo.q_values([c[0] for c in chunk], [c[1] for c in chunk])
        for q, (_pl, _moves, want) in zip(got, chunk):
            np.testing.assert_allclose(q, want, atol=1e-4)
    assert len(npo._move_row) < 8 + 6 * 40


class _Reading(ModelFit):
    """A table reading fixed at ``value`` (what the others' play would make it)."""

    def __init__(self, value: float) -> None:
        super().__init__()
        self.value = value

    def misfit(self, seat: int) -> float:
        return self.value


def test_adaptive_playouts_follow_the_tables_reading() -> None:
    """``playout="adaptive"`` searches exactly as ``"net"`` where the others misfit
    Normal's rules (reading at least ADAPT_MISFIT; no fit margin, as every seat plays the
    network) and exactly as the plain Expert below it (with the fit margin)."""
    from tests.ai.test_expert_net import _leads

    for view in _leads(count=4):
        high = Expert(iterations=24, playout="adaptive")
        high.fit = _Reading(ADAPT_MISFIT)
        net = Expert(iterations=24, playout="net")
        assert high.choose(view, random.Random(3)) == net.choose(view, random.Random(3))
        assert high.last_net and net.last_net
        assert high.last_iterations == net.last_iterations == 24
        assert high.last_margin == 0.0

        low = Expert(iterations=24, playout="adaptive")
        low.fit = _Reading(0.1)
        plain = Expert(iterations=24)
        plain.fit = _Reading(0.1)
        assert low.choose(view, random.Random(3)) == plain.choose(view, random.Random(3))
        assert not low.last_net and not plain.last_net
        assert low.last_margin == pytest.approx(0.1 * low.fit_margin) == plain.last_margin


def test_adaptive_playouts_keep_normals_rules_at_a_table_of_normals() -> None:
    """A table of Normals reads as one from the first hand: no decision of it plays the
    network, and every move is legal."""
    me = Expert(iterations=16, playout="adaptive")
    normal = Normal()
    rng = random.Random(8)
    game = Game.deal(rng, players=4)
    searched = 0
    while not game.is_over:
        view = PlayerView.from_game(game, game.to_act)
        if game.to_act == 0:
            move = me.choose(view, rng)
            searched += me.last_iterations > 0
            assert not me.last_net
        else:
            move = normal.choose(view, rng)
        game.make(move)
    assert searched >= 3


@pytest.mark.parametrize("preset", LEAN)
def test_the_history_bytes_are_the_history_vectors_numbers(preset: str) -> None:
    """HandHistory.packed gives, by absolute seat, the float32s of vector_list, move
    after move of whole hands (copies included)."""
    rules = get_rules(preset)
    normal = Normal()
    rng = random.Random(4)
    for players in (2, 3, 4):
        game = Game.deal(rng, rules=rules, players=players)
        history = HandHistory(rules)
        checked = 0
        while not game.is_over:
            move = normal.choose(PlayerView.from_game(game, game.to_act), rng)
            history.add(game.to_act, move)
            game.apply(move)
            if checked % 3 == 0:
                history = history.copy()
            flat = history.vector_list(list(range(players)))
            want = array("f", flat[:22 * players] + flat[-1:]).tobytes()
            assert history.packed(players) == want
            checked += 1
        assert checked > 10


@pytest.mark.parametrize("preset", LEAN)
def test_the_move_lists_after_plays_are_the_engines(preset: str) -> None:
    """Every move list the playouts keep (most made from the list before a play) is
    the engine's list of that hand, in its order."""
    net = shipped_net()
    rules = get_rules(preset)
    game = Game.deal(random.Random(6), rules=rules, players=4)
    view = PlayerView.from_game(game, game.to_act)
    npo = NetPlayout(net, rules, 4, game.clockwise, game.stock_size)
    pls = []
    for w in range(6):
        hands, _stock = Sampler(view).draw(random.Random(w))
        pls.append(npo.start(list(hands), [0] * 4, game.to_act, PASS, -1, 0,
                             HandHistory(rules)))
    npo.run(pls)
    t = tables_for(rules)
    assert len(npo._lists) > 40
    for hand, moves in npo._lists.items():
        assert moves == all_moves(hand, t)


def test_a_batch_with_decisions_in_one_state_picks_as_each_alone() -> None:
    """Decisions of one batch in the same state (copies of a playout, as worlds where
    the others played alike give) are scored once and get the move each gets alone;
    the decision counter counts every one of them."""
    npo = NetPlayout(shipped_net(), get_rules("standard"), 3, False)
    cases = [(pl, moves) for pl, moves, _view in _decisions(npo, 3, 21)]
    assert len(cases) > 8
    batch = [cases[i % len(cases)] for i in (0, 1, 0, 2, 3, 1, 0, *range(4, len(cases)))]
    pls, options = [c[0] for c in batch], [c[1] for c in batch]
    same = npo._scores(pls, options, True)[3]
    assert same is not None and len(set(same)) == len(cases)
    before = npo.decisions
    got = npo._best(pls, options)
    assert npo.decisions - before == len(batch)
    for (pl, moves), i in zip(batch, got):
        assert npo.legal(pl) == moves
        q = npo.q_values([pl], [moves])[0]
        best = int(np.argmax(q))
        assert i == best or q[best] - q[i] < 1e-5
