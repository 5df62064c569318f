"""The computers at the table search for the table's own points, not the standard table's."""

from __future__ import annotations

from big2.app import opponents
from big2.app.match import MatchConfig, SeatConfig
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
    table = app.push("table", MatchConfig(seats=seats, hands=1, seed=4, scoring="taiwan-loser-pays"))
    assert app.run_until(lambda: len(seen) >= 3, timeout=60)
    want = scoring_preset("taiwan-loser-pays")
    assert want != scoring_preset("penalty-table")
    for view in seen:
        assert view.scoring == want
        assert list(view.scores) == list(table.match.totals)
