"""Issue 44: New game in two steps. The first asks who plays (people by name, computers
as characters with their portraits, at a level), the preset and the session; "House
rules…" opens the full form. Driven with clicks and keys, as a player does."""

from __future__ import annotations

import dataclasses

import pygame

from helpers import click_button, key, pick_option, pump, type_text
from newgame_steps import open_house_rules

from big2.app import storage
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.title import TitleScene
from big2.app.table.scene import TableScene
from big2.persistence import SettingsStore
from big2.room import personas


def _form(make_app, **settings):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    if settings:
        st.save_settings(dataclasses.replace(st.settings, **settings))
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    return app, st, form


def test_computers_are_characters_with_portraits_and_a_level(make_app):
    app, st, form = _form(make_app)
    # three computers, each a distinct character (the quick game's for normal computers)
    names = [form.character_menus[i].selected_option[1] for i in (1, 2, 3)]
    assert names == [p.name for p in personas.pick(["normal"] * 3, taken={"You"})]
    assert 0 in form.name_entries and 0 not in form.character_menus  # you: a name to type
    # a portrait beside each seat's row, the character's own face
    assert len(form.seat_rows) == 4
    face = form.seat_portrait(1)
    assert face.get_width() == form.portrait_d and face.get_at((face.get_width() // 2, 2)).a > 0
    # picking a character another seat has: the two swap, no two seats share one
    pick_option(app, form.character_menus[1], names[1])
    assert [form.character_menus[i].selected_option[1] for i in (1, 2, 3)] == [names[1], names[0], names[2]]
    # a level for a character: it keeps its name and plays at the level chosen
    pick_option(app, form.kind_menus[1], "Computer (expert)")
    assert form.character_menus[1].selected_option[1] == names[1]
    pick_option(app, form.character_menus[3], "Madam Wong")
    click_button(app, form.b_start)
    table = app.find(TableScene)
    seats = table.link.room.match.config.seats
    assert [(s.name, s.human, s.level) for s in seats[1:]] == [
        (names[1], False, "expert"), (names[0], False, "normal"), ("Madam Wong", False, "normal")]
    st.close()


def test_a_person_at_a_computers_seat_and_back(make_app):
    app, st, form = _form(make_app)
    was = form.character_menus[2].selected_option[1]
    pick_option(app, form.kind_menus[2], "Human")
    assert 2 in form.name_entries and 2 not in form.character_menus
    type_text(app, form.name_entries[2], was, enter=False)  # a person may be called Siti too
    pick_option(app, form.kind_menus[1], "Human")
    pick_option(app, form.kind_menus[1], "Computer (beginner)")  # a character again, not a person's name
    got = form.character_menus[1].selected_option[1]
    assert got in [p.name for p in personas.PERSONAS] and got != was
    assert form.name_entries[2].get_text() == was
    st.close()


def test_older_stored_choices_seat_characters_for_their_computers(make_app):
    old = {"preset": "standard", "house_rules": {}, "scoring": "", "length": "1 hand", "undo": True,
           "seats": [{"name": "Mei", "kind": "Human"}, {"name": "East", "kind": "Computer (expert)"},
                     {"name": "North", "kind": "Computer (beginner)"}]}
    app, st, form = _form(make_app, extra={storage.choices.NEW_GAME_KEY: old})
    assert form.n == 3 and form.name_entries[0].get_text() == "Mei"
    levels = [form.kind_menus[i].selected_option[1] for i in (1, 2)]
    assert levels == ["Computer (expert)", "Computer (beginner)"]
    picked = [p.name for p in personas.pick(["expert", "beginner"], taken={"Mei"})]
    assert [form.character_menus[i].selected_option[1] for i in (1, 2)] == picked
    assert form.length == "1 hand" and form.undo_hot_seat
    st.close()


def test_the_house_rules_step_edits_the_first_and_starts_from_it(make_app):
    app, st, form = _form(make_app)
    pick_option(app, form.dd_players, "3")
    pick_option(app, form.kind_menus[2], "Human")
    type_text(app, form.name_entries[2], "Bo", enter=False)
    page = open_house_rules(app, form)
    # undo with several people lives here; Esc goes back with every choice kept
    pick_option(app, page.dd_undo, "On")
    pick_option(app, page.dd_scoring, "winner-collects")
    key(app, pygame.K_ESCAPE)
    assert app.top is form
    assert form.undo_hot_seat and form.scoring == "winner-collects"
    assert form.name_entries[2].get_text() == "Bo" and form.n == 3
    # back again: the page shows what was chosen; a preset there is the first step's too
    page = open_house_rules(app, form)
    assert page.dd_undo.selected_option[1] == "On" and page.dd_scoring.selected_option[1] == "winner-collects"
    pick_option(app, page.dd_preset, "Taiwan")
    assert form.preset_name == "Taiwan"
    click_button(app, page.b_start)
    table = app.find(TableScene)
    assert table is not None
    cfg = table.link.room.match.config
    assert cfg.rules.name == "taiwan" and cfg.undo_hot_seat and [s.name for s in cfg.seats][2] == "Bo"
    assert st.flush()
    kept = SettingsStore(st.paths).load().value.extra[storage.choices.NEW_GAME_KEY]
    assert kept["preset"] == "taiwan" and kept["undo"] is True
    st.close()


def _drawn_text(app) -> str:
    from big2.app.ui import text

    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return " ".join(d.text for d in drawn)


def test_skilled_computers_on_rules_their_network_never_learned_are_said_to_play_as_normal(make_app):
    """Issue 46: Skilled plays Normal's moves off the presets' rules; New game says so."""
    app, st, form = _form(make_app)
    note = "Skilled computers play as Normal ones"
    pick_option(app, form.kind_menus[1], "Computer (skilled)")
    form = app.top
    assert note not in _drawn_text(app)  # the preset's own rules: the network plays
    page = open_house_rules(app, form)
    direction = page.rule_menus["direction"]
    other = next(o for o in direction.options_list if (o[1] if isinstance(o, tuple) else o) != direction.selected_option[1])
    pick_option(app, direction, other[0] if isinstance(other, tuple) else other)
    page = app.top
    assert note in _drawn_text(app)  # said on the house rules page
    key(app, pygame.K_ESCAPE)
    assert app.top is form and note in _drawn_text(app)  # and on the first step
    pick_option(app, form.kind_menus[1], "Computer (normal)")
    assert note not in _drawn_text(app)  # no Skilled seat: nothing to say
    st.close()
