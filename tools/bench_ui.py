"""UI benchmark: frame times, idle CPU, start to first frame, frames while a computer thinks.

Run in a real window (``xvfb-run``/``shoot.sh`` style) or headless::

    python -m tools.bench_ui [--seconds 20] [--size 1280x720] [--json] [--online]

Figures:

* frame work time (update + draw + flip) p50/p95/p99 while an animated computer-only
  game plays at normal animation speed and fast pace;
* CPU share of one core while the table waits for the human (idle);
* wall time from launching a fresh interpreter to the first presented frame;
* frame work time and achieved frame rate while the Expert searches in the worker and
  the table animates.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


def _cpu_figures(cpu_ms: list[float]) -> dict:
    """The render thread's own CPU time per drawn frame: what the frame cost, apart from
    waiting for a core (on a loaded machine wall times mostly measure the wait)."""
    return {
        "cpu_p50_ms": _pct(cpu_ms, 50), "cpu_p95_ms": _pct(cpu_ms, 95), "cpu_p99_ms": _pct(cpu_ms, 99),
        "cpu_max_ms": max(cpu_ms) if cpu_ms else float("nan"),
    }


def _cpu_line(r: dict) -> str:
    return (f"render thread CPU per frame p50 {r['cpu_p50_ms']:.2f} ms  p95 {r['cpu_p95_ms']:.2f} ms  "
            f"p99 {r['cpu_p99_ms']:.2f} ms  max {r['cpu_max_ms']:.1f} ms")


def _app(size, **settings):
    from big2.app.app import App
    from big2.app.settings import AppSettings

    app = App(size=size, settings=AppSettings(**settings))
    app.open()
    return app


def _open_from_title(app) -> None:
    """Show the title first, as a player sees it: its first frames (the felt, the fonts)
    are start-up, not frames of play."""
    app.push("title")
    app.running = True
    for _ in range(3):
        app.frame(block=False)


def _play_frames(app, open_table, seconds: float, before_frame=None) -> dict:
    """Open a table with ``open_table()`` and run the app's frames for ``seconds``,
    going on from each hand's results; ``before_frame()`` runs before each frame. The
    frame figures (work, own work without presenting, render-thread CPU), frames a
    second and hands finished; ``"table"`` is the table scene."""
    from big2.app.screens.results import ResultsScene

    times: list[float] = []
    presents: list[float] = []

    def record(work: float) -> None:
        times.append(work)
        presents.append(app.last_present)

    app.on_frame = record
    table = open_table()
    app.running = True
    hands = 0
    cpu: list[float] = []
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end and app.running:
        if before_frame is not None:
            before_frame()
        c0, f0 = time.thread_time(), app.frames
        app.frame()
        if app.frames != f0:
            cpu.append((time.thread_time() - c0) * 1000)
        if isinstance(app.top, ResultsScene):
            hands += 1
            app.top.next()
    wall = time.perf_counter() - start
    ms = [t * 1000 for t in times]
    own = [(t - p) * 1000 for t, p in zip(times, presents)]
    pres = [p * 1000 for p in presents]
    return {
        "own_p50_ms": _pct(own, 50), "own_p95_ms": _pct(own, 95), "own_p99_ms": _pct(own, 99),
        "present_p50_ms": _pct(pres, 50), "present_p95_ms": _pct(pres, 95),
        "frames": len(ms), "fps": len(ms) / wall,
        "p50_ms": _pct(ms, 50), "p95_ms": _pct(ms, 95), "p99_ms": _pct(ms, 99),
        "max_ms": max(ms) if ms else float("nan"), "over_50ms": sum(1 for v in ms if v > 50),
        "mean_ms": statistics.fmean(ms) if ms else float("nan"),
        "hands_finished": hands, **_cpu_figures(cpu), "table": table,
    }


def bench_frames(size: tuple[int, int], seconds: float) -> dict:
    from big2.room.config import MatchConfig, SeatConfig

    app = _app(size, animation="normal", pace="fast")
    _open_from_title(app)
    seats = tuple(SeatConfig(n, human=False) for n in ("South", "East", "North", "West"))
    try:
        out = _play_frames(app, lambda: app.push("table", MatchConfig(seats=seats, hands=999, seed=99)), seconds)
    finally:
        app.close()
    table = out.pop("table")
    match = table.link.room.match
    out["moves"] = len(match.game.history) if match.game else 0
    return out


def bench_online(size: tuple[int, int], seconds: float) -> dict:
    """Frame work at an online table: the app's seat in a room on a real server on
    loopback (a thread of this process, as when the player hosts), every seat played by
    the server's computers (the app's own handed to the computer each hand) at a fast
    pace, so the table animates moves that arrive over the network all the time."""
    from big2.net.hostthread import ServerThread
    from big2.net.link import RemoteLink
    from big2.net.server import Limits
    from big2.room import commands as cmd

    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=Limits(computer_pace_s=0.35))
    url = server.start()
    link = RemoteLink(url, name="Ann", create={"players": 4, "computers": 3, "hands": 100})
    app = _app(size, animation="normal", pace="fast")
    link.on_message = app.post_wake
    end = time.monotonic() + 20
    while link.lobby is None and time.monotonic() < end:
        time.sleep(0.01)
    link.start()
    while link.state is None and time.monotonic() < end:
        link.poll()
        time.sleep(0.01)
    if link.state is None:
        link.close()
        server.stop()
        app.close()
        raise RuntimeError("the online table did not start")
    _open_from_title(app)
    handed: set[int] = set()

    def hand_own_seat_over() -> None:
        state = link.state
        if state.in_hand and not state.hand_over and state.hand_number not in handed:
            handed.add(state.hand_number)
            link.send(cmd.HandToComputer())  # the server's computer plays this seat too

    try:
        out = _play_frames(app, lambda: app.push("table", link), seconds, hand_own_seat_over)
        out["moves_last_hand"] = len(link.state.history)
    finally:
        app.close()
        link.close()
        server.stop()
    out["table"] = type(out["table"]).__name__
    return out


def bench_idle(size: tuple[int, int], seconds: float) -> dict:
    from big2.room.config import MatchConfig

    app = _app(size, animation="normal", pace="fast")
    table = app.push("table", MatchConfig(seed=5))
    app.running = True
    try:
        assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=60)
        for _ in range(5):
            app.frame(block=False)
        frames0 = app.frames
        c0, w0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - w0 < seconds:
            app.frame()
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        redraws = app.frames - frames0
    finally:
        app.close()
    return {"cpu_share": cpu / wall, "seconds": wall, "redraws": redraws}


def bench_thinking(size: tuple[int, int], seconds: float = 3.0) -> dict:
    """Frames while the Expert searches in the worker, with the table animating."""
    import random

    from big2.room.config import MatchConfig
    from big2.app.ui.tween import Tweener

    app = _app(size, animation="normal", pace="fast")
    table = app.push("table", MatchConfig(seed=5))
    app.running = True
    times: list[float] = []
    cpu: list[float] = []
    thinks = 0
    try:
        assert app.run_until(lambda: table.awaiting_human and not app.animating(), timeout=60)
        from big2.ai import PlayerView

        game = table.link.room.match.game
        thinker = table.link.room.brain  # the app's worker (a Thinker)
        rng = random.Random(1)
        app.on_frame = times.append
        tw: Tweener = table.tweens

        class Dummy:
            v = 0.0

        d = Dummy()
        start = time.perf_counter()
        fut = None
        while time.perf_counter() - start < seconds:
            if fut is None or fut.done():
                fut = thinker.think(PlayerView.from_game(game, game.to_act), "expert", rng.getrandbits(64))
                thinks += 1
            if not tw.active:
                tw.to(d, 0.5, v=1.0 - d.v)  # keep the table animating
                table.hand.toggle_sort()
                table.place_hand(animate=True)
            c0, f0 = time.thread_time(), app.frames
            app.frame()
            if app.frames != f0:
                cpu.append((time.thread_time() - c0) * 1000)
        wall = time.perf_counter() - start
    finally:
        app.close()
    ms = [t * 1000 for t in times]
    return {
        **_cpu_figures(cpu),
        "frames": len(ms), "fps": len(ms) / wall, "p50_ms": _pct(ms, 50), "p95_ms": _pct(ms, 95),
        "p99_ms": _pct(ms, 99), "max_ms": max(ms) if ms else float("nan"),
        "over_50ms": sum(1 for v in ms if v > 50), "expert_moves": thinks, "worker": "process" if thinker.processes else "thread",
    }


_STARTUP = """
import time, os
t = time.time()
from big2.app.app import App
from big2.app.screens.title import TitleScene
app = App(size=(%d, %d))
app.open()
app.push(TitleScene(app))
app.running = True
app.frame(block=False)
print(repr(app.first_frame_at - app.opened_at), repr(time.time()))
app.close()
"""


def bench_startup(size: tuple[int, int], runs: int = 3) -> dict:
    """Wall time from launching ``python`` to the first presented frame (best of runs)."""
    best = float("inf")
    inner = float("inf")
    for _ in range(runs):
        t0 = time.time()
        out = subprocess.run(
            [sys.executable, "-c", _STARTUP % size],
            capture_output=True,
            text=True,
            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
            timeout=60,
        )
        if out.returncode != 0:
            raise RuntimeError(out.stderr)
        open_to_frame, at = (float(v) for v in out.stdout.split()[-2:])
        best = min(best, at - t0)
        inner = min(inner, open_to_frame)
    return {"launch_to_first_frame_s": best, "open_to_first_frame_s": inner}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_ui")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--idle-seconds", type=float, default=5.0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--json", action="store_true")
    p.add_argument("--online", action="store_true",
                   help="only the online table: moves from a real server on loopback (see bench_online)")
    args = p.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    size = tuple(int(v) for v in args.size.split("x"))
    if args.online:
        o = bench_online(size, args.seconds)
        if args.json:
            print(json.dumps({"video_driver": os.environ.get("SDL_VIDEODRIVER", "default"), "size": args.size,
                              "online": o}, indent=2))
            return 0
        print(f"UI benchmark, online table at {args.size}, video driver {os.environ.get('SDL_VIDEODRIVER', 'default')}")
        print(
            f"  computers on a loopback server: {o['frames']} frames drawn ({o['fps']:.0f} a second), work per frame "
            f"p50 {o['p50_ms']:.2f} ms  p95 {o['p95_ms']:.2f} ms  p99 {o['p99_ms']:.2f} ms  max {o['max_ms']:.1f} ms"
            f" ({o['over_50ms']} over 50 ms)  ({o['hands_finished']} hands)"
        )
        print(f"    of which our update+draw p50 {o['own_p50_ms']:.2f} ms  p95 {o['own_p95_ms']:.2f} ms  p99 {o['own_p99_ms']:.2f} ms")
        print(f"    {_cpu_line(o)}")
        return 0
    results = {
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "size": args.size,
        "startup": bench_startup(size),
        "frames": bench_frames(size, args.seconds),
        "idle": bench_idle(size, args.idle_seconds),
        "thinking": bench_thinking(size),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    f, i, s, t = results["frames"], results["idle"], results["startup"], results["thinking"]
    print(f"UI benchmark at {args.size}, video driver {results['video_driver']}")
    print(
        f"  animated computer game: {f['frames']} frames drawn ({f['fps']:.0f} a second, pauses between moves included), work per frame "
        f"p50 {f['p50_ms']:.2f} ms  p95 {f['p95_ms']:.2f} ms  p99 {f['p99_ms']:.2f} ms  max {f['max_ms']:.1f} ms"
        f" ({f['over_50ms']} over 50 ms)  ({f['moves']} moves, {f['hands_finished']} hands)"
    )
    print(
        f"    of which our update+draw p50 {f['own_p50_ms']:.2f} ms  p95 {f['own_p95_ms']:.2f} ms  p99 {f['own_p99_ms']:.2f} ms;"
        f" presenting (flip/update) p50 {f['present_p50_ms']:.2f} ms  p95 {f['present_p95_ms']:.2f} ms"
    )
    print(f"    {_cpu_line(f)}")
    try:
        load = os.getloadavg()[0]
        print(f"  machine load average during the run: {load:.2f} on {os.cpu_count()} cores")
    except OSError:  # pragma: no cover
        pass
    print(f"  idle table: {100 * i['cpu_share']:.2f}% of a core over {i['seconds']:.1f} s, {i['redraws']} redraws")
    print(f"  start to first frame: {s['launch_to_first_frame_s']:.2f} s from launch ({s['open_to_first_frame_s']:.2f} s from window open)")
    print(
        f"  while the Expert thinks ({t['worker']} worker, {t['expert_moves']} searches): {t['fps']:.0f} fps, "
        f"p50 {t['p50_ms']:.2f} ms  p95 {t['p95_ms']:.2f} ms  p99 {t['p99_ms']:.2f} ms  max {t['max_ms']:.1f} ms"
        f"  ({t['over_50ms']} frames over 50 ms)"
    )
    print(f"    {_cpu_line(t)}")
    try:
        print(f"  machine load average at the end: {os.getloadavg()[0]:.2f}")
    except OSError:  # pragma: no cover
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
