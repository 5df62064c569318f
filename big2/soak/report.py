"""What a soak run counts and prints: :class:`Report` (failures by kind, with how often),
the damaged-saves part's :class:`DamageCounts`, and the limits that make a hang or a block."""

from __future__ import annotations

import collections
import os
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any



#: A start-up (files part) or a frame (events part) that computes for longer than this
#: (CPU time: on a loaded machine the wall clock says more about the other programs) counts
#: as a hang; one that waits longer than :data:`BLOCKED_SECONDS` (wall clock) as a block,
#: such as a read that never returns. A normal start-up with Continue takes about 0.13 s
#: of CPU, a frame a few milliseconds.
HANG_SECONDS = 1.0
BLOCKED_SECONDS = 10.0
#: How much resident memory a long drag-resize may add (issue 10; the events part).
MEMORY_BOUND_MB = 20.0


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


# -- UI events ----------------------------------------------------------------------------

def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, AttributeError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
