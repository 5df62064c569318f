"""Picking drop-down options as a player does, for the ui-flow tests: the list opens
with a real click, then the option is taken with a real click at its drawn rect, or
walked to with the arrow keys and taken with Enter."""

from __future__ import annotations

import pygame

from helpers import click, click_button, key


def options(dd) -> list:
    """The open list's option buttons with their shown texts, top to bottom."""
    lst = getattr(dd.current_state, "options_selection_list", None)
    if lst is None:
        return []
    items = [i for i in lst.item_list if i.get("button_element") is not None]
    return [(i["text"], i["button_element"]) for i in items]


def open_list(app, dd) -> list:
    """Click the closed drop-down; the options it then shows (text, button)."""
    click_button(app, dd)
    shown = options(dd)
    assert shown, "the list did not open"
    return shown


def pick(app, dd, text: str, *, keys: bool = False) -> None:
    """Open ``dd`` with a click and choose the option shown as ``text``: clicked at its
    rect, or (``keys``) walked to with Down and taken with Enter."""
    shown = open_list(app, dd)
    texts = [t for t, _b in shown]
    assert text in texts, (text, texts)
    if not keys:
        click(app, shown[texts.index(text)][1].rect.center, frames=6)
        return
    for _ in range(texts.index(text) + 1):  # the first Down lands on the first option
        key(app, pygame.K_DOWN, frames=1)
    key(app, pygame.K_RETURN, frames=6)


def type_into(app, entry, words: str) -> None:
    """Click a text entry, clear it with Backspace and type ``words``."""
    click_button(app, entry)
    key(app, pygame.K_END, frames=1)
    for _ in range(len(entry.get_text()) + 2):
        key(app, pygame.K_BACKSPACE, frames=1)
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.frame(block=False)
