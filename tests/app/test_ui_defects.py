"""Issue 13's defects, each driven with real posted events through the window."""

from __future__ import annotations

import pygame
from pygame_gui.core import UIContainer
from helpers import click, click_button, key, pump

from big2.app.scenes.newgame import NewGameScene


def _under(app, pos):
    """The top-most pygame_gui element at ``pos`` (what a click there would hit)."""
    hits = [
        s for s in app.manager.get_sprite_group().sprites()  # in drawing order, lowest first
        if s.visible and s.rect.collidepoint(pos) and not isinstance(s, UIContainer)
    ]
    return hits[-1] if hits else None


def test_new_game_rules_list_opens_above_the_house_rules(make_app):
    app = make_app()
    app.push("title")
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    click_button(app, form.dd_preset)
    listed = form.dd_preset.current_state.options_selection_list
    items = [i for i in listed.item_list if i.get("button_element") is not None]
    assert len(items) >= 5, "the preset list did not open"
    for item in items:  # every preset shows on top, none hidden by a house-rule menu
        button = item["button_element"]
        assert _under(app, button.rect.center) is button, item["text"]
    last = items[-1]
    click(app, last["button_element"].rect.center, frames=10)
    assert form.preset_name == last["text"] != "Standard"
    # the house-rule menus under the closed list still take clicks
    first_rule = next(iter(form.rule_menus.values()))
    assert _under(app, first_rule.rect.center) is not None
    click_button(app, first_rule)
    assert first_rule.current_state is first_rule.menu_states["expanded"]


def _table_for_human(app, seed=5):
    from big2.app.match import MatchConfig

    table = app.push("table", MatchConfig(seed=seed))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    return table


def test_clicking_the_greyed_play_button_says_why(make_app):
    app = make_app()
    table = _table_for_human(app)
    play = table.buttons["play"]
    click_button(app, play)  # nothing chosen yet
    assert not play.is_enabled and table.message is not None
    assert table.message[0] == table.play_reason and "Choose" in table.message[0]
    # a 3 and a card of another rank are no combination: the engine's reason is shown
    hand = table.hand.cards
    pair = [hand[0], next(c for c in hand if c >> 2 != hand[0] >> 2)]
    for c in pair:
        table.hand.toggle(c)
    table.refresh_buttons()
    table.message = None
    click_button(app, play)
    assert not play.is_enabled and table.message is not None and table.message[0] == table.play_reason
    assert table.game.history == [] or table.game.history[-1][0] != table.viewer  # nothing was played


def test_clicking_the_greyed_pass_button_says_why(make_app):
    from big2.app.match import Match, MatchConfig

    app = make_app()
    # a deal where the human leads (holds the 3 of diamonds), found, not assumed
    seed = next(s for s in range(100) if Match(MatchConfig(seed=s)).new_hand()[0].first == 0)
    table = _table_for_human(app, seed)
    assert table.game.leading
    click_button(app, table.buttons["pass"])
    assert table.message is not None and "cannot pass" in table.message[0]
