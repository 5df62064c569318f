"""Every control on every screen answers a real click, and no two controls share a spot.

The sweep opens each screen (and the dialogs and drop-downs in it) at 800×600 and
1280×720 and, for every enabled control, moves the mouse onto the middle of what is
drawn, presses and releases there, and checks that something a player can see changed
(the picture, the screen shown, the focus). A drop-down must also take a click on one of
its other options and show it. It also checks that the control on top at each of those
spots is the control itself: no other control, and no invisible container, lies over it.

This is the test that catches a control that looks right but ignores the mouse, like
New game's drop-downs under the preset list's layer.
"""

from __future__ import annotations

import contextlib
import os

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider

from helpers import click, drag, key, move_mouse, option_labels, pump, reveal, visible_rect

from big2.app.ui.focus import controls
from big2.room.config import MatchConfig, SeatConfig

SIZES = [(800, 600), (1280, 720)]


def _solo(seed=5):
    from big2.room import personas

    # the computers are characters (their Reactions button is swept too)
    seats = (SeatConfig("You", True), *personas.seat_configs(["normal", "beginner", "skilled"]))
    return MatchConfig(seats=seats, hands=2, seed=seed)


def _table(app):
    table = app.goto("table", _solo())
    assert app.run_until(lambda: table.awaiting_human, timeout=30), "the computers never handed over"
    return table


def _finished(app, name):
    """A two-computer session of one hand played out to ``name`` (results, session end)."""
    seats = (SeatConfig("A", False), SeatConfig("B", False))
    app.goto("table", MatchConfig(seats=seats, hands=1, seed=3))
    assert app.run_until(lambda: app.top.name == "results", timeout=60)
    if name == "session_end":
        app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        pump(app, 2)
    assert app.top.name == name
    return app.top


def _over_title(name, *args):
    def open_(app):
        app.goto("title")
        return app.push(name, *args)
    return open_


def _by_click(under, button: str, name: str):
    """Screen ``name``, opened by a click on ``button`` of the screen ``under(app)`` opens."""
    def open_(app):
        below = under(app)
        pump(app)
        click(app, visible_rect(getattr(below, button)).center)
        assert app.top.name == name
        return app.top
    return open_


def _by_key(under, k: int, name: str):
    """Screen ``name``, opened by key ``k`` on the screen ``under(app)`` opens."""
    def open_(app):
        under(app)
        pump(app)
        key(app, k)
        assert app.top.name == name
        return app.top
    return open_


def _statistics(app):
    """Statistics over a recorded history (charts, recent sessions, replay buttons)."""
    from storage_helpers import seed_history

    from big2.persistence import AppPaths

    home = AppPaths.under(os.environ["BIG2_HOME"])
    if not getattr(app, "_sweep_seeded", False):
        seed_history(home, sessions=2, hands=2)
        app._sweep_seeded = True
    app.goto("title")
    scene = app.push("statistics")
    assert app.run_until(lambda: scene.future is None, timeout=20)
    return scene


def _replay(app):
    stats = _statistics(app)
    pump(app, 2)
    button, _session = stats.replay_buttons[0]
    click(app, visible_rect(button).center)
    replay = app.top
    assert replay.name == "replay"
    assert app.run_until(lambda: replay.loaded is not None, timeout=20)
    pump(app, 2)
    return replay


def _save_as(app):
    """Saved games opened from the pause menu: a name to type and Save."""
    pause = _pause(app)
    pump(app)
    click(app, visible_rect(pause.b_save).center)
    assert app.top.name == "saves"
    return app.top


def _hot_seat_hand_over(app):
    seats = (SeatConfig("Ann", True), SeatConfig("Ben", True))
    app.goto("table", MatchConfig(seats=seats, hands=1, seed=4))
    assert app.run_until(lambda: app.top.name == "privacy", timeout=20), "no hand-over screen"
    return app.top


def _join_game(app):
    """Join a game once its look for games on the network is over (Refresh comes back)."""
    app.goto("title")
    scene = app.push("join_game")
    assert app.run_until(lambda: scene.looking.done and scene.b_refresh.is_enabled, timeout=20)
    return scene


def _daily_result(app):
    """Title → Daily deal → Play today's deal, the computer playing the hand; the
    duplicate result once the (quick) Expert has played the same cards."""
    from big2.app import daily

    daily.EXPERT_OPTIONS["iterations"] = 8
    app.goto("title")
    calendar = app.push("daily")
    pump(app)
    click(app, visible_rect(calendar.b_play).center)
    table = app.top
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: app.top.name == "daily_result", timeout=60)
    result = app.top
    assert app.run_until(lambda: result.expert_future.done(), timeout=60)
    pump(app, 2)
    return result


def _pause(app):
    table = _table(app)
    return app.push("pause", table)


def _review(app):
    """The review of a replayed hand, done (a quick review: 8 deals a decision)."""
    from big2.app import reviewjob

    reviewjob.ITERATIONS = 8
    replay = _replay(app)
    click(app, visible_rect(replay.b_review).center)
    review = app.top
    assert review.name == "review"
    assert app.run_until(lambda: review.job is not None and not review.job.running, timeout=60)
    pump(app, 2)
    return review


SCREENS = {
    "title": lambda app: app.goto("title"),
    "new_game": _over_title("new_game"),
    "house_rules": _by_click(_over_title("new_game"), "b_house", "house_rules"),
    "settings": _over_title("settings"),
    "saves": _over_title("saves"),
    "statistics": _over_title("statistics"),
    "rules": _over_title("rules"),
    "about": _over_title("about"),
    "daily": _over_title("daily"),
    "daily_result": _daily_result,
    "achievements": _over_title("achievements"),
    "language": _by_click(_over_title("settings"), "b_language", "language"),
    "accessibility": _by_click(_over_title("settings"), "b_access", "accessibility"),
    "confirm": _by_key(lambda app: app.goto("title"), pygame.K_ESCAPE, "confirm"),  # "Quit Big Two?"
    "statistics_with_history": _statistics,
    "replay": _replay,
    "review": _review,
    "how_to_play": _over_title("how_to_play"),
    "online": _over_title("online"),
    "host_game": _by_click(_over_title("online"), "b_host", "host_game"),
    "join_game": _join_game,
    "table": _table,
    "pause": _pause,
    "save_as": _save_as,
    "hot_seat_hand_over": _hot_seat_hand_over,
    "results": lambda app: _finished(app, "results"),
    "session_end": lambda app: _finished(app, "session_end"),
}


def _owned_by(sprite, control) -> bool:
    """Is ``sprite`` ``control`` or one of its parts (a drop-down's button, a slider's handle)?"""
    seen = set()
    todo = [sprite]
    while todo:
        s = todo.pop()
        if s is control:
            return True
        if s is None or id(s) in seen:
            continue
        seen.add(id(s))
        todo += [getattr(s, "parent_element", None), getattr(s, "ui_container", None)]
    return False


def _on_top(app, pos):
    """The sprite a click at ``pos`` reaches first: the highest layer whose hit test takes it."""
    hits = [s for s in app.manager.get_sprite_group().sprites()
            if getattr(s, "visible", True) and s.alive() and hasattr(s, "hover_point") and s.hover_point(*pos)]
    return max(hits, key=lambda s: s.layer) if hits else None


def _look(app):
    """What the player sees and what answers the keys: the picture, the screen, the focus."""
    pump(app, 2)
    app.draw()
    focus = app.manager.get_focus_set()
    return (len(app.stack), id(app.top), app.running, frozenset(id(f) for f in focus or ()),
            pygame.image.tobytes(app.screen, "RGB"))


def _fresh(app, name):
    """Open screen ``name`` anew; its controls, a slider's arrows counted with the slider."""
    scene = SCREENS[name](app)
    pump(app, 3)
    assert app.top is scene
    found = controls(scene.ui)
    return scene, [c for c in found if not any(o is not c and _owned_by(c, o) for o in found)]


def _keys(found):
    """A name for each control that survives a rebuild: its kind, its text, and how many
    before it show the same."""
    seen: dict[tuple, int] = {}
    out = []
    for el in found:
        base = (type(el).__name__, str(getattr(el, "text", None) or getattr(el, "selected_option", None) or ""))
        seen[base] = seen.get(base, 0) + 1
        out.append((*base, seen[base]))
    return out


def _describe(el) -> str:
    text = getattr(el, "text", None) or getattr(el, "selected_option", None) or ""
    return f"{type(el).__name__} {text!r} at {tuple(el.rect)}"


@contextlib.contextmanager
def _app_in_new_home(home, size, monkeypatch):
    """A whole app, as a player starts it, with storage in a home of its own: each control
    is tried on a screen opened from the same fresh state (a click may save a setting,
    switch the language or keep a game)."""
    from big2 import i18n
    from big2.app import storage
    from big2.app.app import App
    from big2.app.settings import AppSettings

    monkeypatch.setenv("BIG2_HOME", str(home))
    app = App(size=size, settings=AppSettings(animation="off", pace="instant"))
    app.ai_in_process = False
    app.guard_crashes = False
    app.open()
    app.running = True
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        yield app
    finally:
        st.close()
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCREENS))
def test_every_control_answers_a_real_click(name, size, tmp_path, monkeypatch):
    homes = iter(range(1000))

    def new_app():
        return _app_in_new_home(tmp_path / f"home{next(homes)}", size, monkeypatch)

    with new_app() as app:
        keys = _check_layout(app, name)
    for k in keys:
        with new_app() as app:
            _check_click(app, name, k)


def _check_layout(app, name):
    """Nothing lies over a control where a click on it lands, and no two controls overlap;
    returns the controls' names (see :func:`_keys`)."""
    scene, found = _fresh(app, name)
    assert found, f"{name} shows no control"

    # nothing lies over a control where a click on it lands, and no two controls overlap
    for i, el in enumerate(found):
        spot = reveal(app, el)
        top = _on_top(app, spot.center)
        assert top is not None and _owned_by(top, el), (
            f"{name}: a click on {_describe(el)} lands on {type(top).__name__} instead")
        for other in found[i + 1:]:
            both = visible_rect(el).clip(visible_rect(other))
            assert both.w <= 1 or both.h <= 1, f"{name}: {_describe(el)} overlaps {_describe(other)}"

    return _keys(found)


def _check_click(app, name, k):
    """The control named ``k`` answers a press and release where it is drawn."""
    scene, now = _fresh(app, name)
    again = dict(zip(_keys(now), now))
    assert k in again, f"{name}: {k} is not there when the screen is opened again"
    el = again[k]
    spot = reveal(app, el)
    move_mouse(spot.center)  # hovering alone may change the picture: that is not an answer
    before = _look(app)
    if isinstance(el, UIHorizontalSlider):  # a slider answers a drag of its handle
        handle = el.sliding_button.rect.center
        drag(app, handle, [(handle[0] + el.rect.w // 4 * (1 if handle[0] < el.rect.centerx else -1), handle[1])])
    else:
        click(app, spot.center)
    after = _look(app)
    assert after != before, f"{name}: a click on {_describe(el)} changed nothing on screen"

    # a drop-down that opened takes a click on another option and shows it
    if isinstance(el, UIDropDownMenu) and app.top is scene and el.alive():
        assert el.current_state is el.menu_states["expanded"], f"{name}: {_describe(el)} did not open"
        current = el.selected_option[0] if isinstance(el.selected_option, tuple) else el.selected_option
        others = [t for t in option_labels(el) if t != current]
        if not others:
            return
        lst = el.current_state.options_selection_list
        item = next(it for it in lst.item_list if it["text"] == others[0] and it.get("button_element") is not None)
        click(app, visible_rect(item["button_element"]).center, frames=6)
        picked = _look(app)
        assert picked[-1] != before[-1], (
            f"{name}: picking {others[0]!r} in {_describe(el)} with the mouse changed nothing")
        assert not (el.alive() and el.current_state is el.menu_states["expanded"]), (
            f"{name}: {_describe(el)} stayed open after a pick")
