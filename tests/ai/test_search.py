"""The Expert's search pieces: fast playouts, the objective, inference, the exchange."""

from __future__ import annotations

import random

import pytest

from big2.ai import PlayerView, choose_give_back, give_back_for, make_opponent
from big2.ai.expert import FIT_MARGIN, MASTER_BUDGET, Expert, outcome_value
from big2.ai.fastplay import FastPlayout
from big2.ai.normal import Normal
from big2.ai.plan import Planner
from big2.ai.playout import PlanPolicy
from big2.ai.sampling import Sampler, beat_notes
from big2.engine import PASS, STANDARD, CardSet, Game, classify, get_rules, parse_cards


def _mid_hand_games(players: int, count: int, seed: int) -> list[Game]:
    """Games some random legal moves into a hand, not over."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game.deal(rng, players=players)
        for _ in range(rng.randrange(0, 20)):
            if g.is_over:
                break
            moves = g.legal_moves()
            g.apply(moves[rng.randrange(len(moves))])
        if not g.is_over and g.must_include is None:
            out.append(g)
    return out


def _run_fast(fast: FastPlayout, g: Game, trace: list[tuple[int, int]]) -> tuple[int, list[int]]:
    hands = [g.hand_mask(s) for s in range(g.n_players)]
    owner = g.trick_owner if g.trick_owner is not None else g.to_act
    step = 1 if g.next_seat(0) == 1 else g.n_players - 1
    winner = fast.run(hands, g.to_act, g.trick_move, owner, len(g.passed), step, trace)
    return winner, hands


@pytest.mark.parametrize("policy", ["normal", "plan"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_playouts_are_legal_games(players: int, policy: str) -> None:
    """Every move of a fast playout is legal when replayed through the checked engine."""
    fast = FastPlayout(Planner(STANDARD), policy=policy)
    for g in _mid_hand_games(players, 15, players):
        trace: list[tuple[int, int]] = []
        winner, hands = _run_fast(fast, g, trace)
        for seat, move in trace:
            assert g.to_act == seat
            g.make(move)  # raises on an illegal move
        assert g.is_over and g.winner == winner
        assert hands == [g.hand_mask(s) for s in range(players)]


def test_fast_playouts_play_like_the_engine_plan_policy() -> None:
    """The fast path is the same policy: it finishes nearly every world identically
    (blocking ties between equal-strength plays may be broken differently)."""
    planner = Planner(STANDARD)
    fast, slow = FastPlayout(planner, policy="plan"), PlanPolicy(planner)
    games = _mid_hand_games(4, 60, 11)
    same = 0
    for g in games:
        winner, hands = _run_fast(fast, g, [])
        h = g.copy()
        slow.play_out(h)
        same += h.winner == winner and hands == [h.hand_mask(s) for s in range(4)]
    assert same >= 0.9 * len(games)


def _agreement(policy: str, deals: int) -> tuple[float, float]:
    """How often the fast policy's first move is Normal's, in hands of four Normals
    (leads, follows), every hand visible to the policy as in a sampled world."""
    normal = Normal()
    fast = FastPlayout(normal.planner(STANDARD), policy=policy)
    rng = random.Random(3)
    agree = {True: [0, 0], False: [0, 0]}
    for _ in range(deals):
        g = Game.deal(rng, players=4)
        while not g.is_over:
            view = PlayerView.from_game(g, g.to_act)
            move = normal.choose(view, rng)
            if len(g.legal_moves()) > 1 and view.must_include is None:
                trace: list[tuple[int, int]] = []
                _run_fast(fast, g, trace)
                tally = agree[view.leading]
                tally[0] += trace[0][1] == move
                tally[1] += 1
            g.make(move)
    return agree[True][0] / agree[True][1], agree[False][0] / agree[False][1]


def test_playouts_model_the_opponents_as_normal_plays() -> None:
    """The Normal-rules playout policy (the Expert's default) makes Normal's move in
    nearly every position Normal meets (95% of follows, 97% of leads when measured on
    150 hands), far more often than the plain plan policy (82% and 90%)."""
    lead, follow = _agreement("normal", 40)
    old_lead, old_follow = _agreement("plan", 40)
    assert lead >= 0.93 and follow >= 0.9
    assert follow - old_follow >= 0.07 and lead > old_lead


def test_the_normal_playout_spends_a_2_on_a_high_single_as_normal_does() -> None:
    hand = parse_cards("4c 6d 7h 9s Jd 2s")
    king = classify(parse_cards("Kh"))
    assert king is not None
    for policy, expected in (("normal", parse_cards("2s")), ("plan", None)):
        fast = FastPlayout(Planner(STANDARD), policy=policy)
        others = [parse_cards("3c 5d 8c Tc Qd Ac 3h 4h").mask, parse_cards("3s 5s 8s Ts Qs As 4s 5h").mask,
                  parse_cards("6s 7s 9c Jc Kc 6h 7c 8h").mask]
        trace: list[tuple[int, int]] = []
        fast.run([hand.mask, *others], 0, king.move, 1, 0, 1, trace)
        first = trace[0][1]
        if expected is None:
            assert first == PASS
        else:
            assert first & ((1 << 52) - 1) == expected.mask


def test_fast_playouts_only_claim_plain_rule_sets() -> None:
    assert FastPlayout.supports(STANDARD)
    assert not FastPlayout.supports(get_rules("indonesia"))  # pass locks you out


def test_outcome_value_is_points_against_the_table() -> None:
    # Seat 0 wins; the others hold 2, 10 (x2) and 13 (x3) cards.
    assert outcome_value(0, [0, 2, 10, 13], 0) == pytest.approx((2 + 20 + 39) / 3)
    assert outcome_value(1, [0, 2, 10, 13], 0) == pytest.approx(-2 - (0 - 20 - 39) / 3)
    total = sum(outcome_value(s, [0, 2, 10, 13], 0) for s in range(4))
    assert total == pytest.approx(0.0)  # zero-sum: what one gains the others lose


def test_a_play_well_above_the_trick_makes_spare_cards_between_unlikely() -> None:
    # East (1) beat South's 9♠ with a K♠: a spare 10, J or Q would have been cheaper,
    # so worlds giving East one are drawn less often.
    five, king = classify(parse_cards("9s")), classify(parse_cards("Ks"))
    assert five is not None and king is not None
    view = PlayerView.from_values(
        seat=3, hand="3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd 3c 4c", counts=[12, 12, 13, 13],
        played=["9s", "Ks", "", ""], trick=king.move, trick_owner=1, to_act=3,
        passed=[2], history=[(0, five.move), (1, king.move), (2, PASS)],
    )
    notes = beat_notes(view)
    assert [n.seat for n in notes] == [1]  # East's beat (leads are not read)

    def spare_between(hand: int) -> bool:
        return any(((hand >> (4 * r)) & 15).bit_count() == 1 for r in range(7, 10))

    rng = random.Random(3)
    strong = Sampler(view, play_weight=0.05, pass_weight=1.0)
    flat = Sampler(view, inference=False, pass_weight=1.0)
    k = 400
    with_inf = sum(spare_between(strong.draw(rng)[0][1]) for _ in range(k))
    without = sum(spare_between(flat.draw(rng)[0][1]) for _ in range(k))
    assert with_inf < 0.6 * without


def test_master_is_the_search_with_a_longer_budget() -> None:
    m = make_opponent("master")
    assert isinstance(m, Expert) and m.name == "master"
    assert m.time_budget == MASTER_BUDGET > make_opponent("expert").time_budget  # type: ignore[attr-defined]
    e = make_opponent("expert")
    assert m.margin == e.margin == 0  # type: ignore[attr-defined]
    assert m.fit_margin == e.fit_margin == FIT_MARGIN > 0  # type: ignore[attr-defined]


def test_a_margin_keeps_normals_move_unless_another_is_that_much_better() -> None:
    """Normal's move stands unless another move's mean beats it by ``margin`` points: a
    margin no playout can reach never leaves it, and a larger margin leaves it no more
    often than a smaller one, on the same worlds."""
    views = [PlayerView.from_game(g, g.to_act) for g in _mid_hand_games(4, 24, 6)]
    left = {0.0: 0, 1.0: 0, 1000.0: 0}
    for view in views:
        base = Normal().decide(view, random.Random(0)).move
        for margin in left:
            move = Expert(iterations=48, margin=margin, fit_margin=0.0).choose(
                view, random.Random(3))
            left[margin] += move != base
    assert left[1000.0] == 0
    assert left[0.0] >= left[1.0] and left[0.0] > 0


def test_the_search_drops_candidates_and_stays_deterministic() -> None:
    views = [PlayerView.from_game(g, g.to_act) for g in _mid_hand_games(4, 12, 4)]
    a, b, c = Expert(iterations=60), Expert(iterations=60), Expert(iterations=60, prune=0)
    searched = fewer = 0
    for view in views:
        assert a.choose(view, random.Random(1)) == b.choose(view, random.Random(1))
        c.choose(view, random.Random(1))
        if a.last_iterations:
            searched += 1
            assert a.last_iterations == c.last_iterations == 60
            # Without pruning every candidate plays every world; with it, no more.
            assert a.last_playouts <= c.last_playouts
            fewer += a.last_playouts < c.last_playouts
    assert searched and fewer


def test_a_settled_search_stops_early_on_the_same_worlds() -> None:
    """``settle`` (a teacher's early stop): the same worlds as the full search, in the
    same order, cut where the leader is clear; never cut where it is not, and never
    before SETTLE_MIN worlds; with the network's batched playouts too."""
    from big2.ai.worldrace import SETTLE_EVERY, SETTLE_MIN

    views = [PlayerView.from_game(g, g.to_act) for g in _mid_hand_games(4, 10, 6)]
    for playout in ("normal", "net"):
        cut = whole = 0
        for view in views:
            full, early = Expert(iterations=96, playout=playout), Expert(
                iterations=96, playout=playout, settle=2.0)
            a = full.choose(view, random.Random(3))
            b = early.choose(view, random.Random(3))
            if not full.last_iterations:
                continue
            assert SETTLE_MIN <= early.last_iterations <= 96
            if early.last_iterations < 96:
                cut += 1
                assert early.last_iterations % SETTLE_EVERY == 0
            else:
                whole += 1
                assert a == b  # every world played: the same search
        assert cut, playout  # clear choices stop early


def test_settled_reads_the_leader_by_standard_errors() -> None:
    e = Expert(iterations=100, settle=2.0)
    e.last_margin = 0.0
    clear = [[0.0, 1.0] * 10, [2.0, 3.0] * 10]  # the second leads by 2 in every world
    close = [[0.0, 1.0] * 10, [1.0, 0.0] * 10]
    assert e._settled(clear, [0, 1], 20)
    assert not e._settled(close, [0, 1], 20)
    assert not e._settled([v[:8] for v in clear], [0, 1], 8)  # too few worlds yet
    e.last_margin = 5.0  # ahead of Normal's move, but not by the search's margin
    assert not e._settled(clear, [0, 1], 20)
    assert not Expert(iterations=100)._settled(clear, [0, 1], 20)  # off by default
    assert not Expert(settle=2.0)._settled(clear, [0, 1], 20)  # only with fixed worlds
    with pytest.raises(ValueError):
        Expert(settle=-1)


def test_give_back_keeps_pairs_and_high_cards() -> None:
    hand = parse_cards("3d 3c 4h 7s 8s 9s Ts Js Ad 2s Kc Kh Qd Qh")
    card = choose_give_back(hand.mask, STANDARD)
    assert 1 << card == parse_cards("4h").mask  # the lone low card, not a pair or the straight


def test_give_back_for_a_waiting_exchange() -> None:
    game = Game.deal(random.Random(4), players=3, exchange=(1, 0))
    card = give_back_for(game)
    assert game.hand_mask(0) >> card & 1
    game.give_back(card)
    assert game.exchange is None
    with pytest.raises(ValueError):
        give_back_for(game)


def test_give_back_needs_two_cards() -> None:
    with pytest.raises(ValueError):
        choose_give_back(1 << 5, STANDARD)


def test_outcome_value_follows_the_tables_scoring_scheme() -> None:
    from big2.engine.scoring import scoring_preset

    counts = [0, 2, 10, 13]
    # Winner-only: only the winner collects, so second place is worth no more than last
    # place beyond what it pays.
    winner_only = scoring_preset("winner-only")
    second = outcome_value(1, counts, 0, winner_only)
    standard = outcome_value(1, counts, 0)
    assert second < 0 < standard
    view = PlayerView.from_game(Game.deal(random.Random(1)), 0, scoring=winner_only)
    assert view.scoring == winner_only
