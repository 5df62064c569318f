"""Issue 27, defect 9: a saved-game entry shows one time, the time it was saved."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pygame
from helpers import click_button, key, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.pause import PauseScene
from big2.app.screens.saves import SavesScene, when
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene

CLOCK = re.compile(r"\d{1,2}:\d{2}")
SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


def _start(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app, 2)
    return app, st


def _table(app):
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    return table


def _times(saves: SavesScene) -> list[list[str]]:
    """For each entry shown: the clock times in its name and its details line."""
    return [CLOCK.findall(info.name + " " + saves.details(info)) for info, _l, _d in saves.rows]


def test_a_game_saved_from_the_pause_menu_shows_one_time(make_app):
    app, st = _start(make_app)
    _table(app)
    for _ in range(2):  # saved twice with the name offered: two slots, neither replaced
        key(app, pygame.K_ESCAPE)
        pause = app.top
        assert isinstance(pause, PauseScene)
        click_button(app, pause.b_save)
        saves = app.top
        assert isinstance(saves, SavesScene)
        click_button(app, saves.b_save)
        assert "Saved" in saves.status[0]
        key(app, pygame.K_ESCAPE)  # back to the pause menu
        key(app, pygame.K_ESCAPE)  # and to the table
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.b_save)
    saves = app.top
    assert sorted(info.name for info in saves.slots) == ["You, hand 1", "You, hand 1 (2)"]
    assert [len(t) for t in _times(saves)] == [1, 1]
    for info, _l, _d in saves.rows:
        assert saves.details(info).startswith(when(info.saved_at))
    st.close()


def test_a_kept_unfinished_game_shows_the_time_in_its_name_only(make_app):
    app, st = _start(make_app)
    earlier = datetime(2026, 3, 4, 9, 15, tzinfo=timezone.utc)
    real_now = st.saves._now
    st.saves._now = lambda: earlier  # the unfinished game was last saved long ago
    _table(app)
    assert st.flush()
    st.saves._now = real_now
    app.reset_to(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_quick)  # a new game: keep the unfinished one
    ask = app.top
    assert ask.name == "confirm"
    click_button(app, ask.b_yes)
    assert st.flush()
    app.reset_to(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_saves)
    saves = app.top
    assert isinstance(saves, SavesScene)
    (info, _l, _d), = saves.rows
    assert info.name.startswith("Unfinished, ") and info.saved_at == earlier
    assert when(earlier) in info.name
    assert _times(saves) == [CLOCK.findall(when(earlier))]  # once, in the name
    st.close()
