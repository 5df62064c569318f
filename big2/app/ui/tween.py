"""Time for the table: a pausable game clock, easing curves and tweens. No pygame.

A :class:`Tweener` drives numeric attributes of any object towards targets over time
with an easing curve. Starting a tween on an attribute that is already moving replaces
the old tween (the new one starts from wherever the value is now), as in pgzero.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_cubic(t: float) -> float:
    return t * t * t


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS: dict[str, Ease] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_cubic": in_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_elastic": out_elastic,
}


class GameClock:
    """Gameplay time: advances only when ticked and not paused; runs scheduled calls."""

    def __init__(self) -> None:
        self.time = 0.0
        self.paused = False
        self._calls: list[tuple[float, int, Callable[[], None]]] = []
        self._seq = 0

    def tick(self, dt: float) -> None:
        if self.paused:
            return
        self.time += dt
        while self._calls:
            self._calls.sort(key=lambda c: (c[0], c[1]))
            due, _, fn = self._calls[0]
            if due > self.time:
                break
            self._calls.pop(0)
            fn()

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        """Call ``fn`` once ``delay`` seconds of game time have passed."""
        self._seq += 1
        self._calls.append((self.time + max(0.0, delay), self._seq, fn))

    def next_due(self) -> float | None:
        """Seconds of game time until the next scheduled call, or None."""
        if not self._calls:
            return None
        return max(0.0, min(c[0] for c in self._calls) - self.time)

    def cancel_all(self) -> None:
        self._calls.clear()


@dataclass(slots=True)
class Tween:
    target: Any
    attr: str
    start: float
    end: float
    duration: float
    ease: Ease
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    done: bool = field(default=False)

    def step(self, dt: float) -> None:
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        if self.duration <= 0 or t >= self.duration:
            setattr(self.target, self.attr, self.end)
            self.done = True
            return
        k = self.ease(t / self.duration)
        setattr(self.target, self.attr, self.start + (self.end - self.start) * k)


#: Easings that go past their end before settling (none with reduced motion).
OVERSHOOTING = frozenset({"out_back", "out_elastic"})


class Tweener:
    """Runs tweens; one live tween per (object, attribute).

    ``cap`` (seconds, None for none) is reduced motion's limit: while set, every tween
    started lasts at most that long (a delay before it stays as asked), and an overshooting
    easing (:data:`OVERSHOOTING`) runs as ``out_cubic``. Whoever owns the tweener keeps
    it in step with the setting (the table does so every step).
    """

    def __init__(self) -> None:
        self.cap: float | None = None
        self._tweens: dict[tuple[int, str], Tween] = {}
        #: Every object a tween has moved since :meth:`take_touched` was last called.
        self._touched: dict[int, Any] = {}

    def take_touched(self) -> list[Any]:
        """The objects moved since the last call (for dirty-rectangle drawing)."""
        out = list(self._touched.values())
        self._touched.clear()
        return out

    def to(
        self,
        target: Any,
        duration: float,
        *,
        ease: str | Ease = "out_cubic",
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
        **attrs: float,
    ) -> None:
        """Move each named attribute of ``target`` to its value over ``duration`` s.

        A zero duration (animations off) sets the values at once. ``on_done`` runs once,
        when the last of these attributes arrives.
        """
        if self.cap is not None:
            duration = min(duration, self.cap)
            if ease in OVERSHOOTING:
                ease = "out_cubic"
        fn = EASINGS[ease] if isinstance(ease, str) else ease
        items = list(attrs.items())
        # where it starts counts as touched: a sprite that has just appeared there (a
        # card leaving a seat) must be painted over once it has moved on
        self._touched[id(target)] = target
        for i, (name, value) in enumerate(items):
            cb = on_done if i == len(items) - 1 else None
            if duration <= 0 and delay <= 0:
                self._tweens.pop((id(target), name), None)
                setattr(target, name, value)
                if cb:
                    cb()
                continue
            self._tweens[(id(target), name)] = Tween(
                target, name, float(getattr(target, name)), float(value), duration, fn, delay, on_done=cb
            )

    def cancel(self, target: Any) -> None:
        for key in [k for k in self._tweens if k[0] == id(target)]:
            del self._tweens[key]

    def finish_all(self) -> None:
        """Jump every tween to its end (and run its callback)."""
        while self._tweens:
            for t in list(self._tweens.values()):
                t.step(t.delay + t.duration + 1)
            self._reap()

    def update(self, dt: float) -> None:
        for t in list(self._tweens.values()):
            t.step(dt)
            self._touched[id(t.target)] = t.target
        self._reap()

    def _reap(self) -> None:
        finished = [(k, t) for k, t in self._tweens.items() if t.done]
        for k, t in finished:
            if self._tweens.get(k) is t:
                del self._tweens[k]
        for _, t in finished:
            if t.on_done:
                t.on_done()

    @property
    def active(self) -> bool:
        return bool(self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)
