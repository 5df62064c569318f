"""Issue 27, defect 9: the How to play panel stays clear of the cards and outlines the
cards each lesson names. Driven from the title with real clicks and keys."""

from __future__ import annotations

import pygame
import pytest
from helpers import click_button, key, pump

from big2.app.ui import text
from big2.app.guide.howtoplay import NAMED, HowToPlayScene, _panel_height, lesson_texts
from big2.app.screens.title import TitleScene
from big2.engine import parse_cards


def _open_lesson(app) -> HowToPlayScene:
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    click_button(app, title.b_learn)
    scene = app.top
    assert isinstance(scene, HowToPlayScene)
    assert app.run_until(lambda: scene.awaiting_human and not app.animating(), timeout=20)
    pump(app, 3)
    return scene


def _back_rects(scene) -> list[pygame.Rect]:
    """Every card back on the table, where it is drawn."""
    lay = scene.layout
    out = []
    for seat in range(scene.link.room.match.n_players):
        if seat == scene.viewer:
            continue
        p = (seat - scene.viewer) % scene.link.room.match.n_players
        turned = lay.seats[p].side in ("left", "right")
        w, h = (lay.small_h, lay.small_w) if turned else (lay.small_w, lay.small_h)
        out += [pygame.Rect(x, y, w, h) for x, y in lay.back_positions(p, scene.counts[seat])]
    return out


def _check_clear(scene) -> None:
    panel = scene.lesson.area()
    for back in _back_rects(scene):
        assert not panel.colliderect(back), (panel, back)
    for card in scene.hand.cards:
        assert not panel.colliderect(scene.sprites[card].rect())
    plan = scene.lesson_plan
    for words in lesson_texts():  # every lesson fits the panel whole
        lines = len(text.wrap(words, plan.font_px, panel.w - 20))
        assert _panel_height(lines, plan.font_px, plan.footer, plan.split_header) <= panel.h


def _check_outline(app, scene, cards: str) -> None:
    want = set(parse_cards(cards))
    assert set(scene.lesson.named_cards()) == want
    boxes = scene.lesson.highlights()
    assert boxes
    covered = [c for c in want if any(b.colliderect(scene.sprites[c].rect()) for b in boxes)]
    assert len(covered) == len(want)
    app.dirty = True
    pump(app, 2)
    for box in boxes:  # the outline is on screen, round the named cards
        assert app.screen.get_at((box.centerx, box.y + 1))[:3] == NAMED
    others = [c for c in scene.hand.cards if c not in want]
    assert not any(b.contains(scene.sprites[c].rect()) for b in boxes for c in others)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_lesson_panel_covers_no_card_and_outlines_the_named_ones(make_app, size):
    app = make_app(size=size)
    scene = _open_lesson(app)
    _check_clear(scene)
    _check_outline(app, scene, "3d 3s")
    key(app, pygame.K_h)  # lift the lesson's cards
    key(app, pygame.K_RETURN)  # and play them
    assert app.run_until(lambda: scene.awaiting_human and scene.tutorial.index == 4 and not app.animating(), timeout=20)
    pump(app, 3)
    _check_clear(scene)
    _check_outline(app, scene, "8c 8h")
