"""Issue 27, defect 6: New game's rules in brief (on both its steps) and its scoring
paragraph (on the second, House rules…) are never cut:
for every preset and scoring, at 800×600, 1280×720 and 1920×1080, what a player can read
(scrolling the box with the wheel where it does not fit) is the whole text."""

from __future__ import annotations

import pygame
import pytest

from helpers import click, move_mouse, pick_option, post, pump
from newgame_steps import open_house_rules

from big2.app.ui import text
from big2.app.screens.rulesform import describe_scoring, presets, scoring_names, table_blurb
from big2.app.screens.newgame import NewGameScene


def _read(app, scene, box) -> str:
    """Everything the box shows, top to bottom, scrolling it with the wheel as a player
    would until it shows nothing new."""
    seen: list[str] = []
    window = box
    move_mouse(window.rect.center)  # the pointer over the box, for pygame_gui and the scene alike
    pump(app, 1)
    for _ in range(30):
        with text.recording() as drawn:
            scene.draw(app.screen)
        lines = [d.text for d in sorted(drawn, key=lambda d: d.rect.y) if window.rect.contains(d.rect)]
        assert lines and all(d.squeeze == 1.0 for d in drawn if window.rect.contains(d.rect))
        start = window.first
        for i, line in enumerate(lines):
            if start + i >= len(seen):
                seen.append(line)
        if not window.overflows or window.first + window.rows >= len(window.lines):
            break
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False)
        pump(app, 2)
        assert window.first > start, "the wheel did not scroll the box"
    return "".join(seen)


def _same(shown: str, full: str) -> bool:
    return shown.replace(" ", "") == full.replace(" ", "").replace("\n", "")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_new_game_rule_texts_are_whole(make_app, size):
    app = make_app(size=size)
    app.push("title")
    pump(app)
    click(app, app.top.b_new.rect.center)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    setup = scene
    # the first step: the preset's rules in brief; the second (House rules…): them and
    # how the scoring counts
    def steps():
        yield setup
        yield open_house_rules(app, setup)  # (once the first step is read)

    for page in steps():
        for title, preset in presets().items():
            if setup.preset_name != title:
                pick_option(app, page.dd_preset, page.dd_preset.options_list[list(presets()).index(title)][0])
            assert setup.preset_name == title
            got = _read(app, page, page.blurb_text)
            assert _same(got, table_blurb(preset.rules, preset.scoring)), (title, got, page.blurb_text.lines)
            if page is not setup:
                assert _same(_read(app, page, page.scoring_text), describe_scoring(preset.scoring)), title
    scene = app.top
    for name in scoring_names():
        if scene.scoring != name:
            pick_option(app, scene.dd_scoring, name)
        assert scene.scoring == name
        assert _same(_read(app, scene, scene.scoring_text), describe_scoring(name)), name


@pytest.mark.parametrize("size, code", [((800, 600), "en"), ((1280, 720), "en"), ((800, 600), "zh_Hant")])
def test_the_kept_in_saved_games_notice_is_whole(make_app, size, code):
    """Leave a game mid-hand, start another and keep the first: the notice saying where
    it went shows its whole sentence (no little scrolling box)."""
    from big2.app import storage
    from big2.room.config import MatchConfig
    from big2.app.table.scene import TableScene
    from big2.app.rooms import open_table
    from big2.app.screens.title import TitleScene

    from big2.app import language

    app = make_app(size=size)
    language.apply(app, code)
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        table = open_table(app, MatchConfig(seed=11))
        app.push(table)
        table.link.room.match.hand_to_computer(0)  # the computer plays the seat a few moves
        assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 5, timeout=30)
        app.reset_to(TitleScene(app))
        pump(app)
        click(app, app.top.b_quick.rect.center)
        ask = app.top
        assert ask.name == "confirm"
        click(app, ask.b_yes.rect.center)
        assert isinstance(app.top, TableScene) and st.flush()
        pump(app, 3)
        banner = app.notice_host.banner
        assert banner is not None and "kept in Saved games" in app.notice_host.visible_text()  # (its English text)
        box = banner.text
        assert box.scroll_bar is None, "the sentence is cut into a scrolling box"
        assert box.text_box_layout.layout_rect.h <= box.rect.h
        assert banner.rect.contains(box.rect) and pygame.Rect((0, 0), size).contains(banner.rect)
        assert not box.rect.colliderect(banner.b_dismiss.rect)
        lay = app.top.layout  # over no one's cards
        for spot in lay.seats:
            assert not banner.rect.colliderect(pygame.Rect(spot.fan.as_tuple()))
    finally:
        st.close()
        language.apply(app, "en")
