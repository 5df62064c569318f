"""Synthesise the game's short sounds as 16-bit mono WAV files (stdlib only).

Run ``python -m big2.app.ui.synth [OUTDIR]`` to (re)write ``big2/assets/sounds``. The sounds are
made from seeded noise and sine partials, so the output is the same on every run.
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050


def _env(t: float, attack: float, decay: float) -> float:
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _render(seconds: float, fn: Callable[[float, int], float]) -> array.array:
    n = int(seconds * RATE)
    out = array.array("h")
    for i in range(n):
        v = fn(i / RATE, i)
        out.append(max(-32767, min(32767, int(v * 32767))))
    return out


def deal() -> array.array:
    """A soft riffle: a quick run of small papery ticks, each a burst of filtered noise."""
    rng = random.Random(1)
    state = [0.0]
    ticks = [0.0, 0.014, 0.026, 0.036, 0.045, 0.053]

    def f(t: float, i: int) -> float:
        state[0] += 0.4 * (rng.uniform(-1, 1) - state[0])
        v = 0.0
        for k, start in enumerate(ticks):
            if t >= start:
                v += (0.5 - 0.05 * k) * _env(t - start, 0.001, 0.006)
        return state[0] * min(1.0, v)

    return _render(0.09, f)


def play() -> array.array:
    """Cards laid on the table: a soft thump under a papery slap."""
    rng = random.Random(2)
    state = [0.0]

    def f(t: float, i: int) -> float:
        state[0] += 0.5 * (rng.uniform(-1, 1) - state[0])
        slap = 0.5 * state[0] * _env(t, 0.002, 0.03)
        thump = 0.45 * math.sin(2 * math.pi * 110 * t) * _env(t, 0.003, 0.05)
        return slap + thump

    return _render(0.16, f)


def pass_() -> array.array:
    """A gentle falling two-note knock."""

    def f(t: float, i: int) -> float:
        freq = 520 if t < 0.07 else 390
        local = t if t < 0.07 else t - 0.07
        return 0.3 * math.sin(2 * math.pi * freq * t) * _env(local, 0.004, 0.035)

    return _render(0.16, f)


def last_card() -> array.array:
    """A two-note chime (a rising fourth), bell-like: a tone and its bright partials."""

    def f(t: float, i: int) -> float:
        v = 0.0
        for start, freq in ((0.0, 880.0), (0.16, 1174.66)):
            local = t - start
            if local < 0:
                continue
            env = _env(local, 0.004, 0.18)
            v += env * (math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(2 * math.pi * freq * 2.76 * t)
                        + 0.15 * math.sin(2 * math.pi * freq * 5.4 * t))
        return 0.2 * v

    return _render(0.7, f)


def win() -> array.array:
    """A rising major arpeggio with a held chord."""
    notes = [523.25, 659.25, 783.99, 1046.5]

    def f(t: float, i: int) -> float:
        v = 0.0
        for k, freq in enumerate(notes):
            start = k * 0.09
            if t >= start:
                local = t - start
                v += 0.18 * math.sin(2 * math.pi * freq * t) * _env(local, 0.01, 0.35)
        return v

    return _render(0.9, f)


SOUNDS: dict[str, Callable[[], array.array]] = {
    "deal": deal,
    "play": play,
    "pass": pass_,
    "last_card": last_card,
    "win": win,
}


def write_all(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in SOUNDS.items():
        data = make()
        path = out_dir / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(data.tobytes())
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    from .assets import asset

    out = Path(args[0]) if args else asset("sounds")
    for p in write_all(out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
