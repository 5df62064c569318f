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
from big2.app.table.layout import CARD_RATIO, MINI_READABLE_H, Box, compute_layout
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


# 2. A reaction by its seat --------------------------------------------------------------------

#: Narrow tables (a side seat's play under its plate): 800x600, and 1280x720 with Recent
#: plays open, with three and four seats, left-handed too, with the Reactions button.
NARROW = [((800, 600), n, drawers, lh) for n in (3, 4) for drawers in ((), ("plays",)) for lh in (False, True)] + [
    ((1280, 720), n, ("plays",), False) for n in (3, 4)] + [((1024, 768), 4, ("plays",), False)]


def _gap(a: Box, b: Box) -> int:
    """The felt between two boxes (0 where they touch or overlap)."""
    dx = max(0, a.x - b.right, b.x - a.right)
    dy = max(0, a.y - b.bottom, b.y - a.bottom)
    return max(dx, dy)


@pytest.mark.parametrize("size,n,drawers,lh", NARROW)
def test_a_side_seats_reaction_is_by_its_plate_on_a_narrow_table(size, n, drawers, lh):
    lay = compute_layout(*size, n, drawers=drawers, left_handed=lh, react_w=100)
    sides = [s for s in lay.seats if s.side in ("left", "right")]
    assert sides and all(s.play.y >= s.info.bottom for s in sides)  # narrow: the play under the plate
    for spot in sides:
        assert _gap(spot.say, spot.info) <= 8, (spot.side, spot.say, spot.info)  # by the plate, not the play
        assert spot.say.x == spot.info.x  # from the portrait's side
        others = [spot.play, *[b for s in lay.seats if s is not spot for b in (s.info, s.play, s.say)],
                  *lay.buttons.values(), lay.trick, *lay.shown_panels().values(), lay.menu_button]
        assert not any(spot.say.overlaps(b) for b in others), spot
        assert spot.say.inside(lay.area)


@pytest.mark.parametrize("size,drawers", [((800, 600), ()), ((1280, 720), ("plays",))])
def test_the_bubbles_drawn_by_their_seats_cover_nothing(make_app, size, drawers):
    from test_fit_property import table_problems

    from big2.app.table.reactions import draw_bubble

    app, table = _table(make_app, size)
    for name in drawers:
        open_drawer(app, table, name)
    until = table.clock.time + 60
    for seat in range(1, 4):
        table.reactions.bubbles[seat] = ("well_played", until)  # the widest English reaction
    pump(app, 1)
    assert table_problems(app, table) == []
    for seat in range(1, 4):
        spot = table.layout.seats[table.pos_of(seat)]
        bubble = draw_bubble(app.screen.copy(), table, seat, "well_played")
        plate = pygame.Rect(spot.info.as_tuple())
        assert not bubble.colliderect(plate)
        # beside the plate: at most a small gap from it, its portrait's end first
        assert _gap(Box(*bubble), spot.info) <= 12, (spot.side, bubble, plate)
        if spot.side != "top":
            assert bubble.x == spot.info.x


# 3. A last play that can be read --------------------------------------------------------------


@pytest.mark.parametrize("size,n,drawers", [((800, 600), 4, ()), ((800, 600), 4, ("plays",)), ((800, 600), 3, ()),
                                            ((800, 600), 2, ()), ((1024, 768), 4, ("plays",)), ((1280, 720), 4, ())])
def test_a_seats_last_play_is_in_cards_large_enough_to_read(size, n, drawers):
    lay = compute_layout(*size, n, drawers=drawers, react_w=100)
    assert lay.mini_h >= MINI_READABLE_H and lay.mini_w == round(lay.mini_h * CARD_RATIO)
    for pos, spot in enumerate(lay.seats):
        cards = lay.play_positions(pos, 5)  # a five-card play: overlapped, every corner showing
        xs = [x for x, _y in cards]
        assert xs == sorted(xs) and xs[1] - xs[0] >= round(lay.mini_w * 0.3), (spot.side, xs, lay.mini_w)
        assert cards[0][0] >= spot.play.x and cards[-1][0] + lay.mini_w <= spot.play.right
        assert spot.play.h >= lay.mini_h


def test_the_top_seats_play_keeps_the_size_it_has_where_there_is_room():
    # the minimum only lifts small windows: at 1280x720 and up the cards are as before
    assert compute_layout(1280, 720, 4).mini_h == 64
    assert compute_layout(1920, 1080, 4).mini_h == 92
