"""A walk through every screen of the app, as a player would reach it.

:func:`tour` drives an open :class:`~big2.app.app.App` (with storage attached, in a
throwaway home) from scene to scene and yields a short name at each stop, with the
screen ready to be looked at: the fit test checks every stop at every window size,
and ``tools/screenshots.py`` saves each as a picture. Stops include every drop-down
of New game (both its steps) and Settings held open, the table in each phase of play, and the Rules
screen for every preset.

Nothing here is English-specific: controls are found by type and role, not by label.
"""

from __future__ import annotations

import random
from dataclasses import replace
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

from pygame_gui.elements import UIDropDownMenu

from big2.app import storage
from big2.app.ui.focus import controls, press
from big2.room.config import MatchConfig, SeatConfig


def pump(app: Any, frames: int = 3) -> None:
    for _ in range(frames):
        app.frame(block=False)


def wait(app: Any, done: Callable[[], bool], timeout: float = 20.0) -> bool:
    return app.run_until(done, timeout=timeout)


def click(app: Any, element: Any, frames: int = 3) -> None:
    """Press a pygame_gui button as a click does."""
    press(element)
    pump(app, frames)


def key(app: Any, k: int, frames: int = 2) -> None:
    """A key pressed and released, as the keyboard sends it."""
    import pygame

    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    pump(app, frames)


def dropdowns(scene: Any) -> list[UIDropDownMenu]:
    return [el for el in controls(scene.ui) if isinstance(el, UIDropDownMenu)]


def open_each_dropdown(app: Any, label: str) -> Iterator[str]:
    """Hold each drop-down of the top scene open in turn (scrolled into view first)."""
    scene = app.top
    for i, dd in enumerate(dropdowns(scene)):
        if not dd.alive():
            continue
        scene.focus.focus(dd)
        pump(app, 1)
        scene.focus.activate(dd)
        pump(app, 2)
        if dd.current_state is dd.menu_states.get("expanded"):
            yield f"{label}-dropdown-{i + 1}"
        dd.unfocus()
        pump(app, 1)
    scene.focus.visible = False
    scene.focus.current = None
    pump(app, 2)


def seed_history(paths: Any, *, sessions: int = 3, hands: int = 3, seed: int = 5, player: str = "You",
                 presets: tuple[str, ...] = ("standard",), online: int = 0) -> list[int]:
    """Play ``sessions`` seeded sessions of ``hands`` hands into the score history at
    ``paths.history_db`` (for Statistics and Replay); returns the new hands' ids.

    Session ``k`` is played under ``presets[k % len(presets)]`` (``"standard (house)"``:
    with a house rule) against opponents of the ``k``-th level (beginner, normal, expert,
    in turn); the last ``online`` sessions were played online, with a person (Ann) in the
    second seat. The same arguments always give the same history.
    """
    from big2.engine import STANDARD, Session, get_preset
    from big2.persistence import History, Seat
    from big2.persistence.gamecodec import rules_to_dict
    from big2.persistence.handlog import hand_result, start_position

    rng = random.Random(seed)
    levels = ("beginner", "normal", "expert")
    ids: list[int] = []
    start = datetime(2026, 11, 1, 18, 0, tzinfo=timezone.utc)
    with History.open(paths.history_db).value as history:
        for k in range(sessions):
            preset = presets[k % len(presets)]
            base = preset.removesuffix(" (house)")
            rules = get_preset(base).rules if base != "standard" else STANDARD
            if preset != base:  # a house rule on top of the preset, named as New game names it
                rules = replace(rules, auto_pass=not rules.auto_pass, name=preset)
            here = k < sessions - online
            names = (player, "East" if here else "Ann", "North", "West")
            level = levels[k % len(levels)]
            seats = [Seat(player, True)] + [Seat(n, True) if n == "Ann" else Seat(n, False, level) for n in names[1:]]
            when = start + timedelta(days=k)
            sid = history.start_session(seats, rules_preset=rules.name, rules=rules_to_dict(rules), started_at=when,
                                        online=not here)
            session = Session(random.Random(rng.random()), rules=rules, names=names, max_hands=hands)
            while not session.is_over:
                game = session.new_hand()
                first = start_position(game)
                while not game.is_over:
                    game.make(rng.choice(list(game.legal_moves())))
                rec = session.record()
                when += timedelta(minutes=7)
                ids.append(history.record_hand(sid, hand_result(game, rec, start=first, started_at=when, duration_s=300.0)))
            history.end_session(sid, ended_at=when)
    return ids


def _daily(app: Any) -> Iterator[str]:
    """Title → Daily deal: the calendar, today's hand played by the computer for the
    player, the duplicate result (the Expert thinking, then done), the calendar again."""
    from big2.app import daily

    kept = daily.EXPERT_OPTIONS.get("iterations")
    daily.EXPERT_OPTIONS["iterations"] = 8  # a quick Expert: the stops are about the screens
    try:
        title = _back_to_title(app)
        click(app, title.b_daily)
        calendar = app.top
        if calendar.name != "daily":
            return
        yield "daily"
        click(app, calendar.b_play)
        table = app.top
        if getattr(table, "results_scene", None) != "daily_result" or not wait(app, lambda: table.awaiting_human, 30):
            return
        table.hand_seat_to_computer()
        if not wait(app, lambda: app.top.name == "daily_result", 60):
            return
        result = app.top
        pump(app, 2)
        if not result.expert_future.done():
            yield "daily-result-thinking"
        wait(app, lambda: result.expert_future.done(), 60)
        pump(app, 2)
        yield "daily-result"
        click(app, result.b_calendar)
        pump(app, 2)
        yield "daily-played"
    finally:
        daily.EXPERT_OPTIONS["iterations"] = kept
    _back_to_title(app)


def _achievements(app: Any) -> Iterator[str]:
    """Title → Achievements: the page, once the achievements are read."""
    title = _back_to_title(app)
    click(app, title.b_achievements)
    page = app.top
    if page.name != "achievements":
        return
    wait(app, lambda: page.loading is None, 15)
    pump(app, 2)
    yield "achievements"
    _back_to_title(app)


def _solo(seed: int = 4, hands: int = 2) -> MatchConfig:
    seats = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))
    return MatchConfig(seats=seats, hands=hands, seed=seed)


def _back_to_title(app: Any) -> Any:
    from big2.app.screens.title import TitleScene

    title = TitleScene(app)
    app.reset_to(title)
    pump(app, 2)
    return title


def _review(app, replay):
    """The review of the replayed hand: running (progress, Cancel), done, at a decision."""
    from big2.app import reviewjob

    kept = reviewjob.ITERATIONS
    reviewjob.ITERATIONS = 8  # a quick review: the stops are about the screen
    try:
        click(app, replay.b_review)
        review = app.top
        pump(app, 2)
        yield "review-running"
        wait(app, lambda: review.job is not None and not review.job.running, 60)
        pump(app, 2)
        yield "review"
        verdicts = review.job.verdicts if review.job is not None else []
        shown = next((v for v in verdicts if not v.good), verdicts[0] if verdicts else None)
        if shown is not None:
            review.go(shown.step)
            pump(app, 2)
            yield "review-decision"
    finally:
        reviewjob.ITERATIONS = kept
    app.pop()
    pump(app, 2)


def tour(app: Any, *, dropdowns_open: bool = True, presets: bool = True) -> Iterator[str]:
    """Walk every scene; yields a stop's name with that screen showing.

    The app must have storage attached (:func:`big2.app.storage.attach`) in a
    throwaway home: the tour writes settings, a save and a history there.
    """
    import pygame

    from big2.app.screens.rulesform import presets as all_presets
    from big2.app.screens.pause import PauseScene
    from big2.app.screens.privacy import PrivacyScene
    from big2.app.screens.results import ResultsScene
    from big2.app.screens.rules import RulesScene
    from big2.app.screens.session_end import SessionEndScene
    from big2.app.table.scene import TableScene

    st = storage.of(app)
    settings = app.settings
    title = _back_to_title(app)
    yield "title"
    app.top.ask_quit()
    pump(app, 2)
    yield "title-quit"
    app.pop()
    pump(app, 2)
    click(app, title.b_about)
    if app.top.name == "about":
        yield "about"
        app.pop()
        pump(app, 2)

    click(app, title.b_online)
    if app.top.name == "online":
        yield "online"
        click(app, app.top.b_host)
        yield "online-host"
        app.pop()
        pump(app, 2)
        click(app, app.top.b_join)
        yield "online-join"
        app.pop()
        pump(app, 2)
        app.pop()
        pump(app, 2)

    click(app, title.b_new)
    yield "new-game"
    if dropdowns_open:
        yield from open_each_dropdown(app, "new-game")
    click(app, app.top.b_house)  # New game's second step: every house rule
    if app.top.name == "house_rules":
        yield "new-game-house-rules"
        if dropdowns_open:
            yield from open_each_dropdown(app, "new-game-house-rules")
        app.pop()
        pump(app, 2)
    app.pop()
    pump(app, 2)

    click(app, title.b_settings)
    yield "settings"
    if dropdowns_open:
        yield from open_each_dropdown(app, "settings")
    click(app, app.top.b_language)
    if app.top.name == "language":
        yield "settings-language"
        app.pop()
        pump(app, 2)
    app.pop()
    pump(app, 2)

    click(app, title.b_rules)
    yield "rules"
    app.pop()
    if presets:
        for name, preset in all_presets().items():
            app.push(RulesScene(app, rules=preset.rules))
            pump(app, 2)
            yield f"rules-{preset.name}"
            app.pop()
    pump(app, 2)

    if st is not None:
        seed_history(st.paths, online=1)  # the latest session online: marked so
        click(app, title.b_stats)
        stats = app.top
        wait(app, lambda: stats.future is None, 15)
        pump(app, 3)
        yield "statistics"
        if stats.replay_buttons:
            click(app, stats.replay_buttons[0][0])
            replay = app.top
            wait(app, lambda: getattr(replay, "future", None) is None, 15)
            pump(app, 2)
            for _ in range(6):
                replay.go(replay.step + 1)
            pump(app, 2)
            yield "replay"
            if getattr(replay, "b_review", None) is not None:
                yield from _review(app, replay)
        _back_to_title(app)

    yield from _daily(app)
    yield from _achievements(app)

    # The table, phase by phase: animations on so the deal and the sweep can be caught.
    saved = (settings.animation, settings.pace, app.time_scale)
    settings.animation, settings.pace = "normal", "normal"
    app.time_scale = 10.0  # game time runs fast: the phases come quickly, and still come
    table = app.push("table", _solo())
    if wait(app, lambda: getattr(table.playback, "deal", None) is not None, 5):
        wait(app, lambda: sum(table.counts) >= 20, 5)
        yield "table-dealing"
    wait(app, lambda: table.awaiting_human, 30)
    pump(app, 2)
    yield "table-your-turn"
    key(app, pygame.K_t)  # the card tracker
    key(app, pygame.K_s)
    key(app, pygame.K_s)  # the hand arranged by combinations
    yield "table-tracker-combinations"
    key(app, pygame.K_t)
    key(app, pygame.K_s)
    app.push(PauseScene(app, table))
    pump(app, 2)
    yield "pause"
    if st is not None:
        click(app, app.top.b_save)
        pump(app, 2)
        yield "saves-from-pause"
        app.pop()
    app.pop()
    pump(app, 2)
    table.hand_seat_to_computer()
    if wait(app, lambda: table.turn is not None and table.turn != table.viewer and table.link.thinking(table.turn), 30):
        pump(app, 1)
        yield "table-computer-thinking"
    app.time_scale = 0.5  # the sweep is short: slow down so a frame lands in it, even on a busy machine
    if wait(app, lambda: bool(table.sweeping), 60):
        pump(app, 1)
        yield "table-trick-won"
    app.time_scale = 10.0
    settings.pace = "instant"
    if wait(app, lambda: any(c == 1 for c in table.counts), 120):
        pump(app, 1)
        yield "table-last-card"
    settings.animation, settings.pace = "off", "instant"
    if wait(app, lambda: isinstance(app.top, ResultsScene), 120):
        results = app.top
        wait(app, lambda: not results.animating(), 5)
        pump(app, 2)
        yield "results"
        # play out the session
        for _ in range(20):
            if not isinstance(app.top, ResultsScene):
                break
            app.top.next()
            pump(app, 2)
            if isinstance(app.top, TableScene):
                t = app.top
                if t.state.is_person(t.viewer):
                    t.hand_seat_to_computer()
                wait(app, lambda: not isinstance(app.top, TableScene), 120)
        if isinstance(app.top, SessionEndScene):
            pump(app, 2)
            yield "session-end"
            end = app.top
            end.duration, end.t = 2.6, 0.9  # the confetti, caught mid-fall
            yield "session-end-celebration"
            end.t = end.duration
    settings.animation, settings.pace, app.time_scale = saved

    # Hot seat: the privacy screen between two people.
    seats = (SeatConfig("Alice", True), SeatConfig("Bob", True), SeatConfig("North", False), SeatConfig("West", False))
    _back_to_title(app)
    app.push("table", MatchConfig(seats=seats, hands=1, seed=3))
    if wait(app, lambda: isinstance(app.top, PrivacyScene), 30):
        pump(app, 2)
        yield "privacy"

    # How to play: the first lesson, then played through from the keyboard to the end.
    _back_to_title(app)
    app.push("how_to_play")
    lesson = app.top
    pump(app, 2)
    if wait(app, lambda: lesson.awaiting_human, 30):
        yield "how-to-play"
        for _ in range(12):
            if not wait(app, lambda: lesson.awaiting_human or lesson.tutorial.finished, 30) or lesson.tutorial.finished:
                break
            key(app, pygame.K_h)
            key(app, pygame.K_RETURN if lesson.hand.selected else pygame.K_p)
        if lesson.tutorial.finished:
            pump(app, 2)
            yield "how-to-play-done"

    # Back on the title with a game to continue, and the saved games.
    title = _back_to_title(app)
    yield "title-continue"
    if st is not None:
        click(app, title.b_saves)
        pump(app, 2)
        yield "saves"
        app.pop()
    pump(app, 1)
