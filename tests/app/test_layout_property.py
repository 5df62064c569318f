"""Issue 44: no panel, tab, seat, play, chip or button of the table covers another, at
every window size designed for, with 2, 3 or 4 seats, any drawers open, larger cards and
a left-handed layout (derandomised like the project's other properties: the same
examples every run)."""

from __future__ import annotations

import itertools

from hypothesis import given, strategies as st

from big2.app.table.layout import DRAWERS, compute_layout

SIZES = [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)]


def _regions(lay):
    boxes = {"trick": lay.trick, "menu": lay.menu_button, "undo": lay.extra_button, **lay.shown_panels()}
    boxes.update({"button:" + k: b for k, b in lay.buttons.items()})
    for i, spot in enumerate(lay.seats):
        boxes.update({f"plate{i}": spot.info, f"play{i}": spot.play, f"say{i}": spot.say})
    boxes["hand"] = lay.seats[0].fan
    return boxes


@given(size=st.sampled_from(SIZES), n=st.sampled_from([2, 3, 4]),
       drawers=st.lists(st.sampled_from(DRAWERS), max_size=3, unique=True),
       larger=st.booleans(), left=st.booleans(), tabs=st.integers(80, 260))
def test_nothing_covers_a_seat_the_centre_or_a_button(size, n, drawers, larger, left, tabs):
    lay = compute_layout(*size, n, drawers=tuple(drawers), card_scale=1.25 if larger else 1.0, left_handed=left,
                         tab_w={"plays": tabs, "scores": tabs, "tracker": tabs})
    boxes = _regions(lay)
    for name, box in boxes.items():
        assert box.inside(lay.window) and box.w > 0 and box.h > 0, (name, box)
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        assert not ba.overlaps(bb), (a, ba, b, bb)
    for spot in lay.seats:  # each seat's parts inside its plate, its chip inside its play
        assert spot.portrait.inside(spot.info) and spot.label.inside(spot.info) and spot.badge.inside(spot.play)
    assert lay.trick.h >= lay.card_h + lay.trick_label_h  # the line under the cards is never clipped
