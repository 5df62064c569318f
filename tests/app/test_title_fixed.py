"""Issue 44: the title's buttons do not move when Continue appears. Continue has its own
place above them; before, every button moved down a row when a game was saved, so a
click where New game had been opened "You have an unfinished game" instead. The title
also carries its picture (a fan of cards under a lamp), drawn by the program."""

from __future__ import annotations

import pygame
import pytest

from helpers import click, pump

from big2.app import storage
from big2.app.rooms import open_table
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.title import TitleScene
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
NAMES = ("b_quick", "b_new", "b_online", "b_saves", "b_rules", "b_settings", "b_stats", "b_learn", "b_quit", "b_about")


def _rects(title: TitleScene) -> dict[str, pygame.Rect]:
    return {n: pygame.Rect(getattr(title, n).rect) for n in NAMES}


def _gold(title: TitleScene) -> list:
    """The title's gold (#primary) buttons."""
    buttons = [getattr(title, n) for n in (*NAMES, "b_continue", "b_daily", "b_achievements")]
    return [b for b in buttons if b is not None and "#primary" in (b.object_ids or [])]


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_buttons_keep_their_places_when_a_saved_game_brings_continue(make_app, size):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        app.push(TitleScene(app))
        pump(app, 2)
        assert app.top.b_continue is None
        assert len(_gold(app.top)) == 1
        before = _rects(app.top)

        table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=4))
        app.reset_to(table)
        assert app.run_until(lambda: table.awaiting_human, timeout=20)
        assert st.flush()
        app.reset_to(TitleScene(app))
        pump(app, 2)
        title = app.top
        assert title.b_continue is not None
        assert _rects(title) == before, "a button moved when Continue appeared"
        # one gold button a screen (look.md): Continue now, not How to play beside it
        assert _gold(title) == [title.b_continue], [b.text for b in _gold(title)]
        # Continue in a place of its own: on the screen, clear of every other button
        cont = title.b_continue.rect
        assert pygame.Rect(0, 0, *size).contains(cont)
        for name, r in before.items():
            assert not cont.colliderect(r), name
        # a click where New game was before is still New game
        click(app, before["b_new"].center)
        assert isinstance(app.top, NewGameScene), app.top.name
    finally:
        st.close()


def test_the_title_draws_its_picture_under_the_name(make_app):
    from big2.app.screens import titleart
    from big2.app.ui import text

    app = make_app(size=(1280, 720))
    app.push(TitleScene(app))
    pump(app, 2)
    with text.recording() as drawn:
        app.draw()
    fan = titleart.fan_box(app.size)
    name = next(d for d in drawn if d.text == "Big Two")
    assert name.rect.top >= fan.bottom - 4, "the name is drawn over the cards"
    # the cards of the fan are white faces in the lamp's light, over the green felt
    screen = app.screen
    whites = sum(1 for x in range(fan.left, fan.right, 4) for y in range(fan.top, fan.bottom, 4)
                 if min(screen.get_at((x, y))[:3]) > 225)
    assert whites > 60
    # the lamp's light: the felt under the fan is brighter than at the window's edge
    centre = screen.get_at((fan.centerx, fan.bottom + 4))[:3]
    edge = screen.get_at((8, fan.bottom + 4))[:3]
    assert sum(centre) > sum(edge) + 30
    for name_ in ("b_continue",):
        assert getattr(app.top, name_) is None
