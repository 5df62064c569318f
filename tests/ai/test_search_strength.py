"""The search must find what a plain plan misses: forced wins in small endgames.

Positions are small enough to solve exactly here (every way the unseen cards can lie,
every reply of every seat), so the test says which moves win for sure without trusting
the search it checks.
"""

from __future__ import annotations

import itertools
import random

from big2.engine import Game
from big2.engine.cards import FULL_MASK, CardSet
from big2.ai import PlayerView
from big2.ai.base import legal_moves
from big2.ai.expert import WIN_BONUS, Expert
from big2.ai.normal import Normal
from big2.ai.view import view_game


def _wins_whatever_they_do(g: Game, me: int) -> bool:
    """``me`` goes out first against every line of play of the others."""
    if g.is_over:
        return g.winner == me
    results = []
    for m in g.legal_moves():
        h = g.copy()
        h.apply(m)
        results.append(_wins_whatever_they_do(h, me))
        if g.to_act == me and results[-1]:
            return True
        if g.to_act != me and not results[-1]:
            return False
    return g.to_act != me


def _forced_wins(view: PlayerView) -> set[int]:
    unseen = [c for c in range(52) if view.unseen_mask >> c & 1]
    others = [s for s in range(view.n_players) if s != view.seat]
    worlds = set()
    for perm in itertools.permutations(unseen):
        hands = [0] * view.n_players
        hands[view.seat] = view.hand.mask
        i = 0
        for s in others:
            for c in perm[i:i + view.counts[s]]:
                hands[s] |= 1 << c
            i += view.counts[s]
        worlds.add(tuple(hands))
    forced = set()
    for m in legal_moves(view):
        ok = True
        for w in worlds:
            g = view_game(view, list(w), [])
            g.apply(m)
            if not _wins_whatever_they_do(g, view.seat):
                ok = False
                break
        if ok:
            forced.add(m)
    return forced


def _endgame(hand: str, unseen: str) -> PlayerView:
    """Seat 0 to lead ``hand``; the three others hold two of ``unseen`` each."""
    mine, hidden = CardSet.parse(hand), CardSet.parse(unseen)
    rest = [c for c in range(52) if not (mine.mask | hidden.mask) >> c & 1]
    played = [CardSet.from_mask(sum(1 << c for c in rest[s::4])) for s in range(4)]
    return PlayerView.from_values(seat=0, hand=mine, counts=[len(mine), 2, 2, 2],
                                  played=played)


def test_the_expert_finds_a_forced_win_that_the_plan_misses() -> None:
    # The plan leads its weakest single, the 3♣, which loses in some deals; a middle
    # single first (keeping the A♠ and the 3♣ for later) wins in every deal.
    view = _endgame("3c Jh Qc As", "4s 6d 6s 8c 9d Ah")
    forced = _forced_wins(view)
    assert forced  # the position is a win when played right
    assert Normal().choose(view, random.Random(0)) not in forced
    for seed in range(3):
        move = Expert(iterations=200).choose(view, random.Random(seed))
        assert move in forced, CardSet.from_mask(move & FULL_MASK)


def test_going_out_first_is_worth_the_bonus_on_top_of_the_points() -> None:
    # Seat 0 leads the one card nobody can beat, then goes out with its other card.
    view = _endgame("2s 3c", "4s 6d 6s 8c 9d Ah")
    hands = [view.hand.mask, CardSet.parse("4s 6d").mask, CardSet.parse("6s 8c").mask,
             CardSet.parse("9d Ah").mask]
    lead = next(m for m in legal_moves(view) if m & FULL_MASK == CardSet.parse("2s").mask)
    plain = Expert(win_bonus=0.0)._playout_fn(view)(hands, [], lead)
    bonus = Expert()._playout_fn(view)(hands, [], lead)
    assert plain == 2.0  # the others' two cards each, averaged
    assert bonus == plain + WIN_BONUS > plain


def test_playouts_run_a_hand_out_with_the_card_nobody_can_beat() -> None:
    from big2.engine import STANDARD
    from big2.ai.fastplay import FastPlayout
    from big2.ai.plan import Planner

    hands = [CardSet.parse(t).mask for t in ("2s 3c", "4s 6d", "6s 8c", "9d Ah")]
    trace: list[tuple[int, int]] = []
    # Without the endgame rule the plain plan policy leads its weakest single first
    # (Normal's lead rules count cards too and run it out as well).
    for endgame, policy, first in ((True, "plan", "2s"), (False, "plan", "3c"),
                                   (True, "normal", "2s"), (False, "normal", "2s")):
        trace.clear()
        won = FastPlayout(Planner(STANDARD), endgame=endgame, policy=policy).run(
            list(hands), 0, 0, 0, 0, 1, trace)
        assert trace[0] == (0, next(m for m in _leads(hands[0]) if
                                    m & FULL_MASK == CardSet.parse(first).mask))
        if endgame:
            assert won == 0 and trace[1:4] == [(1, 0), (2, 0), (3, 0)]  # nobody beats it


def _leads(hand: int) -> list[int]:
    view = _endgame(str(CardSet.from_mask(hand)), "4s 6d 6s 8c 9d Ah")
    return legal_moves(view)
