"""Statistics over a known history: every figure checked by hand."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from big2.persistence.history import HandResult, History, Seat
from big2.persistence.paths import AppPaths
from big2.persistence.stats import (
    CSV_COLUMNS, HOT_SEAT, MIXED, Streak, cards_left_when_losing, export_csv,
    export_csv_text, human_players, player_report, player_stats, recent_sessions, running_score,
    stats_by_opponent_level, stats_by_preset,
)

T0 = datetime(2026, 10, 1, 18, 0, tzinfo=timezone.utc)
EVIL = "=cmd|' /C calc'!A0"

# (preset, seats, [(winner seat, cards left per seat, points per seat), ...])
SESSIONS = [
    ("standard", [Seat("Mei", True), Seat("Bot A", False, "hard"), Seat("Bot B", False, "hard")], [
        (0, [0, 3, 5], [8, -3, -5]),
        (0, [0, 2, 6], [8, -2, -6]),
        (1, [4, 0, 1], [-4, 5, -1]),
        (2, [4, 2, 0], [-4, -2, 6]),
        (1, [4, 0, 9], [-4, 13, -9]),
        (0, [0, 1, 7], [8, -1, -7]),
    ]),
    ("taiwan", [Seat("Mei", True), Seat("Bot C", False, "easy"), Seat("Bot A", False, "hard")], [
        (1, [2, 0, 3], [-2, 5, -3]),
        (0, [0, 10, 0], [10, -10, 0]),
        (0, [0, 6, 0], [6, -6, 0]),
    ]),
    ("standard", [Seat("Mei", True), Seat("Ann", True), Seat(EVIL, True)], [
        (1, [3, 0, 2], [-3, 5, -2]),
    ]),
]


@pytest.fixture
def history(paths: AppPaths) -> History:
    history = History.open(paths.history_db).value
    clock = T0
    for preset, seats, hands in SESSIONS:
        sid = history.start_session(seats, rules_preset=preset, rules={}, started_at=clock)
        for n, (winner, left, points) in enumerate(hands, start=1):
            clock += timedelta(minutes=5)
            history.record_hand(sid, HandResult(
                hand_number=n, rules_preset=preset, rules={}, winner_seat=winner,
                cards_left=left, points=points, started_at=clock, duration_s=300.0))
        history.end_session(sid, ended_at=clock + timedelta(minutes=5))
        clock += timedelta(hours=1)
    return history


def test_overall_summary(history: History) -> None:
    mei = player_stats(history, "Mei")
    assert (mei.sessions, mei.hands, mei.wins) == (3, 10, 5)
    assert mei.win_rate == 0.5
    assert mei.average_points == pytest.approx(2.3)
    assert (mei.best_hand, mei.worst_hand) == (10, -4)
    assert mei.current_streak == Streak(won=False, length=1)
    assert (mei.longest_winning_streak, mei.longest_losing_streak) == (2, 3)


def test_split_by_preset(history: History) -> None:
    split = stats_by_preset(history, "Mei")
    assert list(split) == ["standard", "taiwan"]
    assert (split["standard"].hands, split["standard"].wins) == (7, 3)
    assert split["taiwan"].current_streak == Streak(True, 2)
    assert player_stats(history, "Mei", rules_preset="taiwan") == split["taiwan"]


def test_split_by_opponent_level(history: History) -> None:
    split = stats_by_opponent_level(history, "Mei")
    assert {k: v.hands for k, v in split.items()} == {"hard": 6, MIXED: 3, HOT_SEAT: 1}
    assert split["hard"].longest_losing_streak == 3
    assert player_stats(history, "Mei", opponent_level=MIXED).wins == 2


def test_running_score_and_cards_left(history: History) -> None:
    chart = running_score(history, "Mei", last=4)
    assert [(p.points, p.total) for p in chart] == [(-2, -2), (10, 8), (6, 14), (-3, 11)]
    assert chart[0].played_at < chart[-1].played_at
    assert len(running_score(history, "Mei")) == 10
    assert running_score(history, "Mei", last=0) == []
    assert cards_left_when_losing(history, "Mei") == [4, 4, 4, 2, 3]
    assert cards_left_when_losing(history, "Mei", last=2) == [2, 3]


def test_player_report_matches_the_single_queries(history: History) -> None:
    report = player_report(history, "Mei", last=4)
    assert report.overall == player_stats(history, "Mei")
    assert report.by_preset == stats_by_preset(history, "Mei")
    assert report.by_opponent_level == stats_by_opponent_level(history, "Mei")
    assert report.running_score == running_score(history, "Mei", last=4)
    assert report.cards_left_when_losing == cards_left_when_losing(history, "Mei", last=4)


def test_unknown_player_has_empty_stats(history: History) -> None:
    nobody = player_stats(history, "Nobody")
    assert (nobody.hands, nobody.win_rate, nobody.best_hand) == (0, 0.0, None)
    assert nobody.current_streak.length == 0
    assert player_stats(history, "Bot A").hands == 0  # computers have no statistics


def test_players_and_recent_sessions(history: History) -> None:
    # most hands first, then by name ("=" sorts before "A")
    assert human_players(history) == ["Mei", EVIL, "Ann"]
    recent = recent_sessions(history)
    assert [s.rules_preset for s in recent] == ["standard", "taiwan", "standard"]
    newest = recent[0]
    assert newest.players == ("Mei", "Ann", EVIL)
    assert newest.levels == ("human", "human", "human")
    assert newest.hands == 1 and newest.totals == (-3, 5, -2)
    assert recent[2].totals == (12, 10, -22)
    assert newest.ended_at is not None and newest.ended_at > newest.started_at
    assert [s.session_id for s in recent_sessions(history, player="Ann")] == [newest.session_id]
    assert len(recent_sessions(history, limit=2)) == 2


def test_csv_export(history: History, tmp_path: Path) -> None:
    text = export_csv_text(history)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 30
    assert sum(int(r["won"]) for r in rows) == 10
    assert {r["player"] for r in rows if r["player"].startswith("'")} == {"'" + EVIL}
    assert not any(r["player"].startswith("=") for r in rows)
    destination = tmp_path / "exports" / "big2.csv"
    assert export_csv(history, destination) == 30
    assert destination.read_text(encoding="utf-8") == text


def test_reset_empties_the_statistics(history: History) -> None:
    history.reset()
    assert human_players(history) == []
    assert recent_sessions(history) == []
    assert player_stats(history, "Mei").hands == 0
    assert export_csv_text(history).strip() == ",".join(CSV_COLUMNS)


def test_hands_played_with_undo_can_be_left_out(history: History) -> None:
    sid = history.start_session(SESSIONS[0][1], rules_preset="standard", rules={},
                                started_at=T0 + timedelta(days=1))
    history.record_hand(sid, HandResult(
        hand_number=1, rules_preset="standard", rules={}, winner_seat=0,
        cards_left=[0, 4, 4], points=[8, -4, -4], started_at=T0 + timedelta(days=1),
        assisted=True))
    honest = player_report(history, "Mei", assisted=False).overall
    everything = player_report(history, "Mei").overall
    assert everything.hands == honest.hands + 1 and everything.wins == honest.wins + 1
    assert player_stats(history, "Mei").hands == everything.hands
    rows = list(csv.DictReader(io.StringIO(export_csv_text(history))))
    assert sum(int(r["assisted"]) for r in rows) == 3  # one row per seat
