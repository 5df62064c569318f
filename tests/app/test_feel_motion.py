"""Issue 44 (feel): the motion and sound of docs/design/look.md, as a player meets them.

A person's win celebrates with confetti and any click or key skips it to the results; a
played card lands with a snap (a little large, then settling) and its sound; a last card
is warned with a chime and a pulsing ring; screens come in with a short fade and rise.
With reduced motion: no confetti, no snap, no pulse, no rise, nothing longer than 80 ms;
with animations off: none of it.
"""

from __future__ import annotations

import pygame
import pytest

from helpers import click, key, pump

from big2.app.rooms import open_table
from big2.app.screens.results import ResultsScene
from big2.app.screens.title import TitleScene
from big2.app.ui import tween
from big2.engine import get_rules
from big2.room.config import MatchConfig, SeatConfig

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
COMPUTERS = (SeatConfig("You", False), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
YOUR_DRAGON = 2442  # a Hong Kong deal in which you hold a dragon: you win at once


def _dragon_table(app):
    table = open_table(app, MatchConfig(seats=SEATS, rules=get_rules("hong-kong"), hands=2, deal=YOUR_DRAGON))
    app.push(table)
    return table


def _confetti_pixels(app, table) -> int:
    """Confetti colours on the felt around the centre (the felt itself is green)."""
    app.draw()
    w, h = app.size
    count = 0
    for x in range(0, w, 6):
        for y in range(0, h // 3, 6):  # the top of the window: felt, panels, no cards
            r, g, b = app.screen.get_at((x, y))[:3]
            if (r > 200 and g < 120) or (b > 220 and r < 140):  # red or blue paper
                count += 1
    return count


@pytest.mark.parametrize("skip", ["click", "key"])
def test_your_win_celebrates_and_a_click_or_key_skips_to_the_results(make_app, skip):
    app = make_app(animation="normal")
    table = _dragon_table(app)
    assert app.run_until(lambda: table.playback.celebration is not None, timeout=20)
    for _ in range(20):  # some of the fall
        app.frame(block=False)
        pygame.time.wait(5)
    assert _confetti_pixels(app, table) > 5, "no confetti falls for your win"
    assert not isinstance(app.top, ResultsScene)
    if skip == "click":
        click(app, (app.size[0] // 2, app.size[1] // 6))
    else:
        key(app, pygame.K_SPACE)
    assert isinstance(app.top, ResultsScene), "the celebration was not skipped"
    assert table.playback.celebration is None


def test_reduced_motion_has_no_confetti_and_only_short_tweens(make_app):
    app = make_app(animation="normal", reduced_motion=True)
    table = _dragon_table(app)
    longest = 0.0
    overshoot = False
    while not isinstance(app.top, ResultsScene):
        app.frame(block=False)
        assert table.playback.celebration is None, "confetti with reduced motion"
        for tw in table.tweens._tweens.values():
            longest = max(longest, tw.duration)
            overshoot |= tw.ease in (tween.out_back, tween.out_elastic)
        assert app.transition.duration <= 0.08 and app.transition.rise == 0
        if app.frames > 4000:
            pytest.fail("the results never came")
    assert 0 < longest <= 0.08, longest
    assert not overshoot


def _watch_a_play(app, table):
    """Frames until a play lands in the trick; the size of its first card each frame."""
    sizes = []
    for _ in range(3000):
        app.frame(block=False)
        if table.trick:
            spr = table.sprites.get(table.trick[-1][1][0])
            if spr is not None:
                sizes.append(spr.w)
                if len(sizes) > 2 and not table.tweens.active:
                    return sizes
    pytest.fail("no play landed")


@pytest.mark.parametrize("reduced", [False, True])
def test_a_played_card_snaps_onto_the_cloth_with_its_sound(make_app, reduced):
    app = make_app(animation="normal", reduced_motion=reduced)
    table = open_table(app, MatchConfig(seats=COMPUTERS, hands=1, seed=3))
    app.push(table)
    sizes = _watch_a_play(app, table)
    card_w = table.layout.card_w
    assert sizes[-1] == pytest.approx(card_w)
    if reduced:
        assert max(sizes) <= card_w + 0.01  # straight to its place
    else:
        assert max(sizes) >= card_w * 1.02  # lifted, then snapped down
    assert app.sounds.counts["play"] >= 1


def test_a_last_card_chimes_and_pulses_twice_then_rests(make_app):
    app = make_app(animation="normal")
    app.time_scale = 3.0
    table = open_table(app, MatchConfig(seats=COMPUTERS, hands=1, seed=3))
    app.push(table)
    assert app.run_until(lambda: bool(table.playback.warned), timeout=60)
    seat = next(iter(table.playback.warned))
    assert app.sounds.counts["last_card"] >= 1
    swells = []
    for _ in range(400):
        app.frame(block=False)
        swells.append(table.playback.last_card_pulse(seat))
        pygame.time.wait(2)
        if table.clock.time - table.playback.warned[seat] > 1.0:
            break
    assert max(swells) > 0.8  # it swells…
    assert swells[-1] == 0.0  # …and rests after its two pulses
    assert table.clock.time - table.playback.warned[seat] > 0.8


def test_no_pulse_with_reduced_motion(make_app):
    app = make_app(animation="normal", reduced_motion=True)
    app.time_scale = 4.0
    table = open_table(app, MatchConfig(seats=COMPUTERS, hands=1, seed=3))
    app.push(table)
    assert app.run_until(lambda: bool(table.playback.warned), timeout=60)
    seat = next(iter(table.playback.warned))
    for _ in range(30):
        app.frame(block=False)
        assert table.playback.last_card_pulse(seat) == 0.0
    assert app.sounds.counts["last_card"] >= 1  # the chime still says it


@pytest.mark.parametrize(("settings", "fades"), [
    ({"animation": "normal"}, True),
    ({"animation": "normal", "reduced_motion": True}, True),
    ({"animation": "off"}, False),
])
def test_a_screen_comes_in_with_a_short_fade(make_app, settings, fades):
    app = make_app(**settings)
    app.push(TitleScene(app))
    pump(app, 3)
    click(app, app.top.b_settings.rect.center, frames=2)
    assert app.top.name == "settings"
    assert app.transition.active == fades
    if fades:
        limit = 0.08 if settings.get("reduced_motion") else 0.16
        assert app.transition.duration <= limit + 1e-9
        assert app.transition.rise == (0 if settings.get("reduced_motion") else 8)
        t0 = pygame.time.get_ticks()
        while app.transition.active and pygame.time.get_ticks() - t0 < 1000:
            app.frame(block=False)
        assert not app.transition.active
        assert pygame.time.get_ticks() - t0 < 600


def test_the_session_winners_confetti_stops_at_a_key(make_app):
    from test_session_end import _play_session

    from big2.app.screens.session_end import SessionEndScene

    app = make_app(size=(1280, 720), animation="normal")
    link = _play_session(app, 1)
    app.pop()
    link.room.match.session.totals[:] = [12, -4, -4, -4]  # the player won the session
    link.refresh()
    end = app.push(SessionEndScene(app, link))
    pump(app, 2)
    assert end.animating() and end.t < end.duration
    key(app, pygame.K_SPACE)
    assert not end.animating() and app.top is end  # the confetti is gone, the standings stay
