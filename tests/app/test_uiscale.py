"""One UI scale from the window size, and a theme whose fonts and corners follow it."""

from __future__ import annotations

from big2.app.ui.uiscale import DESIGN, MIN_FONT_PX, MIN_SCALE, STEP, font_px, scaled_theme, ui_scale


def test_the_design_size_is_one_and_larger_windows_scale_with_their_smaller_side():
    assert ui_scale(DESIGN) == 1.0
    assert ui_scale((1920, 1080)) == 1.5
    assert ui_scale((2560, 1440)) == 2.0
    assert ui_scale((2560, 1080)) == 1.5  # a wide window is limited by its height
    assert ui_scale((800, 600)) == MIN_SCALE  # small windows squeeze layouts, not type


def test_the_scale_moves_in_steps_so_a_dragged_edge_rethemes_rarely():
    seen = {ui_scale((w, round(w * 9 / 16))) for w in range(1280, 1921)}
    assert all(abs(s / STEP - round(s / STEP)) < 1e-9 for s in seen)
    assert len(seen) == round((1.5 - 1.0) / STEP) + 1


def test_fonts_never_fall_below_the_readable_minimum():
    assert font_px(14, MIN_SCALE) >= MIN_FONT_PX
    assert font_px(16, 2.0) == 32


def test_scaled_theme_changes_sizes_and_leaves_the_original_alone():
    theme = {"button": {"font": {"name": "dejavu", "size": "17", "bold": "1"}, "misc": {"shape_corner_radius": "8"}},
             "label": {"colours": {"normal_text": "#ffffff"}}}
    big = scaled_theme(theme, 2.0)
    assert big["button"]["font"]["size"] == "34" and big["button"]["misc"]["shape_corner_radius"] == "16"
    assert big["label"] == theme["label"]
    assert theme["button"]["font"]["size"] == "17"


def test_a_resized_window_rethemes_and_rebuilds_its_menus_at_the_new_scale(make_app):
    import pygame

    from helpers import post, pump

    from big2.app.screens.title import TitleScene

    app = make_app(size=(1280, 720))
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    small = title.b_quick.font.size("Play")[1], title.b_quick.rect.h
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)
    pump(app, 2)
    assert app.ui_scale == 1.5
    big = title.b_quick.font.size("Play")[1], title.b_quick.rect.h
    assert big[0] > small[0] * 1.3 and big[1] > small[1] * 1.3  # type and buttons grew together
