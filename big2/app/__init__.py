"""The desktop app: a pygame-ce window over the engine. The only package importing pygame.

Importing this package does nothing heavy; :func:`run` and :func:`self_test` import
pygame when called.

Where things are:

- ``app.App``: the window, the loop (waits while idle, fixed steps, redraws only on
  change, dirty rectangles while only sprites move) and the scene stack.
- ``layout`` (pure geometry), ``tween`` (clock, easing, tweens), ``hand`` (the bottom
  hand's order and selection), ``match`` (seats over the engine's Session),
  ``settings``, ``rulesform``: no pygame, unit-tested without a display.
- ``cardart`` (cards drawn by the program), ``text``, ``sprites``, ``sound`` and
  ``synth`` (the WAVs in big2/assets/sounds), ``opponents`` (big2.ai in a worker process).
- ``scenes/``: title, new game, table (``table``, ``tableshow``, ``tableinput``,
  ``tabledraw``, ``tableexchange``), privacy, pause, results, session end, rules, settings; ``storage``,
  ``savedmatch`` (a save as a match), ``resume`` (the table opened on a save) and the
  saves/statistics/replay scenes connect big2.persistence; ``about``
  (version, the player's folders; ``folders`` opens one in the file manager).
- ``assets``: the game's data (``big2/assets``, package data) and cached fonts.
- Not here (developer tools, not shipped): the UI benchmark, the fit check and the tour
  of every screen live in ``tools/`` (``python -m tools.bench_ui``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["run", "self_test"]


def _parse(argv: Sequence[str]):
    import argparse

    from big2 import cliargs

    p = argparse.ArgumentParser(prog="big2", description="Big Two card game")
    p.add_argument("--size", type=cliargs.window_size, default=None,
                   help="window size, e.g. 1280x720, from 800x600 to 7680x4320 (default: as last time)")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--seed", type=cliargs.seed, default=None, help="seed the session: its deal numbers and the computers' choices (for testing)")
    p.add_argument("--deal", type=cliargs.deal_number, default=None, metavar="NUMBER",
                   help="play this deal number first, e.g. '1 234 567' (docs/deal-numbers.md)")
    p.add_argument(
        "--scene",
        choices=("title", "new", "table", "rules", "settings", "watch", "hotseat", "learn"),
        default="title",
        help="open straight into a screen: watch = four computers, hotseat = two humans, learn = How to play",
    )
    p.add_argument("--animation", choices=("off", "fast", "normal", "slow"), default=None)
    p.add_argument("--pace", choices=("instant", "fast", "normal", "slow"), default=None)
    return p.parse_args(list(argv))


def run(argv: Sequence[str] | None = None) -> int:
    """Open the window and play; returns the exit code."""
    args = _parse(sys.argv[1:] if argv is None else argv)
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from big2.app.app import App

    w, h = args.size or (1280, 720)
    problem = missing_assets()
    if problem:
        print(f"big2: {problem}", file=sys.stderr)
        return 1
    from big2.app import storage as _storage

    problem = no_display()
    if problem:
        print(f"big2: {problem}", file=sys.stderr)
        return 1
    store = _storage.Storage.open()
    settings = store.app_settings()
    from big2 import i18n
    from big2.app import language

    i18n.set_language(language.choose(store.settings.language))
    if not args.size and not args.fullscreen:  # no --size given: the remembered one
        w, h = store.settings.window_width, store.settings.window_height
    if args.animation:
        settings.animation = args.animation
    if args.pace:
        settings.pace = args.pace
    app = App(size=(w, h), settings=settings)
    app.open()
    import pygame

    if not os.environ.get("SDL_VIDEODRIVER") and pygame.display.get_driver() in ("offscreen", "dummy"):
        print("big2: no display could be opened (SDL found only an invisible one), so the "
              "game window cannot open; start big2 from a desktop session.", file=sys.stderr)
        app.close()
        store.close()
        return 1
    _storage.attach(app, store)
    wire(app)
    try:
        if args.fullscreen or store.settings.fullscreen:
            app.toggle_fullscreen()
        return app.run(_first_scene(app, args.scene, args.seed, args.deal))
    finally:
        app.close()
        store.close()


def wire(app) -> None:
    """Give the storage what it cannot import (it lies below them): when a saved game is
    back on a table (Continue, Saved games), ``app.table_resumed(table, saved_app_data)``
    makes a daily deal's table that day's play again (:func:`big2.app.daily.resume`)."""

    def resumed(table, saved) -> None:
        if saved.get("daily") is not None:
            from big2.app import daily

            daily.resume(app, table, saved.get("daily"))

    app.table_resumed = resumed


def missing_assets() -> str | None:
    """Why the game's data cannot be found, or None: ``BIG2_ASSETS`` naming a folder that
    is not there (or lacks the theme), or the installed data missing."""
    from big2.app.ui import assets

    try:
        folder = assets.assets_dir()
    except FileNotFoundError as exc:
        return str(exc)
    if not (folder / "theme.json").is_file():
        import os

        if os.environ.get("BIG2_ASSETS"):
            return (f"BIG2_ASSETS is set to {str(folder)!r}, which is not a copy of the game's data "
                    "folder (it has no theme.json); unset BIG2_ASSETS or point it at a copy of big2/assets.")
        return f"Big2's game data is incomplete: {folder / 'theme.json'} is missing. Reinstall the game."
    return None


def no_display() -> str | None:
    """Why the window cannot open here, or None: on Linux and the BSDs a desktop session
    sets ``DISPLAY`` (X11) or ``WAYLAND_DISPLAY``; without either SDL would open an
    invisible window that never closes. An explicit ``SDL_VIDEODRIVER`` is obeyed."""
    import os

    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if not (sys.platform.startswith("linux") or "bsd" in sys.platform):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the "
            "game window cannot open; start big2 from a desktop session.")


def _first_scene(app, name: str, seed: int | None, deal: int | None = None):
    import dataclasses

    from big2.room.config import MatchConfig, SeatConfig

    if deal is not None and name == "title":
        name = "table"  # --deal alone: play that deal against the computer
    if name in ("title", "new", "rules", "settings", "learn"):
        app.push("title")
        extra = {"new": "new_game", "rules": "rules", "settings": "settings", "learn": "how_to_play"}.get(name)
        return app.scene(extra) if extra else None
    if name == "watch":
        # The trained network ships as package data and needs numpy: a build that left
        # either out must fail here, not fall back to Normal's moves unnoticed.
        from big2.ai.learned import shipped_net

        shipped_net()
        from big2.room import personas

        # the computers' characters, as a quick game seats them (never compass names)
        seats = personas.seat_configs(("normal", "skilled", "normal", "skilled"))
        return app.scene("table", MatchConfig(seats=seats, seed=seed, deal=deal))
    if name == "hotseat":
        from big2.room import personas

        east, west = personas.seat_configs(("normal", "normal"), taken={"Ann", "Ben"})
        seats = (SeatConfig("Ann", True), east, SeatConfig("Ben", True), west)
        return app.scene("table", MatchConfig(seats=seats, seed=seed, deal=deal))
    from big2.app import storage

    return app.scene("table", dataclasses.replace(storage.quick_game(app, seed=seed), deal=deal))


def self_test() -> int:
    """Start headless, deal, let computers play a whole hand through the real loop; then
    the online part (:mod:`big2.app.onlinecheck`): the network modules load, and a
    computer hand plays at the table through a room hosted here over loopback.

    Returns 0 when both hands finished with a winner and consistent scores, 1 otherwise
    (each problem in one line on stderr).
    """
    import os
    import time

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    problem = missing_assets()
    if problem:
        print(f"big2: {problem}", file=sys.stderr)
        return 1
    from big2.app.app import App
    from big2.room.config import MatchConfig, SeatConfig
    from big2.app.screens.results import ResultsScene
    from big2.app.settings import AppSettings

    started = time.perf_counter()
    app = App(size=(1280, 720), settings=AppSettings(animation="off", pace="instant"))
    try:
        app.open()
        # The trained network ships as package data and needs numpy: a build that left
        # either out must fail here, not fall back to Normal's moves unnoticed.
        from big2.ai.learned import shipped_net

        shipped_net()
        seats = tuple(SeatConfig(n, human=False, level=lv) for n, lv in
                      zip(("South", "East", "North", "West"), ("normal", "skilled", "normal", "skilled")))
        table = app.push("table", MatchConfig(seats=seats, hands=1, seed=2024))
        ok = app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=90)
        problems = []
        if not ok:
            problems.append("the hand did not reach the results screen")
        m = table.state  # the seat's view of the room: what the table showed
        if len(m.results) != 1:
            problems.append(f"expected one finished hand, got {len(m.results)}")
        else:
            r = m.results[0]
            if r.cards_left[r.winner] != 0:
                problems.append("the winner still holds cards")
            if sum(r.points) != sum(m.totals):
                problems.append("totals do not add up")
        if app.frames < 10:
            problems.append(f"only {app.frames} frames were drawn")
        elapsed = time.perf_counter() - started
        frames = app.frames
        # Online: what it needs is in this build, and a hand plays through a room hosted here.
        from big2.app import onlinecheck

        online = onlinecheck.missing()
        line = ""
        if not online:
            online, line = onlinecheck.play_hand(app)
        problems += online
        if problems:
            for p in problems:
                print(f"self-test: {p}", file=sys.stderr)
            return 1
        r = m.results[0]
        print(
            f"self-test ok: {m.names[r.winner]} won in {len(m.history)} moves, "
            f"{frames} frames, {elapsed:.1f} s"
        )
        print(line)
        return 0
    except Exception as exc:  # report, never crash CI with a traceback alone
        import traceback

        traceback.print_exc()
        print(f"self-test: failed with {exc!r}", file=sys.stderr)
        return 1
    finally:
        app.close()
