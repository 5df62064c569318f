"""Pieces of the game's set-up form shared by New game and the online lobby.

:data:`LENGTHS` (the session lengths offered), :func:`house_rules_box` (every house rule
in a scrolling list: its name, a drop-down of its values and the lines explaining it),
:func:`aim_rule_menus` (each of those lists opens where it can be seen),
:func:`preset_options` (the rule preset menu, with "Custom (from Standard)"),
:func:`two_columns`, :func:`start_and_back`, :func:`draw_dialog` and :func:`draw_refusal` (the dialog both
New game steps are) and :class:`Layer` (a container that lifts a drop-down above the list without taking the
mouse). The rules themselves come from :mod:`big2.app.screens.rulesform`.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer

from big2.ai.skilled import trained_on
from big2.engine.rules import Rules

from ...i18n import N_, _
from .. import vocab
from ..ui import text
from ..ui.scaledgui import ScrollingContainer
from .rulesform import RuleChoice, is_house, presets, rule_choices, shown, table_blurb

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


def two_columns(scene: Any, height: int) -> int:
    """Lay ``scene`` out as New game's steps are: a dialog 1100 design pixels wide (less
    on a narrow window) and ``height`` tall, two columns in it. Sets ``scene.rect``,
    ``col_w``, ``lx``, ``rx`` (the columns' left edges) and ``buttons_y`` (the row of
    Back and Start); returns the columns' top."""
    from .common import dialog_rect

    px = scene.px
    r = scene.rect = dialog_rect(scene.app.size, px(1100), px(height))
    pad = px(24)
    scene.col_w = (r.w - 3 * pad) // 2
    scene.lx, scene.rx = r.x + pad, r.x + 2 * pad + scene.col_w
    scene.buttons_y = r.bottom - px(66)
    return r.y + px(66)


def draw_dialog(scene: Any, surf: pygame.Surface, title: str) -> None:
    """The felt, the :func:`two_columns` dialog's frame and its ``title``; then the rules
    in brief (``scene.blurb_text`` at ``scene.summary_y``, ``scene.summary_lines`` lines
    of ``scene.summary_line_h()``, over the right column), whole or scrolled, never cut."""
    from .common import felt, frame

    surf.blit(felt(surf.get_size(), scene.app.settings.felt_colours), (0, 0))
    r = scene.rect
    frame(surf, r)
    text.draw(surf, title, scene.fpx(30), (r.centerx, r.y + scene.px(34)), (245, 210, 122), anchor="center", bold=True)
    line_h = scene.summary_line_h()
    scene.blurb_text.draw(surf, rules_brief(scene), scene.fpx(14),
                          pygame.Rect(scene.rx, scene.summary_y, scene.col_w, scene.summary_lines * line_h),
                          (200, 210, 215), line_h=line_h)


def rules_brief(scene: Any) -> str:
    """The rules in brief of a :func:`two_columns` dialog: :func:`table_blurb`, then,
    when a seat is a Skilled computer (``scene.seat_levels()``, if the scene has it) and
    the rules are none its network learned, that it plays Normal's moves there."""
    brief = table_blurb(scene.rules, scene.scoring)
    levels = scene.seat_levels() if hasattr(scene, "seat_levels") else ()
    if "skilled" in levels and not trained_on(scene.rules):
        note = _("Skilled computers play as Normal ones under these rules: their network learned only the presets' rules.")
        brief = f"{brief}\n{note}" if brief else note
    return brief


def start_and_back(scene: Any) -> None:
    """Back (bottom left) and Start (bottom right, the primary) of a :func:`two_columns`
    dialog, as ``scene.b_back`` and ``scene.b_start``."""
    px, r = scene.px, scene.rect
    scene.b_start = scene.button((r.right - px(244), scene.buttons_y, px(220), px(48)), _("Start"), object_id="#primary")
    scene.b_back = scene.button((r.x + px(24), scene.buttons_y, px(140), px(48)), _("Back"))


def draw_refusal(scene: Any, surf: pygame.Surface, words: str) -> None:
    """A refusal in two lines at most, between Back and Start of a :func:`two_columns` dialog."""
    px, r = scene.px, scene.rect
    err = scene.fpx(16)
    width = r.w - 2 * px(24) - px(260) - px(180)
    for i, line in enumerate(text.wrap(words, err, max(width, px(200)))[:2]):
        text.draw(surf, line, err, (r.centerx, scene.buttons_y + i * (err + 4)), (255, 150, 140), anchor="midtop")


#: The preset menu's id for edited rules ("Custom (from Standard)"): picking it keeps them.
CUSTOM = "custom"


def preset_options(preset_title: str, rules: Rules) -> tuple[list[tuple[str, str]], tuple[str, str]]:
    """The rule preset menu's options (shown title, the preset's title of
    :func:`~big2.app.screens.rulesform.presets`) and the one it shows: the preset
    ``preset_title``, or for edited rules an option of their own, "Custom (from
    Standard)" (id :data:`CUSTOM`)."""
    options = [(vocab.preset_title(p.name), t) for t, p in presets().items()]
    if is_house(rules):
        custom = (vocab.preset_title(rules.name), CUSTOM)
        return [*options, custom], custom
    return options, next(o for o in options if o[1] == preset_title)


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
    box = ScrollingContainer(area, m, container=scene.ui, allow_scroll_x=False, scale=scene.app.ui_scale)
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
