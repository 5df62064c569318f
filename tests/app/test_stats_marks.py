"""Issue 27, defect 9: the Statistics list and charts, and hands the computer finished.

Driven as a player: clicks at the drawn controls and real keys.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone

import pygame
import pytest
from helpers import click_button, key, pump
from storage_helpers import seed_history

from big2.app import storage
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.pause import PauseScene
from big2.app.screens.replay import ReplayScene
from big2.app.screens.results import ResultsScene
from big2.app.screens.statistics import COMPUTER, StatisticsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence import AppPaths, History, Seat


def _home() -> AppPaths:
    return AppPaths.under(os.environ["BIG2_HOME"])


def _start(make_app, size=(1280, 720)):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    return app, st, title


def _open_statistics(app, title) -> StatisticsScene:
    click_button(app, title.b_stats)
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    assert app.run_until(lambda: scene.future is None, timeout=10)
    pump(app, 3)
    return scene


def _empty_session(day: int) -> int:
    with History.open(_home().history_db).value as h:
        seats = [Seat("You", True)] + [Seat(n, False, "normal") for n in ("East", "North", "West")]
        return h.start_session(seats, rules_preset="standard", rules={},
                               started_at=datetime(2026, 11, day, 9, tzinfo=timezone.utc))


def test_sessions_without_a_finished_hand_are_not_listed(make_app):
    seed_history(_home(), sessions=2, hands=2)
    empty = [_empty_session(20), _empty_session(21)]  # newer than the played ones
    app, st, title = _start(make_app)
    scene = _open_statistics(app, title)
    shown = [s.session_id for s in scene.view.recent]
    assert len(shown) == 2 and not set(empty) & set(shown)
    assert all(s.hands > 0 for s in scene.view.recent)
    # every row has a replay to offer
    assert len(scene.replay_buttons) == 2 and all(b.is_enabled for b, _sid in scene.replay_buttons)
    st.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_charts_have_axis_names_and_a_legend_inside_their_panels(make_app, monkeypatch, size):
    seed_history(_home(), sessions=2, hands=4)
    app, st, title = _start(make_app, size)
    scene = _open_statistics(app, title)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real_render = text.render

    def spy(words, size_px, *args, **kwargs):
        img = real_render(words, size_px, *args, **kwargs)
        drawn.append((words, size_px, img))
        return img

    monkeypatch.setattr(text, "render", spy)
    app.dirty = True
    pump(app, 2)
    monkeypatch.undo()
    words = {w for w, _s, _i in drawn}
    needed = ("Points", "Hands, oldest to newest", "total points", "hand won", "hand lost",
              "Cards left", "Lost hands, oldest to newest", "1–4 cards", "5–9 cards", "10 or more")
    for label in needed:
        assert label in words, label
        size_px = min(s for w, s, _i in drawn if w == label)
        assert size_px >= 12, (label, size_px)  # legible at this window size
    st.close()


def _solo_table(app, hands=1):
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    table = open_table(app, MatchConfig(seats=seats, hands=hands, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    return table


def _colour_count(surf: pygame.Surface, rect: pygame.Rect, colour) -> int:
    rect = rect.clip(surf.get_rect())
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if surf.get_at((x, y))[:3] == colour)


def test_a_hand_the_computer_finished_is_marked_in_statistics_and_replay(make_app):
    seed_history(_home(), sessions=1, hands=2)  # hands of the player's own, unmarked
    app, st, title = _start(make_app)
    _solo_table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click_button(app, pause.b_hand)  # "Let the computer play my hand"
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=30)
    app.reset_to(TitleScene(app))
    pump(app, 2)

    def recorded() -> bool:
        fut = st.call(lambda h: h.query("SELECT COUNT(*) FROM hands"))
        return fut.result(timeout=10)[0][0] == 3

    assert app.run_until(recorded, timeout=10)
    scene = _open_statistics(app, app.top)
    report = scene.view.report
    assert [p.by_computer for p in report.running_score] == [False, False, True]
    newest = scene.view.recent[0]
    assert newest.by_computer == 1 and scene.view.recent[1].by_computer == 0
    # the mark is on screen: the ring in the chart and beside the session's row
    app.dirty = True
    pump(app, 2)
    left, right = scene.columns()
    chart = pygame.Rect(right.x, right.y, right.w, scene.recent_top() - right.y)
    assert _colour_count(app.screen, chart, COMPUTER) > 20
    row = pygame.Rect(scene.rect.x, scene.recent_top() + scene.px(30), scene.rect.w, scene.px(30))
    assert _colour_count(app.screen, row, COMPUTER) > 20
    # and the replay of that hand says so
    button, _sid = scene.replay_buttons[0]
    click_button(app, button)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert app.run_until(lambda: replay.future is None, timeout=10)
    pump(app, 2)
    lines = [line for line, _c, _b in replay.log_lines()]
    assert "The computer finished this hand for you" in lines
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    st.close()


def test_the_readme_names_the_undo_button_as_the_statistics_screen_shows_it(make_app):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    readme = " ".join(readme.split())  # the paragraph's line breaks
    seed_history(_home(), sessions=1, hands=1)
    app, st, title = _start(make_app)
    scene = _open_statistics(app, title)
    labels = [scene.b_assisted.text]
    click_button(app, scene.b_assisted)
    assert app.run_until(lambda: scene.future is None, timeout=10)
    labels.append(scene.b_assisted.text)
    assert labels[0] != labels[1]
    for label in labels:
        assert f"“{label}”" in readme or f'"{label}"' in readme, label
    st.close()


def test_the_replay_box_keeps_the_computer_note_and_the_result_at_800x600(make_app):
    import sqlite3

    seed_history(_home(), sessions=1, hands=2)
    with sqlite3.connect(_home().history_db) as conn:  # the later hand was finished for "You"
        conn.execute("UPDATE hand_seats SET by_computer = 1 WHERE seat = 0 AND hand_id = 2")
    app, st, title = _start(make_app, (800, 600))
    scene = _open_statistics(app, title)
    click_button(app, scene.replay_buttons[0][0])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert app.run_until(lambda: replay.future is None, timeout=10)
    key(app, pygame.K_END)
    lay = replay.layout()
    col = replay.column(lay)  # the replay's drawer: the notes, then Earlier and Later
    rows = [line for line, _c, _b in col.rows]
    assert len(rows) * int(replay.notes_font(lay) * 1.45) <= col.notes.h  # every row drawn in the notes
    assert col.drawer.contains(col.notes) and col.notes.bottom <= replay.b_prev_hand.rect.y
    joined = " ".join(rows)
    assert "The computer finished this hand" in joined and "went out" in rows[-1]
    # the person's own moves read "You play …", not "You plays …"
    key(app, pygame.K_HOME)
    mine = 0
    for step in range(1, replay.last + 1):
        key(app, pygame.K_RIGHT, frames=1)
        assert replay.step == step
        seat, cards = replay.loaded.moves[step - 1]
        if seat == 0 and cards:
            assert replay.caption().startswith("You play ")
            mine += 1
        if mine == 3:
            break
    assert mine
    st.close()
