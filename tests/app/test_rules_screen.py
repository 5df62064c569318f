"""The Rules screen says what the table does: its words come from the engine's explain
module for the rules and scoring shown, and the picker switches between presets."""

from __future__ import annotations

import pygame

from big2.app.screens.rules import RulesScene
from big2.engine import PRESETS, explain, get_rules
from big2.engine.scoring import scoring_preset

from helpers import pick_option, post, pump


def test_the_picker_offers_every_preset_and_switches_the_page(make_app):
    app = make_app()
    page = RulesScene(app)
    app.push(page)
    pump(app)
    assert page.picker is not None
    assert {p.title for p in PRESETS.values()} <= set(page.choices)
    taiwan = PRESETS["taiwan"]
    pick_option(app, page.picker, taiwan.title)
    assert page.rules == taiwan.rules and page.scoring == scoring_preset(taiwan.scoring)
    intro = page.intro()
    assert "Only the loser pays" in intro and "♣ < ♦ < ♥ < ♠" in intro
    assert "Triple" in page.unused() and "Flush" in page.unused()
    assert "taiwan" not in intro and "loser-pays" not in intro


def test_at_the_table_the_page_shows_the_table_rules_and_scoring(make_app):
    app = make_app()
    rules = get_rules("choi-dai-di")
    page = RulesScene(app, rules=rules, scoring=scoring_preset("winner-only"))
    app.push(page)
    pump(app)
    assert page.picker is None
    assert page.intro().startswith(str(explain.how_to_play(rules)[0]))
    assert "The winner collects" in page.intro()
    assert page.options() == [(str(a), str(b)) for a, b in explain.rule_lines(rules)]
