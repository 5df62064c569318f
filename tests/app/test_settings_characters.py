"""Settings (issue 44, "Computer personas"): the quick game's opponents are characters
at a level, chosen with clicks, and a person picks their own portrait, which the table
draws at their seat. Old settings files, without either, keep loading."""

from __future__ import annotations

import dataclasses
import json

from helpers import click_button, key, pick_option, pump

import pygame

from big2.app import storage
from big2.app.screens.settings import SettingsScene
from big2.app.screens.title import TitleScene
from big2.app.table import seats
from big2.app.table.scene import TableScene
from big2.persistence import SettingsStore
from big2.persistence.settings import PORTRAITS, Settings
from big2.room import personas


def _stored(st):
    assert st.flush()
    return SettingsStore(st.paths).load().value


def _settings(make_app, **changes):
    app = make_app()
    st = storage.Storage.open()
    if changes:
        st.save_settings(dataclasses.replace(st.settings, **changes))
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_settings)
    assert isinstance(app.top, SettingsScene)
    return app, st, app.top


def test_opponents_are_characters_chosen_with_clicks_and_the_quick_game_seats_them(make_app):
    app, st, s = _settings(make_app)
    # an older file has levels only: each opponent shows the character the quick game seats
    assert s.characters == ["Ah Keung", "Siti", "Nena"]
    assert [dd.selected_option[1] for dd in s.dd_characters] == s.characters
    pick_option(app, s.dd_characters[0], "Madam Wong")
    s = app.top
    pick_option(app, s.dd_levels[0], "Computer (beginner)")  # the character stays at its new level
    s = app.top
    # a character another opponent has: the two swap
    pick_option(app, s.dd_characters[2], "Madam Wong")
    s = app.top
    assert [dd.selected_option[1] for dd in s.dd_characters] == ["Nena", "Siti", "Madam Wong"]
    saved = _stored(st)
    assert saved.characters == ("Nena", "Siti", "Madam Wong") and saved.opponents == ("beginner", "normal", "normal")
    key(app, pygame.K_ESCAPE)
    title = app.top
    assert isinstance(title, TitleScene)
    click_button(app, title.b_quick)
    table = app.top
    assert isinstance(table, TableScene)
    cfg = table.link.room.match.config
    # the characters chosen, each at the level chosen for its seat
    assert [(seat.name, seat.human, seat.level) for seat in cfg.seats[1:]] == [
        ("Nena", False, "beginner"), ("Siti", False, "normal"), ("Madam Wong", False, "normal")]
    st.close()


def test_fewer_opponents_keep_their_characters_and_a_new_seat_gets_a_free_one(make_app):
    app, st, s = _settings(make_app, characters=("Marco", "Jun", "Siti"))
    pick_option(app, s.dd_count, "2")
    s = app.top
    assert [dd.selected_option[1] for dd in s.dd_characters] == ["Marco", "Jun"]
    pick_option(app, s.dd_count, "3")
    s = app.top
    names = [dd.selected_option[1] for dd in s.dd_characters]
    assert names[:2] == ["Marco", "Jun"] and names[2] not in names[:2] and personas.named(names[2]) is not None
    assert _stored(st).characters == tuple(names)
    st.close()


def test_your_portrait_is_picked_in_settings_and_drawn_at_your_seat(make_app):
    app, st, s = _settings(make_app)
    assert s.dd_portrait.selected_option[1] == "initials"
    pick_option(app, s.dd_portrait, "Curly hair")
    assert app.settings.portrait == "koi" and _stored(st).portrait == "koi"
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.b_quick)
    table = app.top
    assert isinstance(table, TableScene)
    assert seats.seat_portrait(table, table.viewer) == personas.PERSON_PORTRAITS["koi"]
    # and back to initials: none
    table.app.settings.portrait = ""
    assert seats.seat_portrait(table, table.viewer) is None
    st.close()


def test_portraits_are_the_characters_module_keys():
    assert set(PORTRAITS) == set(personas.PERSON_PORTRAITS)


def test_an_old_settings_file_loads_and_bad_values_fall_back(tmp_path):
    from big2.persistence import AppPaths

    paths = AppPaths.under(tmp_path)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    # version 1 (no checksum), written before characters and portraits
    paths.settings_file.write_text(json.dumps({"version": 1, "player_name": "Ann", "opponents": ["expert"]}))
    got = SettingsStore(paths).load(repair=False)
    assert got.value.player_name == "Ann" and got.value.characters == () and got.value.portrait == ""
    assert got.notices == ()
    paths.settings_file.write_text(json.dumps({"version": 1, "player_name": "Ann", "portrait": "dragon",
                                               "characters": ["Nena", 3]}))
    got = SettingsStore(paths).load(repair=False)
    assert got.value.portrait == "" and got.value.characters == () and got.value.player_name == "Ann"
    assert len(got.notices) == 1 and "Your portrait" in got.notices[0].text
    # the app's settings take only a portrait a person may pick
    from big2.app.settings import from_mapping

    assert from_mapping({"portrait": "koi"}).portrait == "koi"
    assert from_mapping({"portrait": "Nena"}).portrait == ""
    assert Settings(portrait="owl", characters=("Jun",)).to_json()["characters"] == ["Jun"]
