"""Issue 27, defect 9: a greyed pause-menu item says why, on a line under it."""

from __future__ import annotations

import pygame
import pytest
from helpers import click_button, key, pump

from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.pause import PauseScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table


def _drawn_lines(app, monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """The texts the menu on top draws, with where (their top-left): not the table's
    beneath it (the menu's body covers those)."""
    seen: list[tuple[str, tuple[int, int]]] = []
    real = text.draw

    def spy(surf, words, size, pos, *args, **kwargs):
        seen.append((words, (int(pos[0]), int(pos[1]))))
        return real(surf, words, size, pos, *args, **kwargs)

    pump(app, 2)
    monkeypatch.setattr(text, "draw", spy)
    app.top.draw(app.screen)
    monkeypatch.undo()
    return seen


def _reason_under(lines, button, below) -> str:
    """The line drawn between ``button`` and the item ``below`` it."""
    found = [w for w, (x, y) in lines
             if button.rect.left <= x <= button.rect.right and button.rect.bottom <= y < below.rect.top]
    assert found, f"nothing written under {button.text!r}"
    return " ".join(found)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_greyed_items_say_why_against_the_computer(make_app, monkeypatch, size):
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    app = make_app(size=size)
    table = open_table(app, MatchConfig(seats=seats, hands=2, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert not pause.b_undo.is_enabled and pause.b_hand.is_enabled
    lines = _drawn_lines(app, monkeypatch)
    assert _reason_under(lines, pause.b_undo, pause.b_hand) == "No move of yours to take back in this hand yet."
    # the enabled item has no such line; every item stays inside the menu
    assert not [w for w, (x, y) in lines if pause.b_hand.rect.bottom <= y < pause.b_save.rect.top]
    assert all(pause.rect.contains(b.rect) for b in (pause.b_resume, pause.b_quit))
    # handing the hand over greys that item too, with its reason
    click_button(app, pause.b_hand)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and not pause.b_hand.is_enabled
    lines = _drawn_lines(app, monkeypatch)
    assert _reason_under(lines, pause.b_hand, pause.b_save) == "The computer plays your hand already."
    assert pause.rect.contains(pause.b_quit.rect)


def test_undo_greyed_at_a_hot_seat_table_says_it_is_off(make_app, monkeypatch):
    seats = (SeatConfig("Ann", True), SeatConfig("Bo", True), SeatConfig("Cy", False), SeatConfig("Di", False))
    app = make_app(size=(800, 600))
    table = open_table(app, MatchConfig(seats=seats, seed=3))
    app.push(table)
    assert app.run_until(lambda: app.top is not table, timeout=20)  # the privacy screen
    key(app, pygame.K_RETURN)
    assert app.top is table and table.awaiting_human
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and not pause.b_undo.is_enabled
    lines = _drawn_lines(app, monkeypatch)
    assert _reason_under(lines, pause.b_undo, pause.b_hand).startswith("Undo is off with several people at the table")


def test_paused_on_a_computers_turn_the_hand_can_still_go_to_the_computer(make_app):
    """Issue 43, item 11: paused while a computer thinks, "Let the computer play my hand"
    works (a paused table never reaches the person's turn it used to wait for)."""
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    app = make_app(pace="slow")
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    key(app, pygame.K_h)  # the person moves: the computers' turns follow, one by one
    key(app, pygame.K_RETURN if table.hand.selected else pygame.K_p)
    assert app.run_until(lambda: table.state.in_hand and table.state.to_act not in (None, table.viewer)
                         and not table.awaiting_human, timeout=20)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and table.state.to_act != table.viewer
    assert pause.b_hand.is_enabled
    click_button(app, pause.b_hand)
    assert app.top is table and not table.link.room.match.is_human(table.viewer)
    assert app.run_until(lambda: table.hand_over, timeout=60)
