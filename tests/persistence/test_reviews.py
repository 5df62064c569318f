"""Reviews kept with their hands: schema 5, saved and read back, gone with the hand."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from big2.persistence.history import HISTORY_VERSION, History, migrate
from big2.persistence.reviews import last_hand, load_review, save_review, session_hands
from tests.reviewdata import record


def test_a_version_4_history_gains_the_review_table_and_keeps_its_hands(tmp_path: Path) -> None:
    path = tmp_path / "v4.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=4) == 0
    conn.close()
    opened = History.open(path)
    with opened.value as history:
        hand_id = record(history)  # a hand recorded at version 4's columns …
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 4")
    conn.execute("DROP TABLE hand_reviews")
    conn.execute("ALTER TABLE sessions DROP COLUMN online")  # version 6's column
    conn.commit()
    conn.close()
    with History.open(path).value as history:  # … opened again: upgraded to 5 (and on)
        assert history.schema_version == HISTORY_VERSION
        assert history.load_hand(hand_id) is not None
        save_review(history, hand_id, 0, "1s", {"version": 1, "verdicts": []})
        assert load_review(history, hand_id, 0, "1s") == {"version": 1, "verdicts": []}


def test_reviews_are_kept_per_seat_and_setting_and_go_with_the_hand(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3").value as history:
        hand_id = record(history)
        assert last_hand(history) == hand_id and session_hands(history, hand_id) == [hand_id]
        assert load_review(history, hand_id, 0) is None
        save_review(history, hand_id, 0, "1s", {"a": 1})
        save_review(history, hand_id, 0, "20w", {"a": 2})
        save_review(history, hand_id, 0, "1s", {"a": 3})  # replaces the first
        assert load_review(history, hand_id, 0, "1s") == {"a": 3}
        assert load_review(history, hand_id, 0, "20w") == {"a": 2}
        assert load_review(history, hand_id, 1) is None
        history.reset()
        assert history.query("SELECT COUNT(*) FROM hand_reviews") == [(0,)]
        assert last_hand(history) is None


def test_a_damaged_review_is_no_review(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3").value as history:
        hand_id = record(history)
        with history.transaction() as conn:
            conn.execute("INSERT INTO hand_reviews VALUES (?, 0, '1s', '{not json', 'x')", (hand_id,))
        assert load_review(history, hand_id, 0, "1s") is None
