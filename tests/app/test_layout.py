"""Table geometry at several window sizes: everything on screen, nothing colliding."""

from __future__ import annotations

import itertools

import pytest

from big2.app.table.layout import MIN_SIZE, Box, compute_layout, sides_for

SIZES = [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (800, 1200), (2560, 1080), (1000, 620)]
SEATS = [2, 3, 4]
#: No drawer, each drawer alone, and Recent plays with each right-hand drawer.
DRAWERS = [(), ("plays",), ("scores",), ("tracker",), ("plays", "scores"), ("plays", "tracker")]


def _named_boxes(lay):
    """Every region that must stand clear of the others: the centre, the buttons, the
    open drawers and the tabs, and each seat's plate (portrait, name and, for the others,
    their backs inside it), last play and reaction place."""
    boxes = {"trick": lay.trick, "menu": lay.menu_button, **lay.shown_panels()}
    for name, b in lay.buttons.items():
        boxes["button:" + name] = b
    for i, spot in enumerate(lay.seats):
        boxes[f"info{i}"] = spot.info
        boxes[f"play{i}"] = spot.play
        boxes[f"say{i}"] = spot.say
        if i == 0:
            boxes["fan0"] = spot.fan
    return boxes


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_every_box_is_on_screen(size, n):
    lay = compute_layout(*size, n)
    for name, box in _named_boxes(lay).items():
        assert box.inside(lay.window), (name, box, size)
        assert box.w > 0 and box.h > 0, name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
@pytest.mark.parametrize("drawers", DRAWERS, ids=lambda d: "+".join(d) or "none")
def test_no_two_regions_collide(size, n, drawers):
    lay = compute_layout(*size, n, drawers=drawers)
    boxes = _named_boxes(lay)
    # The bottom fan includes the lift band; buttons sit above it and must not touch it.
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        assert not ba.overlaps(bb), (a, ba, b, bb, size, n, drawers)


@pytest.mark.parametrize("n", SEATS)
def test_a_seat_is_a_person(n):
    """Portrait, name and backs inside the plate; the count badge on the portrait's edge."""
    lay = compute_layout(1280, 720, n)
    for spot in lay.seats:
        assert spot.portrait.inside(spot.info) and spot.label.inside(spot.info)
        assert spot.badge.inside(spot.play)
        assert spot.count.overlaps(spot.portrait)
        if spot.side != "bottom":
            assert spot.fan.inside(spot.info)
    if n == 3:  # left and right, nobody at the top (never "North" in West's place)
        assert [s.side for s in lay.seats] == ["bottom", "right", "left"]
        assert lay.seats[1].info.x > lay.trick.right and lay.seats[2].info.right < lay.trick.x


def test_narrow_window_opens_one_drawer():
    assert compute_layout(800, 600, drawers=("plays", "scores")).drawers == ("scores",)
    assert compute_layout(1280, 720, drawers=("plays", "scores")).drawers == ("plays", "scores")
    assert compute_layout(1280, 720, drawers=("scores", "tracker")).drawers == ("tracker",)
    lay = compute_layout(1280, 720, drawers=("plays",))
    assert lay.area.x >= lay.log.right and all(s.info.x >= lay.log.right for s in lay.seats)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_badges_clear_of_trick_and_buttons(size, n):
    lay = compute_layout(*size, n)
    for spot in lay.seats:
        assert spot.badge.inside(lay.window)
        assert not spot.badge.overlaps(lay.trick), (spot.side, size)
        for b in lay.buttons.values():
            assert not spot.badge.overlaps(b)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("hand", [13, 17, 21, 27])
def test_hand_fits_and_corners_stay_readable(size, hand):
    lay = compute_layout(*size, 4 if hand == 13 else 2, max_hand=hand)
    pos = lay.hand_positions(hand)
    assert len(pos) == hand
    fan = lay.seats[0].fan
    assert pos[0][0] >= fan.x and pos[-1][0] + lay.card_w <= fan.right
    steps = {b[0] - a[0] for a, b in zip(pos, pos[1:])}
    assert min(steps) >= min(22, lay.card_w * 0.3)  # rank corner visible
    assert all(y + lay.card_h <= lay.height for _, y in pos)


def test_cards_grow_with_the_window():
    small = compute_layout(800, 600)
    big = compute_layout(1920, 1080)
    assert big.card_h > small.card_h * 1.5
    assert abs(big.card_w / big.card_h - 0.7) < 0.02


def test_below_minimum_is_clamped():
    lay = compute_layout(300, 200)
    assert (lay.width, lay.height) == MIN_SIZE


def test_hand_hit_testing_picks_topmost_and_lifted():
    lay = compute_layout(1280, 720)
    pos = lay.hand_positions(13)
    x, y = pos[5]
    # The right part of card 5 is covered by card 6: a click just left of card 6 is card 5.
    assert lay.hand_index_at(pos[6][0] - 2, y + lay.card_h // 2, 13) == 5
    assert lay.hand_index_at(pos[6][0] + 2, y + lay.card_h // 2, 13) == 6
    # The last card shows whole.
    assert lay.hand_index_at(pos[12][0] + lay.card_w - 2, y + 5, 13) == 12
    # Above an unlifted card is empty; the same spot hits it once it is lifted.
    above = (x + 3, y - lay.lift // 2)
    assert lay.hand_index_at(*above, 13) is None
    assert lay.hand_index_at(*above, 13, frozenset({5})) == 5
    assert lay.hand_index_at(5, 5, 13) is None


def test_hand_slot_for_drops():
    lay = compute_layout(1280, 720)
    pos = lay.hand_positions(13)
    assert lay.hand_slot_at(0, 13) == 0
    assert lay.hand_slot_at(10_000, 13) == 12
    assert lay.hand_slot_at(pos[7][0] + lay.card_w / 2, 13) == 7


@pytest.mark.parametrize("n", SEATS)
def test_sides_follow_play_order(n):
    assert sides_for(n)[0] == "bottom"
    lay = compute_layout(1280, 720, n)
    assert [s.side for s in lay.seats] == list(sides_for(n))
    with pytest.raises(ValueError):
        sides_for(5)


@pytest.mark.parametrize("n", SEATS)
def test_back_fans_inside_their_boxes(n):
    lay = compute_layout(1280, 720, n)
    for p, spot in enumerate(lay.seats[1:], start=1):
        for count in (1, 13):
            for x, y in lay.back_positions(p, count):
                assert Box(x, y, lay.small_w, lay.small_h).inside(spot.fan), (spot.side, count)


def test_trick_positions_centred():
    lay = compute_layout(1280, 720)
    pos = lay.trick_positions(5)
    left = pos[0][0]
    right = pos[-1][0] + lay.card_w
    assert abs((left + right) / 2 - lay.trick.center[0]) <= 2
    assert lay.trick_positions(0) == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("n", SEATS)
def test_the_count_badge_keeps_off_the_name_and_tag(size, n):
    """The card-count pill on the portrait's edge never reaches into the words beside it
    ("13" touched "Normal" or "left" at 1280x720 and lay over them at 1920x1080)."""
    lay = compute_layout(*size, n)
    for spot in lay.seats:
        assert not spot.count.overlaps(spot.label), (spot.side, spot.count, spot.label)
