"""The table's drawers: Recent plays, the scores and the card tracker (docs/design/look.md,
"Panels").

Closed, a drawer is a tab on the screen's edge (Recent plays at the top left, the scores
and the tracker under the Menu button); a click on the tab opens it, another closes it.
Open, it is a column at that edge and the table lays itself out in the room left
(:func:`big2.app.table.layout.compute_layout`, ``drawers``), so no panel ever covers a
seat, the centre, the arrow or a button. Recent plays has the left; the scores and the
tracker share the right (opening one closes the other); a narrow window opens one at a
time (:func:`~big2.app.table.layout.open_drawers`). Which are open carries over to the
next table while the app runs (``app.table_drawers``); Recent plays starts open where
the window is wide enough for two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from big2 import i18n
from big2.i18n import _
from big2.app.ui import text
from big2.app.table.layout import TWO_DRAWERS_FROM, open_drawers
from big2.app.table.part import TablePart

if TYPE_CHECKING:
    from big2.app.table.part import Table

GOLD = (245, 210, 122)
WHITE = (242, 242, 238)
DIM = (185, 192, 196)
INK = (17, 24, 32)
LINE = (108, 133, 150)


def tab_words(table: Table) -> dict[str, str]:
    """Each tab's words: the drawer's heading (the scores' tab says the hand: "Hand 1 of 4")."""
    m = table.state
    tr = i18n.current()
    number = tr.number(max(1, m.hand_number))
    if m.target is None:
        hand = _("Hand {number} of {hands}").format(number=number, hands=tr.number(m.hands))
    else:
        hand = _("Hand {number} (to ±{target})").format(number=number, target=tr.number(m.target))
    return {"plays": _("Recent plays"), "scores": hand, "tracker": _("Not seen yet")}


def tab_font(font_px: int) -> int:
    return max(12, int(font_px * 0.8))


class Drawers(TablePart):
    """Which drawers are open, their tabs, and the clicks on them."""

    #: The drawers this table offers (How to play offers none of its own).
    offered: tuple[str, ...] = ("plays", "scores", "tracker")

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        kept = getattr(table.app, "table_drawers", None)
        if kept is None:
            kept = ["plays"] if table.app.size[0] >= TWO_DRAWERS_FROM else []
            if getattr(table.app, "tracker_shown", False):
                kept.append("tracker")
        self.open: list[str] = list(kept)

    def names(self) -> tuple[str, ...]:
        """The open drawers, as the layout keeps them for this window. A table whose
        left drawer holds a panel of its own (How to play's lesson) keeps it open."""
        if self.table.left_drawer_w() is not None:
            return ("plays",)
        return open_drawers(tuple(d for d in self.open if d in self.offered), self.table.app.size[0])

    def tab_widths(self, font_px: int) -> dict[str, int]:
        """Each offered tab's width for its words at the table's type size."""
        fp = tab_font(font_px)
        words = tab_words(self.table)
        # the widest a tab's words get this session (the hand's number grows): measured
        # at "Hand 88", so the tab never needs to grow mid-session
        return {name: text.width_of(words[name].replace("1", "8"), fp, bold=True) + 2 * max(10, fp) + fp
                for name in self.offered}

    def is_open(self, name: str) -> bool:
        return name in self.names()

    def toggle(self, name: str) -> None:
        """Open drawer ``name`` (closing what it displaces), or close it."""
        t = self.table
        if self.is_open(name):
            self.open = [d for d in self.names() if d != name]
        else:
            self.open = list(open_drawers((*self.names(), name), t.app.size[0]))
        t.app.table_drawers = list(self.open)
        t.app.tracker_shown = "tracker" in self.open
        t.resize(t.app.size)  # the table makes room (or takes it back)
        t.app.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, box in (self.table.layout.tabs or {}).items():
                if pygame.Rect(box.as_tuple()).collidepoint(event.pos):
                    self.toggle(name)
                    return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        lay = t.layout
        fp = tab_font(lay.font_px)
        words = tab_words(t)
        hc = t.app.settings.high_contrast
        for name, box in (lay.tabs or {}).items():
            r = pygame.Rect(box.as_tuple())
            opened = name in lay.drawers
            text.panel(surf, r, alpha=255 if hc else 225, radius=r.h // 2, border=GOLD if opened else LINE)
            mark = "▾" if opened else "▸"
            label = words[name]
            text.draw(surf, mark, fp, (r.x + max(8, fp // 2), r.centery), GOLD if opened else DIM, anchor="midleft")
            text.draw(surf, label, fp, (r.x + max(8, fp // 2) + fp, r.centery), GOLD if opened else WHITE,
                      anchor="midleft", bold=True, max_width=r.right - (r.x + max(8, fp // 2) + fp) - 6)
