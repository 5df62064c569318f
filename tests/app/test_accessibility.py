"""Accessibility, from Settings: larger cards and text, high contrast, reduced motion and
the left-handed layout each change what is on screen at once, by real clicks, and are
there again after the app is restarted."""

from __future__ import annotations

import pygame

from helpers import click_button, key, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.accessibility import AccessibilityScene
from big2.app.screens.pause import PauseScene
from big2.app.screens.session_end import SessionEndScene
from big2.app.screens.settings import SettingsScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.app.settings import HIGH_CONTRAST_FELT
from big2.persistence import SettingsStore


def _solo() -> MatchConfig:
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    return MatchConfig(seats=seats, hands=1, seed=5)


def _table_with_storage(make_app, **settings):
    app = make_app(**settings)
    st = storage.Storage.open()
    storage.attach(app, st)
    table = open_table(app, _solo())
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human or table.hand_over, timeout=20)
    pump(app)
    return app, st, table


def _accessibility_from_the_table(app) -> AccessibilityScene:
    """Esc, Settings, Accessibility…: as a player gets there in the middle of a hand."""
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click_button(app, app.top.b_settings)
    assert isinstance(app.top, SettingsScene)
    click_button(app, app.top.b_access)
    assert isinstance(app.top, AccessibilityScene)
    return app.top


def _back_to_the_table(app, table) -> None:
    click_button(app, app.top.b_done)  # Accessibility
    assert isinstance(app.top, SettingsScene)
    click_button(app, app.top.b_back)  # Settings
    click_button(app, app.top.b_resume)  # the pause menu
    assert app.top is table
    pump(app)


def _stored(st):
    assert st.flush()
    return SettingsStore(st.paths).load().value


def test_larger_cards_grow_the_hand_at_once_and_are_kept(make_app):
    app, st, table = _table_with_storage(make_app)
    card = table.hand.cards[0]
    before = (table.sprites[card].w, table.sprites[card].h, table.layout.font_px)
    top_before = table.sprites[card].y
    page = _accessibility_from_the_table(app)
    click_button(app, page.toggles["larger_cards"])
    assert "on" in page.toggles["larger_cards"].text
    _back_to_the_table(app, table)
    after = (table.sprites[card].w, table.sprites[card].h, table.layout.font_px)
    assert after[0] > before[0] and after[1] > before[1] and after[2] > before[2]
    # on screen: where the felt was above the card, the larger card's face is now
    spr = table.sprites[card]
    assert spr.y < top_before - 4
    assert min(app.screen.get_at((int(spr.x) + 14, int(spr.y + top_before) // 2))[:3]) > 200
    st.remember_window(app)
    assert _stored(st).larger_cards is True
    st.close()


def test_left_handed_mirrors_the_action_buttons_at_once(make_app):
    app, st, table = _table_with_storage(make_app)
    before = {name: b.rect.copy() for name, b in table.buttons.items()}
    plate = table.layout.seats[0].info
    page = _accessibility_from_the_table(app)
    click_button(app, page.toggles["left_handed"])
    _back_to_the_table(app, table)
    area = table.layout.area  # the table's room (an open drawer takes the rest)
    for name, b in table.buttons.items():
        assert b.rect.x == area.x + area.right - before[name].right, name  # the same row, mirrored
        assert b.rect.y == before[name].y
    assert table.buttons["play"].rect.x < table.buttons["sort"].rect.x
    # your plate goes with them, to the left end (as the setting's help line says)
    assert table.layout.seats[0].info.x == area.x + area.right - plate.right < table.buttons["play"].rect.x
    st.remember_window(app)
    assert _stored(st).left_handed is True
    st.close()


def test_high_contrast_changes_the_felt_and_the_cards_at_once(make_app):
    app, st, table = _table_with_storage(make_app)
    felt_before = app.screen.get_at((app.size[0] // 2, app.size[1] // 3))[:3]
    page = _accessibility_from_the_table(app)
    click_button(app, page.toggles["high_contrast"])
    pump(app)
    # the page's own felt (behind its dialog) is the high-contrast one already
    corner = app.screen.get_at((3, app.size[1] // 2))[:3]
    assert max(corner) <= max(max(HIGH_CONTRAST_FELT[0]), max(HIGH_CONTRAST_FELT[1])) + 12
    _back_to_the_table(app, table)
    felt_after = app.screen.get_at((app.size[0] // 2, app.size[1] // 3))[:3]
    assert sum(felt_after) < sum(felt_before) - 60, (felt_before, felt_after)
    # a card's face is pure white, its rim black
    spr = table.sprites[table.hand.cards[-1]]
    assert app.screen.get_at((int(spr.x + spr.w * 0.5), int(spr.y + spr.h * 0.93)))[:3] == (255, 255, 255)
    st.remember_window(app)
    assert _stored(st).high_contrast is True
    st.close()


def test_reduced_motion_means_no_confetti_and_short_animations(make_app, monkeypatch):
    # a session the player won alone: the one kind that celebrates
    monkeypatch.setattr("big2.app.screens.session_end.celebrates", lambda state: True)
    app = make_app(animation="normal")
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    table = open_table(app, _solo())
    assert SessionEndScene(app, table.link).animating()  # the confetti, as things are
    scale = app.settings.anim_scale
    click_button(app, app.top.b_settings)
    click_button(app, app.top.b_access)
    click_button(app, app.top.toggles["reduced_motion"])
    assert app.settings.anim_scale < scale
    end = SessionEndScene(app, table.link)
    assert not end.animating() and end.duration == 0  # no confetti starts
    st.remember_window(app)
    assert _stored(st).reduced_motion is True
    st.close()


def test_every_switch_is_remembered_across_a_restart(make_app, tmp_path):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_settings)
    click_button(app, app.top.b_access)
    page = app.top
    for name in ("larger_cards", "high_contrast", "reduced_motion", "left_handed", "one_tap"):
        click_button(app, page.toggles[name])
    st.remember_window(app)
    assert st.flush()
    st.close()
    app.close()
    # a new run reads the same settings
    st2 = storage.Storage.open()
    restored = st2.app_settings()
    assert (restored.larger_cards, restored.high_contrast, restored.reduced_motion, restored.left_handed, restored.one_tap) == (
        True, True, True, True, False)
    app2 = make_app(**{k: getattr(restored, k) for k in ("larger_cards", "high_contrast", "reduced_motion", "left_handed", "one_tap")})
    storage.attach(app2, st2)
    app2.push(TitleScene(app2))
    pump(app2)
    click_button(app2, app2.top.b_settings)
    click_button(app2, app2.top.b_access)
    texts = [b.text for b in app2.top.toggles.values()]
    assert all(t.endswith(": on") for t in texts[:4]) and texts[4].endswith(": off")
    st2.close()
