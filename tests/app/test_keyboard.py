"""Keyboard everywhere: a visible focus ring that Tab, Shift+Tab and the arrows move, Enter
presses; the title's Enter continues the waiting game; Esc asks before leaving the app."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from helpers import key, post, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.settings import SettingsScene, speed_label
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene


def _shift_tab(app):
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    pump(app, 2)


def test_tab_and_shift_tab_move_a_visible_ring_through_the_controls(make_app):
    app = make_app()
    app.push(TitleScene(app))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    assert s.focus.focused_rect() is None  # no ring until the keyboard is used
    key(app, pygame.K_TAB)
    first = s.focus.current
    assert first is not None and s.focus.focused_rect() == first.rect
    key(app, pygame.K_TAB)
    second = s.focus.current
    assert second is not first and second.rect.y >= first.rect.y
    _shift_tab(app)
    assert s.focus.current is first
    key(app, pygame.K_TAB)  # the arrows move the caret in a text entry, so step past it
    key(app, pygame.K_DOWN)
    below = s.focus.current
    assert below is not second and below.rect.centery > second.rect.centery
    # the ring is drawn over the controls
    app.draw()
    from big2.app.ui.focus import RING

    ring = s.focus.focused_rect().inflate(8, 8)  # 4px out at scale 1.0, 3px wide
    assert tuple(app.screen.get_at((ring.centerx, ring.top + 1)))[:3] == RING
    # a click hides it again
    post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=False)
    pump(app, 2)
    assert s.focus.focused_rect() is None


def test_enter_opens_a_dropdown_arrows_walk_its_options_and_enter_picks(make_app):
    app = make_app()
    app.push(TitleScene(app))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    dd = s.dd_anim
    before = app.settings.animation
    s.focus.focus(dd)
    key(app, pygame.K_RETURN, frames=3)
    assert dd.current_state is dd.menu_states["expanded"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    picked = s.focus.current.text
    key(app, pygame.K_RETURN, frames=4)
    assert dd.current_state is dd.menu_states["closed"]
    shown = speed_label(app.settings.animation)  # the option's text; the setting keeps its id
    assert shown == picked != speed_label(before) or (picked == speed_label(before) and app.settings.animation == before)
    assert isinstance(s.focus.current, UIDropDownMenu)
    # Esc closes an open list without leaving the screen
    key(app, pygame.K_RETURN, frames=3)
    assert dd.current_state is dd.menu_states["expanded"]
    key(app, pygame.K_ESCAPE, frames=3)
    assert app.top is s and dd.current_state is dd.menu_states["closed"]


def test_title_enter_continues_the_waiting_game_and_esc_asks_before_quitting(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
        table = open_table(app, MatchConfig(seats=seats, hands=2, seed=4))
        app.push(table)
        assert app.run_until(lambda: table.awaiting_human, timeout=20)
        title = TitleScene(app)
        app.reset_to(title)
        pump(app, 3)
        assert title.b_continue is not None
        key(app, pygame.K_RETURN, frames=4)
        assert (isinstance(app.top, TableScene) and hasattr(app.top, "resumed_moves"))  # not a new quick game
        title = TitleScene(app)
        app.reset_to(title)
        pump(app, 2)
        key(app, pygame.K_ESCAPE)
        assert app.running and app.top.name == "confirm"
        key(app, pygame.K_ESCAPE)  # no: back on the title
        assert app.running and app.top is title
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_TAB)  # Tab to the Quit answer, Enter presses it
        while app.top.focus.current is not app.top.b_yes:
            key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN, frames=3)
        assert not app.running
    finally:
        st.close()
