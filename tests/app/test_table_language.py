"""The table's message line after the language changes in mid-hand: a hint, a refusal
or "nothing beats this" reads in the new language; a line that cannot be worded anew is
taken down rather than left in the old one."""

from __future__ import annotations

import pygame
from helpers import key, pump

from big2 import i18n
from big2.app import language
from big2.app.rooms import open_table
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("East", False, "normal"), SeatConfig("North", False, "normal"),
         SeatConfig("West", False, "normal"))


def _chinese(words: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in words)


def _my_turn(app, seed: int):
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=seed))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    return table


def test_the_hint_bubble_follows_a_language_switch(make_app):
    app = make_app()
    table = _my_turn(app, seed=21)
    key(app, pygame.K_h)
    english = str(table.message[0])
    assert not _chinese(english)  # the hint, in English
    try:
        language.apply(app, "zh_Hant")
        pump(app, 2)
        assert table.message is not None
        shown = str(table.message[0])
        assert shown != english and _chinese(shown), shown
    finally:
        language.apply(app, "en")
    pump(app, 2)
    assert str(table.message[0]) == english


def test_a_line_said_in_the_old_language_is_taken_down(make_app):
    app = make_app()
    table = _my_turn(app, seed=21)
    key(app, pygame.K_s)  # "Sorted by suit.": said once, in English
    assert table.message is not None
    try:
        language.apply(app, "zh_Hant")
        pump(app, 2)
        assert table.message is None
    finally:
        language.apply(app, "en")
    assert i18n.current().code == "en"
