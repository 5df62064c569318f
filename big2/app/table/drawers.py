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

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from big2 import i18n
from big2.i18n import _
from big2.app.ui import text
from big2.app.table.layout import TWO_DRAWERS_FROM, Box, SeatSpot, TableLayout, open_drawers
from big2.app.table.part import TablePart

if TYPE_CHECKING:
    from big2.app.table.part import Table

GOLD = (245, 210, 122)
WHITE = (242, 242, 238)
DIM = (185, 192, 196)
INK = (17, 24, 32)
LINE = (108, 133, 150)
#: How long a drawer takes to open or close at normal animation speed (seconds).
SLIDE_SECONDS = 0.18


def _lerp(a: Box, b: Box, k: float) -> Box:
    return Box(round(a.x + (b.x - a.x) * k), round(a.y + (b.y - a.y) * k),
               round(a.w + (b.w - a.w) * k), round(a.h + (b.h - a.h) * k))


def _moved(a: Box, b: Box, k: float) -> Box:
    """``b``'s size at the place between ``a``'s and ``b``'s (what keeps its size while
    it moves: the centre, whose ring and cards are drawn at the new size)."""
    ax, ay = a.center
    bx, by = b.center
    return Box(round(ax + (bx - ax) * k) - b.w // 2, round(ay + (by - ay) * k) - b.h // 2, b.w, b.h)


def _spot(a: SeatSpot, b: SeatSpot, k: float) -> SeatSpot:
    return SeatSpot(b.side, _lerp(a.fan, b.fan, k), _lerp(a.info, b.info, k), _lerp(a.badge, b.badge, k),
                    (round(a.origin[0] + (b.origin[0] - a.origin[0]) * k), round(a.origin[1] + (b.origin[1] - a.origin[1]) * k)),
                    _lerp(a.portrait, b.portrait, k), _lerp(a.play, b.play, k), _lerp(a.say, b.say, k),
                    _lerp(a.label, b.label, k))


def _out(box: Box, side: str, width: int) -> Box:
    """``box`` pushed off the window past its edge (a closed drawer's place)."""
    return Box(-box.w - 1 if side == "left" else width + 1, box.y, box.w, box.h)


def _row(lay: TableLayout) -> dict[str, Box]:
    """The button row's places by name (Undo's is ``extra``)."""
    return {**lay.buttons, "extra": lay.extra_button}


def between(old: TableLayout, new: TableLayout, k: float) -> TableLayout:
    """The table ``k`` of the way (0 to 1) from layout ``old`` to ``new``: every seat,
    play, the centre, the buttons and the room between their two places; a drawer that
    opens comes in from its edge, one that closes goes out to it (drawn till it is
    gone); the cards keep the new layout's sizes."""
    if k >= 1 or old.seats and len(old.seats) != len(new.seats):
        return new
    w = new.width
    # the left drawer (Recent plays)
    old_log = old.log if "plays" in old.drawers else _out(new.log, "left", w)
    new_log = new.log if "plays" in new.drawers else _out(old.log, "left", w)
    # the right drawer (the scores or the tracker: one place, the newer one drawn)
    old_r = next((d for d in old.drawers if d != "plays"), None)
    new_r = next((d for d in new.drawers if d != "plays"), None)
    old_right = old.drawer(old_r) if old_r else _out(new.scores, "right", w)
    new_right = new.drawer(new_r) if new_r else _out(old.scores, "right", w)
    right = _lerp(old_right, new_right, k)
    shown = tuple(d for d in ("plays", new_r or old_r) if d is not None and (d in new.drawers or d in old.drawers))
    return replace(
        new,
        seats=tuple(_spot(a, b, k) for a, b in zip(old.seats, new.seats)),
        trick=_moved(old.trick, new.trick, k),
        deck=(round(old.deck[0] + (new.deck[0] - old.deck[0]) * k), round(old.deck[1] + (new.deck[1] - old.deck[1]) * k)),
        buttons={n: _lerp(old.buttons.get(n, b), b, k) for n, b in new.buttons.items()},
        extra_button=_lerp(old.extra_button, new.extra_button, k),
        log=_lerp(old_log, new_log, k), scores=right, tracker=right,
        banner=_moved(old.banner, new.banner, k), message=_lerp(old.message, new.message, k),
        area=_lerp(old.area, new.area, k), drawers=shown,
    )


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
        #: While a drawer slides: the layout it started from, and how far it has come
        #: (0 to 1, tweened by the table's tweener; 1 and None once it is in place).
        self.came_from: TableLayout | None = None
        self.k = 1.0
        #: The controls that move with the button row while it slides, and their places.
        self._riders: list[tuple[object, Box]] = []

    def shown_layout(self) -> TableLayout | None:
        """The layout the table is drawn in now while a drawer slides, else None (the
        table's own layout)."""
        if self.came_from is None:
            return None
        return between(self.came_from, self.table.layout, self.k)

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
        """Open drawer ``name`` (closing what it displaces), or close it: the drawer
        slides and the table moves into the room it leaves (see the module's note)."""
        t = self.table
        if self.is_open(name):
            self.open = [d for d in self.names() if d != name]
        else:
            self.open = list(open_drawers((*self.names(), name), t.app.size[0]))
        t.app.table_drawers = list(self.open)
        t.app.tracker_shown = "tracker" in self.open
        old = self.shown_layout() or t.layout
        cards = {c: (s.x, s.y, s.w, s.h) for c, s in t.sprites.items()}
        t.resize(t.app.size)  # the table makes room (or takes it back); any slide ends
        self.slide(old, cards)
        t.app.dirty = True

    def slide(self, old: TableLayout, cards: dict[int, tuple[float, float, float, float]]) -> None:
        """Move from layout ``old`` (and the cards from their places ``cards``) to the
        table's new layout: 180 ms out cubic (times the animation speed); a plain fade
        under reduced motion; nothing with animations off."""
        t = self.table
        s = t.app.settings
        seconds = SLIDE_SECONDS * t.anim
        if seconds <= 0 or old.width != t.layout.width or old.height != t.layout.height:
            return
        if s.motion_cap is not None:  # reduced motion: nothing moves; the new table fades in
            fade = getattr(t.app, "transition", None)
            screen = getattr(t.app, "screen", None)
            if fade is not None and screen is not None:
                fade.begin(screen, min(seconds, s.motion_cap), 0)
            return
        self.came_from, self.k = old, 0.0
        t.tweens.to(self, seconds, ease="out_cubic", k=1.0, on_done=self._arrived)
        # the cards in the hand and the centre glide from where they were
        moving = set(t.hand.cards) | {c for _seat, played in t.trick[-1:] for c in played}
        for c in moving:
            spr, was = t.sprites.get(c), cards.get(c)
            if spr is None or was is None:
                continue
            x, y, w, h = spr.x, spr.y, spr.w, spr.h
            spr.x, spr.y, spr.w, spr.h = was
            t.tweens.to(spr, seconds, ease="out_cubic", x=x, y=y, w=w, h=h)
        # the button row's controls ride along with it
        places = _row(t.layout)
        self._riders = [(el, name) for el in list(getattr(t.ui, "elements", []) or [])
                        for name, box in places.items() if tuple(el.relative_rect) == box.as_tuple()]
        self._ride()

    def _ride(self) -> None:
        shown = self.shown_layout()
        places = _row(shown or self.table.layout)
        for el, name in self._riders:
            el.set_relative_position((places[name].x, places[name].y))

    def _arrived(self) -> None:
        self.came_from, self.k = None, 1.0
        self._ride()  # every control at its place
        self._riders = []
        self.table.app.dirty = True

    def update(self, now: float) -> None:
        if self.came_from is not None:
            self._ride()

    def leave(self) -> None:
        self.came_from, self._riders = None, []

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
