"""The Settings screen: every field the player can set, applied at once and kept."""

from __future__ import annotations

import dataclasses
import time

import pygame

from helpers import click, click_button, key, pick_option, post, pump, slide_to, type_text

from big2.app import storage
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.settings import SettingsScene
from big2.app.screens.title import TitleScene
from big2.persistence import SettingsStore


def _choose(app, dropdown, option):
    """Pick an option with real clicks: open the list, click the option drawn."""
    pick_option(app, dropdown, option)


def _open(make_app, size=(1280, 720)):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_settings)
    assert isinstance(app.top, SettingsScene)
    return app, st, app.top


def _stored(st):
    assert st.flush()
    return SettingsStore(st.paths).load().value


def test_name_preset_and_opponents_are_kept_and_new_game_starts_from_them(make_app):
    app, st, s = _open(make_app)
    click(app, s.name_entry.rect.center)
    s.name_entry.set_text("")
    for ch in "Mei Ling":  # typed, as a person would
        post(pygame.TEXTINPUT, text=ch)
        pump(app, 1)
    assert s.name_entry.get_text() == "Mei Ling"
    _choose(app, s.dd_preset, "Taiwan")
    _choose(app, s.dd_count, "2")
    s = app.top
    assert len(s.dd_levels) == 2
    _choose(app, s.dd_levels[0], "Computer (expert)")
    _choose(app, s.dd_levels[1], "Computer (beginner)")
    saved = _stored(st)
    assert (saved.player_name, saved.rules_preset, saved.opponents) == ("Mei Ling", "taiwan", ("expert", "beginner"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)

    form = NewGameScene(app)
    assert form.seat_names[0] == "Mei Ling" and form.preset_name == "Taiwan" and form.n == 3
    assert form.seat_kinds[:3] == ["Human", "Computer (expert)", "Computer (beginner)"]
    st.close()


def test_an_empty_name_is_refused_and_the_old_one_kept(make_app):
    app, st, s = _open(make_app)
    type_text(app, s.name_entry, "Ann")
    type_text(app, s.name_entry, "   ", enter=False)
    assert "name" in s.problem
    click_button(app, s.b_back)
    assert _stored(st).player_name == "Ann"
    st.close()


def test_house_rules_from_new_game_are_shown_and_can_be_dropped(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    st.save_settings(dataclasses.replace(st.settings, house_rules={"direction": "clockwise"}, scoring="chips"))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    assert s.has_house_rules() and s.b_plain.visible
    assert s.house_rules_line().startswith("2 house rules on top of Standard")
    click_button(app, s.b_plain)
    s = app.top
    assert not s.has_house_rules() and not s.b_plain.visible
    assert "New game" in s.house_rules_line()
    saved = _stored(st)
    assert saved.house_rules == {} and saved.scoring == "" and saved.rules_preset == "standard"
    # a new preset starts plain as well: house rules belong to the preset they were made on
    st.save_settings(dataclasses.replace(st.settings, house_rules={"direction": "clockwise"}))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    _choose(app, s.dd_preset, "Taiwan")
    assert _stored(st).house_rules == {}
    st.close()


def test_table_sound_and_window_apply_at_once_and_are_kept(make_app, monkeypatch):
    # a full-HD desktop (the dummy driver's is small), so the list offers the sizes a player sees
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app, st, s = _open(make_app)
    _choose(app, s.dd_anim, "fast")
    _choose(app, s.dd_pace, "slow")
    _choose(app, s.dd_felt, "charcoal")
    _choose(app, s.dd_back, "red")
    click_button(app, s.b_four)
    click_button(app, s.b_mute)
    slide_to(app, s.sl_volume, 30)
    a = app.settings
    assert (a.animation, a.pace, a.felt, a.card_back, a.four_colour, a.muted) == ("fast", "slow", "charcoal", "red", True, True)
    assert app.sounds.muted and abs(app.sounds.volume - 0.3) < 0.02
    assert app.settings.anim_scale < 1 and app.settings.pace_delay > 1  # what the table reads

    # the window: a size from the list, at once, laid out again
    _choose(app, s.dd_size, "1024 × 640")
    assert app.size == (1024, 640) and pygame.display.get_surface().get_size() == (1024, 640)
    s = app.top
    assert s.rect.right <= 1024 and s.b_full.rect.right <= 1024
    click_button(app, s.b_full)
    assert app.fullscreen
    s = app.top
    assert s.b_full.text.endswith("on")
    _choose(app, s.dd_size, "1280 × 720")  # in fullscreen: the size to come back to
    click_button(app, app.top.b_full)
    assert not app.fullscreen and app.size == (1280, 720)
    t0 = time.perf_counter()  # the storage's watcher saves twice a second
    app.run_until(lambda: time.perf_counter() - t0 > 0.7, timeout=2)
    saved = _stored(st)
    assert (saved.animation_speed, saved.computer_pace, saved.felt, saved.card_back) == ("fast", "slow", "charcoal", "red")
    assert saved.four_colour_deck and saved.muted and abs(saved.volume - 0.3) < 0.02
    assert (saved.window_width, saved.window_height, saved.fullscreen) == (1280, 720, False)
    st.close()


def test_fits_the_smallest_window(make_app):
    app, st, s = _open(make_app, size=(800, 600))
    for el in (s.name_entry, s.dd_preset, s.dd_count, *s.dd_levels, s.dd_anim, s.dd_size, s.b_full, s.b_auto, s.b_back):
        assert el.rect.right <= 800 and el.rect.bottom <= 600, el
    assert s.b_full.rect.bottom < s.b_back.rect.top
    st.close()


def test_the_language_picker_applies_at_once_and_is_kept(make_app, monkeypatch):
    """Settings → Language → Bahasa Indonesia: every open screen speaks it at once (the
    title beneath too), the choice is stored, and the next start speaks it; "System
    default" goes back to the system's language."""
    from big2 import i18n
    from big2.app import language
    from big2.app.screens.language_picker import LanguageScene

    monkeypatch.setattr(language, "OFFERED", ("en", "zh_Hant", "zh_Hans", "fil", "id"))
    monkeypatch.delenv(language.PREVIEW, raising=False)
    monkeypatch.setenv("LANGUAGE", "zh_TW")  # the system speaks Traditional Chinese
    app, st, s = _open(make_app)
    try:
        assert s.b_language.text == "System default (繁體中文)"
        click_button(app, s.b_language)
        picker = app.top
        assert isinstance(picker, LanguageScene)
        names = [b.text for b in picker.choice_buttons.values()]
        assert names == ["✓ System default (繁體中文)", "English", "繁體中文", "简体中文", "Filipino", "Bahasa Indonesia"]
        # each name in its own script's font, whatever the language now
        fonts = {c: b.get_object_ids()[-1] for c, b in picker.choice_buttons.items()}
        assert (fonts["zh_Hant"], fonts["zh_Hans"], fonts["id"], fonts[""]) == ("#font_cjk_tc", "#font_cjk_sc", "#font_latin", "#font_cjk_tc")
        click_button(app, picker.choice_buttons["id"])
        s = app.top
        assert isinstance(s, SettingsScene)
        assert i18n.current().code == "id"
        assert s.b_back.text == "Selesai" and s.b_language.text == "Bahasa Indonesia"
        assert app.stack[0].b_quick.text == "Main melawan komputer"  # the title beneath, rebuilt
        assert _stored(st).language == "id"
        assert language.choose(_stored(st).language) == "id"  # what the next start speaks
        click_button(app, s.b_language)
        assert [c for c, b in app.top.choice_buttons.items() if b.text.startswith("✓")] == ["id"]
        click_button(app, app.top.choice_buttons[""])  # back to the system's language
        assert i18n.current().code == "zh_Hant" and app.top.b_back.text == "完成"
        assert _stored(st).language == ""
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene) and app.top.b_quick.text == "與電腦對戰"
    finally:
        language.apply(app, "en")


def test_a_1280x720_desktop_is_offered_800x600_too(make_app, monkeypatch):
    # the smallest window `--size 800x600` supports is in the list; nothing over the screen
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    app, st, s = _open(make_app)
    from helpers import option_labels

    labels = option_labels(s.dd_size)
    assert labels[0] == "800 × 600" and "1280 × 720" in labels and "1366 × 768" not in labels
    _choose(app, s.dd_size, "800 × 600")
    assert app.size == (800, 600)
    st.close()
