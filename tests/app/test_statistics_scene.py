"""The statistics, save-slot and replay screens, driven by real events."""

from __future__ import annotations

import csv
import os

import pygame

from helpers import click_button, key, post, pump
from storage_helpers import seed_history

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.confirm import ConfirmScene
from big2.app.screens.pause import PauseScene
from big2.app.screens.replay import ReplayScene
from big2.app.screens.saves import SavesScene
from big2.app.screens.statistics import StatisticsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence import AppPaths


def _home() -> AppPaths:
    return AppPaths.under(os.environ["BIG2_HOME"])


def _start(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    return app, st, title


def _wait_loaded(app, scene, attr="future", timeout=10):
    assert app.run_until(lambda: getattr(scene, attr) is None, timeout=timeout)
    pump(app, 2)


def test_statistics_show_the_players_record_and_charts(make_app):
    seed_history(_home(), sessions=3, hands=3)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    _wait_loaded(app, scene)
    v = scene.view
    assert v.player == "You"
    o = v.report.overall
    assert (o.sessions, o.hands) == (3, 9)
    assert 0 <= o.win_rate <= 1
    assert len(v.report.running_score) == 9
    assert set(v.report.by_opponent_level) == {"beginner", "normal", "expert"}
    assert len(v.recent) == 3 and all(len(v.hands_of[s.session_id]) == 3 for s in v.recent)
    assert scene.replay_buttons  # one per recent session shown
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    st.close()


def test_statistics_open_on_the_settings_player_not_the_busiest(make_app):
    seed_history(_home(), sessions=3, hands=3, player="Bo")  # a guest with more hands
    seed_history(_home(), sessions=1, hands=2, player="Mei", seed=9)
    app, st, title = _start(make_app)
    import dataclasses

    st.save_settings(dataclasses.replace(st.settings, player_name="Mei"))
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    assert scene.view.players[0] == "Bo" and scene.view.player == "Mei"
    assert scene.view.report.overall.hands == 2
    st.close()


def test_statistics_with_no_history_say_so(make_app):
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    assert scene.view.report is None
    assert not scene.b_export.is_enabled
    st.close()


def test_export_writes_a_csv_in_the_data_folder_and_says_where(make_app):
    seed_history(_home(), sessions=1, hands=2)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    click_button(app, scene.b_export)
    _wait_loaded(app, scene, "pending")
    path = scene.export_path
    assert path.parent == st.paths.data_dir and path.exists()
    assert str(path) in scene.status[0]
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert len(rows) == 1 + 2 * 4  # header, two hands of four seats
    st.close()


def test_reset_asks_first_then_empties_the_history(make_app):
    seed_history(_home(), sessions=1, hands=1)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    click_button(app, scene.b_reset)
    assert isinstance(app.top, ConfirmScene)
    click_button(app, app.top.b_no)  # changed my mind
    assert app.top is scene and scene.view.report is not None
    click_button(app, scene.b_reset)
    click_button(app, app.top.b_yes)
    assert app.run_until(lambda: scene.pending is None and scene.future is None and scene.view is not None and scene.view.report is None, timeout=10)
    st.close()


def test_replay_steps_forwards_and_back_with_buttons_and_keys(make_app):
    seed_history(_home(), sessions=1, hands=2)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    stats_scene = app.top
    _wait_loaded(app, stats_scene)
    button, _sid = stats_scene.replay_buttons[0]
    click_button(app, button)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    _wait_loaded(app, scene)
    assert scene.index == 1 and scene.step == 0
    start = scene.state  # the replay link's position: every hand is there, face up
    assert len(start.revealed) == 4 and sum(len(h) for h in start.revealed) == 52
    assert start.hand == start.revealed[scene.viewer()] and not start.history
    click_button(app, scene.buttons["fwd"])
    key(app, pygame.K_RIGHT)
    assert scene.step == 2
    key(app, pygame.K_LEFT)
    assert scene.step == 1
    key(app, pygame.K_END)
    assert scene.state.hand_over and scene.step == scene.last
    assert len(scene.state.history) == scene.last
    click_button(app, scene.buttons["start"])
    assert scene.step == 0
    key(app, pygame.K_PAGEUP)  # the earlier hand of the session
    _wait_loaded(app, scene)
    assert scene.index == 0 and scene.loaded is not None
    key(app, pygame.K_ESCAPE)
    assert app.top is stats_scene
    st.close()


def _solo_table(app):
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    table = open_table(app, MatchConfig(seats=seats, hands=2, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    return table


def test_save_from_the_pause_menu_then_load_and_delete(make_app):
    app, st, title = _start(make_app)
    table = _solo_table(app)
    history = list(table.link.room.match.game.history)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click_button(app, pause.b_save)
    saves = app.top
    assert isinstance(saves, SavesScene)
    saves.entry.focus()
    saves.entry.set_text("")
    for ch in "Before lunch":  # typed, as a person would
        post(pygame.TEXTINPUT, text=ch)
        pump(app, 1)
    assert saves.entry.get_text() == "Before lunch"
    app.resize((1100, 700))  # the window changes size mid-typing: the name stays
    assert saves.entry.get_text() == "Before lunch"
    click_button(app, saves.b_save)
    assert [s.name for s in saves.slots] == ["Before lunch"]
    info = saves.slots[0]
    assert info.preview.players == ("You", "East", "North", "West") and info.preview.hand_number == 1
    assert "Saved" in saves.status[0]

    # back to the title, then load it from Saved games
    key(app, pygame.K_ESCAPE)
    app.reset_to(TitleScene(app))
    pump(app, 2)
    click_button(app, app.top.b_saves)
    saves = app.top
    assert isinstance(saves, SavesScene) and saves.table is None
    _, b_load, b_del = saves.rows[0]
    click_button(app, b_load)
    table = app.top
    assert (isinstance(table, TableScene) and hasattr(table, "resumed_moves"))
    assert list(table.link.room.match.game.history)[: len(history)] == history

    # delete it (after confirming)
    app.reset_to(TitleScene(app))
    pump(app, 2)
    click_button(app, app.top.b_saves)
    saves = app.top
    click_button(app, saves.rows[0][2])
    assert isinstance(app.top, ConfirmScene)
    click_button(app, app.top.b_yes)
    assert saves.slots == [] and app.top is saves
    st.close()


def test_a_damaged_slot_is_listed_with_its_problem_and_can_be_deleted(make_app):
    paths = _home()
    paths.saves_dir.mkdir(parents=True)
    (paths.saves_dir / "slot-broken-0000000000.json").write_text("{ nope")
    app, st, title = _start(make_app)
    click_button(app, title.b_saves)
    saves = app.top
    info, b_load, b_del = saves.rows[0]
    assert info.problem and not b_load.is_enabled
    pump(app, 2)  # drawing the problem line must not fail
    click_button(app, b_del)
    click_button(app, app.top.b_yes)
    assert saves.slots == []
    st.close()


def test_older_sessions_page_back_so_every_hand_can_be_replayed(make_app):
    seed_history(_home(), sessions=6, hands=1)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    rows = scene.recent_rows()
    first = [s.session_id for s in scene.view.recent]
    assert len(first) == rows < 6 and scene.view.more
    assert not scene.b_newer.is_enabled
    click_button(app, scene.b_older)
    _wait_loaded(app, scene)
    second = [s.session_id for s in scene.view.recent]
    assert len(second) == 6 - rows and not set(first) & set(second)
    assert scene.view.report.overall.sessions == 6
    click_button(app, scene.b_newer)
    _wait_loaded(app, scene)
    assert [s.session_id for s in scene.view.recent] == first
    st.close()


def test_hands_played_with_undo_can_be_left_out_of_the_figures(make_app):
    from datetime import datetime, timezone

    from big2.persistence import History, HandResult, Seat

    seed_history(_home(), sessions=1, hands=3)
    with History.open(_home().history_db).value as h:
        seats = [Seat("You", True)] + [Seat(n, False, "normal") for n in ("East", "North", "West")]
        sid = h.start_session(seats, rules_preset="standard", rules={})
        h.record_hand(sid, HandResult(hand_number=1, rules_preset="standard", rules={}, winner_seat=0,
                                      cards_left=[0, 3, 3, 3], points=[9, -3, -3, -3],
                                      started_at=datetime(2026, 11, 22, tzinfo=timezone.utc), assisted=True))
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    assert scene.view.report.overall.hands == 4 and scene.b_assisted.text == "Incl. undo hands"
    click_button(app, scene.b_assisted)
    _wait_loaded(app, scene)
    assert scene.view.report.overall.hands == 3 and scene.b_assisted.text == "Excl. undo hands"
    st.close()


def test_by_opponent_level_rows_are_words_not_stored_ids(make_app, monkeypatch):
    """Issue 43, item 4: the rows read "Beginner", "Normal", "Expert" (and "People only
    (hot-seat)", "Mixed levels"), never the stored ids "normal" or "hot-seat"."""
    from big2.app import vocab
    from big2.app.ui import text

    seed_history(_home(), sessions=3, hands=2)
    app, st, title = _start(make_app)
    click_button(app, title.b_stats)
    scene = app.top
    _wait_loaded(app, scene)
    drawn: list[str] = []
    real = text.draw

    def spy(surf, words, *args, **kwargs):
        drawn.append(str(words))
        return real(surf, words, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    app.dirty = True
    pump(app, 2)
    monkeypatch.undo()
    assert {"Beginner", "Normal", "Expert"} <= set(drawn)
    assert not {"beginner", "normal", "expert"} & set(drawn)
    assert vocab.opponents("hot-seat") == "People only (hot-seat)"
    assert vocab.opponents("mixed") == "Mixed levels"
    st.close()
