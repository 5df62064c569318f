"""A table whose left drawer holds a panel of its own: How to play's lesson, the replay's
and the review's notes (docs/design/look.md, "Panels": drawers that never cover a seat).

:func:`~big2.app.table.layout.compute_layout` gives such a drawer the width asked for
(``left_drawer_w``) and lays the table out in the room left. On a small window a wide
drawer can leave that table too narrow for the line under its centre in a long language
("★ Ang tira mong dapat talunin") or push its button row past the window's edge.
:func:`fitted` asks for widths from the widest wanted down to the narrowest allowed and
keeps the first whose table holds its centre's lines and its buttons.
:func:`row_in_room` gives a row that has no fifth button (no Undo) the fifth's place
where the layout moved the row away from the hand to make room for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from big2.app.ui import text
from big2.app.table.draw import centre_line
from big2.app.table.layout import Box, TableLayout


def widths(size: tuple[int, int], wanted: int, narrowest: int) -> list[int]:
    """The drawer widths to try for a window of ``size``, from ``wanted`` (at most the
    third of the window a drawer may take) down to ``narrowest``, 8 pixels apart."""
    hi = min(wanted, int(max(size[0], 800) * 0.34))
    lo = min(hi, narrowest)
    return list(range(hi, lo, -8)) + [lo]


def row_in_room(lay: TableLayout) -> TableLayout:
    """``lay`` with its button row over the hand's outer end again where the layout moved
    it away to make room for a fifth button (beside Sort): for a table without that
    button. The row keeps inside the table's room."""
    boxes = list(lay.buttons.values())
    if not boxes:
        return lay
    margin = lay.menu_button.y
    lo, hi = lay.area.x + margin, lay.area.right - margin
    fan = lay.seats[0].fan
    left, right = min(b.x for b in boxes), max(b.right for b in boxes)
    if lay.left_handed:  # mirrored: the row starts at the hand's left end, the fifth after it
        dx = max(0, min(hi, fan.x + right - left) - right)
    else:
        dx = min(0, max(lo, fan.right - (right - left)) - left)
    if not dx:
        return lay
    return replace(lay, buttons={n: Box(b.x + dx, b.y, b.w, b.h) for n, b in lay.buttons.items()})


def holds(lay: TableLayout, lines: Sequence[str]) -> bool:
    """Whether the table of ``lay`` holds each of ``lines`` under its centre's cards
    unsqueezed, and its button row inside its room."""
    size, room = centre_line(lay)
    if any(text.width_of(line, size) > room for line in lines):
        return False
    margin = lay.menu_button.y
    return all(lay.area.x + margin <= b.x and b.right <= lay.area.right - margin and b.right <= lay.width
               for b in lay.buttons.values())


def fitted(make: Callable[[int], TableLayout], tried: Iterable[int], lines: Sequence[str]) -> TableLayout:
    """The layout ``make(width)`` (its row in its room) for the first of the drawer widths
    ``tried`` whose table :func:`holds` ``lines``; the narrowest when none does."""
    lay = None
    for width in tried:
        lay = row_in_room(make(width))
        if holds(lay, lines):
            return lay
    if lay is None:
        raise ValueError("no drawer width to try")
    return lay
