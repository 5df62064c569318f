"""``python -m tools.learn.modelmatch`` asks each playout model about the seat's true
view: at a table of one model, that model predicts every move (issue 31)."""

from __future__ import annotations

import pytest

from tools.learn.modelmatch import main, match


def test_each_model_predicts_every_move_of_its_own_table() -> None:
    normals = match("normal", 2, seed=3)["all"]
    assert normals["decisions"] > 20
    assert normals["normal"] == normals["decisions"] and normals["neither"] == 0
    assert normals["net"] < normals["decisions"]  # the network plays otherwise
    skilled = match("skilled", 2, seed=3)
    assert skilled["all"]["net"] == skilled["all"]["decisions"] > 20
    assert skilled["lead"]["decisions"] + skilled["follow"]["decisions"] == skilled["all"]["decisions"]


def test_the_command_prints_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--level", "normal", "--hands", "1", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Normal's rules match 100.0%" in out and "the network" in out
