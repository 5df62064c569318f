"""Running the soak: :func:`run` (the parts in turn, sharing the time) and the command
line, :func:`main` (``python -m big2.soak``)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from .damage import damage_saves
from .events import post_events
from .files import feed_files
from .games import play_hands
from .report import DamageCounts, Report


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
