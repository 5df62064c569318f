"""Issue 43, item 12: after the player scrolled Recent plays back, the plays made
meanwhile arrived unseen. A "New plays ↓" strip now shows in the panel's last row (in
place of a line, covering nothing else) until a click on it, or scrolling to the bottom,
shows the newest lines."""

from __future__ import annotations

import pygame

from helpers import click, move_mouse, open_drawer, post, pump
from test_recent_plays import SEATS, _drawn, _in_log, _play_on

from big2.app.rooms import open_table
from big2.room.config import MatchConfig

MARKER = "New plays ↓"


def _wheel(app, pos, y: int) -> None:
    move_mouse(pos)
    post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y), touch=False)
    pump(app, 2)


def _lines(app, table) -> list[str]:
    """The log lines shown (the strip is not one)."""
    return [t for t in _in_log(app, table) if t != MARKER]


def _marker(app):
    """The strip as drawn, or None."""
    return next((d for d in _drawn(app) if d.text == MARKER), None)


def _play_once(app, table) -> None:
    """One move of the player's by keys (Pass, or the hint played), then the computers'
    moves until it is the player's turn again: the log grows while the view stays back."""
    log_len = len(table.log)
    _play_on(app, table, len(table.view.log.lines()) + 1)
    assert len(table.log) > log_len


def _scrolled_back_with_new_plays(make_app):
    """A hand at 800 × 600 played on until Recent plays is full, the view scrolled back
    with the wheel, and plays made since: (app, table, the lines shown before them)."""
    app = make_app(size=(800, 600))
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
    app.push(table)
    open_drawer(app, table, "plays")  # a drawer: closed by default on a narrow window
    log = table.view.log
    _play_on(app, table, log.room() + 3)  # enough for the wheel's three lines back
    _wheel(app, log.box().center, 1)  # back through the hand
    assert log.first is not None
    assert _marker(app) is None  # nothing new yet
    back = _lines(app, table)
    _play_once(app, table)
    pump(app, 2)
    return app, table, back


def test_new_plays_while_scrolled_back_are_announced_and_a_click_shows_them(make_app):
    app, table, back = _scrolled_back_with_new_plays(make_app)
    log = table.view.log

    marker = _marker(app)
    assert marker is not None, "new plays arrived while scrolled back, and nothing says so"
    shown = _lines(app, table)
    box = log.box()
    assert box.contains(marker.rect) and marker.squeeze >= 0.99
    assert shown == back[: len(shown)] and len(shown) == len(back) - 1  # the view stayed; the strip took the last row
    lines = [d for d in _drawn(app) if d.text in shown]
    strip = log.marker()
    assert strip is not None and not any(strip.colliderect(d.rect) for d in lines)  # covers no line
    assert strip.right < box.right - 6  # nor the scroll bar

    click(app, marker.rect.center)  # where it is drawn
    assert log.first is None and _marker(app) is None
    newest = [line for line, _c in table.log][-1]
    assert newest.startswith(_lines(app, table)[-1])


def test_scrolling_to_the_bottom_clears_the_strip(make_app):
    app, table, _back = _scrolled_back_with_new_plays(make_app)
    log = table.view.log
    assert _marker(app) is not None
    for _ in range(20):
        _wheel(app, log.box().center, -1)
        if log.first is None:
            break
    assert _marker(app) is None
    newest = [line for line, _c in table.log][-1]
    assert newest.startswith(_lines(app, table)[-1])
