"""The table as a player sees it in a real window (seen in screenshots at 800x600,
1280x720 and 1920x1080):

* Recent plays has no heading of its own (its tab, "▾ Recent plays", names it) and is
  as tall as its lines and a little air, not the drawer's whole column early in a hand;
* at the narrow layout a side seat's reaction bubble sits by its plate, not under its
  empty play spot 80-100 px below it;
* a seat's last play is drawn in cards large enough to read (overlapped more, not
  shrunk), at 800x600 too.
"""

from __future__ import annotations

import pygame
import pytest

from helpers import open_drawer, pump
from test_fit_property import _record

from big2.app.rooms import open_table
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("Nena", False), SeatConfig("Siti", False), SeatConfig("Ah Keung", False))


def _table(make_app, size):
    app = make_app(size=size)
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    pump(app, 2)
    return app, table


# 1. Recent plays ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_recent_plays_has_no_heading_and_is_as_tall_as_its_lines(make_app, size):
    app, table = _table(make_app, size)
    if "plays" not in table.layout.drawers:
        open_drawer(app, table, "plays")
    log = table.view.log
    room = pygame.Rect(table.layout.log.as_tuple())
    n = len(log.lines())
    assert 1 <= n < log.room()  # early in the hand: a few lines, room for many more
    lines, panels = _record(app, table)
    drawn = [p for p in panels if p.topleft == room.topleft]
    assert len(drawn) == 1, panels
    panel = drawn[0]
    # no "Recent plays" heading in the panel (the tab above it says it)
    inside = [d.text for d in lines if panel.colliderect(d.rect)]
    assert "Recent plays" not in inside, inside
    assert [d.text for d in lines if d.text == "Recent plays"]  # the tab's words are still there
    # as tall as its lines, and a little air: never the whole column
    need = n * log.line_h()
    assert need <= panel.h <= need + 3 * table.layout.font_px, (panel, n, log.line_h())
    last = max(d.rect.bottom for d in lines if panel.colliderect(d.rect))
    assert panel.bottom - last <= table.layout.font_px  # no empty panel under the last line
