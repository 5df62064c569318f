"""The damaged-saves part (issue 28): one file of a home holding a game in progress gets a
bit flipped, a type swapped, a key deleted or a lone surrogate; the game is started as
players run it and silent acceptances, crash screens, crash loops and lost games counted."""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from .report import DAMAGE_KINDS, DAMAGE_TARGETS, DamageCounts, Report, _where


def _damage_originals(home: Path) -> dict[str, bytes]:
    """A real game in progress as the app saves it (hand start, game id, seats, the
    computers' generators): its autosave, the autosave's previous copy (a move earlier),
    a save slot of it, and the settings, written by the game's own writers."""
    import random as _random

    from big2.engine import Session
    from big2.persistence import AppPaths, SettingsStore
    from big2.persistence.handlog import start_position
    from big2.persistence.saves import SaveStore
    from big2.persistence.sessioncodec import new_game_id, preview_of, save_payload
    from big2.persistence.settings import Settings

    paths = AppPaths.under(home)
    SettingsStore(paths).save(Settings())
    session = Session(_random.Random(5), players=4, names=("You", "East", "North", "West"), max_hands=2)
    game = session.new_hand()
    if game.exchange is not None:
        game.give_back(game.suggest_give_back())
    start = start_position(game)
    gid = new_game_id()
    rng = _random.Random(6)
    store = SaveStore(paths)

    def payload() -> dict[str, Any]:
        app = {"seats": [["You", True, "normal"], ["East", False, "beginner"], ["North", False, "beginner"],
                         ["West", False, "beginner"]], "hands": 2, "target": None, "seed": 5,
               "scoring": "penalty-table", "viewer": 0, "computer_for_hand": [], "results": [],
               "hand_start": start, "history_session": None, "game_id": gid}
        rngs = {f"seat-{i}": _random.Random(i) for i in range(4)}
        return save_payload(session, rngs=rngs, app=app)

    for move in range(10):
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
        if move == 7:
            store.save_slot("Soak", payload(), preview_of(session))
        if move >= 8:
            store.autosave(payload(), preview_of(session))
    slot = store.slot_path("Soak")
    return {"settings": paths.settings_file.read_bytes(),
            "autosave": store.autosave_path.read_bytes(),
            "previous copy": (paths.saves_dir / "autosave.json.bak").read_bytes(),
            "slot": slot.read_bytes(), "slot-name": slot.name.encode()}


def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of ``doc``, its checksum aside, iteratively."""
    out: list[tuple[Any, Any]] = []
    stack = [doc]
    while stack:
        item = stack.pop()
        keys = [k for k in item if k != "checksum"] if isinstance(item, dict) else \
            range(len(item)) if isinstance(item, list) else []
        for k in keys:
            out.append((item, k))
            if isinstance(item[k], (dict, list)):
                stack.append(item[k])
    return out


def _swapped(value: Any, rng: random.Random) -> Any:
    """``value`` as another JSON type, near to it (what a damaged writer might leave)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return rng.choice([str(value), float(value), [value], value != 0])
    if isinstance(value, float):
        return rng.choice([str(value), int(value)])
    if isinstance(value, str):
        return rng.choice([[value], len(value), value == "", None])
    if value is None:
        return rng.choice([0, "", False, []])
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    return list(value.values())


def damage(data: bytes, kind: str, rng: random.Random, *, reseal: bool = False) -> bytes:
    """``data`` (a file the game wrote) with one damage of ``kind``; ``reseal`` makes
    the checksum again afterwards, as a version of the game that wrote a bad value
    would (not for a bit flip: that is damage on the disk)."""
    if kind == "bit-flip":
        b = bytearray(data)
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
        return bytes(b)
    from big2.persistence.checksum import seal

    doc = json.loads(data)
    nodes = _nodes(doc)
    if kind == "key-deletion":
        keyed = [(c, k) for c, k in nodes if isinstance(c, dict)]
        container, key = rng.choice(keyed)
        del container[key]
    elif kind == "type-swap":
        container, key = rng.choice(nodes)
        container[key] = _swapped(container[key], rng)
    else:  # a lone surrogate in a text, or in a key
        texts = [(c, k) for c, k in nodes if isinstance(c[k], str)]
        container, key = rng.choice(texts)
        if isinstance(container, dict) and rng.random() < 0.2:
            container[key + "\ud800"] = container.pop(key)
        else:
            at = rng.randrange(len(container[key]) + 1)
            container[key] = container[key][:at] + "\ud800" + container[key][at:]
    if reseal and isinstance(doc, dict) and "checksum" in doc:
        doc = seal(doc)
    return json.dumps(doc, indent=1).encode("ascii")  # ensure_ascii: a surrogate as \ud800


def _equal_in_meaning(original: bytes, damaged: bytes) -> bool:
    from big2.persistence.checksum import canonical

    try:
        return canonical(json.loads(original)) == canonical(json.loads(damaged))
    except (ValueError, TypeError, UnicodeDecodeError, AttributeError):
        return False


def _click(app: Any, element: Any, frames: int = 3) -> None:
    from big2.app.ui import synthetic

    synthetic.click(app, element.rect.center, frames)


def _play_on(app: Any, seconds: float) -> None:
    """The resumed table plays on (the person's seat handed to the computer) to the
    hand's end, where the score history records it, or until something else is on top."""
    table = app.top
    if getattr(table, "link", None) is None or not hasattr(table, "hand_seat_to_computer"):
        return
    try:
        table.hand_seat_to_computer()
    except Exception:
        pass
    app.run_until(lambda: app.top is not table or getattr(table, "hand_over", False), timeout=seconds)
    for _ in range(5):
        app.frame(block=False)


def _damage_launch(home: Path) -> tuple[int, list[str], dict[str, Any]]:
    """One start of the game as players run it (the crash guard on): the title,
    Continue if offered (played on to the hand's end), then Saved games, loading the
    first slot that loads (played on too). Returns the crash screens seen, the notices
    told, and what was offered."""
    os.environ["BIG2_HOME"] = str(home)
    from big2.app import storage
    from big2.app.app import App
    from big2.app.crashguard import CrashScene

    told: list[str] = []
    st = storage.Storage.open()
    real_tell = st.tell

    def tell(notice: Any) -> None:
        told.append(notice.text)
        real_tell(notice)

    st.tell = tell  # type: ignore[method-assign]
    for n in st.notices:
        told.append(n.text)
    settings = st.app_settings()
    settings.animation, settings.pace = "off", "instant"  # as the command line's --animation/--pace
    app = App(size=(1280, 720), settings=settings)
    app.ai_in_process = False
    app.guard_crashes = True
    crashes = 0
    seen: dict[str, Any] = {"continue": False, "slots": []}

    def crashed() -> bool:
        return any(isinstance(s, CrashScene) for s in app.stack)

    try:
        app.open()
        app.time_scale = 8.0
        storage.attach(app, st)
        app.running = True
        app.push("title")
        for _ in range(3):
            app.frame(block=False)
        title = app.top
        seen["after start-up"] = _snapshot(home)
        if getattr(title, "b_continue", None) is not None and not crashed():
            seen["continue"] = True
            _click(app, title.b_continue)
            _play_on(app, 8.0)
        if crashed():
            crashes += 1
            app.stack.clear()
            app.push("title")
            app.frame(block=False)
        app.push("saves")
        for _ in range(3):
            app.frame(block=False)
        saves = app.top
        if crashed():
            crashes += 1
        elif getattr(saves, "name", "") == "saves":
            seen["slots"] = [(i.path.name, i.problem) for i in saves.slots]
            rows = [r for r in saves.rows if r[0].problem is None]
            if rows:
                _click(app, rows[0][1])
                _play_on(app, 8.0)
                if crashed():
                    crashes += 1
    finally:
        try:
            app.close()
        except Exception:
            pass
        st.close()
    return crashes, told, seen


def _snapshot(home: Path) -> dict[str, bytes]:
    """Every file of the home (saves and settings) by name, with its bytes."""
    out = {}
    for p in home.rglob("*"):
        if p.is_file() and p.suffix != ".sqlite3" and "log" not in p.parts:
            try:
                out[p.name] = p.read_bytes()
            except OSError:
                pass
    return out


def _all_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def damage_trial(counts: DamageCounts, report: Report, originals: dict[str, bytes], home: Path,
                 kind: str, target: str, rng: random.Random) -> None:
    """Damage one file of a home holding a game (autosave, its previous copy, a slot)
    and the settings, start the game up to three times, and count what happened."""
    from big2.persistence import AppPaths

    paths = AppPaths.under(home)
    paths.saves_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    slot_name = originals["slot-name"].decode()
    where = {"autosave": paths.saves_dir / "autosave.json",
             "previous copy": paths.saves_dir / "autosave.json.bak",
             "slot": paths.saves_dir / slot_name, "settings": paths.settings_file}
    for name, path in where.items():
        path.write_bytes(originals[name])
    reseal = kind != "bit-flip" and rng.random() < 0.3
    damaged = damage(originals[target], kind, rng, reseal=reseal)
    where[target].write_bytes(damaged)
    if target == "previous copy":
        where["autosave"].unlink()  # the last save did not finish: start-up reads the copy
    before = len(_all_files(paths.saves_dir))
    key = f"{kind} in the {target}{' (checksum made again)' if reseal else ''}"
    counts.trials += 1
    counts.by_kind[key] += 1
    launches = []
    for attempt in range(3):
        crashes, told, seen = _damage_launch(home)
        launches.append((crashes, told, seen))
        if not crashes:
            break
    first_crashes, told, seen = launches[0]
    total_crashes = sum(c for c, _t, _s in launches)
    if total_crashes:
        counts.crash_screens += total_crashes
        report.fail(f"damage: a crash screen after {key}")
    if len(launches) > 1 and launches[-1][0]:
        counts.crash_loops += 1
        report.fail(f"damage: a crash loop after {key}")
    # was the damaged file refused with a notice, or accepted? (as start-up left it)
    path = where[target]
    still_there = seen.get("after start-up", {}).get(path.name) == damaged
    if target == "settings":
        accepted = still_there and not told
    elif target == "slot":
        listed = dict(seen["slots"])
        accepted = still_there and listed.get(path.name, "") is None
    else:
        accepted = still_there and seen["continue"]
    if accepted:
        if _equal_in_meaning(originals[target], damaged):
            counts.equal += 1
        elif reseal:
            counts.rewritten += 1
        else:
            counts.silent_acceptances += 1
            report.fail(f"damage: accepted in silence: {key}")
    elif still_there and not told and target == "slot" and path.name not in dict(seen["slots"]):
        counts.unread += 1
    else:
        counts.refused += 1
    # a game lost: files gone from the disk, or a good copy refused as damaged
    after = _all_files(paths.saves_dir)
    good = [n for t, n in (("autosave", "autosave.json"), ("previous copy", "autosave.json.bak"),
                           ("slot", slot_name)) if t != target]
    refused_good = [n for n in after if ".damaged-" in n and n.split(".damaged-")[0] in good]
    if len(after) < before or refused_good:
        counts.lost_games += 1
        report.fail(f"damage: a game lost after {key}", f"before {before} files, after {after}")


def damage_saves(report: Report, counts: DamageCounts, rng: random.Random, deadline: float, limit: int) -> None:
    """The damage part: ``limit`` trials (or until ``deadline``), cycling through every
    kind of damage and every file."""
    base = Path(tempfile.mkdtemp(prefix="big2-soak-damage-"))
    originals = _damage_originals(base / "real")
    n = 0
    while counts.trials < limit and time.monotonic() < deadline:
        kind = DAMAGE_KINDS[n % len(DAMAGE_KINDS)]
        target = DAMAGE_TARGETS[(n + n // len(DAMAGE_KINDS)) % len(DAMAGE_TARGETS)]
        n += 1
        try:
            damage_trial(counts, report, originals, base / f"d{n}", kind, target, rng)
        except Exception as exc:
            report.fail(f"damage: the trial itself failed: {_where(exc)}", traceback.format_exc(limit=5))
        report.tick()
