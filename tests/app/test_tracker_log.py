"""Issue 27, defect 9 (and issue 44's drawers): the card tracker never covers Recent plays
or a seat (both are drawers the table makes room for; a narrow window shows one at a
time), and it says what its gold band means."""

from __future__ import annotations

import pygame
import pytest

from helpers import key, open_drawer

from big2.app.ui import text
from big2.room.config import MatchConfig


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_tracker_leaves_recent_plays_in_view_and_keys_its_band(make_app, size):
    app = make_app(size=size)
    table = app.push("table", MatchConfig(seed=5))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    assert len(table.log) >= 2
    open_drawer(app, table, "plays")
    key(app, pygame.K_t)  # the player turns the tracker on
    assert table.tracker.shown
    with text.recording() as drawn:
        table.draw(app.screen)
    panel = table.tracker.rect
    lay = table.layout
    last = str(table.log[-1][0])
    shown = [d for d in drawn if d.text == last]
    if size[0] >= 1100:  # room for both: Recent plays stay open beside the tracker
        assert lay.drawers == ("plays", "tracker")
        assert shown, f"the latest play {last!r} is not drawn"
        assert not shown[0].rect.colliderect(panel)
    else:  # one drawer at a time: the tracker took the place of Recent plays
        assert lay.drawers == ("tracker",) and not shown
    for spot in lay.seats:  # never over a seat, its play or its cards
        for box in (spot.info, spot.play, spot.fan):
            assert not panel.colliderect(pygame.Rect(box.as_tuple()))
    assert not panel.colliderect(pygame.Rect(lay.trick.as_tuple()))
    keyed = [d for d in drawn if d.text in ("The 2s and Aces, the strongest ranks", "2s and Aces")]
    assert keyed and panel.contains(keyed[0].rect)
    key(app, pygame.K_t)
    assert not table.tracker.shown and "tracker" not in table.layout.drawers
