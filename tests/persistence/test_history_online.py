"""Sessions played online: kept as such (schema 6), older histories read as played on this
computer, and the statistics tell solo, hot-seat and online play apart."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

from big2.persistence import Seat, stats
from big2.persistence.history import HISTORY_VERSION, migrate

from test_history import SEATS, hand, open_history

PEOPLE_AND_BOT = [Seat("Mei", True), Seat("Ann", True), Seat("Bot A", False, "hard")]
PEOPLE = [Seat("Mei", True), Seat("Ann", True), Seat("Ben", True)]


def test_a_version_5_history_reads_every_session_as_played_on_this_computer(tmp_path: Path) -> None:
    path = tmp_path / "v5.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=5) == 0
    conn.execute("INSERT INTO players VALUES (1, 'Mei', 1, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO players VALUES (2, 'Ann', 1, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO players VALUES (3, 'Bot', 0, '2025-01-01T00:00:00+00:00')")
    for sid, (second, level) in enumerate(((3, "easy"), (2, "human")), start=1):
        conn.execute(f"INSERT INTO sessions VALUES ({sid}, '2025-01-0{sid}T00:00:00+00:00', NULL, 'standard', '{{}}', 2)")
        conn.execute(f"INSERT INTO session_seats VALUES ({sid}, 0, 1, 'human'), ({sid}, 1, {second}, '{level}')")
        conn.execute("INSERT INTO hands (id, session_id, hand_number, rules_preset, rules_json, winner_seat, "
                     f"started_at, duration_s, moves_json) VALUES ({sid}, {sid}, 1, 'standard', '{{}}', 0, "
                     f"'2025-01-0{sid}T00:01:00+00:00', 30.0, '[]')")
        conn.execute(f"INSERT INTO hand_seats (hand_id, seat, cards_left, points) VALUES ({sid}, 0, 0, 5), ({sid}, 1, 5, -5)")
    conn.close()
    with open_history(path) as history:
        assert history.schema_version == HISTORY_VERSION == 6
        assert [s.online for s in stats.recent_sessions(history, player="Mei")] == [False, False]
        assert [line.where for line in stats.hand_lines(history, "Mei")] == [stats.SOLO, stats.HOT_SEAT]
        report = stats.player_report(history, "Mei")
        assert list(report.by_where) == [stats.SOLO, stats.HOT_SEAT]
        rows = list(csv.DictReader(io.StringIO(stats.export_csv_text(history))))
        assert {row["online"] for row in rows} == {"0"}


def test_online_sessions_are_kept_and_split_from_solo_and_hot_seat_play(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as history:
        solo = history.start_session(SEATS, rules_preset="standard", rules={})
        here = history.start_session(PEOPLE_AND_BOT, rules_preset="standard", rules={})
        mixed = history.start_session(PEOPLE_AND_BOT, rules_preset="standard", rules={}, online=True)
        people = history.start_session(PEOPLE, rules_preset="standard", rules={}, online=True)
        for n, sid in enumerate((solo, here, mixed, people), start=1):
            history.record_hand(sid, hand(n, winner=0))
        assert [s.online for s in stats.recent_sessions(history, player="Mei")] == [True, True, False, False]
        lines = stats.hand_lines(history, "Mei")
        assert [line.where for line in lines] == [stats.SOLO, stats.HOT_SEAT, stats.ONLINE, stats.ONLINE]
        # a table of people and computers is neither "hard" nor "people only"
        assert [line.opponent_level for line in lines] == [
            "hard", stats.PEOPLE_AND_COMPUTERS, stats.PEOPLE_AND_COMPUTERS, stats.PEOPLE_ONLINE]
        report = stats.player_report(history, "Mei")
        assert {k: v.hands for k, v in report.by_where.items()} == {stats.SOLO: 1, stats.HOT_SEAT: 1, stats.ONLINE: 2}
        assert list(report.by_where) == list(stats.PLACES)
        rows = list(csv.DictReader(io.StringIO(stats.export_csv_text(history))))
        assert [row["online"] for row in rows if row["player"] == "Mei"] == ["0", "0", "1", "1"]
