"""Card art, text and sound: drawn at any size, distinct, and silent without a device."""

from __future__ import annotations

import wave

import pygame
import pytest

from big2.app.ui import assets, cardart, synth, text
from big2.app.ui.sound import Sounds


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
        assert assets.asset("sounds", f"{name}.wav").exists(), "run python -m big2.app.ui.synth"


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


def test_card_art_cache_stays_bounded_over_a_long_resize(display):
    """Issue 10, item 6: every window size kept its own deck of images (60 → 267 MiB over
    one drag-resize). The cache now keeps a table's worth at the size last drawn."""
    cardart.clear_cache()
    for step in range(300):
        w = 40 + step % 150  # a drag through 150 card sizes, twice
        h = int(w * 1.4)
        for card in range(0, 52, 3):
            cardart.face(card, w, h)
        cardart.back(w, h)
        cardart.shadow(w, h)
    cache = cardart._cache
    assert cache.bytes <= cache.limit
    assert cache.limit == max(cache.min_bytes, cache.cards_room * w * h * 4)
    # the images of the size drawn last are all still there: no redrawing every frame
    assert cardart.face(51, w, h) is cardart.face(51, w, h)
    assert ("face", 51, w, h, False) in cache._items


def test_card_art_cache_makes_room_for_a_whole_deck_at_a_large_size(display):
    cardart.clear_cache()
    w, h = 300, 420  # cards on a 4K screen
    faces = [cardart.face(c, w, h) for c in range(52)]
    assert all(cardart.face(c, w, h) is faces[c] for c in range(52))
