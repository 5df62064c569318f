"""The events part: random clicks, drags, keys and window resizes through every screen,
then resize steps at the table with resident memory measured."""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from .report import BLOCKED_SECONDS, HANG_SECONDS, MEMORY_BOUND_MB, Report, _rss_mb, _where


def post_events(report: Report, rng: random.Random, deadline: float, limit: int, resize_steps: int) -> None:
    from big2.app import storage
    from big2.app.ui import synthetic
    from big2.app.app import App

    home = Path(tempfile.mkdtemp(prefix="big2-soak-ui-"))
    os.environ["BIG2_HOME"] = str(home)
    st = storage.Storage.open()
    app = App(size=(1280, 720), settings=st.app_settings())
    app.ai_in_process = False
    app.guard_crashes = False
    app.open()
    storage.attach(app, st)
    app.running = True
    app.time_scale = 8.0
    app.push("title")
    try:
        while report.events < limit and time.monotonic() < deadline:
            synthetic.random_input(app, rng)
            report.events += 1
            report.tick()
            if report.memory_every and report.events % report.memory_every == 0:
                _note_memory(report)
            for _ in range(2):
                t0, c0 = time.perf_counter(), time.process_time()
                try:
                    app.frame(block=False)
                except Exception as exc:
                    report.fail(f"UI: {_where(exc)} (screens: {[getattr(s, 'name', '?') for s in app.stack]})",
                                traceback.format_exc(limit=5))
                    app.stack.clear()
                    app.push("title")
                took, cpu = time.perf_counter() - t0, time.process_time() - c0
                report.slowest_frame = max(report.slowest_frame, took)
                report.slowest_frame_cpu = max(report.slowest_frame_cpu, cpu)
                if cpu > HANG_SECONDS:
                    report.fail(f"a frame computed for over {HANG_SECONDS:.0f} s "
                                f"(screens: {[getattr(s, 'name', '?') for s in app.stack]})")
                if took > BLOCKED_SECONDS:
                    report.fail(f"a frame waited over {BLOCKED_SECONDS:.0f} s")
            if not app.running:  # a click reached Quit: start again at the title
                app.running = True
                app.stack.clear()
                app.push("title")
        if resize_steps:
            _resize_memory(report, app, resize_steps)
    finally:
        app.close()
        st.close()


def _note_memory(report: Report) -> None:
    """Resident memory now, after the garbage is collected (the events part's growth)."""
    import gc

    gc.collect()
    report.memory_by_events.append((report.events, _rss_mb()))
    print(f"[memory] after {report.events} UI events: {report.memory_by_events[-1][1]:.1f} MB",
          file=report.out or sys.stdout, flush=True)


def _resize_memory(report: Report, app: Any, steps: int) -> None:
    """A long drag-resize at the table: resident memory at the start, its peak, and at
    the end once the window has settled (the app hands freed pages back then)."""
    start, peak, end = resize_memory(app, steps)
    report.resize_steps = steps
    report.memory_mb = (start, peak, end)
    if end - start > MEMORY_BOUND_MB:
        report.fail(f"memory grew {end - start:.0f} MB over {steps} resize steps")




def resize_memory(app: Any, steps: int, *, settle: float = 1.0) -> tuple[float, float, float]:
    """Open a table in ``app`` at 1280 × 720, drag its window through ``steps`` sizes
    (900-1800 × 640-1140, the last one 1280 × 720 again), and return resident MB
    (start, peak, end). "End" is after ``settle`` seconds of idle frames, as when a player
    lets go of the window's edge, and at the size it started at, so the difference is
    what resizing kept, not what a larger window needs."""
    import gc

    from big2.room.config import quick_config

    app.stack.clear()
    app.set_window_size((1280, 720))
    app.push("table", quick_config("You", seed=3))
    for _ in range(20):
        app.frame(block=False)
    _idle(app, settle)
    gc.collect()
    start = peak = _rss_mb()
    for i in range(steps):
        w, h = 900 + (i * 7) % 900, 640 + (i * 5) % 500
        app.set_window_size((w, h) if i < steps - 1 else (1280, 720))
        app.frame(block=False)
        peak = max(peak, _rss_mb())
    _idle(app, settle)
    gc.collect()
    end = _rss_mb()
    return start, max(peak, end), end


def _idle(app: Any, seconds: float) -> None:
    """Idle frames for ``seconds``, and on until the app has settled after the last
    resize (up to 30 s: a loaded machine may need more than the app's half second)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end or (not app.resize_settled and time.monotonic() < end + 30):
        app.frame(block=False)
        time.sleep(0.02)
