"""What the Host and Join screens share: the dialog, the player's name (remembered in
Settings), a sentence line, and the wait for a link to get into its room.

:class:`FormScene` is a scene drawn as a dialog on the felt. A subclass lays out its
controls in :meth:`build_ui` (the name row from :meth:`name_row`), starts a link with
:meth:`enter_room`, and gets :meth:`seated` once it is in; while it waits the form shows
"Connecting…" and a Cancel, and a failure shows :mod:`.entering`'s sentence with every
field kept as typed. Nothing here blocks a frame: :meth:`update` polls.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from ...i18n import _
from .. import storage
from ..screens.common import dialog_rect, felt, frame
from ..ui import text
from ..ui.scene import Scene
from .entering import Entering

GOLD = (245, 210, 122)
WHITE = (235, 238, 240)
SOFT = (185, 195, 200)
BAD = (255, 170, 120)
GOOD = (150, 225, 160)
#: As long as a name may be here (New game and Settings allow the same).
NAME_CHARS = 14


def stored_name(app: Any) -> str:
    """The name the player plays under: Settings' name (or the last one typed here)."""
    return storage.player_name(app) or getattr(app, "online_name", "") or ""


def keep_name(app: Any, name: str) -> None:
    """Remember ``name`` as the player's name in Settings (the score history follows it)."""
    app.online_name = name
    old = storage.player_name(app)
    settings = storage.game_defaults(app)
    if settings is None or name == old:
        return
    try:
        changed = dataclasses.replace(settings, player_name=name)
    except ValueError:  # a name the settings refuse: the game still uses it
        return
    if storage.set_game_defaults(app, changed) is None:
        storage.rename_player(app, old, name)


class FormScene(Scene):
    """A dialog with the player's name and a link that may be on its way into a room."""

    #: The dialog's size in design pixels (1280 × 720).
    box = (720, 520)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.name_text = stored_name(app)
        self.message = ""
        self.message_bad = True
        self.entering: Entering | None = None
        self.name_entry: UITextEntryLine | None = None

    # Layout helpers ------------------------------------------------------------------------

    def frame_rect(self) -> pygame.Rect:
        return dialog_rect(self.app.size, self.px(self.box[0]), self.px(self.box[1]))

    def entry(self, rect: tuple[int, int, int, int], value: str, placeholder: str, limit: int) -> UITextEntryLine:
        box = UITextEntryLine(pygame.Rect(rect), self.app.manager, container=self.ui, placeholder_text=placeholder)
        box.set_text_length_limit(limit)
        box.set_text(value)
        return box

    def name_row(self, x: int, y: int, w: int, h: int) -> None:
        """"Your name" and its entry, in the row at ``y``."""
        lw = self.label_width()
        self.name_y = y + h // 2
        self.label_x = x
        self.name_entry = self.entry((x + lw, y, w - lw, h), self.name_text, _("(type your name)"), NAME_CHARS)

    def label_width(self) -> int:
        return max(self.text_width(t, 17, bold=True) for t in self.labels()) + self.px(20)

    def labels(self) -> list[str]:
        return [_("Your name")]

    def typed_name(self) -> str | None:
        """The typed name (kept in Settings), or None with the sentence shown."""
        self.name_text = self.name_entry.get_text() if self.name_entry is not None else self.name_text
        name = " ".join(self.name_text.split())
        if not name:
            self.say(_("Type your name: it is how the other players see you."))
            return None
        keep_name(self.app, name)
        return name

    def say(self, sentence: str, *, bad: bool = True) -> None:
        self.message, self.message_bad = sentence, bad
        self.app.dirty = True

    # Waiting for a room --------------------------------------------------------------------

    @property
    def waiting(self) -> bool:
        return self.entering is not None

    def enter_room(self, link: Any, where: str) -> None:
        """Wait (without blocking) for ``link`` to get into its room."""
        self.entering = Entering(link, where)
        self.say("")
        self.build()

    def cancel_wait(self) -> None:
        if self.entering is not None:
            self.entering.cancel()
            self.entering = None
            self.build()

    def update(self, dt: float) -> None:
        entering = self.entering
        if entering is None:
            return
        outcome = entering.check()
        if outcome == "in":
            self.entering = None
            self.seated(entering.link)
        elif outcome == "failed":
            self.entering = None
            self.failed(entering)
            self.build()

    def next_deadline(self) -> float | None:
        return 0.1 if self.entering is not None else None

    def seated(self, link: Any) -> None:
        """The link is in its room: open the lobby (subclasses add to this)."""
        raise NotImplementedError

    def failed(self, entering: Entering) -> None:
        self.say(entering.sentence)

    # Input and drawing ---------------------------------------------------------------------

    def keep_texts(self) -> None:
        """Read the fields before a rebuild, so nothing typed is lost."""
        if self.name_entry is not None and self.name_entry.alive():
            self.name_text = self.name_entry.get_text()

    def build(self) -> None:
        if self.ui is not None:
            self.keep_texts()
        super().build()

    def handle_text(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.keep_texts()
            return True
        return False

    def draw_frame(self, surf: pygame.Surface, title: str) -> pygame.Rect:
        w, h = surf.get_size()
        surf.blit(felt((w, h), self.app.settings.felt_colours), (0, 0))
        r = self.frame_rect()
        frame(surf, r)
        text.draw(surf, title, self.fpx(28), (r.centerx, r.y + self.px(40)), GOLD, anchor="center", bold=True)
        if self.name_entry is not None:
            text.draw(surf, _("Your name"), self.fpx(17), (self.label_x, self.name_y), WHITE, anchor="midleft", bold=True)
        return r

    def draw_lines(self, surf: pygame.Surface, words: str, pos: tuple[int, int], width: int, colour: tuple[int, int, int],
                   *, size: int = 16, most: int = 3) -> int:
        """``words`` wrapped to ``width`` from ``pos`` down; returns the y below them."""
        x, y = pos
        fs = self.fpx(size)
        for line in text.wrap(words, fs, width)[:most]:
            text.draw(surf, line, fs, (x, y), colour, max_width=width)
            y += self.text_height(size) + self.px(2)
        return y

    def draw_message(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        if self.entering is not None:
            self.draw_lines(surf, _("Connecting…"), (x, y), width, WHITE, size=17)
        elif self.message:
            self.draw_lines(surf, self.message, (x, y), width, BAD if self.message_bad else GOOD)
