"""The table's geometry with the accessibility settings: larger cards and text, and the
left-handed layout (the hand's buttons and name plate mirrored)."""

from __future__ import annotations

import itertools

import pytest

from big2.app.table.layout import compute_layout
from big2.app.settings import LARGER_CARDS_SCALE

from test_layout import SEATS, SIZES, _named_boxes

OPTIONS = [dict(card_scale=LARGER_CARDS_SCALE), dict(left_handed=True), dict(card_scale=LARGER_CARDS_SCALE, left_handed=True)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
@pytest.mark.parametrize("opts", OPTIONS, ids=["larger", "left", "both"])
def test_everything_on_screen_and_apart(size, n, opts):
    lay = compute_layout(*size, n, **opts)
    boxes = _named_boxes(lay)
    boxes["extra"] = lay.extra_button
    for name, box in boxes.items():
        assert box.inside(lay.window), (name, box, size)
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        if {a, b} == {"fan0", "info0"}:
            continue
        assert not ba.overlaps(bb), (a, ba, b, bb, size, n)
    for spot in lay.seats:
        assert spot.badge.inside(lay.window)
        assert not spot.badge.overlaps(lay.trick)
        assert not any(spot.badge.overlaps(b) for b in lay.buttons.values())
    # one card of the trick fits its box, and the hand's cards keep their corners readable
    assert lay.trick.h >= lay.card_h
    pos = lay.hand_positions(13)
    assert min(b[0] - a[0] for a, b in zip(pos, pos[1:])) >= min(22, lay.card_w * 0.3)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("hand", [13, 17, 21])
def test_larger_cards_are_larger_and_the_hand_still_fits(size, hand):
    n = 4 if hand == 13 else 2
    plain = compute_layout(*size, n, max_hand=hand)
    big = compute_layout(*size, n, max_hand=hand, card_scale=LARGER_CARDS_SCALE)
    assert big.card_h >= plain.card_h and big.font_px > plain.font_px
    if hand == 13 and size in ((800, 600), (1280, 720), (1920, 1080)):  # not held back by a narrow window
        assert big.card_h >= plain.card_h * 1.08, (big.card_h, plain.card_h)
    pos = big.hand_positions(hand)
    fan = big.seats[0].fan
    assert pos[0][0] >= fan.x and pos[-1][0] + big.card_w <= fan.right


@pytest.mark.parametrize("size", SIZES)
def test_left_handed_mirrors_the_buttons_and_the_plate(size):
    plain = compute_layout(*size, 4)
    left = compute_layout(*size, 4, left_handed=True)
    w = plain.width
    for name, box in plain.buttons.items():
        assert left.buttons[name].x == w - box.right, name
    xs = [left.buttons[k].x for k in ("play", "pass", "hint", "sort")]
    assert xs == sorted(xs)  # Play nearest the left edge, Sort innermost
    assert left.seats[0].info.x == w - plain.seats[0].info.right
    assert left.seats[0].fan == plain.seats[0].fan  # the hand keeps its place and order
    assert left.extra_button.x > left.buttons["sort"].x  # Undo on the outer end, beside Sort
