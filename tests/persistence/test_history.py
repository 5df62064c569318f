"""The score history database: schema, migrations, damage and writes."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from big2.persistence.history import (
    HISTORY_VERSION, MIGRATIONS, HandResult, History, Seat, migrate,
)
from big2.persistence.notices import Severity, StorageError
from big2.persistence.paths import AppPaths

T0 = datetime(2026, 11, 1, 20, 0, tzinfo=timezone.utc)
SEATS = [Seat("Mei", True), Seat("Bot A", False, "hard"), Seat("Bot B", False, "hard")]


def hand(n: int, winner: int = 0, **changes: object) -> HandResult:
    base = HandResult(
        hand_number=n, rules_preset="standard", rules={"suit_order": "dchs"},
        winner_seat=winner, cards_left=[0 if s == winner else 4 for s in range(3)],
        points=[8 if s == winner else -4 for s in range(3)],
        moves=[[0, [0]], [1, []], [2, [5, 6]]], deal=[[0, 1], [2, 3], [4, 5]],
        deal_seed=2**70 + n, started_at=T0 + timedelta(minutes=n), duration_s=61.5,
        ended_how="first-out",
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def open_history(path: Path) -> History:
    result = History.open(path)
    assert result.notices == (), result.notices
    return result.value


def count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_fresh_database(paths: AppPaths) -> None:
    result = History.open(paths.history_db)
    assert result.source == "new" and result.notices == ()
    with result.value as history:
        assert history.persistent and history.schema_version == HISTORY_VERSION
        mode = history.query("PRAGMA journal_mode")[0][0]
        assert mode == "wal"
    assert History.open(paths.history_db).source == "main"


def test_record_and_load_a_hand(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={"x": 1},
                                    started_at=T0)
        hid = history.record_hand(sid, hand(1, winner=2))
        history.end_session(sid, ended_at=T0 + timedelta(hours=1))
    with open_history(paths.history_db) as history:
        stored = history.load_hand(hid)
        assert stored is not None
        assert stored.seats == tuple(SEATS)
        assert stored.session_id == sid and stored.hand_number == 1
        assert stored.result.winner_seat == 2
        assert stored.result.cards_left == (4, 4, 0) and stored.result.points == (-4, -4, 8)
        assert stored.result.moves == [[0, [0]], [1, []], [2, [5, 6]]]
        assert stored.result.deal == [[0, 1], [2, 3], [4, 5]]
        assert stored.result.deal_seed == str(2**70 + 1)
        assert stored.started_at == T0 + timedelta(minutes=1)
        assert stored.result.ended_how == "first-out"
        assert history.load_hand(hid + 100) is None


def test_same_player_reuses_one_row(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        for _ in range(3):
            history.start_session(SEATS, rules_preset="standard", rules={})
    assert count(paths.history_db, "players") == 3
    assert count(paths.history_db, "sessions") == 3


def test_bad_records_are_refused_before_writing(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        with pytest.raises(ValueError, match="3 seats"):
            history.record_hand(sid, hand(1, cards_left=[0, 1]))
        with pytest.raises(ValueError, match="winner seat 5"):
            history.record_hand(sid, hand(1, winner_seat=5))
        with pytest.raises(ValueError, match="no session"):
            history.record_hand(sid + 1, hand(1))
        with pytest.raises(ValueError):
            history.record_hand(sid, hand(1, rules={"x": float("nan")}))
        with pytest.raises(ValueError, match="2 to 8 seats"):
            history.start_session(SEATS[:1], rules_preset="standard", rules={})
    assert count(paths.history_db, "hands") == 0


def test_failure_inside_a_transaction_rolls_back(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        with pytest.raises(ValueError):
            history.record_hand(sid, hand(1, points=[1, "many", 3]))
        with pytest.raises(StorageError):
            with history.transaction() as conn:
                conn.execute("INSERT INTO players (name, is_human, created_at) "
                             "VALUES ('x', 1, 'now')")
                conn.execute("INSERT INTO nowhere VALUES (1)")
    assert count(paths.history_db, "hands") == 0
    assert count(paths.history_db, "hand_seats") == 0
    assert count(paths.history_db, "players") == 3


def test_reset_deletes_everything(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        history.record_hand(sid, hand(1))
        history.reset()
    for table in ("players", "sessions", "session_seats", "hands", "hand_seats"):
        assert count(paths.history_db, table) == 0


def test_migrates_from_user_version_0(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    sqlite3.connect(path).close()  # an empty database: user_version 0
    with open_history(path) as history:
        assert history.schema_version == HISTORY_VERSION
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        history.record_hand(sid, hand(1))


def test_migrates_a_version_1_database_keeping_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 0
    conn.execute("INSERT INTO players VALUES (1, 'Mei', 1, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO players VALUES (2, 'Bot', 0, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO sessions VALUES (1, '2025-01-01T00:00:00+00:00', NULL, "
                 "'standard', '{}', 2)")
    conn.execute("INSERT INTO session_seats VALUES (1, 0, 1, 'human'), (1, 1, 2, 'easy')")
    conn.execute("INSERT INTO hands VALUES (1, 1, 1, NULL, 'standard', '{}', 0, "
                 "'2025-01-01T00:01:00+00:00', 30.0, '[]')")
    conn.execute("INSERT INTO hand_seats VALUES (1, 0, 0, 5), (1, 1, 5, -5)")
    conn.close()
    with open_history(path) as history:
        assert history.schema_version == HISTORY_VERSION == len(MIGRATIONS)
        stored = history.load_hand(1)
        assert stored is not None and stored.result.points == (5, -5)
        assert stored.result.deal == [] and stored.result.ended_how == ""


@pytest.mark.parametrize("content", [b"garbage" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_damaged_file_is_set_aside_and_a_new_one_started(
    paths: AppPaths, content: bytes
) -> None:
    paths.history_db.parent.mkdir(parents=True)
    paths.history_db.write_bytes(content)
    result = History.open(paths.history_db)
    assert result.source == "new"
    (notice,) = result.notices
    assert notice.text.startswith("Your score history was damaged; it was set aside as "
                                  "history.sqlite3.damaged-")
    assert notice.text.endswith("and a new one was started.")
    with result.value as history:
        assert history.persistent
        history.start_session(SEATS, rules_preset="standard", rules={})
    (aside,) = paths.data_dir.glob("history.sqlite3.damaged-*")
    assert aside.read_bytes() == content


def test_truncated_real_database_is_set_aside(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        for n in range(200):
            history.record_hand(sid, hand(n, moves=[[1, list(range(13))]] * 30))
        history.query("PRAGMA wal_checkpoint(TRUNCATE)")
    data = paths.history_db.read_bytes()
    assert len(data) > 20_000
    paths.history_db.write_bytes(data[: len(data) // 3])
    result = History.open(paths.history_db)
    assert result.source == "new" and "damaged" in result.notices[0].text
    result.value.close()


def test_newer_schema_is_left_alone(paths: AppPaths) -> None:
    paths.history_db.parent.mkdir(parents=True)
    with sqlite3.connect(paths.history_db) as conn:
        conn.execute(f"PRAGMA user_version = {HISTORY_VERSION + 3}")
    before = paths.history_db.read_bytes()
    result = History.open(paths.history_db)
    assert result.source == "memory" and not result.value.persistent
    assert "newer version of Big2" in result.notices[0].text
    with result.value as history:  # still usable for this run
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        history.record_hand(sid, hand(1))
    assert paths.history_db.read_bytes() == before


def test_unopenable_path_falls_back_to_memory(paths: AppPaths) -> None:
    paths.history_db.mkdir(parents=True)  # a folder where the file should be
    result = History.open(paths.history_db)
    assert result.source == "memory"
    assert result.notices[0].severity is Severity.ERROR
    assert "could not be opened" in result.notices[0].text
    result.value.close()


def test_damaged_stored_record_is_a_storage_error(paths: AppPaths) -> None:
    with open_history(paths.history_db) as history:
        sid = history.start_session(SEATS, rules_preset="standard", rules={})
        hid = history.record_hand(sid, hand(1))
        with history.transaction() as conn:
            conn.execute("UPDATE hands SET moves_json = ? WHERE id = ?", ("[" * 100, hid))
        with pytest.raises(StorageError, match=f"hand {hid} is damaged"):
            history.load_hand(hid)


def test_a_version_2_database_gains_assisted_and_deal_numbers(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=2) == 0
    conn.execute("INSERT INTO players VALUES (1, 'Mei', 1, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO players VALUES (2, 'Bot', 0, '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO sessions VALUES (1, '2025-01-01T00:00:00+00:00', NULL, "
                 "'standard', '{}', 2)")
    conn.execute("INSERT INTO session_seats VALUES (1, 0, 1, 'human'), (1, 1, 2, 'easy')")
    conn.execute("INSERT INTO hands (id, session_id, hand_number, deal_seed, rules_preset, "
                 "rules_json, winner_seat, started_at, duration_s, moves_json) VALUES "
                 "(1, 1, 1, '77', 'standard', '{}', 0, '2025-01-01T00:01:00+00:00', 30.0, '[]')")
    conn.execute("INSERT INTO hand_seats VALUES (1, 0, 0, 5), (1, 1, 5, -5)")
    conn.close()
    with open_history(path) as history:
        assert history.schema_version == HISTORY_VERSION
        old = history.load_hand(1)
        # an old seed followed another shuffle: it is kept, but is no deal number
        assert old is not None and old.result.deal_seed == "77"
        assert old.result.deal_number is None and old.result.assisted is False
        hid = history.record_hand(1, HandResult(
            hand_number=2, rules_preset="standard", rules={}, winner_seat=1,
            cards_left=[3, 0], points=[-3, 3], deal_number=4_000_000_000, assisted=True))
        new = history.load_hand(hid)
        assert new is not None
        assert new.result.deal_number == 4_000_000_000 and new.result.assisted is True
