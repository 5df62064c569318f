"""A dealt dragon ends the hand at once: the table shows it, scores it and deals on
(issue 10, item 1: scoring refused the dragon's winner and the app died, on every
Continue)."""

from __future__ import annotations

import pytest

from helpers import pump

from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.results import ResultsScene
from big2.app.rooms import open_table
from big2.engine import get_rules

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


@pytest.mark.parametrize("deal, winner", [(2442, 0), (2687, 1)])  # the player's dragon; East's
def test_a_dealt_dragon_is_shown_scored_and_the_game_goes_on(make_app, deal, winner):
    app = make_app()
    table = open_table(app, MatchConfig(seats=SEATS, rules=get_rules("hong-kong"), hands=2, deal=deal))
    app.push(table)
    pump(app)
    game = table.link.room.match.game
    assert game.dragon and game.winner == winner
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=20)
    result = table.link.room.match.results[0]
    assert result.winner == winner and result.cards_left[winner] == 0
    assert all(p == -39 for s, p in enumerate(result.points) if s != winner)  # 13 cards never played
    if winner != table.viewer:
        assert sorted(table.revealed[winner]) == sorted(game.played_by(winner))
    assert "dragon" in table.banner[0]
