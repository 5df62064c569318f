"""Issue 44: rules edited in New game read "Custom (from Standard)" wherever the game
names them: both New game steps, the table's Rules (F1), Saved games and Statistics
(whose history keeps the name "standard (house)", old hands included)."""

from __future__ import annotations

import dataclasses

import pygame

from helpers import click, click_button, key, pick_option, pump, visible_rect
from newgame_steps import open_house_rules
from storage_helpers import seed_history

from big2.app import storage, vocab
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.rulesform import with_choice
from big2.app.screens.title import TitleScene
from big2.app.table.scene import TableScene
from big2.app.ui import text
from big2.engine import STANDARD
from big2.engine.presets import title_of
from big2.persistence import AppPaths

CUSTOM = "Custom (from Standard)"


def _drawn(app) -> list[str]:
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return [d.text for d in drawn]


def test_a_stored_house_name_reads_custom_from_its_preset():
    assert vocab.preset_title("standard (house)") == CUSTOM
    assert vocab.preset_title("taiwan (house)") == "Custom (from Taiwan)"
    assert vocab.preset_title("standard") == "Standard"
    edited = with_choice(STANDARD, "auto_pass", True)
    assert edited.name == "standard (house)" and title_of(edited) == CUSTOM
    # set back to the preset's own value, the rules are the preset's again, by name too
    assert with_choice(edited, "auto_pass", False) == STANDARD


def test_edited_rules_read_custom_in_new_game_at_the_table_and_in_saved_games(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene) and form.dd_preset.selected_option[0] == "Standard"
    page = open_house_rules(app, form)
    pick_option(app, page.rule_menus["pass_locks_out"], page.choices["pass_locks_out"].label_of(True))
    assert page.dd_preset.selected_option[0] == CUSTOM
    click_button(app, page.b_start)
    table = app.find(TableScene)
    assert table is not None and table.state.rules.name == "standard (house)"
    assert app.run_until(lambda: app.top is table and not app.animating(), timeout=30)
    # the table's Rules (F1) names them in its title
    key(app, pygame.K_F1)
    rules = app.top
    assert rules.name == "rules"
    rules.content = None  # (drawn afresh, as on its first frame)
    shown = " ".join(_drawn(app))
    assert CUSTOM in shown, shown[:300]
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    # Saved games: keep the game under a name; its row says whose rules
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert pause.name == "pause"
    click(app, visible_rect(pause.b_save).center)
    saves = app.top
    assert saves.name == "saves"
    click_button(app, saves.b_save)
    assert app.run_until(lambda: any(CUSTOM in t for t in _drawn(app)), timeout=10), _drawn(app)
    assert not any("(house)" in t for t in _drawn(app))
    st.close()


def test_statistics_file_edited_rules_as_custom_not_standard_house(make_app):
    seed_history(AppPaths.from_environment(), sessions=2, hands=1, presets=("standard (house)", "standard"))
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    title = app.push(TitleScene(app))
    pump(app)
    click_button(app, title.b_stats)
    scene = app.top
    assert scene.name == "statistics"
    assert app.run_until(lambda: scene.future is None, timeout=10)
    assert set(scene.view.report.by_preset) == {"standard", "standard (house)"}
    shown = _drawn(app)
    assert any(CUSTOM in t for t in shown) and any(t.startswith("Standard") for t in shown), shown
    assert not any("(house)" in t for t in shown), [t for t in shown if "(house)" in t]
    st.close()


def test_the_quick_games_house_rules_are_named_custom(make_app):
    """Settings' house rules (from the last New game) make the quick game's rules custom too."""
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    st.save_settings(dataclasses.replace(st.settings, house_rules={"auto_pass": True}))
    cfg = storage.quick_game(app)
    assert cfg.rules.name == "standard (house)" and vocab.preset_title(cfg.rules.name) == CUSTOM
    st.close()
