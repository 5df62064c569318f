"""``big2 daily``: a date's deal number, and the results played in this data folder."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, datetime, timezone

from big2.engine.course import HandCourse
from big2.persistence.daily import DailyRecord, DailyStore
from big2.persistence.paths import AppPaths


def run(home, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"BIG2_HOME": str(home), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "big2", "daily", *args], capture_output=True, text=True,
                          check=False, env=env)


def test_daily_prints_the_deal_number_and_the_table(tmp_path):
    out = run(tmp_path, "--date", "2026-12-06")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].startswith("Daily deal of Sunday 2026-12-06: deal 96 944 034")
    assert "Mei Lin (skilled), Marco (skilled), Ah Keung (normal)" in out.stdout
    assert "Not played in this data folder." in out.stdout
    data = json.loads(run(tmp_path, "--date", "2026-12-25", "--json").stdout)
    assert data["deal_number"] == 3_540_438_201 and data["played"] is False and data["expert"] is None
    bad = run(tmp_path, "--date", "yesterday")
    assert bad.returncode == 2 and "a date is YYYY-MM-DD" in bad.stderr


def test_daily_prints_your_result_and_the_experts(tmp_path):
    day = date(2026, 12, 6)
    you = HandCourse(0, 1, (-6, 0, -3, -2), (6, 0, 3, 2), (1, 0, 1), ())
    expert = HandCourse(0, 0, (0, -4, -1, -7), (0, 4, 1, 7), (0, 0), ())
    DailyStore(AppPaths.under(tmp_path)).record(DailyRecord(
        day, 96_944_034, datetime(2026, 12, 6, 9, tzinfo=timezone.utc), False,
        ("Ann", "Mei Lin", "Marco", "Ah Keung"), you, expert))
    data = json.loads(run(tmp_path, "--date", "2026-12-06", "--json").stdout)
    assert data["played"] is True and data["late"] is False and data["by_computer"] is False
    assert data["you"] == {"points": -6, "went_out_first": "Mei Lin", "went_out": False, "tricks_won": 1,
                           "tricks": "○●○"}
    assert data["expert"]["points"] == 0 and data["expert"]["went_out"] is True
    text = run(tmp_path, "--date", "2026-12-06").stdout
    assert "You: -6 points, Mei Lin went out first; tricks taken: 1  ○●○" in text
    assert "The Expert in your seat: +0 points, went out first" in text
    assert "streak" not in text


def test_daily_says_when_the_computer_played_for_you(tmp_path):
    day = date(2026, 12, 6)
    you = HandCourse(0, 1, (-6, 0, -3, -2), (6, 0, 3, 2), (1, 0, 1), ())
    DailyStore(AppPaths.under(tmp_path)).record(DailyRecord(
        day, 96_944_034, datetime(2026, 12, 6, 9, tzinfo=timezone.utc), False,
        ("Ann", "Mei Lin", "Marco", "Ah Keung"), you, by_computer=True))
    assert json.loads(run(tmp_path, "--date", "2026-12-06", "--json").stdout)["by_computer"] is True
    text = run(tmp_path, "--date", "2026-12-06").stdout
    assert "You (the computer played for you): -6 points" in text and "This day counts for no streak." in text


def test_deal_takes_the_share_text_pasted_whole():
    from big2.cliargs import deal_number

    assert deal_number("#96 944 034 · Big Two daily 2026-12-06\nYou −6 · Expert +0\n●○○") == 96_944_034
