"""Memory that grew with ordinary use (issue 10): pygame_gui's theme kept every combined
id it ever built, each under a key of millions of characters, and Settings' window-size
list made new ones at every window size. The app's theme (big2.app.ui.uimanager) answers the
same, from a small bounded cache."""

from __future__ import annotations

import pygame
import pygame_gui
from helpers import key, pump

from big2.app.screens.settings import SettingsScene
from big2.app.screens.title import TitleScene
from big2.app.ui.uimanager import Theme


def _held_chars(theme) -> int:
    """Characters the theme keeps in the keys of its combined-id caches."""
    own = getattr(theme, "_combined", {})
    return sum(len(k) for k in theme.unique_theming_ids) + sum(len(repr(k)) for k in own)


HIERARCHIES = [
    ([None], ["button"], [None], [None]),
    ([None], ["button"], ["@selection_list_item"], ["#item_list_item"]),
    ([None, None], ["container", "button"], [None, "@x"], ["#root", "#primary"]),
    ([None, None, "drop_down_menu", None, None],
     ["container", "drop_down_menu", "selection_list", "container", "button"],
     [None, None, None, None, "@selection_list_item"],
     [None, None, "#drop_down_options_list", "#item_list_container", "1392 × 1025"]),
    (None, ["label"], None, None),
    ([], [], [], []),
]


def test_the_theme_answers_as_pygame_gui_does(make_app):
    app = make_app()
    ours = app.manager.get_theme()
    assert isinstance(ours, Theme)
    theirs = pygame_gui.UIManager((200, 200)).get_theme()
    for ids in HIERARCHIES:
        expected = theirs.build_all_combined_ids(*[list(x) if x is not None else None for x in ids])
        assert ours.build_all_combined_ids(*[list(x) if x is not None else None for x in ids]) == expected
        assert ours.build_all_combined_ids(*[list(x) if x is not None else None for x in ids]) == expected  # cached


def test_the_themes_cache_holds_at_most_its_bound(make_app):
    theme = make_app().manager.get_theme()
    for i in range(Theme.KEEP * 3):
        theme.build_all_combined_ids([None, None], ["container", "button"], [None, None], [None, f"#size_{i}"])
    assert theme.combined_ids_kept <= Theme.KEEP
    assert not theme.unique_theming_ids  # pygame_gui's own, never emptied, stays unused


def test_the_window_size_list_at_many_sizes_keeps_little(make_app):
    app = make_app()
    app.push(TitleScene(app))
    s = SettingsScene(app)
    app.push(s)
    pump(app)
    theme = app.manager.get_theme()
    for i in range(6):  # each size is an option (and an object id) of the list
        app.set_window_size((1000 + 37 * i, 700 + 23 * i))
        pump(app, 2)
        s.focus.focus(s.dd_size)
        key(app, pygame.K_RETURN, frames=3)
        assert s.dd_size.current_state is s.dd_size.menu_states["expanded"]
        key(app, pygame.K_ESCAPE, frames=3)
    # pygame_gui alone kept ~31 million characters here (keys of 2-3 million each)
    assert _held_chars(theme) < 200_000, _held_chars(theme)


def test_closing_a_screen_hands_its_freed_memory_back(make_app, monkeypatch):
    """The C allocator keeps what a closed screen freed unless asked; the app asks once
    the next screen is drawn (as after a resize), not only when the window changes size."""
    from big2.app.ui import memory

    app = make_app()
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    pump(app)
    assert app.run_until(lambda: app.resize_settled, timeout=10)
    handed_back = []
    monkeypatch.setattr(memory, "release_freed", lambda: handed_back.append(True))
    app.pop()
    assert app.run_until(lambda: bool(handed_back), timeout=10)
    assert isinstance(app.top, TitleScene)
