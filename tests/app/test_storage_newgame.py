"""The New game form remembers the last game's choices (its own, kept apart from the
Settings screen's) in the stored settings."""

from __future__ import annotations


from helpers import click_button, pick_option, post, pump
from newgame_steps import open_house_rules

from big2.app import storage
from big2.app.screens.newgame import NewGameScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.persistence import SettingsStore


def _choose(app, dropdown, option):
    """Pick an option with real clicks: open the list, click the option drawn."""
    pick_option(app, dropdown, option)


def test_new_game_choices_become_the_defaults(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene) and form.preset_name == "Standard"
    _choose(app, form.dd_preset, "Taiwan")
    _choose(app, form.dd_players, "3")
    _choose(app, form.kind_menus[1], "Computer (expert)")
    _choose(app, form.kind_menus[2], "Human")
    form.name_entries[0].set_text("Mei")
    click_button(app, form.b_start)
    assert app.find(TableScene) is not None  # (two people: the privacy screen is on top)
    assert st.flush()
    saved = SettingsStore(st.paths).load().value
    # New game's own choices: Settings' name, preset and opponents are left as they were
    assert (saved.player_name, saved.rules_preset, saved.opponents) == ("Player", "standard", ("normal",) * 3)
    kept = saved.extra[storage.choices.NEW_GAME_KEY]
    assert kept["preset"] == "taiwan" and kept["house_rules"] == {}
    assert [seat["kind"] for seat in kept["seats"]] == ["Human", "Computer (expert)", "Human"]

    # next time the form starts from them
    again = NewGameScene(app)
    assert again.preset_name == "Taiwan" and again.n == 3
    assert again.seat_kinds[:3] == ["Human", "Computer (expert)", "Human"]
    assert again.seat_names[0] == "Mei"
    assert again.rules == form.rules and again.scoring == form.scoring
    st.close()


def test_a_house_rule_is_remembered_on_top_of_its_preset(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    form = NewGameScene(app)
    app.push(form)
    pump(app)
    page = open_house_rules(app, form)
    for name in list(page.rule_menus):  # the first option that can change
        choice = page.choices[name]
        current = getattr(form.rules, name)
        other = next((label for label, v in choice.options if v != current), None)
        if other is None:
            continue
        _choose(app, page.rule_menus[name], other)
        if getattr(form.rules, name) != current:
            break
    changed = form.rules
    # the preset menu says so on both steps, and Start on the second starts the game
    assert page.dd_preset.selected_option == ("Custom (from Standard)", "custom")
    click_button(app, page.b_back)
    assert form.dd_preset.selected_option == ("Custom (from Standard)", "custom")
    click_button(app, open_house_rules(app, form).b_start)
    assert app.find(TableScene) is not None
    assert st.flush()
    saved = SettingsStore(st.paths).load().value
    kept = saved.extra[storage.choices.NEW_GAME_KEY]
    assert kept["house_rules"] and kept["preset"] == "standard"
    assert not saved.house_rules  # Settings' house rules (the quick game's) untouched
    again = NewGameScene(app)
    assert again.rules.name == "standard (house)"  # "Custom (from Standard)" next time too
    assert {k: v for k, v in vars_of(again.rules).items() if k != "name"} == {k: v for k, v in vars_of(changed).items() if k != "name"}
    st.close()


def vars_of(rules):
    from big2.persistence.gamecodec import rules_to_dict

    return rules_to_dict(rules)
