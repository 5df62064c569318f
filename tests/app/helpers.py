"""Driving the app with real posted events, as a person at the window would."""

from __future__ import annotations

import pygame


def post(type_: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(type_, **attrs))


def pump(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.frame(block=False)


def click(app, pos, *, button: int = 1, frames: int = 3) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    pump(app, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    pump(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
    pump(app, frames)


def click_button(app, element, frames: int = 3) -> None:
    click(app, element.rect.center, frames=frames)


def key(app, k: int, *, frames: int = 2, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0)
    pump(app, frames)


def drag(app, start, points, *, frames: int = 3) -> None:
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    pump(app, 1)
    last = start
    for p in points:
        p = (int(p[0]), int(p[1]))
        post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0), touch=False)
        pump(app, 1)
        last = p
    post(pygame.MOUSEBUTTONUP, pos=last, button=1, touch=False)
    pump(app, frames)


def card_point(table, card: int):
    """A point on the visible part of ``card`` in the bottom hand."""
    spr = table.sprites[card]
    i = table.hand.cards.index(card)
    step = table.layout.hand_step(len(table.hand.cards))
    visible = spr.w if i == len(table.hand.cards) - 1 else min(spr.w, step)
    return (spr.x + visible / 2, spr.y + spr.h * 0.3)
