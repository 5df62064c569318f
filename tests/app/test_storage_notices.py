"""Damaged files: the player is told in the window and the app goes on."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from helpers import click_button, key, pump
from storage_helpers import start_app as _start

from big2.app import storage
from big2.app.screens.settings import SettingsScene
from big2.app.screens.title import TitleScene
from big2.persistence import AppPaths, Notice, SettingsStore, StorageError
from big2.persistence.notices import Severity


def _home() -> AppPaths:
    return AppPaths.under(os.environ["BIG2_HOME"])


def _garbage(path: Path, data: bytes = b"\x00\xffnot json at all {{{") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def test_damaged_settings_history_and_autosave_are_told_and_the_title_works(make_app):
    paths = _home()
    _garbage(paths.settings_file)
    _garbage(paths.history_db, b"this is not an sqlite database" * 200)
    _garbage(paths.saves_dir / "autosave.json", b'{"format": 1, "payload": [1, 2')
    app, st, title = _start(make_app)

    shown = app.notice_host.visible_text()
    assert "settings" in shown.lower()
    assert "score history was damaged" in shown.lower()
    assert "saved game was damaged" in shown.lower()
    assert app.notice_host.banner.visible
    assert title.b_continue is None  # nothing to continue: the title says so at once

    # the banner goes away when dismissed, and the title still works
    click_button(app, app.notice_host.banner.b_dismiss)
    pump(app, 2)
    assert app.notice_host.visible_text() == ""
    top = app.top
    click_button(app, top.b_settings)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    # the files were set aside, not deleted
    assert list(paths.config_dir.glob("settings*.damaged*")) or list(paths.config_dir.glob("*damaged*"))
    st.close()


def test_bad_values_in_settings_are_told_and_good_ones_kept(make_app):
    paths = _home()
    _garbage(paths.settings_file, b'{"felt": "blue", "volume": 99, "animation_speed": "warp"}')
    app, st, _ = _start(make_app)
    assert app.settings.felt == "blue"
    assert app.settings.animation == "normal"
    text = app.notice_host.visible_text()
    assert "Volume" in text and "Animation speed" in text  # named as the Settings screen names them
    st.close()


def test_a_write_failure_reaches_the_window(make_app):
    app, st, _ = _start(make_app)
    st.submit(lambda: (_ for _ in ()).throw(StorageError("The disk is full.")))
    assert st.flush()
    pump(app, 3)
    assert "The disk is full." in app.notice_host.visible_text()
    st.submit(lambda: (_ for _ in ()).throw(StorageError("The disk is full.")))
    assert st.flush()
    pump(app, 3)
    assert app.notice_host.visible_text().count("The disk is full.") == 1  # not once per move
    st.close()


def test_settings_changes_are_saved_with_the_window_size(make_app):
    app, st, title = _start(make_app)
    click_button(app, title.b_settings)
    scene = app.top
    click_button(app, scene.b_four)
    assert app.settings.four_colour
    for _ in range(40):  # the watcher checks twice a second of UI time
        app.manager.update(0.05)
    assert st.flush()
    saved = SettingsStore(st.paths).load().value
    assert saved.four_colour_deck is True
    assert (saved.window_width, saved.window_height) == app.size
    st.close()


def test_info_notices_go_away_by_themselves(make_app):
    app, st, _ = _start(make_app)
    st.tell(Notice("Just so you know.", Severity.INFO))
    pump(app, 2)
    assert "Just so you know." in app.notice_host.visible_text()
    app.manager.update(0.1)
    assert "Just so you know." in app.notice_host.visible_text()
    from big2.app.ui import toast

    app.notice_host.banner.shown_at -= toast.INFO_SECONDS  # its time is up, on the clock
    app.manager.update(0.1)
    assert app.notice_host.visible_text() == ""
    st.close()


def test_command_line_choices_are_not_saved_unless_changed(make_app):
    app = make_app(animation="off", pace="instant")  # as --animation off --pace instant
    st = storage.Storage.open()
    storage.attach(app, st)
    st.remember_window(app)
    assert st.flush()
    saved = SettingsStore(st.paths).load().value
    assert (saved.animation_speed, saved.computer_pace) == ("normal", "normal")
    app.settings.pace = "slow"  # the player picks a pace in Settings: that one is kept
    st.remember_window(app)
    assert st.flush()
    assert SettingsStore(st.paths).load().value.computer_pace == "slow"
    st.close()
