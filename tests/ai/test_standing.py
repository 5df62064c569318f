"""The session's last hand: the Expert plays for first place, not only the hand's points."""

from __future__ import annotations

import random

import pytest

from big2.ai import PlayerView
from tools.bench_ai import positions
from big2.ai.expert import STANDING_BONUS, Expert, first_share, session_ends
from big2.engine import Game


def test_first_share_splits_ties_and_reads_the_highest_total() -> None:
    assert first_share([-5, -3, -30, -40], 1) == 1.0
    assert first_share([-5, -3, -30, -40], 0) == 0.0
    assert first_share([-3, -3, -30, -3], 3) == pytest.approx(1 / 3)
    assert first_share([12, 40, 0, 0], 1) == 1.0  # positive-point schemes too


def test_session_ends_on_the_last_hand_or_at_the_target() -> None:
    assert session_ends([0, -4, -9, -2], 0, None)
    assert not session_ends([0, -4, -9, -2], 1, None)
    assert session_ends([0, -4, -50, -2], 3, 50)
    assert not session_ends([0, -4, -49, -2], 3, 50)
    assert session_ends([60, 0, 0, 0], None, 50)
    assert not session_ends([0, -4, -9, -2], None, None)


def _view(**session: object) -> PlayerView:
    game = Game.deal(random.Random(3))
    totals = [-5, 0, -30, -30]
    return PlayerView.from_game(game, 0, scores=totals, **session)  # type: ignore[arg-type]


def _cards(count: int, start: int) -> int:
    return sum(1 << c for c in range(start, start + count))


def test_on_the_last_hand_a_playout_that_takes_first_place_is_worth_the_bonus() -> None:
    # We go out; seat 1 leads the session by 5 points. With 3 cards left it keeps first
    # place (-3); with 6 it loses it (-6 < -5 + 0).
    keeps = [0, _cards(3, 0), _cards(2, 10), _cards(2, 20)]
    loses = [0, _cards(6, 0), _cards(2, 10), _cards(2, 20)]
    last = Expert().playout_value(_view(hands_left=0))
    assert last(loses, 0) - last(keeps, 0) == pytest.approx(STANDING_BONUS + 1)
    # Not the last hand, or standing turned off: only the hand's points (one more card
    # left by an opponent is a third of a point against the table's average).
    for value in (Expert().playout_value(_view(hands_left=2)),
                  Expert(standing_bonus=0).playout_value(_view(hands_left=0)),
                  Expert().playout_value(_view())):
        assert value(loses, 0) - value(keeps, 0) == pytest.approx(1)


def test_a_target_ends_the_session_only_in_the_playouts_that_reach_it() -> None:
    # Target 35: seats 2 and 3 stand at -30; one of them left with 5 or more cards
    # (standard table: 1 a card) ends the session, and we (-5) are then first, seat 1
    # (0) left with 6 cards.
    reach = [0, _cards(6, 0), _cards(6, 10), _cards(2, 30)]
    short = [0, _cards(6, 0), _cards(4, 10), _cards(2, 30)]
    value = Expert().playout_value(_view(target=35, hands_left=5))
    assert value(reach, 0) - value(short, 0) == pytest.approx(STANDING_BONUS + 2 / 3)


def test_without_a_session_end_in_view_the_search_is_unchanged() -> None:
    for k, view in enumerate(positions(6, seed=19)):
        on = Expert(iterations=60).decide(view, random.Random(k))
        off = Expert(iterations=60, standing_bonus=0).decide(view, random.Random(k))
        assert on.move == off.move


def test_last_hand_screening_tool(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """tools/last_hand.py plays a session's last hand once per seat and compares runs."""
    import json
    import runpy
    from pathlib import Path

    tool = runpy.run_path(str(Path(__file__).parents[2] / "tools" / "last_hand.py"))
    out = tmp_path / "on.json"
    tool["main"](["play", str(out), "--deals", "1", "--before", "1", "--iterations", "4"])
    data = json.loads(out.read_text())
    assert data["before"] == 1 and len(data["rows"]) == 1
    hands = data["rows"][0]
    assert len(hands) == 4  # the Expert once in every seat
    assert all(0.0 <= share <= 1.0 and points <= 0 for share, points in hands)
    tool["main"](["compare", str(out), str(out)])
    assert "first +0.0 ± 0.0, points +0.00 ± 0.00" in capsys.readouterr().out
