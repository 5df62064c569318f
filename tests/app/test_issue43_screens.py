"""Issue 43, items 7, 8, 14 and 16: what the player saw on the results, New game, title,
session-end and pause screens, driven with real clicks and keys."""

from __future__ import annotations

import pygame
import pytest

from helpers import click_button, key, pump

from big2.app.ui import text
from big2.app.rooms import open_table
from big2.app.table.layout import results_card
from big2.room.config import MatchConfig
from test_session_end import SEATS, _to_results

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


# Item 7: "Deal number copied" covers nothing that matters ----------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_deal_copied_toast_covers_no_line_card_or_button(make_app, size):
    app = make_app(size=size)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=3))
    app.push(table)
    results = _to_results(app, table)
    click_button(app, results.b_copy_deal)
    assert results.toast.shown
    app.draw()
    with text.recording() as drawn:  # what the results dialog itself writes
        results.draw(pygame.display.get_surface())
    toast = results.toast.rect
    assert toast.h > 0 and results.rect.contains(toast)
    words = [d for d in drawn if d.on_screen and results.rect.contains(d.rect)]
    deal_line = next(d for d in words if d.text.startswith("Deal "))
    assert not toast.colliderect(deal_line.rect), (toast, deal_line.rect)
    for d in words:  # the title, the heads, names, points, totals, the line under the hands
        assert not toast.colliderect(d.rect), (d.text, d.rect, toast)
    buttons = [b for b in (results.b_menu, results.b_play_deal, results.b_copy_deal, results.b_next) if b is not None]
    assert not any(toast.colliderect(b.rect) for b in buttons)
    # the cards left in each hand: a row starts where its name is written
    _cw, ch = results_card(app.ui_scale)
    names = [d for d in words if d.text.lstrip("★ ") in ("You", "East", "North", "West")]
    assert len(names) == 4
    for d in names:
        top = d.rect.centery - results.px(18)
        assert toast.top >= top + ch, (d.text, toast)
