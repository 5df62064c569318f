"""``big2 review``: the last recorded hand, and a deal played headless, from the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from big2.persistence import AppPaths, History
from big2.persistence.reviews import load_review
from tests.reviewdata import record


def run(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if home is not None:
        env["BIG2_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "big2", "review", *args], capture_output=True, text=True,
                          check=False, env=env)


def test_review_the_last_hand_and_keep_it_with_the_hand(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"BIG2_HOME": str(tmp_path)})
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    with History.open(paths.history_db).value as history:
        record(history, 42)
        hand_id = record(history, 43)
    out = run("--last", "--iterations", "12", "--json", home=tmp_path)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["hand_id"] == hand_id and report["deal_number"] == 43 and report["seat"] == 1
    s = report["summary"]
    assert s["decisions"] == len(report["decisions"]) > 0 and s["settings"] == "12w"
    assert s["costly"] == sum(d["costly"] for d in report["decisions"])
    assert all(d["why"] for d in report["decisions"])
    with History.open(paths.history_db).value as history:
        assert load_review(history, hand_id, 0, "12w")["seat"] == 0  # kept with the hand
    text = run("--last", "--iterations", "12", "--seat", "3", home=tmp_path)
    assert text.returncode == 0, text.stderr
    assert "reviewed for North (seat 3) at 12w a decision" in text.stdout
    assert "decisions:" in text.stdout.splitlines()[-1]


def test_review_the_last_hand_of_an_empty_folder(tmp_path: Path) -> None:
    out = run("--last", home=tmp_path)
    assert out.returncode == 1 and "No hand is recorded" in out.stderr
    assert not list(tmp_path.rglob("*.sqlite3"))  # nothing made


def test_review_a_deal_played_headless() -> None:
    out = run("--deal", "1 234", "--levels", "beginner,normal,expert,normal", "--iterations", "12", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["deal_number"] == 1234 and [s["level"] for s in report["seats"]] == [
        "beginner", "normal", "expert", "normal"]
    for s in report["seats"]:
        assert s["summary"]["decisions"] == len(s["decisions"])
        assert s["summary"]["mean_loss"] >= 0
    assert out.stdout == run("--deal", "1234", "--levels", "beginner,normal,expert,normal",
                             "--iterations", "12", "--json").stdout  # repeatable


def test_review_says_what_is_wrong() -> None:
    for args, words in ((["--deal", "5"], "--deal needs --levels"),
                        (["--deal", "5", "--levels", "normal,wizard"], "unknown level 'wizard'"),
                        (["--deal", "5", "--levels", "normal"], "2 to 4"),
                        (["--last", "--levels", "normal,normal"], "--levels goes with --deal"),
                        (["--last", "--seat", "9"], "from 1 to 4"), ([], "one of the arguments")):
        out = run(*args)
        assert out.returncode == 2 and words in out.stderr, (args, out.stderr)
