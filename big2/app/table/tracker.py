"""The card tracker at the table: T (or its tab) shows or hides it (off until turned on).

A part of :class:`~big2.app.table.scene.TableScene`. The panel is a drawer on the right
(:mod:`big2.app.table.drawers`; it shares that side with the scores), so the table
makes room for it, and it lays out the cards the bottom seat
has not seen yet (:func:`big2.ai.tracker.track`, built from that seat's
:class:`~big2.ai.PlayerView` only): one row per suit in the rules' order, strongest
suit on top, one column per rank from the 2 down to the 3. An unseen card is a small
white tile, a seen one an empty slot; the 2s and Aces stand on a gold band (a key under
the panel says so), the count under each
rank turns gold when those cards could still make a pair or more, and the count after
each suit when they could still make a flush.
"""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import _, ngettext
from ..ui import cardart, text
from ..ui.uiscale import MIN_FONT_PX
from .part import TablePart

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (170, 180, 176)
TILE = (250, 248, 240)
SLOT = (60, 78, 70)
#: The band behind the 2s' and Aces' columns (its key is under the panel's notes).
BAND = (92, 76, 30)


def panel_rect(table) -> pygame.Rect:
    """Where the tracker goes: its drawer on the right."""
    return pygame.Rect(table.layout.tracker.as_tuple())


class TrackerPart(TablePart):
    """The card tracker panel and its key."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.rect: pygame.Rect | None = None

    @property
    def shown(self) -> bool:
        """Whether the tracker's drawer is open (it carries over to the next table)."""
        drawers = getattr(self.table, "drawers", None)
        if drawers is None:
            return False
        # a closing drawer is drawn while it slides out (the layout drawn says so)
        return drawers.is_open("tracker") or drawers.shown_layout() is not None and "tracker" in self.table.layout.drawers

    def log_box(self) -> pygame.Rect | None:
        """Recent plays keep their own drawer (None): the tracker no longer moves them."""
        return None

    def measure(self, area: pygame.Rect) -> tuple[pygame.Rect, int, int, int, int, int, int, int]:
        """The panel's rect in ``area`` and its sizes: columns, cell, font, heading, gap,
        footer and row heights."""
        # suit, 13 ranks, and (when there is room) each suit's count for flushes
        cols = 15 if (area.w - 14) // 15 >= 18 else 14
        cell = max(17, min(26, (area.w - 14) // cols))
        fp = max(MIN_FONT_PX, min(16, round(cell * 0.58)))
        head = round(fp * 1.6)
        gap = 3
        foot = round(fp * 1.3)
        row_h = round(cell * 1.12)
        need = 8 + head + 4 * (row_h + gap) + 3 * foot + 6
        if need > area.h:  # a short window: flatter tiles
            row_h = max(fp + 2, (area.h - 8 - head - 3 * foot - 6) // 4 - gap)
            need = 8 + head + 4 * (row_h + gap) + 3 * foot + 6
        rect = pygame.Rect(area.x, area.y, cols * cell + 14, min(need, area.h))
        rect.centerx = area.centerx
        return rect, cols, cell, fp, head, gap, foot, row_h

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and not event.mod & pygame.KMOD_CTRL:
            self.toggle()
            return True
        return False

    def toggle(self) -> None:
        t = self.table
        t.drawers.toggle("tracker")
        t.say(_("Card tracker on: the cards you have not seen yet (T hides it).") if self.shown
              else _("Card tracker off (T shows it)."), 2.0, (220, 220, 220))
        t.app.dirty = True

    def event_shown(self, event) -> None:
        if self.shown and self.rect is not None:
            self.table.view.damage(self.rect)

    def tracker(self):
        """The bottom seat's tracker now, or None (no hand, or a hidden hot-seat hand)."""
        t = self.table
        if not t.state.in_hand or not t.hand_visible:
            return None
        from big2.ai.tracker import track

        return track(t.state.view())

    def draw(self, surf: pygame.Surface) -> None:
        if not self.shown:
            return
        t = self.table
        four = t.app.settings.four_colour
        tracker = self.tracker()
        rect, cols, cell, fp, head, gap, foot, row_h = self.measure(panel_rect(t))
        self.rect = rect
        text.panel(surf, rect, alpha=255 if t.app.settings.high_contrast else 225, radius=8, border=(108, 133, 150))
        x0, y = rect.x + 7, rect.y + 6
        text.draw(surf, _("Not seen yet"), fp, (x0, y), GOLD, bold=True)
        if tracker is None:
            text.draw(surf, _("(your cards are hidden)"), fp, (rect.right - 8, y), DIM, anchor="topright")
            return
        text.draw(surf, ngettext("{n} card · T hides", "{n} cards · T hides", len(tracker.unseen)).format(
            n=i18n.current().number(len(tracker.unseen))), fp, (rect.right - 8, y), DIM, anchor="topright")
        y += head
        rows = tracker.rows()
        suits = list(reversed(tracker.suits))  # strongest suit on top
        flushes = tracker.flushes
        top = y
        # the 2s and Aces: a gold band behind their columns
        band = pygame.Rect(x0 + cell - 2, top - 3, 2 * cell + 1, 4 * (row_h + gap) + 3 + foot)
        pygame.draw.rect(surf, BAND, band, border_radius=4)
        for r_i, suit in enumerate(suits):
            yy = top + r_i * (row_h + gap)
            colour = cardart.suit_colour(suit, four_colour=four)
            chip = pygame.Rect(x0 + 1, yy, cell - 3, row_h)
            pygame.draw.rect(surf, TILE, chip, border_radius=3)
            text.draw(surf, "♦♣♥♠"[suit], fp, chip.center, colour, anchor="center", bold=True)
            for c_i, row in enumerate(rows):
                cell_of = next(c for c in row.cells if c.card & 3 == suit)
                box = pygame.Rect(x0 + (c_i + 1) * cell + 1, yy, cell - 3, row_h)
                if cell_of.unseen:
                    pygame.draw.rect(surf, TILE, box, border_radius=3)
                    text.draw(surf, row.name, fp, box.center, colour, anchor="center", bold=len(row.name) == 1)
                else:
                    pygame.draw.rect(surf, SLOT, box, 1, border_radius=3)
            if cols == 15:
                n = tracker.unseen_in_suit(suit)
                text.draw(surf, str(n), fp, (x0 + 14 * cell + cell // 2, yy + row_h // 2),
                          GOLD if flushes and n >= 5 else DIM, anchor="center")
        y = top + 4 * (row_h + gap) + 1
        for c_i, row in enumerate(rows):
            if row.unseen:
                text.draw(surf, str(row.unseen), fp, (x0 + (c_i + 1) * cell + cell // 2, y),
                          GOLD if row.could_form else DIM, anchor="midtop", bold=bool(row.could_form))
        y += foot
        small = max(MIN_FONT_PX, fp - 2)
        if tracker.out_of_play:
            notes = [i18n.render(tracker.summary()), _("{cards} not in anyone's hand.").format(cards=i18n.current().number(tracker.out_of_play))]
        else:
            long = (_("Gold: could still make a pair or more (ranks), a flush (suits).") if flushes and cols == 15
                    else _("Gold: could still make a pair or more."))
            notes = [long, _("Gold: a pair or more still possible.")]
        for note in notes:  # the first that fits the panel
            if text.render(note, small, DIM).get_width() <= rect.w - 14:
                text.draw(surf, note, small, (x0, y), DIM)
                break
        # what the band behind the 2s and Aces means: a swatch of it and a word
        y += foot
        swatch = pygame.Rect(x0, y + 2, 2 * cell - 4, max(6, small - 2))
        pygame.draw.rect(surf, BAND, swatch, border_radius=3)
        for note in (_("The 2s and Aces, the strongest ranks"), _("2s and Aces")):
            if text.fits(note, small, rect.right - 8 - (swatch.right + 6), squeeze=1.0):
                text.draw(surf, note, small, (swatch.right + 6, y), DIM)
                break
