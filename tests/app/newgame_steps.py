"""New game's second step, reached as a player does: a click on "House rules…"."""

from __future__ import annotations

from helpers import click_control

from big2.app.screens.houserules import HouseRulesScene


def open_house_rules(app, form) -> HouseRulesScene:
    """Click New game's "House rules…" button; returns the full form now on top."""
    click_control(app, form.b_house)
    page = app.top
    assert isinstance(page, HouseRulesScene), type(page).__name__
    assert page.setup is form
    return page
