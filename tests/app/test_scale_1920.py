"""Issue 44: at 1920×1080 (UI scale 1.5) every part of a screen is drawn at 1.5 times
its 1280×720 size, as a player sees it: the title's footer line, the volume slider's
◀ ▶ buttons, a scrolling list's scroll bar with its ▲ ▼, a drop-down's ▾ and its open
list's rows. pygame_gui fixes some of these at 20 pixels in its code and its default
theme (big2/app/ui/scaledgui.py scales them); the title's footer was drawn at 17 px.

And the straight-order choices read whole in House rules at the smallest window: no
label ends in "…", as if cut (they ended "AKQJT …"), and each fits its row.
"""

from __future__ import annotations

import pytest
from helpers import click, click_button, click_control, pump, reveal

from big2 import i18n
from big2.app import storage
from big2.app.screens.rulesform import shown
from big2.app.screens.settings import SettingsScene
from big2.app.screens.title import TitleScene
from big2.app.ui import text
from newgame_steps import open_house_rules
from tools import fitcheck

SMALL, LARGE = (1280, 720), (1920, 1080)
RATIO = LARGE[0] / SMALL[0]


def _title(make_app, size):
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    return app, st


def _scaled(small: float, large: float, what: str) -> None:
    """``large`` is ``small`` times 1.5, give or take the rounding of whole pixels (a font
    size rounds to a whole pixel: 17 × 1.5 is drawn at 26, its words 3 % wider)."""
    assert abs(large - small * RATIO) <= max(2, 0.05 * small * RATIO), f"{what}: {small} at 1280×720 but {large} at 1920×1080 (want {small * RATIO:.0f})"


def _compare(make_app, parts, names) -> None:
    """``parts(make_app, size)``'s sizes at 1280×720 and at 1920×1080, named by ``names``."""
    for what, a, b in zip(names, parts(make_app, SMALL), parts(make_app, LARGE), strict=True):
        _scaled(a, b, what)


def _footer(make_app, size, home, monkeypatch):
    monkeypatch.setenv("BIG2_HOME", str(home))  # a first start at each size
    app, st = _title(make_app, size)
    assert app.top.first_start  # the first start offers How to play under the buttons
    with text.recording() as drawn:
        app.draw()
    st.close()
    lines = [d for d in drawn if "How to play" in d.text and "New to Big Two" in d.text]
    assert lines, [d.text for d in drawn]
    return lines[0]


def test_the_title_footer_grows_with_the_window(make_app, tmp_path, monkeypatch):
    small = _footer(make_app, SMALL, tmp_path / "small", monkeypatch)
    large = _footer(make_app, LARGE, tmp_path / "large", monkeypatch)
    _scaled(small.size, large.size, "the footer's font size")
    _scaled(small.rect.w, large.rect.w, "the footer's width")
    _scaled(small.rect.h, large.rect.h, "the footer's height")


def _settings(make_app, size):
    app, st = _title(make_app, size)
    click_button(app, app.top.b_settings)
    page = app.top
    assert isinstance(page, SettingsScene)
    return app, st, page


def _volume_parts(make_app, size):
    app, st, page = _settings(make_app, size)
    sl = page.sl_volume
    left, right, thumb = sl.left_button, sl.right_button, sl.sliding_button
    arrow_glyph = left.font.size(left.text)
    # a click on ▶ turns the volume up, as it did at any size
    before = sl.get_current_value()
    click(app, right.rect.center)
    assert sl.get_current_value() > before
    sizes = (left.rect.w, right.rect.w, thumb.rect.w, arrow_glyph[1])
    st.close()
    return sizes


def test_the_volume_sliders_arrows_grow_with_the_window(make_app):
    _compare(make_app, _volume_parts, ("◀ button's width", "▶ button's width", "sliding button's width", "arrow glyph's height"))


def _dropdown_parts(make_app, size):
    app, st, page = _settings(make_app, size)
    dd = page.dd_size
    arrow = dd.current_state.open_button
    sizes = [arrow.rect.w, arrow.font.size(arrow.text)[1], dd.rect.h]
    click_control(app, dd)  # open it: its rows
    state = dd.current_state
    assert state is dd.menu_states["expanded"]
    rows = [i["button_element"] for i in state.options_selection_list.item_list if i.get("button_element") is not None]
    sizes.append(rows[0].rect.h)
    st.close()
    return sizes


def test_a_dropdowns_arrow_and_rows_grow_with_the_window(make_app):
    _compare(make_app, _dropdown_parts, ("▾ button's width", "▾ glyph's height", "drop-down's height", "an open list's row height"))


def _house_rules(make_app, size):
    app, st = _title(make_app, size)
    click_button(app, app.top.b_new)
    page = open_house_rules(app, app.top)
    return app, st, page


def _scroll_bar_parts(make_app, size):
    app, st, page = _house_rules(make_app, size)
    box = page.rules_box
    bar = box.vert_scroll_bar
    assert bar is not None and bar.visible, "the house rules do not fit: the list scrolls"
    sizes = (bar.rect.w, bar.top_button.rect.h, bar.bottom_button.rect.h,
             bar.top_button.font.size(bar.top_button.text)[1])
    # the list starts at its top, and ▼ scrolls it down
    first = box.scrollable_container.relative_rect.top
    assert first == 0
    click(app, bar.bottom_button.rect.center)
    assert box.scrollable_container.relative_rect.top < first
    st.close()
    return sizes


def test_the_house_rules_scroll_bar_grows_with_the_window(make_app):
    _compare(make_app, _scroll_bar_parts, ("scroll bar's width", "▲ button's height", "▼ button's height", "▲ glyph's height"))


@pytest.mark.parametrize("code", ["en", "zh_Hant", "zh_Hans", "fil", "id"])
def test_the_straight_order_choices_read_whole(make_app, code):
    i18n.set_language(code)
    text.clear_cache()
    try:
        app, st, page = _house_rules(make_app, (800, 600))
        dd = page.rule_menus["straight_order"]
        labels = [t for t, _id in dd.options_list]
        assert shown("Hong Kong: A2345 > 23456 > … > 34567") in labels
        for label in labels:
            assert not label.rstrip().endswith(("…", "...")), f"{label!r} reads as cut"
        # and each fits its row when the list is open, at the smallest window
        reveal(app, dd, below=dd.rect.h * len(labels))
        click_control(app, dd)
        assert dd.current_state is dd.menu_states["expanded"]
        problems = fitcheck.check_dropdown(dd, app.screen.get_rect(), app.ui_scale)
        assert not problems, [str(p) for p in problems]
        st.close()
    finally:
        i18n.set_language("en")
        text.clear_cache()
