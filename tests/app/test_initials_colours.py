"""Initials portraits (issue 44): two people at one table never sit on the same colour
(Ann and Ben share one by their names alone), and the watch view seats characters."""

from __future__ import annotations

import pygame

from helpers import pump

from big2.app import _first_scene
from big2.app.table import seats
from big2.app.table.portrait import initials_colours, own_colour
from big2.room import personas
from big2.room.config import MatchConfig, SeatConfig


def test_each_name_keeps_its_colour_unless_an_earlier_seat_has_it():
    assert own_colour("Ann") == own_colour("Ben")  # why this test exists
    ann, ben = initials_colours(["Ann", "Ben"])
    assert ann == own_colour("Ann") and ben != ann
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo"]
    assert len(set(initials_colours(names))) == 6
    assert initials_colours(["Bo"]) == [own_colour("Bo")]


def _face_colour(surf: pygame.Surface, table, seat: int) -> tuple[int, int, int]:
    face = pygame.Rect(table.layout.seats[table.pos_of(seat)].portrait.as_tuple())
    return tuple(surf.get_at((face.x + face.w // 5, face.centery))[:3])


def test_ann_and_ben_at_one_hot_seat_table_have_their_own_colours(make_app):
    app = make_app()
    cfg = MatchConfig(seats=(SeatConfig("Ann", True), SeatConfig("Ben", True), SeatConfig("Cy", True)), seed=3)
    table = app.push("table", cfg)
    pump(app)
    surf = pygame.Surface(app.size)
    seats.draw_seats(surf, table, lambda _t, _seat: None)
    colours = [_face_colour(surf, table, seat) for seat in range(3)]
    assert len(set(colours)) == 3, colours


def test_the_watch_view_seats_characters(make_app):
    app = make_app()
    table = _first_scene(app, "watch", 5)
    names = table.link.state.names
    assert all(personas.named(name) is not None for name in names), names
    assert not {"North", "South", "East", "West"} & set(names)
