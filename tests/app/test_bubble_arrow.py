"""Issue 27, defect 4: the gold turn arrow never covers a word of the message bubble (a
hint, a refused play), at every window size, and the bubble shows the whole sentence."""

from __future__ import annotations

import pygame
import pytest

from helpers import card_point, click, click_button

from big2.app.ui import text
from big2.room.config import MatchConfig
from big2.room.match import Match
from big2.app.table.draw import turn_pointer_rect


def _bubble_lines(app, table) -> list[text.DrawnText]:
    """The lines of the message bubble as drawn (those of the message's own words)."""
    msg = table.message[0]
    lay = table.layout
    row = pygame.Rect(lay.message.as_tuple())
    region = pygame.Rect(0, row.y - 4 * lay.font_px, lay.width, row.h + 4 * lay.font_px)
    with text.recording() as drawn:
        table.draw(app.screen)
    return [d for d in drawn if region.contains(d.rect) and d.text.strip() and d.text in msg]


def _check(app, table) -> None:
    arrow = turn_pointer_rect(table)
    assert arrow is not None, "it is the player's turn: the arrow points at them"
    lines = _bubble_lines(app, table)
    assert lines, table.message
    for d in lines:
        assert not d.rect.colliderect(arrow), (d.text, d.rect, arrow)
    shown = "".join(d.text for d in sorted(lines, key=lambda d: d.rect.y)).replace(" ", "")
    assert shown == table.message[0].replace(" ", "").replace("\n", "")  # nothing cut


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_turn_arrow_leaves_hints_and_refusals_readable(make_app, size):
    app = make_app(size=size)
    # the player leads (holds 3♦): a hint and a refusal come while the arrow points at them
    seed = next(s for s in range(60) if Match(MatchConfig(seed=s)).new_hand()[0].first == 0)
    table = app.push("table", MatchConfig(seed=seed))
    assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=30)
    click_button(app, table.buttons["hint"], frames=5)
    assert app.run_until(lambda: table.message is not None, timeout=30)
    _check(app, table)
    # a refusal: 3♦ with a card of another rank is no combination
    for c in list(table.hand.selected):
        click(app, card_point(table, c))
    hand = table.hand.cards
    other = next(c for c in hand if c >> 2 != hand[0] >> 2)
    click(app, card_point(table, hand[0]))
    click(app, card_point(table, other))
    table.message = None
    click_button(app, table.buttons["play"])
    assert table.message is not None
    _check(app, table)
