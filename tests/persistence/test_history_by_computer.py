"""Hands the computer finished for a person: kept per seat, and older histories still load."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from big2.persistence import stats
from big2.persistence.history import HISTORY_VERSION, History, migrate

from test_history import SEATS, hand, open_history


def test_the_seats_the_computer_finished_are_kept_and_read_back(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        helped = history.record_hand(sid, hand(1, winner=1, by_computer=(0,)))
        plain = history.record_hand(sid, hand(2, winner=0))
        assert history.load_hand(helped).result.by_computer == (0,)
        assert history.load_hand(plain).result.by_computer == ()
        lines = stats.hand_lines(history, "Mei")
        assert [line.by_computer for line in lines] == [True, False]
        report = stats.player_report(history, "Mei")
        assert [p.by_computer for p in report.running_score] == [True, False]
        assert report.lost_by_computer == [True]
        assert stats.recent_sessions(history, player="Mei")[0].by_computer == 1
        assert "by_computer" in stats.export_csv_text(history).splitlines()[0]
        with pytest.raises(ValueError):
            history.record_hand(sid, hand(3, by_computer=(7,)))


def test_a_version_3_history_loads_with_no_hand_marked(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=3) == 0
    conn.execute("INSERT INTO players VALUES (1, 'Mei', 1, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO players VALUES (2, 'Bot', 0, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO sessions VALUES (1, '2025-01-01T00:00:00+00:00', NULL, 'standard', '{}', 2)")
    conn.execute("INSERT INTO session_seats VALUES (1, 0, 1, 'human'), (1, 1, 2, 'easy')")
    conn.execute("INSERT INTO hands (id, session_id, hand_number, rules_preset, rules_json, winner_seat, "
                 "started_at, duration_s, moves_json) VALUES (1, 1, 1, 'standard', '{}', 0, "
                 "'2025-01-01T00:01:00+00:00', 30.0, '[]')")
    conn.execute("INSERT INTO hand_seats VALUES (1, 0, 0, 5), (1, 1, 5, -5)")
    conn.close()
    with open_history(path) as history:
        assert history.schema_version == HISTORY_VERSION
        stored = history.load_hand(1)
        assert stored is not None and stored.result.points == (5, -5) and stored.result.by_computer == ()
        assert [line.by_computer for line in stats.hand_lines(history, "Mei")] == [False]
        assert isinstance(history, History)
