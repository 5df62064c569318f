"""Screens in another language: every word they draw came through the translation layer.

While a scene draws, every string handed to ``text.render`` (all the game's own text:
titles, tables, notes) and every text of its pygame_gui controls (labels, buttons,
tooltips, menus) must be made of words the layer handed out in the current language,
or of words marked verbatim (players' names): see big2.i18n.shown. A string that skips
``_()`` keeps its English words and fails here.

These are the screens routed so far (docs/i18n.md lists what remains); each new one
joins ``test_routed_screens_draw_only_translated_words``.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from big2 import i18n
from big2.app import language
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.i18n import shown

from helpers import click_button, key, pick_option, pump
from newgame_steps import open_house_rules


def _ui_strings(element) -> list[str]:
    out = []
    for attr in ("text", "tool_tip_text", "html_text"):
        value = getattr(element, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    for child in getattr(element, "elements", ()) or ():
        out.extend(_ui_strings(child))
    return out


class Watch:
    """Checks the strings one scene draws and the texts of its controls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.check = shown.start()
        self.scene_name = ""
        real = text.render

        def render(words: str, *args, **kwargs):
            if self.scene_name:
                self.check.shown(words, f"{self.scene_name} draws")
            return real(words, *args, **kwargs)

        monkeypatch.setattr(text, "render", render)

    def scene(self, app, scene, *, drawn: bool = True) -> None:
        """Check what ``scene`` draws (unless ``drawn`` is false) and its controls' texts."""
        self.scene_name = type(scene).__name__
        try:
            if drawn:
                surf = pygame.Surface(app.size)
                scene.draw(surf)
            for words in _ui_strings(scene.ui) if scene.ui is not None else []:
                self.check.shown(words, f"{self.scene_name} control")
        finally:
            self.scene_name = ""

    def options(self, scene, *menus) -> None:
        """Check every option of drop-down ``menus`` (their lists are built only when open)."""
        for dd in menus:
            for shown_text, _id in dd.options_list:
                self.check.shown(shown_text, f"{type(scene).__name__} option")


@pytest.fixture(params=["zh_Hant", "id"])
def speaking(request, make_app, monkeypatch):
    """An app speaking a language, with the shown-text check on."""
    monkeypatch.setenv(language.PREVIEW, request.param)
    i18n.set_language(language.choose(""))
    app = make_app()
    watch = Watch(monkeypatch)
    yield app, watch, request.param
    shown.stop()
    i18n.set_language("en")
    text.clear_cache()


def test_routed_screens_draw_only_translated_words(speaking) -> None:
    from big2.app.screens.results import ResultsScene
    from big2.app.screens.session_end import SessionEndScene
    from big2.app.table.scene import TableScene
    from big2.app.rooms import open_table
    from big2.app.screens.title import TitleScene

    app, watch, _code = speaking
    title = app.push(TitleScene(app))
    pump(app, 2)
    watch.scene(app, title)
    title.ask_quit()
    pump(app, 2)
    watch.scene(app, app.top)  # the quit question
    app.pop()
    seats = tuple(SeatConfig(n, False) for n in ("Mei", "East", "Bo"))  # East: a default name
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=5))
    app.push(table)
    pump(app, 2)
    for moves in (3, 8, 14):  # the table mid-hand: plates, the trick, the log, the scores
        assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= moves
                             or isinstance(app.top, ResultsScene), timeout=60)
        if app.top is table:
            watch.scene(app, table)
    app.push("pause", table)
    pump(app, 2)
    watch.scene(app, app.top)
    app.push("saves", table=table)  # save from the pause menu: a default name, the list
    pump(app, 2)
    watch.scene(app, app.top)
    app.top.save("Mei")
    pump(app, 2)
    watch.scene(app, app.top)  # "Saved as …" and the slot's preview: date, rules, scores
    app.pop()
    app.pop()
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    watch.scene(app, app.top)
    key(app, pygame.K_RETURN)  # the one hand was the session: the standings
    assert isinstance(app.top, SessionEndScene)
    watch.scene(app, app.top)
    assert not watch.check.offenders, "\n".join(watch.check.offenders)


def test_the_check_catches_a_string_that_skips_the_layer(speaking) -> None:
    app, watch, _code = speaking
    text.render("Play against the computer", 16)
    watch.scene_name = "probe"
    text.render("Play against the computer", 16)
    text.render(i18n._("Play against the computer"), 16)
    text.render("9♠ 9♦ +12", 16)  # no words: cards and numbers read the same everywhere
    text.render(i18n.verbatim("Mei") + " 9♠", 16)
    watch.scene_name = ""
    assert watch.check.offenders == ["probe draws: 'Play against the computer'"]


def test_the_language_applies_at_once(make_app) -> None:
    from big2.app.screens.title import TitleScene

    app = make_app()
    title = app.push(TitleScene(app))
    pump(app, 2)
    assert title.b_quick.text == "Play against the computer"
    try:
        language.apply(app, "zh_Hant")
        pump(app, 2)
        assert app.top.b_quick.text == "與電腦對戰"
        assert i18n.current().code == "zh_Hant"
        language.apply(app, "id")
        pump(app, 2)
        assert app.top.b_quick.text == "Main melawan komputer"
    finally:
        language.apply(app, "en")
    assert app.top.b_quick.text == "Play against the computer"


def test_which_language_the_app_chooses() -> None:
    assert language.choose("", {"BIG2_LANGUAGE": "fil"}) == "fil"  # a preview wins
    assert language.choose("zh_Hant", {}) == ("zh_Hant" if "zh_Hant" in language.OFFERED else "en")
    assert language.choose("", {"BIG2_LANGUAGE": "xx", "LANG": "C"}) in language.OFFERED


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("code", [c for c in i18n.CODES if c != "en"])
def test_every_screen_fits_in_every_language(make_app, monkeypatch, code, size) -> None:
    """The fit/overlap check of every scene (tests/app/test_fit.py) in each language, at
    the smallest window and the usual one: longer Filipino and Indonesian labels,
    Chinese wrapped anywhere; every stop's words came through the layer."""
    from big2.app import storage
    from tools import fitcheck
    from tools.tour import tour

    monkeypatch.setenv(language.PREVIEW, code)
    i18n.set_language(language.choose(""))
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    watch = Watch(monkeypatch)  # the routed stops are also checked for untranslated words
    problems: dict[str, list[str]] = {}
    try:
        for stop in tour(app, dropdowns_open=False, presets=False):
            found = fitcheck.draw_and_check(app)
            if found:
                problems[stop] = [str(p) for p in found]
            if stop in ROUTED_STOPS:
                watch.scene(app, app.top)
    finally:
        st.close()
        shown.stop()
        i18n.set_language("en")
        text.clear_cache()
    report = "\n".join(f"{stop}:\n  " + "\n  ".join(p) for stop, p in problems.items())
    assert not problems, f"in {code} at {size[0]}x{size[1]}:\n{report}"
    assert not watch.check.offenders, "\n".join(watch.check.offenders)


#: The tour's stops whose screens are routed through the translation layer (the rest:
#: docs/i18n.md, "What is routed so far").
ROUTED_STOPS = {
    "title", "title-quit", "statistics", "table-dealing", "table-your-turn", "pause", "saves-from-pause",
    "table-computer-thinking", "table-trick-won", "table-last-card", "results", "session-end",
    "title-continue", "saves", "settings", "settings-language", "about", "privacy", "replay",
    "how-to-play", "how-to-play-done", "new-game", "new-game-house-rules", "rules", "table-tracker-combinations",
    "session-end-celebration",
}


def test_new_game_draws_only_translated_words(speaking) -> None:
    """New game and every house rule's label, options and explanation; a refusal too."""
    from big2.app.screens.newgame import NewGameScene

    app, watch, _code = speaking
    form = app.push(NewGameScene(app))
    pump(app, 2)
    watch.scene(app, form)
    watch.options(form, form.dd_preset, form.dd_length, *form.kind_menus, *form.character_menus.values())
    # the second step, House rules…, and edited rules' "Custom (from …)"
    page = open_house_rules(app, form)
    watch.scene(app, page)
    watch.options(page, page.dd_preset, page.dd_scoring, page.dd_undo, *page.rule_menus.values())
    name, menu = next(iter(page.rule_menus.items()))
    pick_option(app, menu, next(o for o in menu.options_list if o[1] != menu.selected_option[1])[0])
    assert page.dd_preset.selected_option[1] == "custom"
    watch.scene(app, page)
    watch.options(page, page.dd_preset)
    click_button(app, page.b_back)
    assert app.top is form
    watch.scene(app, form)
    form.deal_entry.set_text(i18n.verbatim("12"))  # typed by the player
    form.n = 4
    form.rules = dataclasses.replace(form.rules, cards_per_player=21)
    form.start()  # 4 × 21 cards: refused with a sentence
    assert form.error
    watch.check.shown(form.error, "NewGameScene refusal")
    form.rules = dataclasses.replace(form.rules, cards_per_player=13)
    form.deal_entry.set_text(i18n.verbatim("12x"))
    form.start()  # not a deal number: the engine's refusal, in the language
    assert form.error
    watch.scene(app, form)
    watch.check.shown(form.error, "NewGameScene refusal")
    assert not watch.check.offenders, "\n".join(watch.check.offenders)


def test_settings_and_the_language_picker_draw_only_translated_words(speaking, monkeypatch) -> None:
    from big2.app.screens.settings import SettingsScene

    app, watch, _code = speaking
    monkeypatch.setattr(language, "OFFERED", tuple(i18n.CODES))
    s = app.push(SettingsScene(app))
    pump(app, 2)
    watch.scene(app, s)
    watch.options(s, s.dd_preset, s.dd_anim, s.dd_pace, s.dd_felt, s.dd_back, *s.dd_levels)
    s.pick_language()
    pump(app, 2)
    watch.scene(app, app.top)
    assert not watch.check.offenders, "\n".join(watch.check.offenders)




def test_storage_notices_reach_the_player_in_their_language(speaking, tmp_path) -> None:
    """The persistence layer has no gettext: its notices carry Messages, which the
    banner renders (a damaged settings file set aside, the backup loaded; an unknown
    preset in the settings)."""
    from big2.app.ui.toast import NoticeBanner
    from big2.persistence import Settings
    from big2.persistence.atomic import Unreadable, backup_path, load_with_fallback
    from big2.persistence.tablerules import table_rules

    app, watch, _code = speaking
    path = tmp_path / "settings.json"
    path.write_bytes(b"{not json")
    backup_path(path).write_bytes(b"{}")

    def parse(raw: bytes) -> dict:
        if raw != b"{}":
            raise Unreadable("it is not valid JSON")
        return {}

    loaded = load_with_fallback(path, parse, what="settings file", max_bytes=1000)
    notices = [*loaded.notices, *table_rules(Settings(rules_preset="no-such-preset")).notices]
    assert len(notices) == 2 and all(n.message is not None for n in notices)
    assert notices[0].text.startswith("Your settings file was damaged (it is not valid JSON); it was set aside as ")
    banner = NoticeBanner(app, notices)
    try:
        shown_text = banner.text.html_text.replace("<br>", "")  # (Chinese lines are broken between hanzi)
        for n in notices:
            assert i18n.render(n.message) in shown_text.replace("&#x27;", "'").replace("&quot;", '"')
            assert i18n.render(n.message) != n.text  # really in another language
        watch.check.remember("it is not valid JSON")  # a file's technical reason stays as the codec says it
        for words in _ui_strings(banner):
            watch.check.shown(words, "notice banner")
        assert not watch.check.offenders, "\n".join(watch.check.offenders)
    finally:
        banner.kill()
