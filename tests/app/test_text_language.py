"""Issue 27, defect 3: after a language switch every text reads in the new language and is
drawn with a font that has its glyphs (no tofu), at the table and in Statistics."""

from __future__ import annotations

import os
import re

import pygame

from helpers import click_button, key, pump
from storage_helpers import seed_history

from big2 import i18n
from big2.app.ui import assets, text
from big2.app import language, storage
from big2.room.config import MatchConfig, SeatConfig
from big2.room.match import Match
from big2.app.screens.pause import PauseScene
from big2.app.screens.settings import SettingsScene
from big2.app.screens.statistics import StatisticsScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.persistence import AppPaths

HANZI = re.compile(r"[\u4e00-\u9fff]")
#: An English word of the log ("passes", "single", "leads"); card ranks are one letter.
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _tofu(drawn: list[text.DrawnText]) -> list[tuple[str, str]]:
    """(text, characters) of every drawn line with a character its font has no glyph for."""
    bad = []
    for d in drawn:
        missing = "".join(ch for run, face in d.faces for ch in run if not assets.covers(face, ch))
        if missing:
            bad.append((d.text, missing))
    return bad


def _draw(app) -> list[text.DrawnText]:
    with text.recording() as drawn:
        app.top.draw(app.screen)
    return list(drawn)


def _switch_language(app, code: str) -> None:
    """From the table, as a player does: Esc, Settings, Language, the language, back."""
    table = app.top
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click_button(app, app.top.b_settings)
    assert isinstance(app.top, SettingsScene)
    click_button(app, app.top.b_language)
    click_button(app, app.top.choice_buttons[code])
    assert isinstance(app.top, SettingsScene) and i18n.current().code == code
    while app.top is not table:
        key(app, pygame.K_ESCAPE)
    pump(app, 3)


def test_recent_plays_written_before_a_switch_read_in_the_new_language(make_app):
    app = make_app()
    try:
        # the human is not first to play: the computers' moves are in Recent plays
        seed = next(s for s in range(40) if Match(MatchConfig(seed=s)).new_hand()[0].first != 0)
        table = app.push("table", MatchConfig(seed=seed))
        assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
        box = pygame.Rect(table.layout.log.as_tuple())
        before = [d.text for d in _draw(app) if box.contains(d.rect)]
        assert any(ENGLISH_WORD.search(t) for t in before[1:]), before  # lines of play, in English
        _switch_language(app, "zh_Hant")
        assert isinstance(app.top, TableScene)
        drawn = [d for d in _draw(app) if box.contains(d.rect)]
        lines = [d.text for d in drawn]
        assert len(lines) == len(before), (before, lines)
        for line in lines:  # the heading and every line written before the switch
            assert HANZI.search(line) and not ENGLISH_WORD.search(line), lines
        assert not _tofu(drawn)
        # and back: Chinese lines read in English again, drawn in a font that has them
        _switch_language(app, "en")
        drawn = [d for d in _draw(app) if box.contains(d.rect)]
        assert [d.text for d in drawn] == before
        assert not _tofu(_draw(app))
    finally:
        language.apply(app, "en")


def test_a_name_in_another_script_is_drawn_with_a_font_that_has_it(make_app):
    """A player named in Chinese while the game speaks English: the plate, the scores and
    the log draw the hanzi with the CJK face, the rest with DejaVu."""
    app = make_app()
    seats = (SeatConfig("小明", human=True), SeatConfig("East", human=False),
             SeatConfig("North", human=False), SeatConfig("West", human=False))
    table = app.push("table", MatchConfig(seats=seats, seed=3))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    drawn = _draw(app)
    named = [d for d in drawn if "小明" in d.text]
    assert named, [d.text for d in drawn]
    assert not _tofu(drawn)
    faces = {face for d in named for run, face in d.faces if "小" in run}
    assert faces and all("CJK" in f for f in faces)


def test_chinese_statistics_dates_and_names(make_app):
    """年 and 月 of a Chinese date are in the font; "You" and the compass names of the
    players read in Chinese."""
    seed_history(AppPaths.under(os.environ["BIG2_HOME"]), sessions=3, hands=2)
    app = make_app()
    try:
        st = storage.Storage.open()
        storage.attach(app, st)
        app.push(TitleScene(app))
        pump(app, 2)
        language.apply(app, "zh_Hant")
        click_button(app, app.top.b_stats)
        scene = app.top
        assert isinstance(scene, StatisticsScene)
        assert app.run_until(lambda: scene.future is None, timeout=10)
        pump(app, 2)
        drawn = _draw(app)
        words = [d.text for d in drawn]
        dates = [t for t in words if "年" in t and "月" in t]
        assert dates, words
        assert not _tofu(drawn), _tofu(drawn)
        assert not any(re.search(r"\b(You|East|North|West|South)\b", t) for t in words), words
        assert any("東" in t or "北" in t or "西" in t for t in words), words
    finally:
        language.apply(app, "en")


def test_a_refusal_when_following_a_single_says_play_one_card(make_app):
    """Two odd cards on a trick of one: the sentence says what the trick takes, not what the
    cards are not; cards in a refusal read lowest first, as the hand shows them."""
    from helpers import card_point, click

    app = make_app(one_tap=False)  # two cards picked by hand (one-tap would pick one)
    for seed in range(30):
        table = app.push("table", MatchConfig(seed=seed))
        assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
        if table.link.room.match.game.trick is not None and table.link.room.match.game.trick.size == 1:
            break
        app.pop()
    else:
        raise AssertionError("no deal found where the player follows a single")
    hand = table.hand.cards
    high, low = hand[-1], next(c for c in hand if c >> 2 != hand[-1] >> 2)
    click(app, card_point(table, high))
    click(app, card_point(table, low))
    assert table.hand.selected == {high, low}
    table.message = None
    click_button(app, table.buttons["play"])
    assert table.message is not None
    assert table.message[0] == "Play a single card or pass.", table.message[0]
    # the engine's own sentence for what the cards are not lists them lowest first
    from big2.engine import why_not
    from big2.engine.cards import format_card

    words = why_not([high, low], table.link.room.match.config.rules)
    assert words.startswith(f"{format_card(low, symbols=True)} {format_card(high, symbols=True)} is not a pair")
