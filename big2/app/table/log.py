"""Recent plays: the hand so far, line by line, in the table's top-left panel.

The panel has no heading (its drawer's tab, "▾ Recent plays", names it) and is as tall
as its lines and a little air, up to the drawer's room: early in a hand it is short.

Every play of the hand is kept (the table's ``log``; it is cleared when a hand is dealt)
and a long line wraps rather than being cut. The panel shows the newest lines and
follows the play; the mouse wheel over it, or Page Up / Page Down, scrolls back through
the hand, and End (or scrolling back down) follows the play again. A thin bar at the
panel's edge shows where the view is when there is more than fits. Plays that arrive
while the view is scrolled back are announced by a "New plays ↓" strip in the panel's
last row (in place of a line, so it covers nothing): a click on it, End, or scrolling to
the bottom shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ..ui import assets, text

if TYPE_CHECKING:
    from .part import Table

GOLD = (245, 210, 122)
#: How many of a hand's log lines the table keeps (a whole hand has far fewer).
KEEP = 400
#: The room above the first line and under the last one (the panel's air).
PAD = 8


class RecentPlays:
    """The Recent plays panel's scroll position, input and drawing."""

    def __init__(self, table: Table) -> None:
        self.table = table
        #: The first wrapped line shown, or None to follow the newest.
        self.first: int | None = None
        self.mouse: tuple[int, int] | None = None
        self._wrapped: tuple[tuple[object, ...], list[tuple[str, tuple[int, int, int], bool]]] | None = None
        #: The entries there were when the view left the newest (kept, so their ids
        #: stay theirs): a newest entry not among them is unseen. An undo that takes
        #: entries away brings back old ones, which are not new.
        self._seen: list[object] = []
        self._seen_ids: set[int] = set()

    # Geometry ----------------------------------------------------------------------------

    def full_box(self) -> pygame.Rect:
        """The room the panel has: the layout's drawer, unless a part's panel (the card
        tracker) moves it (``part.log_box()``)."""
        box = pygame.Rect(self.table.layout.log.as_tuple())
        for part in self.table.parts:
            moved = part.log_box() if hasattr(part, "log_box") else None
            box = moved if moved is not None else box
        return box

    def box(self) -> pygame.Rect:
        """The panel as drawn: as tall as its lines need and a little air (one line
        while the log is empty), up to the room it has (:meth:`full_box`)."""
        box = self.full_box()
        shown = max(1, min(len(self.lines()), self.room()))
        box.h = min(box.h, self.top_y() - box.y + shown * self.line_h() + PAD)
        return box

    def moved(self) -> bool:
        return self.full_box() != pygame.Rect(self.table.layout.log.as_tuple())

    def font_px(self) -> int:
        return max(12, int(self.table.layout.font_px * 0.8))

    def line_h(self) -> int:
        return max(int(self.font_px() * 1.35), assets.font(self.font_px()).get_height())  # CJK lines stand taller

    def top_y(self) -> int:
        """The first line's top (no heading: the drawer's tab names the panel)."""
        return self.full_box().y + PAD

    def room(self) -> int:
        """How many lines the panel shows at most (at its full height)."""
        box = self.full_box()
        return max(1, (box.bottom - PAD - self.top_y()) // self.line_h())

    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """Every log entry wrapped to the panel: (line, colour, continues an entry)."""
        t = self.table
        fp = self.font_px()
        width = self.full_box().w - 22
        entries = list(t.log)
        key = (id(t.log), i18n.current().language.code, fp, width, len(entries), tuple(entries[-1:]), tuple(entries[:1]))
        if self._wrapped is not None and self._wrapped[0] == key:
            return self._wrapped[1]
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        for entry, colour in entries:
            line = str(entry)  # worded now, in the language in force (see vocab.Later)
            for k, part in enumerate(text.wrap(line, fp, width) or [line]):
                out.append((part, colour, k > 0))
        self._wrapped = (key, out)
        return out

    def unseen(self) -> bool:
        """Whether entries arrived since the view was scrolled back from the newest."""
        log = self.table.log
        return self.first is not None and bool(log) and id(log[-1]) not in self._seen_ids

    def marker(self) -> pygame.Rect | None:
        """The "New plays ↓" strip (the panel's last row), while there are unseen plays."""
        if not self.unseen():
            return None
        box, lh = self.box(), self.line_h()
        return pygame.Rect(box.x + 6, self.top_y() + (self.room() - 1) * lh + 1, box.w - 16, lh - 2)

    def follow(self) -> None:
        """Show the newest lines and follow the play again."""
        if self.first is not None:
            self.table.view.damage(self.box())
        self.first = None
        self._seen, self._seen_ids = [], set()

    def shown_from(self) -> int:
        """The index of the first line drawn."""
        total, room = len(self.lines()), self.room()
        last_start = max(0, total - room)
        if self.first is None or self.first >= last_start:
            return last_start
        return max(0, self.first)

    # Input --------------------------------------------------------------------------------

    def scroll(self, lines: int) -> bool:
        """Move the view ``lines`` down (negative: back); True when it moved."""
        before = self.shown_from()
        last_start = max(0, len(self.lines()) - self.room())
        now = max(0, min(last_start, before + lines))
        if now >= last_start:
            self.follow()
        else:
            if self.first is None:  # leaving the newest: what is there now has been seen
                self._seen = list(self.table.log)
                self._seen_ids = {id(e) for e in self._seen}
            self.first = now
        if now != before:
            self.table.view.damage(self.box())
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel, and Page Up / Page Down / End anywhere at the table."""
        if any(getattr(part, "covers_log", False) for part in self.table.parts):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            marker = self.marker()
            if marker is not None and marker.collidepoint(event.pos):
                self.follow()
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = self.mouse if self.mouse is not None else pygame.mouse.get_pos()
            if self.box().collidepoint(pos):
                self.scroll(-3 * event.y)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            step = max(1, self.room() - 1)
            if event.key == pygame.K_PAGEUP:
                self.scroll(-step)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(step)
                return True
            if event.key == pygame.K_END:
                self.follow()
                return True
        return False

    # Drawing ------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        box = self.box()
        if self.moved():  # under the tracker, over card backs: opaque like it
            pygame.draw.rect(surf, (14, 34, 26), box, border_radius=10)
            pygame.draw.rect(surf, (90, 110, 100), box, 2, border_radius=10)
        else:
            text.panel(surf, box, alpha=90)
        fp = self.font_px()
        lines = self.lines()
        start, room = self.shown_from(), self.room()
        y = self.top_y()
        four = t.app.settings.four_colour
        marker = self.marker()
        for line, colour, more in lines[start:start + room - (marker is not None)]:
            x = box.x + (20 if more else 8)
            text.draw(surf, line, fp, (x, y), colour, suits="light", four_colour=four, max_width=box.right - 12 - x)
            y += self.line_h()
        if len(lines) > room:  # where the view is in the hand
            track = pygame.Rect(box.right - 6, self.top_y(), 3, room * self.line_h())
            pygame.draw.rect(surf, (60, 80, 70), track, border_radius=2)
            h = max(8, track.h * room // len(lines))
            y0 = track.y + (track.h - h) * start // max(1, len(lines) - room)
            pygame.draw.rect(surf, GOLD, (track.x, y0, track.w, h), border_radius=2)
        if marker is not None:
            pygame.draw.rect(surf, GOLD, marker, border_radius=marker.h // 2)
            text.draw(surf, _("New plays ↓"), fp, marker.center, (20, 20, 20), anchor="center", bold=True,
                      max_width=marker.w - 8)
