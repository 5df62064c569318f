"""Card art, text and sound: drawn at any size, distinct, and silent without a device."""

from __future__ import annotations

import wave

import pygame
import pytest

from big2.app import assets, cardart, synth, text
from big2.app.sound import Sounds


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    assets.clear_caches()
    yield
    assets.clear_caches()
    text.clear_cache()
    pygame.quit()


def test_every_face_is_distinct_and_sized(display):
    seen = set()
    for c in range(52):
        img = cardart.face(c, 70, 100)
        assert img.get_size() == (70, 100)
        seen.add(pygame.image.tobytes(img, "RGBA"))
    assert len(seen) == 52


@pytest.mark.parametrize("size", [(28, 40), (112, 160), (210, 300)])
def test_faces_and_backs_at_any_size(display, size):
    assert cardart.face(47, *size).get_size() == size
    assert cardart.back(*size).get_size() == size
    assert cardart.back(*size, rotated=True).get_size() == (size[1], size[0])


def test_four_colour_deck_recolours_diamonds_and_clubs_only(display):
    for c, changes in ((0, True), (1, True), (2, False), (3, False)):
        a = pygame.image.tobytes(cardart.face(c, 70, 100), "RGBA")
        b = pygame.image.tobytes(cardart.face(c, 70, 100, four_colour=True), "RGBA")
        assert (a != b) == changes, c


def test_suit_glyphs_render_in_the_shipped_font(display):
    fnt = assets.font(20)
    missing = pygame.image.tobytes(fnt.render("\ue000", True, "white"), "RGB")
    for ch in "♦♣♥♠":
        assert pygame.image.tobytes(fnt.render(ch, True, "white"), "RGB") != missing


def test_text_wraps_to_width(display):
    lines = text.wrap("one two three four five six seven eight nine ten", 16, 120)
    assert len(lines) > 1
    assert all(assets.font(16).size(line)[0] <= 120 for line in lines if " " in line)


def test_synth_is_deterministic_and_writes_wavs(tmp_path):
    assert synth.deal() == synth.deal()
    paths = synth.write_all(tmp_path)
    assert {p.stem for p in paths} == set(synth.SOUNDS)
    for p in paths:
        with wave.open(str(p)) as w:
            assert w.getnframes() > 100 and w.getframerate() == synth.RATE
    for name in synth.SOUNDS:
        assert assets.asset("sounds", f"{name}.wav").exists(), "run python -m big2.app.synth"


def test_sound_is_silent_without_a_device(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds()
    assert not s.available
    s.play("play")  # no error
    assert s.played == ["play"]


def test_mute_and_volume(display):
    s = Sounds(volume=0.5)
    s.set_volume(2.0, muted=True)
    assert s.volume == 1.0 and s.muted
    s.play("win")
