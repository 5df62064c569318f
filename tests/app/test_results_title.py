"""The results' heading beside "Review this hand": in every language the heading keeps
to the room left of the button (in Filipino "Round 1: naubos ni Kanluran ang baraha
niya" ran under it)."""

from __future__ import annotations

import pygame
import pytest
from helpers import key, pump

from big2 import i18n
from big2.app import storage
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig


@pytest.mark.parametrize("code", ["en", "fil", "id", "zh_Hant"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_heading_never_runs_under_review_this_hand(make_app, monkeypatch, code, size):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        seats = (SeatConfig("You", True), SeatConfig("West", False, "normal"), SeatConfig("North", False, "normal"),
                 SeatConfig("East", False, "normal"))
        table = app.goto("table", MatchConfig(seats=seats, hands=2, seed=3))
        assert app.run_until(lambda: table.awaiting_human, timeout=30)
        key(app, pygame.K_ESCAPE)  # the pause menu: "Let the computer play my hand"
        from helpers import click_button

        click_button(app, app.top.b_hand)
        assert app.run_until(lambda: app.top.name == "results", timeout=60)
        i18n.set_language(code)
        app.top.build()
        results = app.top
        assert results.b_review is not None
        drawn: list[tuple[str, pygame.Rect]] = []
        real, real_draw = text.draw, results.draw
        inside = [False]  # only what the results dialog draws (the table is under it)

        def spy(surf, words, *args, **kwargs):
            rect = real(surf, words, *args, **kwargs)
            if inside[0]:
                drawn.append((str(words), rect))
            return rect

        def dialog(surf):
            inside[0] = True
            try:
                real_draw(surf)
            finally:
                inside[0] = False

        monkeypatch.setattr(text, "draw", spy)
        monkeypatch.setattr(results, "draw", dialog)
        app.dirty = True
        pump(app, 2)
        monkeypatch.undo()
        button = results.b_review.rect
        heading = [r for words, r in drawn if r.bottom <= button.bottom + 8 and r.top >= results.rect.top]
        assert heading, drawn
        for r in heading:
            assert not r.colliderect(button), (code, size, r, button, [w for w, q in drawn if q == r])
    finally:
        i18n.set_language("en")
        st.close()
