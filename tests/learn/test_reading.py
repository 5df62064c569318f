"""The reading tool reports the Expert's reading of a table before each searched decision."""

from __future__ import annotations

import pytest

from tools.learn.reading import main, readings


def test_a_table_of_normals_reads_as_one_in_its_first_hand() -> None:
    found = readings("normal", 1, seed=5, iterations=8)
    assert len(found) == 1 and len(found[0]) >= 3
    assert all(r == 0.0 for r in found[0])


def test_the_command_prints_each_hand_and_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--table", "normal", "--hands", "2", "--iterations", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hand   0: ") and out[1].startswith("hand   1: ")
    searched = len(out[0].split()) + len(out[1].split()) - 4  # "hand", "N:" on each
    assert out[2].startswith(f"normal: {searched} searched decisions; read ≥ 0.01: 0%")
    assert "≥ 0.15: 0%" in out[2]
