"""Memory stays flat while the window is resized (issue 10): every cache that holds an
image per window or UI size keeps only what the current size needs, and a long
drag-resize ends within 20 MB of where it started."""

from __future__ import annotations

import pygame
import pytest

from big2.app.ui import text
from big2.room.config import quick_config
from big2.app.screens import common


def _bytes(surfaces) -> int:
    return sum(s.get_width() * s.get_height() * 4 for s in surfaces)


def _cached(cache) -> list[pygame.Surface]:
    items = getattr(cache, "_items", cache)  # a SurfaceCache, or a plain dict
    return list(items.values())


def test_panels_and_lines_at_many_sizes_stay_within_the_text_cache_bound(make_app):
    make_app()
    text.clear_cache()
    target = pygame.Surface((1800, 1200))
    for i in range(300):  # a drag-resize: the panels' sizes follow the window
        text.panel(target, pygame.Rect(0, 0, 300 + i * 2, 200 + i))
        text.render(f"Seat {i}: 13 cards", 16 + i % 40)
    held = _bytes(_cached(text._cache))
    assert held <= 4 << 20, f"{held / 2**20:.1f} MB of text and panels kept"
    # and what is drawn now is still there
    assert text._cache.get(("panel", (898, 499), 120, 10, None)) is not None


def test_window_sized_images_are_kept_for_the_current_size_only(make_app):
    make_app()
    common._cache.clear()
    colours = ((22, 94, 58), (14, 66, 40))
    for i in range(40):
        size = (900 + i * 20, 640 + i * 10)
        common.felt(size, colours)
        common.veil(pygame.Surface(size), 150)
        common.frame(pygame.Surface(size), pygame.Rect(0, 0, 400 + i, 300 + i))
    kinds = [k[0] for k in common._cache]
    assert kinds.count("felt") == 1 and kinds.count("veil") <= 2 and kinds.count("frame") <= 5, kinds
    assert ("felt", (900 + 39 * 20, 640 + 39 * 10), colours) in common._cache


def test_ui_scale_changes_keep_only_the_current_fonts_and_one_shape_cache(make_app):
    app = make_app()
    app.push("table", quick_config("You", seed=3))
    for _ in range(5):
        app.frame(block=False)
    fonts = app.manager.get_theme().get_font_dictionary()
    first = len(fonts.loaded_fonts)
    for i in range(16):  # 0.8 to 1.5 and back: many UI scales
        app.set_window_size((1024 + (i * 97) % 900, 640 + (i * 61) % 460))
        app.frame(block=False)
    app.set_window_size((1280, 720))
    app.frame(block=False)
    assert len(fonts.loaded_fonts) <= first + 2, sorted(fonts.loaded_fonts)
    assert len(app.manager.get_theme().shape_cache.cache_surfaces) == 1


@pytest.mark.slow
def test_a_long_drag_resize_ends_within_20_mb_of_its_start(make_app):
    """Resident memory (what the soak prints): 300 sizes at the table, then back."""
    from big2.soak import events, report

    app = make_app()
    start, peak, end = events.resize_memory(app, 300)
    assert end - start <= report.MEMORY_BOUND_MB, (start, peak, end)


def test_once_a_resize_settles_the_images_the_new_size_did_not_use_go(make_app):
    from big2.app.ui.cardart import SurfaceCache

    make_app()
    cache = SurfaceCache(min_bytes=1 << 30)
    old = [cache.put(("face", i, 100, 140), pygame.Surface((100, 140))) for i in range(3)]
    cache.mark()  # the window changes size
    cache.get(("face", 0, 100, 140))  # still shown (a stand-in's source, say)
    cache.put(("face", 0, 90, 126), pygame.Surface((90, 126)))
    cache.forget_unused()
    assert set(cache._items) == {("face", 0, 100, 140), ("face", 0, 90, 126)}
    assert cache.bytes == (100 * 140 + 90 * 126) * 4 and old
    cache.forget_unused()  # no mark: nothing more goes
    assert len(cache) == 2
