"""The soak's short slice (issue 10): random games over random rules with invariants after
every move, mutated files through the real start-up, random UI events through the
screens. The full run is ``python -m big2.soak --seconds N``."""

from __future__ import annotations

import io

from big2.soak import damage, games, report as reporting, runner


def test_a_short_soak_finds_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    # a budget no run comes near: the counts end each part, however loaded the machine
    report = runner.run(100_000, seed=1, hands=60, files=12, events=250, resize_steps=0, out=out,
                      memory_every=125)
    text = out.getvalue()
    assert report.hands == 60 and report.files == 12 and report.events == 250, text
    # resident memory after every 125 events, printed (how the UI's growth is measured)
    assert [n for n, _ in report.memory_by_events] == [125, 250], text
    assert all(mb > 0 for _, mb in report.memory_by_events) and "memory by UI events: 125: " in text
    assert not report.failures, text
    assert "failures: 0" in text


def test_the_soak_reports_a_broken_invariant(monkeypatch):
    """The checks can fail: a game whose cards vanish is caught and printed."""
    from big2.engine import Game

    real = Game.apply

    def lossy(self, move):
        real(self, move)
        if self.history and len(self.history) == 3:
            self._played[0] = 0  # cards played by seat 0 disappear

    monkeypatch.setattr(Game, "apply", lossy)
    report = reporting.Report()
    import random
    import time

    games.play_hands(report, random.Random(3), time.monotonic() + 30, 5)
    assert any("cards not conserved" in k or "in two places" in k for k in report.failures)


def test_a_short_damage_soak_finds_no_silent_acceptance_crash_loop_or_lost_game(tmp_path, monkeypatch):
    """Issue 28: one trial of each kind of damage, each file once (autosave, its previous
    copy, a slot, the settings), through start-up, Continue and Saved games."""
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    report = runner.run(100_000, seed=2, hands=0, files=0, events=0, resize_steps=0, damage=4, out=out)
    text = out.getvalue()
    d = report.damage
    assert d.trials == 4 and len(d.by_kind) == 4, text
    assert {k.split(" in the ")[1].split(" (")[0] for k in d.by_kind} == set(reporting.DAMAGE_TARGETS), d.by_kind
    assert d.silent_acceptances == d.crash_loops == d.crash_screens == d.lost_games == 0, text
    assert d.refused + d.equal + d.unread + d.rewritten == 4, text
    for line in ("silent acceptances of damaged content: 0", "crash loops: 0", "crash screens: 0",
                 "lost games: 0"):
        assert line in text, text


def test_the_damage_soak_catches_a_damaged_save_loaded_in_silence(tmp_path, monkeypatch):
    """The count can fail: with the checksum check turned off, bit flips in the random
    state load as another game, and the soak says so."""
    import random
    from pathlib import Path

    from big2.persistence import envelope

    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(envelope, "verify", lambda *a, **k: None)
    counts, report = reporting.DamageCounts(), reporting.Report()
    originals = damage._damage_originals(Path(tmp_path) / "real")
    rng = random.Random(3)
    for n in range(6):
        damage.damage_trial(counts, report, originals, Path(tmp_path) / f"d{n}", "bit-flip", "autosave", rng)
    assert counts.silent_acceptances >= 1
    assert any("accepted in silence" in k for k in report.failures)


def test_damage_kinds_change_the_content() -> None:
    import json
    import random

    from big2.persistence.checksum import seal

    doc = seal({"a": [1, 2, {"b": "text", "c": None}], "d": True})
    data = json.dumps(doc).encode()
    rng = random.Random(1)
    for kind in reporting.DAMAGE_KINDS:
        for _ in range(5):
            damaged = damage.damage(data, kind, rng)
            assert damaged != data and not damage._equal_in_meaning(data, damaged) or kind == "bit-flip"
    surrogate = damage.damage(data, "lone-surrogate", rng)
    assert b"\\ud800" in surrogate
