"""The rules, the scoring, hints and refusals in another language: every word came
through the translation layer, and the Rules screen fits the window in every language.

The Rules screen is drawn for every preset in 繁體中文 and Bahasa Indonesia with the
shown-text check of big2.i18n.shown (an English sentence that skipped the layer fails on
its first word), as are the results screen's working, a hint and a refused play at the
table. The fit/overlap check (tools.fitcheck) of the Rules screen runs for every
preset in all four languages at 800×600 and 1280×720.
"""

from __future__ import annotations

import pytest

from big2 import i18n
from big2.app import language
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.engine import PRESETS
from big2.engine.scoring import scoring_preset

from helpers import pump
from test_i18n_screens import speaking  # noqa: F401 - the fixture, shared


def _draw_page(app, watch, page) -> str:
    """Draw the whole Rules page afresh (the scrolled-away part too) under the check."""
    page.content = None
    watch.scene(app, page)
    return page.intro()


def test_the_rules_of_every_preset_draw_only_translated_words(speaking) -> None:
    from big2.app.screens.rules import RulesScene

    app, watch, code = speaking
    page = app.push(RulesScene(app))  # from the title screen: the preset picker
    pump(app, 2)
    _draw_page(app, watch, page)
    assert page.picker is not None and i18n._("Standard") in page.choices
    app.pop()
    for name, preset in PRESETS.items():
        page = app.push(RulesScene(app, rules=preset.rules, scoring=scoring_preset(preset.scoring)))
        pump(app, 2)
        intro = _draw_page(app, watch, page)
        # the translated page still carries the rules' own facts: the lowest card and suits
        from big2.engine.explain import suit_words

        assert suit_words(preset.rules) in intro, name
        assert "Scoring" not in intro and "players" not in intro, (name, intro[:200])
        app.pop()
    assert not watch.check.offenders, "\n".join(watch.check.offenders[:20])


def test_results_working_a_hint_and_a_refusal_draw_only_translated_words(speaking) -> None:
    from big2.app.screens.results import ResultsScene
    from big2.app.rooms import open_table
    from big2.engine.cards import CardSet

    app, watch, code = speaking
    seats = (SeatConfig("Mei", True), SeatConfig("East", False), SeatConfig("Bo", False))
    # finishing-place scoring notes every seat's place: the working is never empty
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=5, scoring="finish-order"))
    app.push(table)
    pump(app, 2)
    refused = hinted = False
    while not isinstance(app.top, ResultsScene):
        assert app.run_until(lambda: table.awaiting_human or isinstance(app.top, ResultsScene), timeout=60)
        if isinstance(app.top, ResultsScene):
            break
        if not hinted:
            table.show_hint()
            assert table.message is not None
            watch.scene(app, table)
            hinted = True
        game = table.link.room.match.game
        hand = list(game.hand(table.viewer))
        if not refused and len(hand) >= 2:
            # two cards of different ranks: never a combination
            a = hand[0]
            b = next((c for c in hand if c >> 2 != a >> 2), None)
            if b is not None:
                table.hand.select_only(CardSet([a, b]))
                assert not table.human_play()
                assert table.message is not None and table.message[0], "no refusal shown"
                assert "pair" not in table.message[0]  # not the English sentence
                watch.scene(app, table)
                refused = True
        # play the hinted move (or pass) to move on
        table.show_hint()
        if table.hand.selected:
            assert table.human_play()
        else:
            assert table.human_pass()
        pump(app, 2)
    assert hinted and refused
    results = app.top
    assert any(results.result.notes), "finishing places give every seat a note"
    watch.scene(app, results)
    assert not watch.check.offenders, "\n".join(watch.check.offenders[:20])


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", [c for c in i18n.CODES if c != "en"])
def test_the_rules_of_every_preset_fit_in_every_language(make_app, monkeypatch, code, size) -> None:
    """Long Filipino and Indonesian sentences and Chinese without spaces all wrap inside
    the page, for every preset's rules, at the smallest and the common window."""
    from tools import fitcheck
    from big2.app.screens.rules import RulesScene

    monkeypatch.setenv(language.PREVIEW, code)
    i18n.set_language(language.choose(""))
    app = make_app(size=size)
    problems: dict[str, list[str]] = {}
    try:
        app.push(RulesScene(app))
        pump(app, 2)
        found = fitcheck.draw_and_check(app)
        if found:
            problems["picker"] = [str(p) for p in found]
        app.pop()
        for name, preset in PRESETS.items():
            app.push(RulesScene(app, rules=preset.rules))
            pump(app, 2)
            found = fitcheck.draw_and_check(app)
            if found:
                problems[name] = [str(p) for p in found]
            app.pop()
    finally:
        i18n.set_language("en")
        text.clear_cache()
    report = "\n".join(f"{name}:\n  " + "\n  ".join(p) for name, p in problems.items())
    assert not problems, f"in {code} at {size[0]}x{size[1]}:\n{report}"


def test_the_check_catches_an_english_rule_sentence(speaking) -> None:
    """An explanation drawn with str() (the English) instead of i18n.render fails."""
    from big2.engine.explain import how_to_play
    from big2.engine.rules import STANDARD

    app, watch, code = speaking
    first = how_to_play(STANDARD)[0]
    watch.scene_name = "probe"
    text.render(i18n.render(first), 16)
    assert not watch.check.offenders
    text.render(str(first), 16)
    watch.scene_name = ""
    assert len(watch.check.offenders) == 1


def test_refusals_name_computer_seats_as_the_table_does(make_app) -> None:
    """The engine names seats in plain text ("East"); at the table a computer's default
    compass name is shown translated, a person's name as typed."""
    from big2.app import vocab
    from big2.app.rooms import open_table
    from big2.engine.messages import msg

    app = make_app()
    seats = (SeatConfig("Mei", True), SeatConfig("East", False), SeatConfig("Bo", False))
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=5))
    app.push(table)
    pump(app, 2)
    try:
        i18n.set_language("zh_Hant")
        assert vocab.render_at(table.state, msg("It is {name}'s turn.", name="East")) == "輪到東家出牌。"
        assert vocab.render_at(table.state, msg("It is {name}'s turn.", name="Bo")) == "輪到Bo出牌。"
    finally:
        i18n.set_language("en")
    assert vocab.render_at(table.state, msg("It is {name}'s turn.", name="East")) == "It is East's turn."
