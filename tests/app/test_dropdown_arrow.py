"""Issue 27, defect 9: the ▾ of every drop-down grows with the UI scale (it stayed at its
1280×720 size, tiny at 1920×1080)."""

from __future__ import annotations

import pygame

from helpers import click, pump


def _arrow_height(app) -> int:
    """The height in pixels of the arrow drawn on New game's first drop-down."""
    app.push("title")
    pump(app)
    click(app, app.top.b_new.rect.center)
    button = app.top.dd_players.current_state.open_button
    img = button.image
    rows = [y for y in range(img.get_height())
            if any(sum(img.get_at((x, y))[:3]) > 600 for x in range(img.get_width()))]
    assert rows, "no arrow drawn"
    return rows[-1] - rows[0] + 1


def test_the_drop_down_arrow_scales_with_the_window(make_app):
    small = _arrow_height(make_app(size=(1280, 720)))
    large = _arrow_height(make_app(size=(1920, 1080)))
    assert large >= 1.3 * small, (small, large)
    assert large >= 9
