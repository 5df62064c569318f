"""A soak you can rerun: random games, mutated files and random input, for a while.

    python -m big2.soak --seconds 600 [--seed N] [--hands N] [--files N] [--damage N] [--events N]

Four parts share the time (or stop at the counts given):

* **hands**: sessions over every preset × 2/3/4 players and random house-rule
  combinations and scoring schemes, moves chosen at random (the checked path now and
  then), with invariants after every move: cards conserved, no card in two places, the
  mover held the cards played, nobody acts who is out of the hand, nobody acts twice in
  a row unless pass-lock or AutoPass allows it; a finished hand's winner holds nothing,
  the hand scores, zero-sum schemes sum to zero;
* **files**: settings and save files, real ones mutated (bytes flipped, cut short,
  nested deep, escaped quotes, fields swapped, FIFOs), fed through the app's real
  start-up path (storage, title, Continue) headless, each start timed;
* **damage** (issue 28): one file of a home holding a game in progress (the autosave,
  its previous copy, a save slot of the same game, the settings) gets one bit flipped,
  a value's type swapped, a key deleted or a lone surrogate put in a text (sometimes
  with the checksum made again, as a buggy writer would leave it); the game is started
  as players run it (the crash guard on), Continue pressed and played on to the hand's
  end, Saved games opened and its first loadable slot loaded and played on; a start
  that crashed is repeated, up to three starts. It counts silent acceptances (a damaged
  file loaded that is not equal in meaning to the original), crash screens, crash loops
  (a crash again at the next start) and lost games (a file gone, or a good copy refused);
* **events**: random clicks, drags, keys and window resizes posted to the headless app
  through every screen (``--memory-every N`` prints resident memory every N events),
  then 300 resize steps at the table with the memory before and after printed.

It prints the counts and every distinct failure (with how often it happened), and exits
1 if there was any. ``run(...)`` is the same for the test suite's short slice.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

#: A start-up (files part) or a frame (events part) that computes for longer than this
#: (CPU time: on a loaded machine the wall clock says more about the other programs) counts
#: as a hang; one that waits longer than :data:`BLOCKED_SECONDS` (wall clock) as a block,
#: such as a read that never returns. A normal start-up with Continue takes about 0.13 s
#: of CPU, a frame a few milliseconds.
HANG_SECONDS = 1.0
BLOCKED_SECONDS = 10.0


@dataclass
class Report:
    hands: int = 0
    moves: int = 0
    files: int = 0
    events: int = 0
    slowest_start: float = 0.0
    slowest_frame: float = 0.0
    #: The same in CPU seconds (what the hang check uses).
    slowest_start_cpu: float = 0.0
    slowest_frame_cpu: float = 0.0
    resize_steps: int = 0
    #: Resident MB at the start of the resize steps, their peak, and at the end.
    memory_mb: tuple[float, float, float] | None = None
    #: Resident MB after every ``memory_every`` UI events (0: not measured): (events, MB).
    memory_every: int = 0
    memory_by_events: list[tuple[int, float]] = field(default_factory=list)
    failures: collections.Counter[str] = field(default_factory=collections.Counter)
    examples: dict[str, str] = field(default_factory=dict)
    #: The damage part's counts (None when it did not run).
    damage: Any = None
    #: Print a line of counts this often (seconds; 0: never), so a long run shows how
    #: far it got even if it is stopped.
    progress_every: float = 0.0
    out: Any = None
    stopped_early: bool = False
    _started: float = field(default_factory=time.monotonic)
    _last_progress: float = field(default_factory=time.monotonic)

    def tick(self) -> None:
        """Called in every loop: the progress line when it is due."""
        if not self.progress_every:
            return
        now = time.monotonic()
        if now - self._last_progress >= self.progress_every:
            self._last_progress = now
            trials = self.damage.trials if self.damage is not None else 0
            print(f"[{now - self._started:7.0f} s] hands {self.hands} ({self.moves} moves), "
                  f"files {self.files}, damaged saves {trials}, events {self.events}, "
                  f"failures {sum(self.failures.values())}", file=self.out or sys.stdout, flush=True)

    def fail(self, key: str, detail: str = "") -> None:
        self.failures[key] += 1
        self.examples.setdefault(key, detail)

    def print(self, out: Any = sys.stdout) -> None:
        if self.stopped_early:
            print(f"stopped early after {time.monotonic() - self._started:.0f} s: "
                  "the counts below are what was reached", file=out)
        print(f"hands played: {self.hands} ({self.moves} moves, invariants checked after each)", file=out)
        print(f"files fed through start-up: {self.files} (slowest start {self.slowest_start_cpu:.3f} s "
              f"of CPU, {self.slowest_start:.3f} s of wall clock)", file=out)
        print(f"UI events posted: {self.events} (slowest frame {self.slowest_frame_cpu:.3f} s of CPU, "
              f"{self.slowest_frame:.3f} s of wall clock)", file=out)
        d = self.damage
        if d is not None and d.trials:
            print(f"damaged files through start-up, Continue and Saved games: {d.trials} "
                  f"(refused with a notice {d.refused}, equal in meaning {d.equal}, never read {d.unread}, "
                  f"rewritten with a new checksum and played on {d.rewritten})", file=out)
            print(f"  silent acceptances of damaged content: {d.silent_acceptances}", file=out)
            print(f"  crash loops: {d.crash_loops}", file=out)
            print(f"  crash screens: {d.crash_screens}", file=out)
            print(f"  lost games: {d.lost_games}", file=out)
            print("  trials by damage: " + "; ".join(f"{k} {n}" for k, n in sorted(d.by_kind.items())), file=out)
        if self.memory_mb is not None:
            start, peak, end = self.memory_mb
            print(f"memory over {self.resize_steps} resize steps: start {start:.1f} MB, peak {peak:.1f} MB, "
                  f"end {end:.1f} MB ({end - start:+.1f} MB; bound +{MEMORY_BOUND_MB:.0f} MB)", file=out)
        if self.memory_by_events:
            print("memory by UI events: " + ", ".join(f"{n}: {mb:.0f} MB" for n, mb in self.memory_by_events),
                  file=out)
        total = sum(self.failures.values())
        print(f"failures: {total} ({len(self.failures)} distinct)", file=out)
        for key, n in self.failures.most_common():
            print(f"  {n} × {key}", file=out)
            if self.examples.get(key):
                print("      " + self.examples[key].replace("\n", "\n      "), file=out)


def _where(exc: BaseException) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    frame = tb[-1] if tb else None
    at = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
    return f"{type(exc).__name__}: {str(exc)[:160]}{at}"


# -- hands ------------------------------------------------------------------------------

def random_rules(rng: random.Random) -> tuple[Any, int]:
    """A preset or a random combination of house rules, and a seat count it deals to."""
    from big2.engine import (
        AssistantRule, Bombs, Deck, Direction, FlushOrder, HandEnd, LaterLeader, Leftovers,
        LoneTwo, Rules, StockDraw, StraightOrder, get_rules, preset_names,
    )

    n = rng.choice([2, 3, 4])
    if rng.random() < 0.4:
        rules = get_rules(rng.choice(preset_names()))
        if rules.leftovers is Leftovers.UNUSED and rules.cards_per_player * n > 52:
            rules = replace(rules, cards_per_player=13)
        return rules, n
    d: dict[str, Any] = {
        "suit_order": rng.choice(["dchs", "cshd", "cdhs"]),
        "straight_order": rng.choice(list(StraightOrder)),
        "flush_order": rng.choice(list(FlushOrder)),
        "later_leader": rng.choice(list(LaterLeader)),
        "first_lead_has_lowest": rng.random() < 0.5,
        "direction": rng.choice(list(Direction)),
        "assistant": rng.choice(list(AssistantRule)),
        "pass_locks_out": rng.random() < 0.5,
        "four_alone": rng.random() < 0.5,
        "bombs": rng.choice(list(Bombs)),
        "deck": rng.choice(list(Deck)),
        "dragon_wins": rng.random() < 0.5,
        "lone_two": rng.choice(list(LoneTwo)),
        "hand_end": rng.choice(list(HandEnd)),
        "auto_pass": rng.random() < 0.5,
        "cards_per_player": rng.choice([13, 17, 21]),
        "leftovers": rng.choice(list(Leftovers)),
        "stock_draw": rng.choice(list(StockDraw)),
        "three_player_exchange": rng.random() < 0.5,
    }
    if d["stock_draw"] is not StockDraw.NONE:
        d["leftovers"] = Leftovers.UNUSED
    if d["leftovers"] is Leftovers.UNUSED and d["cards_per_player"] * n > 52:
        d["cards_per_player"] = 13
    return Rules(**d), n


SCHEMES = ["penalty-table", "pairwise", "winner-collects", "finish-order", "pusoy-dos",
           "taiwan-loser-pays", "indonesia-honours", "chudadi-standard"]


def _masks(game: Any) -> tuple[list[int], list[int]]:
    return ([game.hand_mask(s) for s in range(game.n_players)],
            [game.played_by(s).mask for s in range(game.n_players)])


def _check_cards(game: Any, total: int) -> str | None:
    hands, played = _masks(game)
    seen = 0
    count = 0
    for m in hands + played:
        if seen & m:
            return "a card is in two places"
        seen |= m
        count += m.bit_count()
    count += game.stock_size
    if count != total:
        return f"cards not conserved ({count} of {total})"
    return None


def play_hands(report: Report, rng: random.Random, deadline: float, limit: int) -> None:
    from big2.engine import PASS, Session
    from big2.engine.cards import FULL_MASK
    from big2.engine.scoring import scoring_preset

    while report.hands < limit and time.monotonic() < deadline:
        rules, n = random_rules(rng)
        scheme = scoring_preset(rng.choice(SCHEMES))
        seed = rng.randrange(1 << 32)
        try:
            session = Session(random.Random(seed), rules=rules, players=n, scoring=scheme,
                              max_hands=rng.choice([1, 2, 3]))
            while not session.is_over and report.hands < limit:
                game = session.new_hand()
                if game.exchange is not None:
                    game.give_back(game.suggest_give_back())
                hands, played = _masks(game)
                total = sum(m.bit_count() for m in hands + played) + game.stock_size
                steps = 0
                while not game.is_over:
                    moves = game.legal_moves()
                    if not len(moves):
                        raise AssertionError("a player to act has no move")
                    mover = game.to_act
                    held = game.hand_mask(mover)
                    move = moves[rng.randrange(len(moves))]
                    before = len(game.history)
                    if rng.random() < 0.2:
                        game.make(move)
                    else:
                        game.apply(move)
                    report.moves += 1
                    steps += 1
                    new = game.history[before:]
                    if not new or new[0][0] != mover:
                        raise AssertionError("the move is not in the history under its mover")
                    if move != PASS and (move & FULL_MASK) & ~held:
                        raise AssertionError("the mover did not hold the cards played")
                    problem = _check_cards(game, total)
                    if problem:
                        raise AssertionError(problem)
                    if not game.is_over:
                        nxt = game.to_act
                        if nxt in game.finish_order:
                            raise AssertionError("a seat that is out of the hand is to act")
                        auto = len(new) > 1
                        if nxt == new[-1][0] and not rules.pass_locks_out and not auto \
                                and not game.leading:
                            raise AssertionError("the same seat acts twice in a row")
                    if steps > 5000:
                        raise AssertionError("the hand does not end")
                if game.hand_mask(game.winner):
                    raise AssertionError("the winner still holds cards")
                record = session.record()
                if scheme.zero_sum and sum(record.points) != 0:
                    raise AssertionError(f"a zero-sum scheme does not sum to zero: {record.points}")
                report.hands += 1
                report.tick()
        except Exception as exc:
            report.fail(f"hand: {_where(exc)}", f"rules={rules!r} players={n} seed={seed}")
            report.hands += 1


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


# -- damaged saves through the real app ----------------------------------------------------
#
# Issue 28: every damaged file is either refused with a notice or provably equal in
# meaning to the original; no crash screen comes from a file; no crash loop; no game lost.

#: The kinds of damage done to one file (``--damage`` trials cycle through them).
DAMAGE_KINDS = ("bit-flip", "type-swap", "key-deletion", "lone-surrogate")
#: The files damaged: the autosave, its previous copy (the autosave itself then missing,
#: as after a save that did not finish, so the previous copy is what start-up reads), a
#: save slot of the same game, and the settings.
DAMAGE_TARGETS = ("autosave", "previous copy", "slot", "settings")


@dataclass
class DamageCounts:
    """What the damage part found (all but ``trials``, ``refused``, ``equal``, ``unread``
    and ``rewritten`` must be 0)."""

    trials: int = 0
    #: Damaged files refused with a notice (set aside, listed with their problem, or
    #: settings values reset with a sentence).
    refused: int = 0
    #: Damaged files that loaded and are equal in meaning to the original (the same
    #: canonical content: e.g. a bit flipped inside the indentation... which JSON refuses).
    equal: int = 0
    #: Damaged files the start-up never had to read (a previous copy behind a good file).
    unread: int = 0
    #: Values changed *and* the checksum made again, as a buggy version of the game could
    #: write them: accepted only where the game then plays on without a crash.
    rewritten: int = 0
    silent_acceptances: int = 0
    crash_screens: int = 0
    crash_loops: int = 0
    lost_games: int = 0
    by_kind: collections.Counter[str] = field(default_factory=collections.Counter)


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
    import pygame

    pos = element.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        attrs: dict[str, Any] = {"pos": pos, "touch": False}
        if kind == pygame.MOUSEMOTION:
            attrs.update(rel=(0, 0), buttons=(0, 0, 0))
        else:
            attrs["button"] = 1
        pygame.event.post(pygame.event.Event(kind, **attrs))
        app.frame(block=False)
    for _ in range(frames):
        app.frame(block=False)


def _play_on(app: Any, seconds: float) -> None:
    """The resumed table plays on (the person's seat handed to the computer) to the
    hand's end, where the score history records it, or until something else is on top."""
    table = app.top
    if getattr(table, "match", None) is None or not hasattr(table, "viewer"):
        return
    try:
        table.match.hand_to_computer(table.viewer)
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


# -- UI events ----------------------------------------------------------------------------

def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, AttributeError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def post_events(report: Report, rng: random.Random, deadline: float, limit: int, resize_steps: int) -> None:
    import pygame

    from big2.app import storage
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
    keys = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_p, pygame.K_h, pygame.K_s, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_a]

    def post(kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    try:
        while report.events < limit and time.monotonic() < deadline:
            w, h = app.size
            r = rng.random()
            pos = (rng.randrange(w), rng.randrange(h))
            if r < 0.55:
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
                post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            elif r < 0.65:
                end = (rng.randrange(w), rng.randrange(h))
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
                post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]), buttons=(1, 0, 0), touch=False)
                post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
            elif r < 0.9:
                k = rng.choice(keys)
                post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
            elif r < 0.95:
                app.set_window_size((rng.randrange(800, 1920), rng.randrange(600, 1200)))
            else:
                post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0, touch=False)
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


#: How much resident memory a long drag-resize may add (issue 10).
MEMORY_BOUND_MB = 20.0


def resize_memory(app: Any, steps: int, *, settle: float = 1.0) -> tuple[float, float, float]:
    """Open a table in ``app`` at 1280 × 720, drag its window through ``steps`` sizes
    (900-1800 × 640-1140, the last one 1280 × 720 again), and return resident MB
    (start, peak, end). "End" is after ``settle`` seconds of idle frames, as when a player
    lets go of the window's edge, and at the size it started at, so the difference is
    what resizing kept, not what a larger window needs."""
    import gc

    from big2.app.match import quick_config

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


# -- running it ---------------------------------------------------------------------------

def run(seconds: float = 60.0, *, seed: int = 0, hands: int = 10**9, files: int = 10**9,
        events: int = 10**9, resize_steps: int = 300, out: Any = sys.stdout,
        progress_every: float = 0.0, memory_every: int = 0, damage: int = 0) -> Report:
    """Run the soak for ``seconds`` (or until the counts); returns the report. Stopped
    by Ctrl+C (or SIGTERM from :func:`main`), it prints what it reached so far.
    ``damage``: trials of the damaged-saves part (``python -m big2.soak`` runs it until
    its share of the time is up)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    saved_home = os.environ.get("BIG2_HOME")
    report = Report(progress_every=progress_every, out=out, memory_every=memory_every)
    rng = random.Random(seed)
    start = time.monotonic()
    try:
        play_hands(report, random.Random(rng.random()), start + seconds * 0.4, hands)
        feed_files(report, random.Random(rng.random()), time.monotonic() + seconds * 0.15, files)
        report.damage = DamageCounts()
        damage_rng = random.Random(rng.random())
        if damage:
            damage_saves(report, report.damage, damage_rng, time.monotonic() + seconds * 0.2, damage)
        post_events(report, random.Random(rng.random()), time.monotonic() + seconds * 0.3, events, resize_steps)
    except KeyboardInterrupt:
        report.stopped_early = True
    finally:
        if saved_home is None:
            os.environ.pop("BIG2_HOME", None)
        else:
            os.environ["BIG2_HOME"] = saved_home
    report.print(out)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m big2.soak", description=__doc__.split("\n\n")[0])
    from big2 import cliargs

    p.add_argument("--seconds", type=cliargs.seconds, default=60.0, help="time budget (default 60)")
    p.add_argument("--seed", type=cliargs.seed, default=0)
    p.add_argument("--hands", type=cliargs.count, default=10**9, help="stop the hands part after this many")
    p.add_argument("--files", type=cliargs.count, default=10**9, help="stop the files part after this many")
    p.add_argument("--damage", type=cliargs.count, default=10**9,
                   help="stop the damaged-saves part after this many trials (bit flips, type swaps, "
                        "deleted keys, lone surrogates in saves, slots and settings)")
    p.add_argument("--events", type=cliargs.count, default=10**9, help="stop the events part after this many")
    p.add_argument("--resize-steps", type=cliargs.count, default=300)
    p.add_argument("--memory-every", type=cliargs.count, default=0, metavar="EVENTS",
                   help="print resident memory after every EVENTS UI events (default 0: never)")
    p.add_argument("--progress", type=cliargs.seconds, default=60.0, metavar="SECONDS",
                   help="print the counts this often (default 60; 0: only at the end)")
    args = p.parse_args(argv)
    import signal

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    report = run(args.seconds, seed=args.seed, hands=args.hands, files=args.files,
                 events=args.events, resize_steps=args.resize_steps, progress_every=args.progress,
                 memory_every=args.memory_every, damage=args.damage)
    return 1 if report.failures or report.stopped_early else 0


if __name__ == "__main__":
    sys.exit(main())
