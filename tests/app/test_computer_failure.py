"""Issue 10: an exception in the computer's worker (a thread or a process) never stops
the game. The turn is played by a simpler level, a crash report is written once, the
player is told in one sentence, and the table stays; only a game where not even the
lowest legal play can be made goes to the crash guard."""

from __future__ import annotations

import pytest

from big2.app.table import opponents
from big2.app import storage
from big2.app.crashguard import CrashScene
from big2.room import commands
from big2.room import room as room_module
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.persistence.paths import AppPaths


def _open(make_app, *, processes: bool):
    app = make_app()
    app.guard_crashes = True
    app.ai_in_process = processes
    st = storage.Storage.open()
    storage.attach(app, st)
    return app, st


def _moves_by(table, seat: int) -> int:
    return sum(1 for s, _m in table.link.room.match.game.history if s == seat) if table.link.room.match.game else 0


def _reports() -> list:
    folder = AppPaths.from_environment().log_dir
    return sorted(folder.glob("crash-*.txt")) if folder.exists() else []


class Exploding:
    """An opponent whose search fails, as a bug in the AI would."""

    calls = 0

    def choose(self, view, rng):
        Exploding.calls += 1
        raise ZeroDivisionError("the search divided by zero")


def test_a_failing_search_in_the_worker_thread_is_played_by_normal_and_reported_once(make_app, monkeypatch):
    app, st = _open(make_app, processes=False)
    Exploding.calls = 0
    monkeypatch.setitem(opponents._opponents, "expert", Exploding())  # the worker's opponent
    seats = (SeatConfig("You", False, "beginner"), SeatConfig("East", False, "expert"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=4))
    app.push(table)
    assert app.run_until(lambda: Exploding.calls >= 3 and _moves_by(table, 1) >= 3, timeout=60)
    assert app.top is table and not any(isinstance(s, CrashScene) for s in app.stack)
    reports = _reports()
    assert len(reports) == 1, reports  # one report per table, not one per move
    body = reports[0].read_text()
    assert "ZeroDivisionError: the search divided by zero" in body
    assert "what happened: the computer player East (seat 1, expert) failed in its worker; " \
           "the normal level's move was made instead" in body
    assert "in choose" in body and "match seed: 4" in body
    pump_text = app.notice_host.visible_text()
    assert "East's computer player hit a problem" in pump_text and "report is in the log folder" in pump_text
    st.close()


@pytest.mark.parametrize("processes", [True, False], ids=["process", "thread"])
def test_a_level_the_worker_cannot_make_fails_there_and_the_game_goes_on(make_app, processes):
    """A real failure inside the worker process (no patching crosses into it): a seat
    whose level the AI does not know."""
    app, st = _open(make_app, processes=processes)
    seats = (SeatConfig("You", False, "beginner"), SeatConfig("East", False, "no-such-level"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=5))
    app.push(table)
    assert table.link.room.brain.processes is processes
    assert app.run_until(lambda: _moves_by(table, 1) >= 2, timeout=90)
    assert app.top is table
    body = _reports()[0].read_text()
    assert "no-such-level" in body and "the normal level's move was made instead" in body
    st.close()


def test_when_no_move_can_be_made_at_all_the_crash_guard_takes_over(make_app, monkeypatch):
    app, st = _open(make_app, processes=False)
    Exploding.calls = 0
    monkeypatch.setitem(opponents._opponents, "expert", Exploding())

    def broken(game):
        raise RuntimeError("no legal play could be found")

    monkeypatch.setattr(room_module, "lowest_move", broken)
    monkeypatch.setattr(room_module, "FALLBACK_LEVELS", ())
    seats = (SeatConfig("You", True), SeatConfig("East", False, "expert"),
             SeatConfig("North", False, "beginner"), SeatConfig("West", False, "beginner"))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=4))
    app.push(table)
    assert table.link.send(commands.HandToComputer()) is None
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=60)
    assert app.running and table not in app.stack
    assert "no legal play could be found" in app.top.result.report.read_text()
    st.close()
