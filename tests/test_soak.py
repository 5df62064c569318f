"""The soak's short slice (issue 10): random games over random rules with invariants after
every move, mutated files through the real start-up, random UI events through the
screens. The full run is ``python -m big2.soak --seconds N``."""

from __future__ import annotations

import io

from big2 import soak


def test_a_short_soak_finds_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    # a budget no run comes near: the counts end each part, however loaded the machine
    report = soak.run(100_000, seed=1, hands=60, files=12, events=250, resize_steps=0, out=out,
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
    report = soak.Report()
    import random
    import time

    soak.play_hands(report, random.Random(3), time.monotonic() + 30, 5)
    assert any("cards not conserved" in k or "in two places" in k for k in report.failures)
