"""The tree of the Expert's own later decisions (big2.ai.owntree)."""

from __future__ import annotations

import random

from tools.bench_ai import positions
from big2.ai.expert import Expert
from big2.ai.fastplay import FastPlayout
from big2.ai.owntree import OwnTree
from big2.ai.plan import Planner
from big2.engine import PASS, STANDARD, Game, classify, parse_cards
from big2.engine.cards import FULL_MASK


def _mask(text: str) -> int:
    return parse_cards(text).mask


def test_normal_move_until_visited_then_every_move_then_the_best() -> None:
    """A node plays the playout policy's move until it has ``visits`` playouts, then
    tries each of its other moves once, then keeps to the one with the best mean."""
    fast = FastPlayout(Planner(STANDARD))
    tree = OwnTree(fast._beater, visits=3, exploration=0.5)
    hand = _mask("3c 4d 9h 9s Kd")
    plan = fast.plan(hand)
    normal = plan[0]
    at = (0, 0, [5, 9, 9, 9])  # we lead: the trick's owner, passes, card counts
    seen = []
    for _ in range(3):
        tree.start()
        seen.append(tree.choose(hand, PASS, normal, plan, *at))
        tree.backup(0.0)
    assert seen == [normal] * 3
    tried = set()
    for _ in range(len(plan) - 1):
        tree.start()
        m = tree.choose(hand, PASS, normal, plan, *at)
        tried.add(m)
        tree.backup(10.0 if m == plan[-1] else -5.0)
    assert tried == set(plan[1:])  # each other lead once
    picks = []
    for _ in range(20):
        tree.start()
        m = tree.choose(hand, PASS, normal, plan, *at)
        picks.append(m)
        tree.backup(10.0 if m == plan[-1] else -5.0)
    assert picks.count(plan[-1]) >= 18


def test_hand_trick_and_counts_key_the_nodes() -> None:
    """The same hand, trick, owner, passes and counts share a node, whatever led there;
    any of them different makes another node."""
    fast = FastPlayout(Planner(STANDARD))
    tree = OwnTree(fast._beater)
    hand = _mask("3c 4d 9h")
    plan = fast.plan(hand)
    nine = classify(parse_cards("9d"), STANDARD)
    assert nine is not None
    points = [
        (hand, PASS, 0, 0, [3, 5, 6, 7]),
        (hand, PASS, 0, 0, [3, 5, 6, 7]),  # the same point again: shared
        (hand, PASS, 0, 0, [3, 4, 6, 7]),  # another count
        (hand ^ _mask("3c"), PASS, 0, 0, [2, 5, 6, 7]),  # another hand
        (hand, nine.move, 2, 0, [3, 5, 6, 7]),  # a trick to beat
        (hand, nine.move, 2, 1, [3, 5, 6, 7]),  # one pass since
        (hand, nine.move, 3, 1, [3, 5, 6, 7]),  # another owner
    ]
    for h, trick, owner, passes, counts in points:
        tree.start()
        p = fast.plan(h)
        tree.choose(h, trick, p[0] if trick == PASS else PASS, p, owner, passes, counts)
        tree.backup(1.0)
    assert len(tree.nodes) == 6
    assert sorted(n.total for n in tree.nodes.values()) == [1, 1, 1, 1, 1, 2]


def test_tree_playouts_are_legal_games() -> None:
    """With a tree choosing (searching from the first visit, exploring widely), every
    move of every playout is legal when replayed through the checked engine."""
    fast = FastPlayout(Planner(STANDARD))
    rng = random.Random(5)
    for _ in range(6):
        g = Game.deal(rng, players=4)
        g.apply(g.legal_moves()[0])
        me = g.to_act
        tree = OwnTree(fast._beater, visits=0, exploration=30.0)
        for _ in range(25):
            replay = g.copy()
            hands = [replay.hand_mask(s) for s in range(4)]
            tree.start()
            trace: list[tuple[int, int]] = []
            winner = fast.run(hands, replay.to_act, replay.trick_move, replay.trick_owner,
                              len(replay.passed), 1, trace, tree.choose, me)
            for seat, move in trace:
                assert replay.to_act == seat
                replay.make(move)  # raises on an illegal move
            assert replay.is_over and replay.winner == winner
            tree.backup(rng.uniform(-10, 10))
        assert any(len(set(n.moves)) > 1 and n.total > 0 for n in tree.nodes.values())


def test_search_nodes_hold_what_the_seat_knows() -> None:
    """A node is reached with the seat's own hand and trick, the very ones of its key:
    its moves never depend on the sampled cards of the others."""
    seen: dict[tuple[object, ...], set[tuple[int, int]]] = {}

    class Watching(OwnTree):
        def choose(  # type: ignore[no-untyped-def]
            self, hand, trick, normal, plan, owner, passes, counts,
        ):
            key = (hand, trick, owner, passes, tuple(counts))
            seen.setdefault(key, set()).add((hand, trick))
            return super().choose(hand, trick, normal, plan, owner, passes, counts)

    import big2.ai.expert as expert_module

    original = expert_module.OwnTree
    expert_module.OwnTree = Watching  # type: ignore[misc]
    try:
        e = Expert(iterations=120)
        searched = 0
        for i, view in enumerate(positions(8, seed=11)):
            e.choose(view, random.Random(i))
            if e.last_tree is not None:
                searched += sum(1 for n in e.last_tree.nodes.values()
                                if n.total >= e.tree_visits and len(n.moves) > 1)
                assert set(e.last_tree.nodes) <= set(seen)
                for (hand, _, _, _, counts), node in e.last_tree.nodes.items():
                    assert not hand & ~view.hand.mask  # only cards the seat held
                    assert counts[view.seat] == hand.bit_count()
                    assert all(m == PASS or m & FULL_MASK & ~hand == 0 for m in node.moves)
    finally:
        expert_module.OwnTree = original  # type: ignore[misc]
    assert seen and searched > 0
    assert all(len(v) == 1 for v in seen.values())


def test_tree_off_builds_no_tree_and_tree_on_is_deterministic() -> None:
    view = positions(3, seed=11)[2]
    flat = Expert(iterations=60, tree=False)
    flat.choose(view, random.Random(1))
    assert flat.last_tree is None
    a = Expert(iterations=60)
    b = Expert(iterations=60)
    assert a.choose(view, random.Random(1)) == b.choose(view, random.Random(1))
    assert a.last_tree is not None and a.last_tree.nodes
