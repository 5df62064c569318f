"""Issue 28, case 2 as a class: no crash loop, by construction. When a resumed game
crashes (Continue, or Load in Saved games), every copy of that game (the autosave, its
previous copy, slots holding the same game, found by the id each save keeps) is set
aside, the player is told once and offered a new game; a screen that crashes while
showing a file has that file set aside. Each path is driven through the real app:
a save whose game breaks the table → Continue/Load → crash → relaunch → no crash."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import click_button, pump

from big2.app import storage
from big2.app.crashguard import CrashScene
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.saves import SavesScene
from big2.app.screens.newgame import NewGameScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence.paths import AppPaths
from big2.persistence.sessioncodec import game_id, preview_of

GAME_1 = (SeatConfig("You", True), SeatConfig("East", False, "beginner"),
          SeatConfig("North", False), SeatConfig("West", False, "beginner"))
GAME_2 = (SeatConfig("You", True), SeatConfig("Ann", False, "beginner"),
          SeatConfig("Bo", False), SeatConfig("Cy", False, "beginner"))


class Boom(RuntimeError):
    pass


def _launch(make_app, paths: AppPaths | None = None):
    app = make_app()
    app.guard_crashes = True  # as the game runs for players
    st = storage.Storage.open(paths)
    storage.attach(app, st)
    return app, st


def _at_title(make_app, frames: int = 1):
    """The game started as a player starts it, showing the title."""
    app, st = _launch(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app, frames)
    return app, st, title


def _close(app, st) -> None:
    st.flush()
    app.running = False
    st.close()
    app.close()


def _play(make_app, seats, seed: int, slot: str, paths: AppPaths | None = None) -> None:
    """A game of a few moves, autosaved (with a previous copy) and kept in slot ``slot``."""
    app, st = _launch(make_app, paths)
    table = open_table(app, MatchConfig(seats=seats, hands=2, seed=seed))
    app.push(table)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 3, timeout=30)
    assert st.flush()
    st.saves.save_slot(slot, storage.payload_of(storage.RoomWatch(app, table.link.room, table.link), st.recorder(table.link.room.match)), preview_of(table.link.room.match.session))
    assert app.run_until(lambda: len(table.link.room.match.game.history) >= 6, timeout=30)
    assert st.flush()
    _close(app, st)


@pytest.fixture
def two_games(make_app, tmp_path):
    """Game 1: autosave, its previous copy and slot "Game one". Game 2: slot "Game two"
    only (played in another home, its slot copied in)."""
    home = AppPaths.from_environment()
    other = AppPaths.under(tmp_path / "other-home")
    _play(make_app, GAME_2, 11, "Game two", other)
    _play(make_app, GAME_1, 8, "Game one")
    home.saves_dir.mkdir(parents=True, exist_ok=True)
    for p in other.saves_dir.glob("slot-*.json"):
        shutil.copy(p, home.saves_dir / p.name)
    saves = home.saves_dir
    one = json.loads((saves / "autosave.json").read_text(encoding="utf-8"))["payload"]
    ids = {game_id(json.loads(p.read_text(encoding="utf-8"))["payload"]) for p in saves.glob("*.json*")
           if ".crashed-" not in p.name}
    assert len(ids) == 2 and game_id(one) in ids  # each game's copies share one id
    assert (saves / "autosave.json.bak").exists()
    return home


def _break_the_table(monkeypatch) -> None:
    """The table falls over as soon as it plays anything back (a bug the save triggers)."""
    from big2.app.table.playback import EventPlayback

    def run(self, now):
        raise Boom("this game breaks the table")

    monkeypatch.setattr(EventPlayback, "run", run)


def _left(home: AppPaths) -> list[str]:
    return sorted(p.name for p in home.saves_dir.iterdir() if ".crashed-" not in p.name)


def _relaunch_and_see_no_crash(make_app, home: AppPaths) -> None:
    """A new run with the bug still there: the title, Continue if offered, Saved games;
    nothing of the crashed game is left to crash it again."""
    app, st, title = _at_title(make_app, 5)
    assert title.b_continue is None  # the crashed game is not offered again
    click_button(app, title.b_saves)
    saves = app.top
    assert isinstance(saves, SavesScene)
    pump(app, 5)
    assert [i.name for i in saves.slots] == ["Game two"]  # only the other game
    assert not any(isinstance(s, CrashScene) for s in app.stack) and app.running
    _close(app, st)


def test_continue_a_game_that_crashes_the_table_sets_every_copy_aside_once(make_app, two_games, monkeypatch):
    home = two_games
    _break_the_table(monkeypatch)
    app, st, title = _at_title(make_app)
    click_button(app, title.b_continue)
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=10)
    crash = app.top
    aside = sorted(p.name.split(".crashed-")[0] for p in crash.result.all_copies)
    assert aside[:2] == ["autosave.json", "autosave.json.bak"] and len(aside) == 3
    assert aside[2].startswith("slot-game-one")
    assert not crash.result.previous_offered
    assert _left(home) == [p for p in _left(home) if p.startswith("slot-game-two")] and _left(home)
    said = " ".join(crash.lines)
    assert "every copy of it in Saved games" in said and "Continue picks it up" not in said
    report = crash.result.report.read_text()
    assert report.count("also set aside:") == 2
    # a fresh start, offered in the dialog
    click_button(app, crash.b_new)
    assert isinstance(app.top, NewGameScene)
    _close(app, st)
    _relaunch_and_see_no_crash(make_app, home)


def test_load_a_game_that_crashes_the_table_sets_every_copy_aside(make_app, two_games, monkeypatch):
    home = two_games
    _break_the_table(monkeypatch)
    app, st, title = _at_title(make_app)
    click_button(app, title.b_saves)
    saves = app.top
    pump(app)
    (row,) = [r for r in saves.rows if r[0].name == "Game one"]
    click_button(app, row[1])  # Load
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=10)
    crash = app.top
    names = [p.name for p in crash.result.all_copies]
    assert any(n.startswith("slot-game-one") for n in names)
    assert any(n.startswith("autosave.json.crashed") for n in names)
    assert all(n.startswith(("slot-game-two")) for n in _left(home)), _left(home)
    _close(app, st)
    _relaunch_and_see_no_crash(make_app, home)


def test_a_saved_games_row_that_crashes_the_screen_has_its_file_set_aside(make_app, two_games, monkeypatch):
    home = two_games
    from big2.app.screens import saves as saves_scene

    real = saves_scene.scores_text

    def scores_text(players, scores):
        if "Ann" in players:
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        return real(players, scores)

    monkeypatch.setattr(saves_scene, "scores_text", scores_text)
    for _ in range(2):  # the second time round there is nothing left to crash on
        app, st, title = _at_title(make_app)
        click_button(app, title.b_saves)
        pump(app, 5)
        crashed = isinstance(app.top, CrashScene)
        if crashed:
            crash = app.top
            (marked,) = crash.result.marked
            assert marked.name.startswith("slot-game-two") and ".crashed-" in marked.name
            assert marked.name in " ".join(crash.lines)
            assert crash.result.all_copies == []  # no table was open: no game's saves touched
        else:
            assert isinstance(app.top, SavesScene)
            assert [i.name for i in app.top.slots] == ["Game one"]
        _close(app, st)
        if _ == 0:
            assert crashed
    assert "autosave.json" in _left(home)  # game one untouched, Continue still offered


def _reseal(path: Path, change) -> None:
    """Change a save as a game that wrote a bad value would have: checksum and all."""
    from big2.persistence.checksum import seal

    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(seal(doc)), encoding="utf-8")


def test_case_2_a_bad_rule_in_the_hands_start_is_refused_at_the_title(make_app, two_games):
    """Every autosave of the hand held "anticlockhise": refused at once, never played."""
    home = two_games
    for name in ("autosave.json", "autosave.json.bak"):
        _reseal(home.saves_dir / name, lambda d: d["payload"]["app"]["hand_start"]["rules"]
                .__setitem__("direction", "anticlockhise"))
    for _ in range(2):
        app, st = _launch(make_app)
        app.push("title")
        pump(app, 5)
        assert app.top.name == "title" and app.top.b_continue is None
        told = app.notice_host.visible_text() if _ == 0 else ""
        assert _ == 1 or ("the hand's start" in told and "set aside" in told), told
        assert not any(isinstance(s, CrashScene) for s in app.stack)
        _close(app, st)


def test_case_3_a_lone_surrogate_in_a_preview_never_crashes_saved_games(make_app, two_games):
    home = two_games
    (slot,) = home.saves_dir.glob("slot-game-two-*.json")
    _reseal(slot, lambda d: d["preview"]["players"].__setitem__(1, "\ud800"))
    for _ in range(2):
        app, st, title = _at_title(make_app)
        click_button(app, title.b_saves)
        pump(app, 5)
        saves = app.top
        assert isinstance(saves, SavesScene)
        (bad,) = [i for i in saves.slots if i.problem is not None]
        assert "surrogate" in bad.problem
        _close(app, st)


def test_opening_a_save_that_crashes_on_the_way_to_the_table_marks_that_file(make_app, two_games, monkeypatch):
    """A crash while the table is being opened (before it is on the stack): the file
    being opened is set aside, so Continue cannot crash the same way again."""
    home = two_games

    def broken(*args, **kwargs):
        raise Boom("the table could not be set up")

    monkeypatch.setattr(TableScene, "__init__", broken)  # made by name through the router
    app, st, title = _at_title(make_app)
    click_button(app, title.b_continue)
    assert app.run_until(lambda: isinstance(app.top, CrashScene), timeout=10)
    crash = app.top
    (marked,) = crash.result.marked
    assert marked.name.startswith("autosave.json.crashed-")
    others = sorted(p.name.split(".crashed-")[0] for p in crash.result.all_copies)
    assert others[0] == "autosave.json.bak" and others[1].startswith("slot-game-one"), others
    assert "every copy of it in Saved games" in " ".join(crash.lines)
    _close(app, st)
    _relaunch_and_see_no_crash(make_app, home)
