"""Issue 10, the last line of defence: an exception escaping a scene or the table's event
playback never kills the program. The report is written, the autosave that may hold the
broken state is set aside (its previous copy offered), and the player is back at the
title with a calm dialog."""

from __future__ import annotations

import os
from pathlib import Path

from helpers import click_button, pump

from big2.app import storage
from big2.app.crashguard import CrashScene
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence.paths import AppPaths

SEATS = (SeatConfig("You", True), SeatConfig("East", False, "beginner"), SeatConfig("North", False), SeatConfig("West", False, "beginner"))


class Boom(RuntimeError):
    pass


def _open(make_app):
    app = make_app()
    app.guard_crashes = True
    st = storage.Storage.open()
    storage.attach(app, st)
    return app, st


def _break_playback(table) -> None:
    """The next event the table plays back raises (as a bug in an animation would)."""
    def run(now, _real=table.playback.run):
        raise Boom("an animation fell over")

    table.playback.run = run


def test_a_crash_in_the_table_playback_is_survived_reported_and_the_save_set_aside(make_app):
    home = AppPaths.from_environment()
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=8))
    app.push(table)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 6, timeout=30)
    assert st.flush()
    assert app.run_until(lambda: len(table.link.room.match.game.history) >= 9, timeout=30)
    assert st.flush()
    _break_playback(table)
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=10)
    assert app.running and app.exit_code == 0
    crash = app.top
    assert isinstance(app.stack[0], TitleScene) and table not in app.stack
    # the report: traceback, version, rules, the deal's seed
    report = crash.result.report
    assert report is not None and report.parent == home.log_dir
    body = report.read_text()
    assert "Boom: an animation fell over" in body and "Traceback" in body
    assert "big2: " in body and "rules: standard" in body and "deal seed of this hand: " in body
    if os.name == "posix":
        assert os.stat(report).st_mode & 0o077 == 0
    # the autosave set aside with its reason, the previous copy standing in
    aside = crash.result.set_aside
    assert aside is not None and aside.exists() and ".crashed-" in aside.name
    assert str(aside) in body
    assert crash.result.previous_offered and st.saves.has_autosave()
    # what the player reads
    text = " ".join(crash.lines)
    assert "came back to the title" in text and str(report) in text
    click_button(app, crash.b_ok)
    assert isinstance(app.top, TitleScene)
    pump(app, 3)
    title = app.top
    title.build()
    assert title.b_continue is not None  # the game a move earlier
    click_button(app, title.b_continue)
    assert (isinstance(app.top, TableScene) and hasattr(app.top, "resumed_moves"))
    st.close()


def test_a_save_that_crashes_the_table_on_resume_cannot_crash_it_again(make_app, monkeypatch):
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=8))
    app.push(table)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 4, timeout=30)
    assert st.flush()
    app.running = False
    st.close()
    app.close()
    bak = st.saves.autosave_path.with_name("autosave.json.bak")
    if bak.exists():
        bak.unlink()  # no earlier copy this time

    app, st = _open(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    from big2.app.table.playback import EventPlayback

    def run(self, now):
        raise Boom("the saved position breaks the table")

    monkeypatch.setattr(EventPlayback, "run", run)
    click_button(app, title.b_continue)
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=10)
    crash = app.top
    assert crash.result.set_aside is not None and not crash.result.previous_offered
    assert not st.saves.has_autosave()
    assert "set aside" in " ".join(crash.lines)
    click_button(app, crash.b_ok)
    app.top.build()
    assert app.top.b_continue is None  # nothing left that could crash the same way
    st.close()


def test_crashes_that_keep_coming_end_the_program_with_a_sentence(make_app, capsys):
    app = make_app()
    app.guard_crashes = True
    app.push(TitleScene(app))

    def broken(dt):
        raise Boom("again")

    from big2.app import router

    for _ in range(6):
        if app.top is not None:
            app.top.update = broken
        app.frame(block=False)
        if not app.running:
            break
    assert not app.running and app.exit_code == 1
    assert "kept failing" in capsys.readouterr().err
    reports = list(Path(AppPaths.from_environment().log_dir).glob("crash-*.txt"))
    assert len(reports) >= 4
