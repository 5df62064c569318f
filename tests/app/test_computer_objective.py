"""The computers at the table search for the table's own points, not the standard table's,
and know when the session ends (they play its last hand for first place)."""

from __future__ import annotations

from big2.app.table import opponents
from big2.room.config import MatchConfig, SeatConfig
from big2.engine.scoring import scoring_preset


def test_computers_see_the_tables_scoring_scheme_and_totals(make_app, monkeypatch):
    seen = []
    real = opponents.decide

    def spy(view, level, seed):
        seen.append(view)
        return real(view, level, seed)

    monkeypatch.setattr(opponents, "decide", spy)
    seats = tuple(SeatConfig(name, human=False) for name in ("South", "East", "North", "West"))
    app = make_app()
    table = app.push("table", MatchConfig(seats=seats, hands=1, target=80, seed=4,
                                          scoring="taiwan-loser-pays"))
    assert app.run_until(lambda: len(seen) >= 3, timeout=60)
    want = scoring_preset("taiwan-loser-pays")
    assert want != scoring_preset("penalty-table")
    for view in seen:
        assert view.scoring == want
        assert list(view.scores) == list(table.link.room.match.totals)
        assert view.hands_left == 0  # one hand: the first is the last
        assert view.target == 80


def test_hands_left_counts_down_the_session() -> None:
    from big2.room.match import Match

    match = Match(MatchConfig(hands=3, seed=2))
    assert match.hands_left == 2
    match.session.new_hand()
    assert match.hands_left == 2  # the hand in play is not counted
    game = match.session.current
    assert game is not None
    while not game.is_over:
        game.make(game.legal_moves()[-1])
    match.session.record()
    assert match.hands_left == 1
