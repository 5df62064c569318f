"""Issue 27, defect 9: the card tracker leaves Recent plays readable (they move under its
panel) and says what its gold band means."""

from __future__ import annotations

import pygame
import pytest

from helpers import key

from big2.app.ui import text
from big2.room.config import MatchConfig


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_tracker_leaves_recent_plays_in_view_and_keys_its_band(make_app, size):
    app = make_app(size=size)
    table = app.push("table", MatchConfig(seed=5))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    assert len(table.log) >= 2
    key(app, pygame.K_t)  # the player turns the tracker on
    assert table.tracker.shown
    with text.recording() as drawn:
        table.draw(app.screen)
    panel = table.tracker.rect
    heading = [d for d in drawn if d.text == "Recent plays"]
    assert heading and not heading[0].rect.colliderect(panel)
    last = str(table.log[-1][0])
    shown = [d for d in drawn if d.text == last]
    assert shown, f"the latest play {last!r} is not drawn"
    assert not shown[0].rect.colliderect(panel)
    box = table.tracker.log_box()
    lay = table.layout
    for spot in lay.seats[1:]:  # never over a seat's plate or its badge
        assert not box.colliderect(pygame.Rect(spot.info.as_tuple()))
        assert not box.colliderect(pygame.Rect(spot.badge.as_tuple()))
    keyed = [d for d in drawn if d.text in ("The 2s and Aces, the strongest ranks", "2s and Aces")]
    assert keyed and panel.contains(keyed[0].rect)
    key(app, pygame.K_t)
    assert not table.tracker.shown and table.tracker.log_box() is None
