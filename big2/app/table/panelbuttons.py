"""A table part's button that opens a panel of buttons under it: the Reactions button,
with the characters' mutes at a table here (:mod:`big2.app.table.reactions`) and the
reactions and mutes online (:mod:`big2.app.table.online`).

:class:`PanelPart` keeps the button, the open panel and its buttons, opens and closes the
panel on a press of the button, and draws the panel; :func:`button_panel` lays the
panel's column of buttons out; :func:`closes_panel` says when a press or a key closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from big2.app.ui import text
from big2.app.table.part import TablePart

if TYPE_CHECKING:
    from big2.app.table.part import Table


def closes_panel(panel: pygame.Rect | None, button: Any, event: pygame.event.Event) -> bool:
    """Whether ``event`` closes an open reactions panel: a press outside it (and outside
    the ``button`` that opened it), or Esc."""
    if panel is None:
        return False
    if event.type == pygame.MOUSEBUTTONDOWN:
        return not panel.collidepoint(event.pos) and not (button is not None and button.rect.collidepoint(event.pos))
    return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE


def button_panel(t: Table, under: pygame_gui.elements.UIButton, labels: list[str], *, apart: int | None = None,
                 fit: bool = False) -> tuple[pygame.Rect, list[pygame_gui.elements.UIButton]]:
    """A panel of buttons, one a row with ``labels``, under the button ``under`` that
    opens it (right-aligned to it, inside the window): its rect and its buttons.
    ``apart``: the rows from this one on stand a little lower, a space the panel keeps
    room for; ``fit``: shorter buttons where the window is too short for the panel."""
    h = max(t.px(34), under.rect.h - t.px(4))
    gap = t.px(6)
    extra = 0 if apart is None else t.px(8)
    w = max(t.px(200), t.button_width(labels) + t.px(16))
    x = min(under.rect.right - w, t.app.size[0] - w - t.px(8))
    y = under.rect.bottom + gap
    tall = len(labels) * (h + gap) + gap + extra
    if fit and y + tall > t.app.size[1]:  # a small window: shorter buttons
        h = max(t.px(24), (t.app.size[1] - y - 2 * gap - extra) // len(labels) - gap)
        tall = len(labels) * (h + gap) + gap + extra
    buttons = []
    yy = y + gap
    for i, label in enumerate(labels):
        if i == apart:
            yy += extra
        buttons.append(t.button((x, yy, w, h), label))
        yy += h + gap
    return pygame.Rect(x - gap, y, w + 2 * gap, tall), buttons


class PanelPart(TablePart):
    """A part whose button (:attr:`b_react`, made by the part) opens a panel of buttons
    under it (:meth:`open_panel`, the part's own): each of :attr:`panel_buttons` is a
    tuple whose first item is the button."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.b_react: pygame_gui.elements.UIButton | None = None
        #: The panel while open: its rect, and its buttons with what each stands for.
        self.panel: pygame.Rect | None = None
        self.panel_buttons: list[Any] = []

    def open_panel(self) -> None:
        raise NotImplementedError

    def toggled(self, element: Any) -> bool:
        """Whether ``element`` is the part's button: then the panel opens, or closes when open."""
        if element is None or element is not self.b_react:
            return False
        (self.open_panel if self.panel is None else self.close_panel)()
        return True

    def close_panel(self) -> None:
        for button, *_what in self.panel_buttons:
            button.kill()
        self.panel_buttons = []
        if self.panel is not None:
            self.panel = None
            self.table.app.dirty = True

    def draw_panel(self, surf: pygame.Surface) -> None:
        if self.panel is not None:
            text.panel(surf, self.panel, alpha=250, border=(200, 200, 200))


__all__ = ["PanelPart", "button_panel", "closes_panel"]
