"""Issue 27, defect 2: New game remembers its own choices and leaves Settings (and the
title's quick game) as the player set them; Settings' Opponents never offers "Human"."""

from __future__ import annotations

import dataclasses

import pygame

from helpers import click_button, click_control, key, option_labels, pick_option, pump, type_text

from big2.app import storage
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.settings import SettingsScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.persistence import SettingsStore


def _stored(st):
    assert st.flush()
    return SettingsStore(st.paths).load().value


def _app_with_settings(make_app, **changes):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    st.save_settings(dataclasses.replace(st.settings, **changes))
    app.push(TitleScene(app))
    pump(app)
    return app, st


def _hot_seat_game(app):
    """Title → New game: three players, the third a person called Bo, 8 hands; Start."""
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    # (New game's lists are walked with the keys here; its mouse picks are tested apart)
    pick_option(app, form.dd_players, "3")
    form = app.top
    assert form.n == 3
    pick_option(app, form.kind_menus[2], "Human")
    type_text(app, form.name_entries[2], "Bo", enter=False)
    pick_option(app, form.dd_length, "8 hands")
    assert (form.seat_kinds[2], form.length) == ("Human", "8 hands")
    click_button(app, form.b_start)
    assert app.find(TableScene) is not None
    return form


def test_a_hot_seat_new_game_leaves_settings_and_the_quick_game_alone(make_app):
    app, st = _app_with_settings(make_app, player_name="Ann", rules_preset="taiwan", opponents=("expert", "beginner", "normal"))
    before = _stored(st)
    _hot_seat_game(app)
    after = _stored(st)
    assert (after.player_name, after.rules_preset, after.opponents) == (before.player_name, before.rules_preset, before.opponents)

    # back on the title, "Play against the computer" deals the Settings' game: Ann and three computers
    app.goto("title")
    pump(app)
    click_button(app, app.top.b_quick)
    if app.top.name == "confirm":  # the hot-seat game waits: discard it
        click_button(app, app.top.b_no)
    table = app.find(TableScene)
    assert table is not None
    seats = table.link.room.match.config.seats
    assert len(seats) == 4 and seats[0].name == "Ann" and seats[0].human
    assert [s.human for s in seats[1:]] == [False] * 3
    assert [s.level for s in seats[1:]] == ["expert", "beginner", "normal"]
    st.close()


def test_new_game_brings_back_its_own_last_choices(make_app):
    app, st = _app_with_settings(make_app)
    _hot_seat_game(app)
    app.goto("title")
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    assert form.n == 3 and form.seat_kinds[:3] == ["Human", "Computer (normal)", "Human"]
    assert form.name_entries[2].get_text() == "Bo"  # the second person's name, kept
    assert form.length == "8 hands" and form.dd_length.selected_option[1] == "8 hands"
    st.close()


def test_settings_opponents_offer_computers_only(make_app):
    # a "human" opponent stored by an older version shows as a normal computer
    app, st = _app_with_settings(make_app, opponents=("expert", "human"))
    click_button(app, app.top.b_settings)
    s = app.top
    assert isinstance(s, SettingsScene)
    click_control(app, s.dd_levels[1])  # the list opens; Esc closes it again
    assert s.dd_levels[1].current_state is s.dd_levels[1].menu_states["expanded"]
    shown = option_labels(s.dd_levels[1])
    # the levels alone (the character beside each says it is a computer), never Human
    assert shown == ["Beginner", "Normal", "Skilled", "Expert", "Master"]
    assert all(o[1].startswith("Computer (") for o in s.dd_levels[1].options_list)
    key(app, pygame.K_ESCAPE)
    assert s.dd_levels[1].selected_option[1] == "Computer (normal)"
    pick_option(app, s.dd_count, "3")
    s = app.top
    assert len(s.dd_levels) == 3
    assert [dd.selected_option[1] for dd in s.dd_levels] == ["Computer (expert)", "Computer (normal)", "Computer (normal)"]
    assert _stored(st).opponents == ("expert", "normal", "normal")
    st.close()
