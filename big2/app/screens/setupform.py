"""Pieces of the game's set-up form shared by New game and the online lobby.

:data:`LENGTHS` (the session lengths offered), :func:`house_rules_box` (every house rule
in a scrolling list: its name, a drop-down of its values and the lines explaining it),
:func:`aim_rule_menus` (each of those lists opens where it can be seen) and
:class:`Layer` (a container that lifts a drop-down above the list without taking the
mouse). The rules themselves come from :mod:`big2.app.screens.rulesform`.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer

from big2.engine.rules import Rules

from ...i18n import N_, _
from ..ui import text
from .rulesform import RuleChoice, rule_choices, shown

#: Session lengths by their id (the English label, translated where shown): hands, and
#: the total that ends the session sooner (None: no such total).
LENGTHS: dict[str, tuple[int, int | None]] = {
    N_("1 hand"): (1, None),
    N_("4 hands"): (4, None),
    N_("8 hands"): (8, None),
    N_("16 hands"): (16, None),
    N_("Until a total reaches ±50"): (999, 50),
    N_("Until a total reaches ±100"): (999, 100),
}


def length_id(hands: int, target: int | None) -> str | None:
    """The id in :data:`LENGTHS` of a session of ``hands`` (ended at ``target``), or None."""
    for key, value in LENGTHS.items():
        if value == (hands, target):
            return key
    return None


def length_text(hands: int, target: int | None) -> str:
    """A session length in the player's language, offered or not."""
    key = length_id(hands, target)
    if key is not None:
        return _(key)
    from ...i18n import ngettext

    return ngettext("{n} hand", "{n} hands", hands).format(n=hands)


class Layer(UIContainer):
    """A container that only lifts its elements above others: it is never under the mouse
    itself (no hover, no focus on a click), so the widgets under its empty area stay
    usable. A click on it used to take the focus from an open drop-down below, which then
    closed before its option saw the button's release."""

    def check_hover(self, time_delta: float, hovered_higher_element: bool) -> bool:
        self.hovered = False
        return hovered_higher_element

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False


def choices_by_name() -> dict[str, RuleChoice]:
    """Every house rule a player can change, by its field name."""
    return {c.name: c for c in rule_choices()}


def house_rules_box(scene: Any, x: int, y: int, col_w: int, height: int, rules: Rules,
                    ) -> tuple[UIScrollingContainer, dict[str, UIDropDownMenu]]:
    """Every house rule of ``rules`` in a scrolling list ``col_w`` wide and ``height``
    tall at (``x``, ``y``) of ``scene.ui``: its name and choice (side by side when they
    fit, else one above the other), and the lines explaining it. Returns the list and
    the drop-downs by rule name (their option ids are the choices' English labels:
    ``choices_by_name()[name].value_of(id)``)."""
    m = scene.app.manager
    px = scene.px
    area = pygame.Rect(x - px(8), y, col_w + px(16), height)
    box = UIScrollingContainer(area, m, container=scene.ui, allow_scroll_x=False)
    menus: dict[str, UIDropDownMenu] = {}
    inner_w = col_w - px(24)
    ry = px(4)
    rh = px(30)
    line_h = max(scene.fpx(14) + px(6), scene.text_height(14) + px(2))  # CJK glyphs stand taller
    for c in choices_by_name().values():
        options = [(shown(lab), lab) for lab, _v in c.options]
        dd_w = min(inner_w, scene.dropdown_width([t for t, _k in options]))
        label = shown(c.label)
        label_w = scene.text_width(label, 16) + px(10)
        if label_w + dd_w <= inner_w:
            UILabel(pygame.Rect(px(8), ry, inner_w - dd_w, rh), label, m, container=box)
            dd_rect = pygame.Rect(px(8) + inner_w - dd_w, ry, dd_w, rh)
        else:
            UILabel(pygame.Rect(px(8), ry, inner_w, rh), label, m, container=box)
            ry += rh + px(2)
            dd_rect = pygame.Rect(px(8), ry, inner_w, rh)
        now = c.label_of(getattr(rules, c.name))
        menus[c.name] = UIDropDownMenu(options, (shown(now), now), dd_rect, m, container=box,
                                       expansion_height_limit=px(220))
        ry += rh + px(2)
        for line in text.wrap(shown(c.explanation), scene.fpx(14), inner_w - px(4)):
            UILabel(pygame.Rect(px(8), ry, inner_w, line_h), line, m, container=box, object_id="#hint")
            ry += line_h
        ry += px(12)
    box.set_scrollable_area_dimensions((col_w, ry + px(4)))
    return box, menus


def aim_rule_menus(box: UIScrollingContainer | None, menus: dict[str, UIDropDownMenu]) -> None:
    """Each house rule's list opens where it can be seen: upward when the visible part
    of the scrolling box has too little room under the menu and more above it (opened
    downward it would run under the box's edge, out of sight and out of reach)."""
    if box is None or not box.alive():
        return
    view = box.rect
    for dd in menus.values():
        state = dd.menu_states.get("expanded")
        if state is None or dd.current_state is state:
            continue
        need = min(len(dd.options_list) * dd.rect.h, dd.expansion_height_limit or view.h)
        below, above = view.bottom - dd.rect.bottom, dd.rect.top - view.top
        state.expand_direction = "up" if below < need and above > below else "down"


def house_rules_text(rules: Rules) -> str:
    """Every house rule of ``rules`` as "name: choice" lines (the form, read-only)."""
    lines = []
    for c in choices_by_name().values():
        lines.append(_("{rule}: {choice}").format(rule=shown(c.label), choice=shown(c.label_of(getattr(rules, c.name)))))
    return "\n".join(lines)
