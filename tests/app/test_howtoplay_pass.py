"""How to play, the passing lesson, with the habit the other lessons teach: H, then
Enter. H says to press P (nothing is lifted); Enter with nothing lifted gets the lesson's
sentence, never the table's red refusal; P then passes and the lessons go on."""

from __future__ import annotations

import pygame
from helpers import click_button, key, pump

from big2.app.guide.howtoplay import HowToPlayScene
from big2.app.screens.title import TitleScene


def test_h_then_enter_in_the_passing_lesson_says_press_p(make_app):
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    pump(app)
    click_button(app, title.b_learn)
    scene = app.top
    assert isinstance(scene, HowToPlayScene)
    passes = 0
    for _ in range(40):
        assert app.run_until(lambda: scene.awaiting_human or scene.tutorial.finished, timeout=20)
        if scene.tutorial.finished:
            break
        key(app, pygame.K_h)
        if scene.hand.selected:
            key(app, pygame.K_RETURN)
            continue
        passes += 1
        assert "press p" in scene.message[0].lower()
        n = len(scene.link.room.match.game.history)
        key(app, pygame.K_RETURN)  # the habit: Enter after H
        assert len(scene.link.room.match.game.history) == n and scene.awaiting_human
        assert scene.message[0] == "In this lesson you pass: press P."
        key(app, pygame.K_p)
        assert len(scene.link.room.match.game.history) > n  # (the computers may reply at once)
    assert passes >= 1 and scene.tutorial.finished
