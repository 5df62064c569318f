"""The arena command line plays seeded games and reports every level."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from big2.ai.arena import main, run_arena


def test_arena_json_smoke(capsys: object) -> None:
    assert main(["--seats", "normal,beginner,beginner,beginner", "--games", "8",
                 "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert set(out["levels"]) == {"normal", "beginner"}
    assert out["levels"]["normal"]["hands"] == 8
    assert out["levels"]["beginner"]["hands"] == 24


def test_arena_is_reproducible_and_rotates_seats() -> None:
    a = run_arena(["normal", "beginner", "beginner"], 6, seed=5)
    b = run_arena(["normal", "beginner", "beginner"], 6, seed=5)
    assert a["normal"].points == b["normal"].points
    assert a["normal"].hands == 6 and a["beginner"].hands == 12
    assert sum(s.wins for s in a.values()) == 6


def test_module_entry_point_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "big2.ai.arena", "--seats", "expert,beginner", "--games", "2",
         "--iterations", "2", "--players", "2"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "expert" in out.stdout and "win rate" in out.stdout


def test_the_old_expert_is_seated_by_the_tools_arena_only(capsys: pytest.CaptureFixture[str]) -> None:
    """expert-v1 (tools/baseline_v1) is not shipped: big2's arena refuses it with a pointer,
    ``python -m tools.arena`` seats it."""
    with pytest.raises(SystemExit):
        main(["--seats", "expert-v1,beginner", "--games", "2"])
    assert "python -m tools.arena" in capsys.readouterr().err
    out = subprocess.run(
        [sys.executable, "-m", "tools.arena", "--seats", "expert-v1,beginner", "--games", "2",
         "--iterations", "expert-v1=2", "--json"],
        capture_output=True, text=True, check=False, timeout=120, cwd=Path(__file__).parents[2],
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["levels"]["expert-v1"]["hands"] == 2
    assert report["options"]["expert-v1"] == {"iterations": 2}


def test_arena_plays_a_named_preset_and_refuses_unknown_ones(capsys: object) -> None:
    import pytest

    assert main(["--seats", "normal,beginner", "--games", "2", "--rules", "standard"]) == 0
    with pytest.raises(SystemExit):
        main(["--seats", "normal,beginner", "--games", "2", "--rules", "no-such-rules"])


def test_paired_screening_tool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tools/paired.py plays the arena's deals per hand and compares runs pairwise."""
    import runpy

    tool = runpy.run_path(str(Path(__file__).parents[2] / "tools" / "paired.py"))
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    tool["main"](["play", str(a), "--deals", "1", "--iterations", "4"])
    tool["main"](["play", str(b), "--deals", "1", "--iterations", "4", "--set", "tree=0"])
    rows = json.loads(a.read_text())["points"]
    assert len(rows) == 1 and len(rows[0]) == 4 and all(p <= 0 for p in rows[0])
    assert json.loads(b.read_text())["options"] == {"iterations": 4, "tree": 0}
    # Against Experts too: the rows are still the screened seat's alone.
    c = tmp_path / "c.json"
    tool["main"](["play", str(c), "--deals", "1", "--iterations", "4", "--opponent", "expert",
                  "--opponent-iterations", "4", "--opponent-set", "fit_margin=0"])
    assert len(json.loads(c.read_text())["points"][0]) == 4
    assert json.loads(c.read_text())["opponent_options"] == {"iterations": 4, "fit_margin": 0}
    tool["main"](["compare", str(a), str(a)])
    out = capsys.readouterr().out
    assert "hands    4" in out and "wins +0.0 ± 0.0, points +0.00 ± 0.00" in out


def test_paired_difference_takes_the_hands_both_runs_played() -> None:
    from big2.ai.arena import paired_difference

    base = [[0, -3, -5, -1], [-2, 0, -4, -6]]
    run = [[0, -1, -5, -1], [-2, -2, -4, -6], [0, 0, 0, 0]]  # a third deal: not in base
    mean, se, n = paired_difference(run, base, float)
    assert n == 8
    assert mean == 0.0  # +2 on one hand, -2 on another
    assert se > 0
    wins, _, _ = paired_difference(run, base, lambda p: p == 0)
    assert wins == -1 / 8
    assert paired_difference([], base, float) == (0.0, 0.0, 0)


class _Counted:
    """A Normal player that notes each new instance (how many players the arena made)."""

    made: ClassVar[list[_Counted]] = []

    def __init__(self, **options: object) -> None:
        from big2.ai.normal import Normal

        self.inner = Normal()
        _Counted.made.append(self)

    def choose(self, view: object, rng: object) -> object:
        return self.inner.choose(view, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize(("flags", "players"), [
    ([], 1),                                # 4 deals: one chunk of 4
    (["--chunk", "2"], 2),
    (["--partial", "PARTIAL"], 4),          # a table after every deal: a chunk is one deal
    (["--partial", "PARTIAL", "--chunk", "4"], 1),
])
def test_a_chunk_of_deals_is_played_by_the_same_players(
        flags: list[str], players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--chunk`` deals keep their players (and what they learned of the table); with
    ``--partial`` a chunk is one deal unless ``--chunk`` says otherwise."""
    _Counted.made = []
    args = [str(tmp_path / "p.txt") if f == "PARTIAL" else f for f in flags]
    assert main(["--seats", "counted,beginner", "--games", "8", "--seed", "3", *args],
                extra={"counted": _Counted}) == 0
    assert len(_Counted.made) == players
    assert "counted" in capsys.readouterr().out
    if "--partial" in flags:
        assert (tmp_path / "p.txt").read_text(encoding="utf-8").startswith("8/8 hands")


def test_a_chunk_must_hold_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--seats", "normal,beginner", "--games", "2", "--chunk", "0"])
    assert "--chunk" in capsys.readouterr().err
