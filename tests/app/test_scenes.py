"""Every screen opens, answers its controls and survives a resize."""

from __future__ import annotations

import pygame
import pytest

from helpers import click_button, key, pick_option, post, pump, type_text
from newgame_steps import open_house_rules

from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.rules import RulesScene
from big2.app.screens.session_end import SessionEndScene
from big2.app.screens.settings import SettingsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene


def _choose(app, dropdown, option):
    """Pick an option with real clicks: open the list, click the option drawn."""
    pick_option(app, dropdown, option)


def _resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    pump(app, 2)


def test_title_buttons_open_rules_and_settings_and_back(make_app):
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    pump(app)
    click_button(app, title.b_rules)
    assert isinstance(app.top, RulesScene)
    rules = app.top
    pump(app)
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0, touch=False)
    pump(app)
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    click_button(app, title.b_settings)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    key(app, pygame.K_ESCAPE)
    assert app.running and app.top.name == "confirm"  # Esc asks first
    click_button(app, app.top.b_yes)
    assert not app.running


def test_settings_change_the_app_settings(make_app):
    app = make_app()
    app.push(TitleScene(app))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    click_button(app, s.b_four)
    assert app.settings.four_colour
    click_button(app, s.b_mute)
    assert app.settings.muted and app.sounds.muted
    click_button(app, s.b_auto)
    assert app.settings.auto_pass
    _choose(app, s.dd_anim, "slow")
    _choose(app, s.dd_felt, "blue")
    _choose(app, s.dd_pace, "instant")
    assert (app.settings.animation, app.settings.felt, app.settings.pace) == ("slow", "blue", "instant")
    _resize(app, (900, 700))
    assert s.b_four.rect.right <= 900
    click_button(app, s.b_back)
    assert isinstance(app.top, TitleScene)


def test_new_game_defaults_start_against_three_computers(make_app):
    app = make_app()
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    click_button(app, ng.b_start)
    assert isinstance(app.top, TableScene)
    cfg = app.top.link.room.match.config
    assert cfg.n_players == 4 and cfg.humans == (0,) and cfg.rules.name == "standard"


def test_new_game_players_names_rules_and_session(make_app):
    app = make_app()
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    _choose(app, ng.dd_players, "3")
    assert len(ng.kind_menus) == 3 and len(ng.seat_rows) == 3
    _choose(app, ng.kind_menus[1], "Human")  # a person now: a name field where the character was
    assert 1 in ng.name_entries and 1 not in ng.character_menus
    type_text(app, ng.name_entries[1], "Ann", enter=False)
    _choose(app, ng.dd_length, "1 hand")
    # a house rule, on the second step
    page = open_house_rules(app, ng)
    choice = page.choices["pass_locks_out"]
    _choose(app, page.rule_menus["pass_locks_out"], choice.label_of(True))
    assert ng.rules.pass_locks_out is True
    _resize(app, (1000, 700))  # both steps are rebuilt and keep what was chosen
    assert page.rule_menus["pass_locks_out"].selected_option[1] == choice.label_of(True)
    click_button(app, page.b_back)
    assert app.top is ng
    assert ng.name_entries[1].get_text() == "Ann" and ng.rules.pass_locks_out is True
    cfg = ng.config()
    assert cfg.n_players == 3 and cfg.humans == (0, 1) and cfg.hands == 1
    assert cfg.seats[1].name == "Ann"
    click_button(app, ng.b_start)
    table = app.find(TableScene)
    assert table is not None and table.link.room.match.hot_seat


def test_new_game_refuses_too_many_cards(make_app):
    app = make_app()
    ng = NewGameScene(app)
    app.push(ng)
    pump(app)
    page = open_house_rules(app, ng)
    choice = page.choices["cards_per_player"]
    _choose(app, page.rule_menus["cards_per_player"], choice.label_of(17))
    click_button(app, page.b_start)  # Start on the second step: refused on the first
    assert app.top is ng and "17" in ng.error


def test_session_end_offers_play_again(make_app):
    app = make_app()
    app.push(TitleScene(app))
    seats = tuple(SeatConfig(n, False) for n in ("A", "B"))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=3))
    app.push(table)
    from big2.app.screens.results import ResultsScene

    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=30)
    _resize(app, (820, 640))  # the results screen and the table beneath re-lay out
    assert table.layout.width == 820
    key(app, pygame.K_RETURN)
    end = app.top
    assert isinstance(end, SessionEndScene)
    click_button(app, end.b_again)
    assert isinstance(app.top, TableScene) and app.top is not table


@pytest.mark.parametrize("scene_kind", [TitleScene, NewGameScene, RulesScene, SettingsScene])
def test_every_menu_screen_survives_resizes(make_app, scene_kind):
    app = make_app()
    app.push(scene_kind(app))
    pump(app)
    for size in ((800, 600), (1920, 1080), (1000, 1400)):
        _resize(app, size)
        assert app.size == size
        assert app.frames > 0
