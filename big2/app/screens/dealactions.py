""""Play this deal" and "Copy deal number", for the results screen and the replay.

:func:`play_deal` starts a new game of a deal number with the seats and rules given
(as ``big2 --deal`` and New game's "Play a deal" do: the number fixes the cards, the
seat count and rules how they are dealt; see :mod:`big2.engine.dealnumber`), asking
first what becomes of an unfinished game. :func:`copy_deal_number` puts the number, as
players write it (``1 234 567``), on the system clipboard and says so in a
:class:`Toast`; where there is no clipboard it says the number instead.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Sequence
from typing import Any

import pygame

from big2.engine.dealnumber import format_deal_number

from big2.i18n import _
from big2.app import storage
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig

log = logging.getLogger(__name__)

#: Seconds a toast stays up.
TOAST_SECONDS = 2.5


class Toast:
    """A short line shown for :data:`TOAST_SECONDS` in a small dark pill.

    The scene showing it calls :meth:`draw`, returns :meth:`remaining` from its
    ``next_deadline`` (so the loop wakes to take it away) and :meth:`expired` from its
    ``update`` (True once, when it has just gone: redraw then).
    """

    def __init__(self) -> None:
        self.text = ""
        self.until = 0.0
        #: Where it was last drawn (empty before): for the scene's layout and its tests.
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, words: str) -> None:
        self.text = words
        self.until = time.perf_counter() + TOAST_SECONDS

    @property
    def shown(self) -> bool:
        return bool(self.text)

    def remaining(self) -> float | None:
        return max(0.0, self.until - time.perf_counter()) if self.text else None

    def expired(self) -> bool:
        if self.text and time.perf_counter() >= self.until:
            self.text = ""
            return True
        return False

    @staticmethod
    def height(size: int) -> int:
        """How tall the pill is with its words at font ``size``."""
        return text.render("Ag", size, (0, 0, 0)).get_height() + 14

    def draw(self, surf: pygame.Surface, centre: tuple[int, int], size: int, max_width: int) -> None:
        if not self.text:
            return
        img = text.render(text.shorten(self.text, size, max_width - 28), size, (250, 250, 245))
        box = self.rect = img.get_rect(center=centre).inflate(28, 14)
        text.panel(surf, box, alpha=215, radius=box.h // 2, border=(245, 210, 122))
        surf.blit(img, img.get_rect(center=box.center))


def copy_text(words: str) -> bool:
    """Put ``words`` on the system clipboard; False where there is none (or it refused)."""
    try:
        pygame.scrap.put_text(words)
        return pygame.scrap.get_text() == words
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        log.info("no clipboard: %s", exc)
        return False


def copy_deal_number(number: int, toast: Toast) -> bool:
    """Copy deal ``number`` (as ``1 234 567``) and say so in ``toast``; where there is no
    clipboard the toast gives the number to write down. Returns whether it was copied."""
    shown = format_deal_number(number)
    if copy_text(shown):
        toast.show(_("Deal number copied"))
        return True
    toast.show(_("No clipboard here: the deal number is {number}").format(number=shown))
    return False


def same_table(config: MatchConfig, number: int) -> MatchConfig:
    """``config`` (its seats, rules, scoring and length) dealing ``number`` first; the rest
    of the session follows from the number, as with ``big2 --deal``."""
    return dataclasses.replace(config, deal=number, seed=None)


def stored_table(seats: Sequence[Any], rules: Any, number: int) -> MatchConfig:
    """A new game of a stored hand's deal: its seats (name, human or the computer's
    level) in their order, its rules and that rules preset's usual scoring."""
    from big2.app.screens.rulesform import presets

    scoring = next((p.scoring for p in presets().values() if p.name == rules.name), MatchConfig().scoring)
    table = tuple(SeatConfig(s.name, human=bool(s.is_human), level="normal" if s.is_human else s.level) for s in seats)
    return MatchConfig(seats=table, rules=rules, scoring=scoring, deal=number)


def play_deal(app: Any, config: MatchConfig) -> None:
    """Start ``config`` (a game of one deal) from the title: an unfinished game is first
    kept or discarded as the player says (:func:`big2.app.storage.ask_before_new_game`)."""

    def start() -> None:
        app.goto("title")
        app.push("table", config)

    storage.ask_before_new_game(app, start)
