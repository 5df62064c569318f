"""Issue 27, defect 8: Recent plays keeps the whole hand, wraps long plays rather than
cutting them, and scrolls with the mouse wheel and the page keys."""

from __future__ import annotations

import pygame

from helpers import key, open_drawer, post, pump

from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.rooms import open_table

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


def _drawn(app):
    with text.recording() as drawn:
        app.draw()
    return [d for d in drawn]


def _in_log(app, table):
    box = table.view.log.box()
    return [d.text for d in _drawn(app) if box.contains(d.rect) and d.text != "Recent plays"]


def _play_on(app, table, lines_wanted):
    """Pass when allowed, else play the hint, by keys, until the log is long enough."""
    log = table.view.log
    for _ in range(60):
        assert app.run_until(lambda: table.awaiting_human or app.top is not table, timeout=30)
        if len(log.lines()) >= lines_wanted or app.top is not table:
            break
        before = len(table.link.room.match.game.history)
        key(app, pygame.K_p)
        if len(table.link.room.match.game.history) == before:
            key(app, pygame.K_h)
            key(app, pygame.K_RETURN)
        pump(app, 2)
    assert app.top is table and len(log.lines()) >= lines_wanted, "the hand ended too soon"


def test_recent_plays_scrolls_through_the_whole_hand(make_app):
    app = make_app(size=(800, 600))
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
    app.push(table)
    open_drawer(app, table, "plays")  # a drawer: closed by default on a narrow window
    log = table.view.log
    _play_on(app, table, log.room() + 4)
    entries = [line for line, _c in table.log]
    assert entries[0].startswith("Hand 1")  # nothing of the hand dropped
    shown = _in_log(app, table)
    assert shown and entries[-1].startswith(shown[-1]) and entries[0] not in shown  # the newest lines

    box = log.box()
    post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False)
    pump(app, 2)
    back = _in_log(app, table)
    assert back != shown and back[-1] != shown[-1]  # the wheel went back through the hand
    for _ in range(10):
        key(app, pygame.K_PAGEUP)
    assert _in_log(app, table)[0] == entries[0]  # the start of the hand
    key(app, pygame.K_END)
    assert _in_log(app, table) == shown  # following the play again
    # the wheel away from the panel leaves it alone
    post(pygame.MOUSEMOTION, pos=(app.size[0] // 2, app.size[1] // 2), rel=(0, 0), buttons=(0, 0, 0), touch=False)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False)
    pump(app, 2)
    assert _in_log(app, table) == shown


def test_a_long_play_wraps_instead_of_being_cut(make_app):
    app = make_app(size=(800, 600))
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    open_drawer(app, table, "plays")
    long_line = "Northwestern: full house 9♠ 9♦ 9♣ 4♥ 4♠ beats the straight"
    table.log.append((long_line, (200, 200, 200)))  # as the table writes a play
    table.view.damage_info()
    pump(app, 2)
    shown = _in_log(app, table)
    joined = " ".join(shown)
    assert all(word in joined for word in long_line.split()), shown
    drawn = [d for d in _drawn(app) if d.text in shown]
    assert all(d.squeeze >= 0.99 for d in drawn)  # wrapped, not squeezed or cut
