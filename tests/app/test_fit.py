"""Every screen, at every window size we design for: all text fits, no control sits on another.

The tour (tools.tour) reaches each scene as a player would: the title, New game with
each drop-down held open, Settings likewise, the Rules for every preset, Statistics with
a history, a replay, the saved games, the table dealing, on your turn, while a computer
thinks, as a trick is won and at "last card", the pause menu, the results, the end of the
session and the hot-seat privacy screen. At each stop tools.fitcheck measures every
label and button against its own font and every line we draw ourselves. Widths come from
the fonts, never from numbers written for English, so the test holds for any language.
"""

from __future__ import annotations

import pytest

from big2.app import storage
from big2.app.ui import text
from tools import fitcheck
from tools.tour import tour

SIZES = [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_fits_the_window(make_app, size):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    problems: dict[str, list[str]] = {}
    stops = []
    try:
        for stop in tour(app, presets=True):
            stops.append(stop)
            found = fitcheck.draw_and_check(app)
            if found:
                problems[stop] = [str(p) for p in found]
    finally:
        st.close()
    # the tour really went everywhere
    for needed in ("title", "new-game", "new-game-house-rules", "settings", "rules", "statistics", "replay", "table-your-turn",
                   "pause", "results", "session-end", "privacy", "title-continue", "saves"):
        assert needed in stops, f"the tour never reached {needed}: {stops}"
    assert any(s.startswith("new-game-dropdown") for s in stops)
    report = "\n".join(f"{stop}:\n  " + "\n  ".join(p) for stop, p in problems.items())
    assert not problems, f"at {size[0]}x{size[1]}:\n{report}"


def test_the_checker_sees_a_cut_off_button_and_an_overlap(make_app):
    """The checker itself: a long label in a narrow button, and two buttons on one spot."""
    from big2.app.ui.scene import Scene

    app = make_app()

    class Cramped(Scene):
        def build_ui(self):
            self.a = self.button((100, 100, 60, 40), "A label far too long for this button")
            self.b = self.button((130, 110, 120, 40), "OK")

        def draw(self, surf):
            text.draw(surf, "squashed words", 20, (400, 400), max_width=40)

    app.push(Cramped(app))
    app.frame(block=False)
    found = [str(p) for p in fitcheck.draw_and_check(app)]
    assert any("far too long" in p and "wide" in p for p in found), found
    assert any("overlaps" in p for p in found), found
    assert any("squeezed" in p for p in found), found
