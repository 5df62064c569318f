"""Issue 44 (docs/design/look.md, "Motion"): a drawer opens or closes in 180 ms, out
cubic: it slides in from its edge (or out to it) while the seats, the centre, the hand
and the button row move to their new places; under reduced motion nothing moves and the
new table fades in over the old in at most 80 ms; with animations off it simply changes.
Drawers are opened as a player does, by a click on their tab."""

from __future__ import annotations

import pytest

from helpers import click, pump

from big2.app.rooms import open_table
from big2.app.table.drawers import SLIDE_SECONDS
from big2.app.ui import tween
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


def _table(app):
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    pump(app, 3)
    return table


def _steps(app, table, limit: int = 400) -> list:
    """Frames until the slide ends: the layout drawn at each (the table's while none)."""
    shown = []
    for _ in range(limit):
        lay = table.drawers.shown_layout()
        if lay is None:
            return shown
        shown.append(lay)
        table.update(1 / 60)  # a frame of game time
        app.draw()
    raise AssertionError("the drawer never came to rest")


def test_a_drawer_slides_in_and_the_table_moves_with_it(make_app):
    app = make_app(size=(1280, 720), animation="normal")
    table = _table(app)
    assert "scores" not in table.layout.drawers
    before = table.layout
    click(app, table.layout.tabs["scores"].center, frames=0)
    after = table.layout
    assert "scores" in after.drawers, "the click on the tab opened nothing"
    # one tween of 180 ms, out cubic, carries the slide
    slide = [tw for tw in table.tweens._tweens.values() if tw.target is table.drawers]
    assert len(slide) == 1 and slide[0].duration == pytest.approx(SLIDE_SECONDS) and slide[0].ease is tween.out_cubic
    frames = _steps(app, table)
    assert len(frames) >= 5, "the drawer jumped open"
    xs = [lay.scores.x for lay in frames]
    assert xs[0] >= after.width - 40 and xs == sorted(xs, reverse=True), xs  # in from the right edge
    east = [lay.seats[1].info.x for lay in frames]
    assert east[0] > after.seats[1].info.x and east == sorted(east, reverse=True)  # East moves over with it
    assert before.seats[1].info.x > after.seats[1].info.x
    # out cubic: most of the way in the first half
    mid = frames[len(frames) // 2].scores.x
    assert mid - after.scores.x < (xs[0] - after.scores.x) * 0.3
    # everything is at its new place now: the hand, the buttons
    for c, (x, y) in zip(table.hand.cards, after.hand_positions(len(table.hand.cards), table.hand_gaps())):
        assert (round(table.sprites[c].x), round(table.sprites[c].y)) == (x, y)
    for name, box in after.buttons.items():
        assert tuple(table.buttons[name].relative_rect) == box.as_tuple(), name


def test_a_closing_drawer_slides_out_to_its_edge(make_app):
    app = make_app(size=(1920, 1080), animation="normal")
    table = _table(app)
    assert "plays" in table.layout.drawers  # open at first on a wide window
    width = table.layout.log.w
    click(app, table.layout.tabs["plays"].center, frames=0)
    assert "plays" not in table.layout.drawers
    frames = _steps(app, table)
    assert all("plays" in lay.drawers for lay in frames), "the closing drawer vanished at once"
    xs = [lay.log.x for lay in frames]
    assert xs == sorted(xs, reverse=True) and xs[-1] < 0 < xs[0] + width, xs


def test_reduced_motion_fades_in_at_most_80_ms_and_nothing_moves(make_app):
    app = make_app(size=(1280, 720), animation="normal", reduced_motion=True)
    table = _table(app)
    click(app, table.layout.tabs["scores"].center, frames=0)
    assert "scores" in table.layout.drawers
    assert table.drawers.shown_layout() is None, "something slides under reduced motion"
    assert app.transition.active and 0 < app.transition.duration <= 0.08 and app.transition.rise == 0
    assert not any(tw.duration > 0.08 for tw in table.tweens._tweens.values())


def test_no_motion_with_animations_off(make_app):
    app = make_app(size=(1280, 720), animation="off")
    table = _table(app)
    click(app, table.layout.tabs["scores"].center, frames=0)
    assert "scores" in table.layout.drawers and table.drawers.shown_layout() is None
    assert not app.transition.active and not table.tweens.active
