"""Issue 27, defect 9: the hand arranged by combinations shows its groups clearly: a wide
gap before each group and a gold bar over each group of two or more cards."""

from __future__ import annotations

import pygame
import pytest

from helpers import key

from big2.room.config import MatchConfig
from big2.app.table.draw import group_marks


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_combination_groups_stand_apart(make_app, size):
    app = make_app(size=size)
    table = app.push("table", MatchConfig(seed=5))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    while table.hand.sort_mode != "combinations":
        key(app, pygame.K_s)  # the player presses S until the hand falls into groups
    gaps = table.hand_gaps()
    assert gaps
    lay = table.layout
    xs = [table.sprites[c].x for c in table.hand.cards]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    plain = min(steps)
    # a group starts after clearly more than a card's usual step (a quarter of a card;
    # the fan is narrower since your plate sits beside it); at 800x600 thirteen cards
    # leave no room beyond the smallest gap, and the bars below mark the groups
    wide = 0.25 * lay.card_w if size[0] >= 1280 else lay.group_gap - 1
    for i in gaps:
        assert steps[i - 1] - plain >= wide, (i, steps, lay.card_w)
    starts = [0, *sorted(gaps), len(xs)]
    groups = [(a, b) for a, b in zip(starts, starts[1:]) if b - a >= 2]
    marks = group_marks(table)
    assert len(marks) == len(groups)
    for (a, b), mark in zip(groups, marks):
        assert xs[a] <= mark.left and mark.right <= xs[b - 1] + lay.card_w
        assert mark.bottom <= table.sprites[table.hand.cards[a]].y  # above the cards
    for m1, m2 in zip(marks, marks[1:]):
        assert m2.left - m1.right >= 6  # each bar ends before the next begins
