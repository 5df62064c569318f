"""The files part: real settings and save files, mutated, fed through the app's real
start-up (storage, title, Continue), each start timed."""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from .report import BLOCKED_SECONDS, HANG_SECONDS, Report, _where


# -- files ------------------------------------------------------------------------------

def _real_files(home: Path) -> dict[str, bytes]:
    """A real settings file and a real save, made by the app's own writers."""
    import random as _random

    from big2.engine import Session
    from big2.persistence import AppPaths, SettingsStore
    from big2.persistence.saves import SaveStore
    from big2.persistence.sessioncodec import preview_of, save_payload
    from big2.persistence.settings import Settings

    paths = AppPaths.under(home)
    SettingsStore(paths).save(Settings())
    session = Session(_random.Random(5), players=4)
    game = session.new_hand()
    rng = _random.Random(6)
    for _ in range(10):
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
    app = {"seats": [["You", True, "normal"], ["East", False, "normal"], ["North", False, "expert"],
                     ["West", False, "beginner"]], "hands": 4, "target": None, "seed": 5,
           "scoring": "penalty-table", "viewer": 0, "computer_for_hand": [], "results": [],
           "hand_start": None, "history_session": None}
    SaveStore(paths).autosave(save_payload(session, app=app), preview_of(session))
    return {"settings": paths.settings_file.read_bytes(),
            "save": (paths.saves_dir / "autosave.json").read_bytes()}


def _mutate_json(value: Any, rng: random.Random) -> Any:
    """Change one leaf or container of ``value`` to something else."""
    replacements: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: -1, lambda: 10**30, lambda: 1.5, lambda: "x",
        lambda: "", lambda: [], lambda: {}, lambda: [[[[]]]], lambda: "nobody",
        lambda: rng.randrange(-3, 60), lambda: "\u202e\n=cmd", lambda: list(range(60)),
    ]
    if isinstance(value, (dict, list)) and value and rng.random() < 0.8:
        out: Any = dict(value) if isinstance(value, dict) else list(value)
        key = rng.choice(list(value)) if isinstance(value, dict) else rng.randrange(len(value))
        if rng.random() < 0.15:
            del out[key]
        else:
            out[key] = _mutate_json(value[key], rng)
        return out
    return rng.choice(replacements)()


def mutate(data: bytes, rng: random.Random) -> bytes | None:
    """A damaged copy of ``data``; None means "a FIFO in its place"."""
    kind = rng.randrange(9)
    if kind == 0:
        b = bytearray(data)
        for _ in range(rng.randrange(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:
        return data[: rng.randrange(len(data))]
    if kind == 2:
        return b"[" * rng.choice([65, 1000, 100000]) + data
    if kind == 3:
        return b'{"a": "' + b'\\"' * rng.choice([1000, 30000]) + b'"}'
    if kind == 4 and hasattr(os, "mkfifo"):
        return None
    try:
        doc = json.loads(data)
    except ValueError:
        return data[::-1]
    for _ in range(rng.randrange(1, 4)):
        doc = _mutate_json(doc, rng)
    return json.dumps(doc).encode()


def _start_app(report: Report, home: Path, label: str) -> None:
    """The app's real start-up path, headless: storage, title, Continue if offered."""
    os.environ["BIG2_HOME"] = str(home)
    from big2.app import storage
    from big2.app.app import App

    t0, c0 = time.perf_counter(), time.process_time()
    st = storage.Storage.open()
    app = App(size=(1280, 720), settings=st.app_settings())
    app.ai_in_process = False
    app.guard_crashes = False
    try:
        app.open()
        storage.attach(app, st)
        app.running = True
        app.push("title")
        for _ in range(3):
            app.frame(block=False)
        title = app.top
        if getattr(title, "b_continue", None) is not None:
            from big2.app.storage.reopen import continue_game

            continue_game(app)
            for _ in range(5):
                app.frame(block=False)
    except Exception as exc:
        report.fail(f"start-up with a damaged {label}: {_where(exc)}", traceback.format_exc(limit=4))
    finally:
        took, cpu = time.perf_counter() - t0, time.process_time() - c0
        report.slowest_start = max(report.slowest_start, took)
        report.slowest_start_cpu = max(report.slowest_start_cpu, cpu)
        if cpu > HANG_SECONDS + 0.5:  # the first start also imports the app (~0.5 s)
            report.fail(f"start-up with a damaged {label} computed for over {HANG_SECONDS + 0.5:.1f} s")
        if took > BLOCKED_SECONDS:
            report.fail(f"start-up with a damaged {label} waited over {BLOCKED_SECONDS:.0f} s")
        try:
            app.close()
        except Exception:
            pass
        st.close()


def feed_files(report: Report, rng: random.Random, deadline: float, limit: int) -> None:
    base = Path(tempfile.mkdtemp(prefix="big2-soak-files-"))
    originals = _real_files(base / "real")
    from big2.persistence import AppPaths

    n = 0
    while report.files < limit and time.monotonic() < deadline:
        n += 1
        home = base / f"h{n}"
        paths = AppPaths.under(home)
        label = rng.choice(["settings", "save"])
        target = paths.settings_file if label == "settings" else paths.saves_dir / "autosave.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = mutate(originals[label], rng)
        if data is None:
            os.mkfifo(target)
        else:
            target.write_bytes(data)
        if label == "save" and rng.random() < 0.5:
            paths.config_dir.mkdir(parents=True, exist_ok=True)
            paths.settings_file.write_bytes(originals["settings"])
        _start_app(report, home, label)
        report.files += 1
        report.tick()
