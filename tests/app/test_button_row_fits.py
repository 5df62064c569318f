"""The table's action buttons stay inside the window whatever the language and drawers:
at 800x600 in Indonesian with Recent plays open, "Keluarkan ⏎" ran off the right edge
(the row at its words' width was wider than the table the drawer left). There the row
drops the keys from its words ("Keluarkan"; Enter still plays)."""

from __future__ import annotations

import pygame
import pytest
from helpers import click_button, open_drawer, pump

from big2 import i18n
from big2.app.rooms import open_table
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("Nena", False, "beginner"), SeatConfig("Siti", False, "normal"),
         SeatConfig("Marco", False, "skilled"))


@pytest.mark.parametrize("code", ["en", "id", "fil", "zh_Hant"])
def test_the_button_row_stays_in_the_window_with_a_drawer_open(make_app, code):
    i18n.set_language(code)
    try:
        app = make_app(size=(800, 600))
        table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=3))
        app.push(table)
        assert app.run_until(lambda: table.awaiting_human, timeout=30)
        for name in ("plays", "scores"):
            open_drawer(app, table, name)
            pump(app, 3)
            window = pygame.Rect(0, 0, 800, 600)
            controls = [*table.buttons.values()] + ([table.undo.button] if table.undo.button is not None else [])
            for button in controls:
                assert window.contains(button.rect), (code, name, button.text, button.rect)
        # the row still plays: Play is where it is drawn
        key_words = table.buttons["play"].text
        assert key_words
        click_button(app, table.buttons["hint"])
        assert table.message is not None
    finally:
        i18n.set_language("en")
