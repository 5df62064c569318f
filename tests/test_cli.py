"""The command line: ``python -m big2 simulate`` is a shareable, repeatable hand."""

from __future__ import annotations

import subprocess
import sys

from big2.simulate import simulate


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "big2", *args], capture_output=True, text=True, check=False)


def test_simulate_prints_a_whole_hand_repeatably() -> None:
    first = run("simulate", "--seed", "42")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0] == "Deal 42: 4 players, standard rules"
    assert "3♦" in lines[5] and "is out and wins the hand." in first.stdout
    assert lines[-1].startswith("Scores: ")
    assert run("simulate", "--seed", "42").stdout == first.stdout
    assert run("simulate", "--seed", "43").stdout != first.stdout


def test_simulate_in_process_matches_the_engine() -> None:
    lines = "\n".join(simulate(7)).splitlines()
    assert sum(1 for line in lines if line.endswith(": pass")) > 0
    scores = lines[-1].removeprefix("Scores: ").split(", ")
    assert len(scores) == 4 and sum(1 for s in scores if s.endswith("+0")) == 1


def test_bad_arguments_get_a_message() -> None:
    out = run("simulate", "--seed", "many")
    assert out.returncode != 0 and "A deal number has only digits; 'm' is not one." in out.stderr


def test_simulate_takes_a_grouped_deal_number() -> None:
    assert run("simulate", "--deal", "1 234 567").stdout == run("simulate", "--seed", "1234567").stdout
