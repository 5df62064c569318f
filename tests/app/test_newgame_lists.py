"""New game's house-rule lists (its second step) open where a player can see and click every option."""

from __future__ import annotations

import pytest

from helpers import click, move_mouse, pump, visible_rect
from newgame_steps import open_house_rules

from big2.app.screens.newgame import NewGameScene


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_list_at_the_bottom_of_the_rules_box_opens_upward_in_sight(make_app, size):
    app = make_app(size=size)
    app.push("title")
    form = app.push(NewGameScene(app))
    pump(app, 3)
    ng = open_house_rules(app, form)  # every house rule is on the second step
    view = ng.rules_box.rect
    # the lowest menu shown whole whose list has no room under it inside the box
    shown = [dd for dd in ng.rule_menus.values()
             if visible_rect(dd).size == dd.rect.size and len(dd.options_list) >= 3]
    low = max(shown, key=lambda dd: dd.rect.bottom)
    assert view.bottom - low.rect.bottom < len(low.options_list) * low.rect.h, "the test needs a menu at the edge"
    move_mouse(low.rect.center)
    pump(app, 1)
    click(app, low.rect.center)
    state = low.current_state
    assert state is low.menu_states["expanded"]
    buttons = [item["button_element"] for item in state.options_selection_list.item_list
               if item.get("button_element") is not None]
    assert buttons
    for b in buttons:  # every option a player can see is whole, inside the box, over the menu
        assert visible_rect(b).size == b.rect.size, f"{b.text!r} is cut off"
        assert b.rect.bottom <= low.rect.top + 1
    # and a click on an option picks it (the form is built anew: look the menu up again)
    name = next(k for k, v in ng.rule_menus.items() if v is low)
    other = next(b for b in buttons if b.text != low.selected_option[0])
    click(app, other.rect.center, frames=6)
    assert ng.rule_menus[name].selected_option[0] == other.text
