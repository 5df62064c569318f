"""Made-up input a person could give: real pygame events posted to the window's queue.

For the soak (:mod:`big2.soak`), which drives the app headless but must not import
pygame itself (only ``big2.app`` does). Every call posts events only; the caller runs
``app.frame`` to have them handled.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

#: The keys random input presses: the table's and the menus' own.
KEYS = (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_p, pygame.K_h, pygame.K_s, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_a)


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: Any, pos: tuple[int, int], frames: int = 3) -> None:
    """Move to ``pos``, press and release the left button there, a frame after each,
    then ``frames`` more frames."""
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        attrs: dict[str, Any] = {"pos": pos, "touch": False}
        if kind == pygame.MOUSEMOTION:
            attrs.update(rel=(0, 0), buttons=(0, 0, 0))
        else:
            attrs["button"] = 1
        _post(kind, **attrs)
        app.frame(block=False)
    for _ in range(frames):
        app.frame(block=False)


def random_input(app: Any, rng: random.Random) -> None:
    """One random thing a person might do to the window: a click (most often), a drag, a
    key, a new window size or a turn of the wheel."""
    w, h = app.size
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.55:
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    elif r < 0.65:
        end = (rng.randrange(w), rng.randrange(h))
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        _post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]), buttons=(1, 0, 0), touch=False)
        _post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
    elif r < 0.9:
        k = rng.choice(KEYS)
        _post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        _post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    elif r < 0.95:
        app.set_window_size((rng.randrange(800, 1920), rng.randrange(600, 1200)))
    else:
        _post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0, touch=False)
