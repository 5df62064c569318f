"""Keyboard focus for a scene's controls: a visible ring, Tab and arrows move it, Enter presses.

Every scene owns a :class:`Focus`. It reads the scene's pygame_gui controls live (buttons,
drop-downs, text entries, sliders; visible and enabled), so it needs no registration and
follows rebuilds. Tab / Shift+Tab walk them in reading order; the arrow keys move to the
nearest control in that direction; Enter or Space presses the focused one, opens a
drop-down (whose options the arrows then walk; Enter picks, Esc closes it) or puts the
caret in a text entry. Before any key moved the ring, Enter presses the scene's primary
(gold) button. The ring is drawn only after the keyboard was used, and a mouse click hides it.

A scene turns this off with ``keyboard_focus = False`` (the table has its own keys) or
keeps the arrow keys for itself with ``arrow_focus = False``.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIScrollingContainer,
    UITextEntryLine,
)


RING = (255, 214, 102)
RING_SHADOW = (20, 16, 8)
_ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def _shown(el: Any) -> bool:
    return bool(getattr(el, "visible", True)) and el.alive() and getattr(el, "is_enabled", True)


def controls(container: UIContainer | None) -> list[Any]:
    """The focusable controls inside ``container``, in reading order (top to bottom, left to right)."""
    found: list[Any] = []

    def walk(c: Any) -> None:
        kids = list(getattr(c, "elements", []))
        frames = {id(getattr(sc, "_root_container", None)) for sc in kids if isinstance(sc, UIScrollingContainer)}
        for el in kids:
            if id(el) in frames:
                continue  # a scrolling list's frame: its contents are walked through the list
            if isinstance(el, UIScrollingContainer):
                walk(el.get_container())
            elif isinstance(el, (UIDropDownMenu, UITextEntryLine, UIHorizontalSlider)):
                if _shown(el):
                    found.append(el)
            elif isinstance(el, UIButton):
                if _shown(el):
                    found.append(el)
            elif isinstance(el, UIContainer):
                walk(el)

    if container is not None:
        walk(container)
    found.sort(key=lambda e: (e.rect.y // 8, e.rect.x))
    return found


def _expanded(dd: UIDropDownMenu) -> bool:
    return dd.current_state is dd.menu_states.get("expanded")


def _option_buttons(dd: UIDropDownMenu) -> list[UIButton]:
    lst = getattr(dd.current_state, "options_selection_list", None)
    if lst is None:
        return []
    return [item["button_element"] for item in lst.item_list if item.get("button_element") is not None]


def press(el: Any) -> None:
    """Press ``el`` as a click would (posted, so it takes the same path as the mouse)."""
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_BUTTON_PRESSED,
            ui_element=el,
            ui_object_id=getattr(el, "most_specific_combined_id", ""),
            mouse_button=1,
        )
    )


class _Managed(Protocol):
    @property
    def manager(self) -> pygame_gui.UIManager: ...


class Focusable(Protocol):
    """What the ring needs of its scene (:class:`~big2.app.ui.scene.Scene`, which
    imports this module): its controls' container, whether it wants the ring and the
    arrow keys, and its app's UI manager."""

    ui: UIContainer | None
    keyboard_focus: bool
    arrow_focus: bool

    @property
    def app(self) -> _Managed: ...


class Focus:
    """The focused control of one scene."""

    def __init__(self, scene: Focusable) -> None:
        self.scene = scene
        self.current: Any = None
        #: True once the keyboard moved the ring (a click hides it again).
        self.visible = False
        self._open: UIDropDownMenu | None = None

    # What can be focused ------------------------------------------------------------------

    def _open_dropdown(self) -> UIDropDownMenu | None:
        for el in controls(self.scene.ui):
            if isinstance(el, UIDropDownMenu) and _expanded(el):
                return el
        return None

    def candidates(self) -> list[Any]:
        """The options of an open drop-down, else the scene's controls."""
        dd = self._open_dropdown()
        if dd is not None:
            return _option_buttons(dd)
        return controls(self.scene.ui)

    def default(self) -> Any:
        """The scene's primary (gold) button, if it shows one."""
        for el in controls(self.scene.ui):
            if isinstance(el, UIButton) and "#primary" in getattr(el, "object_ids", []) and _shown(el):
                return el
        return None

    def target(self) -> Any:
        """The control Enter would press now."""
        items = self.candidates()
        if self.current in items:
            return self.current
        if self._open is not None and self._open in items:
            return self._open
        return None if self.visible else self.default()

    # Keys -----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Use a key if it moves or presses the focus; True when used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.visible = False
            self.current = None
            return False
        if not self.scene.keyboard_focus or event.type != pygame.KEYDOWN:
            return False
        entry_typing = isinstance(self.current, UITextEntryLine) and self.current.is_focused
        items = self.candidates()
        dd_open = self._open_dropdown()
        if event.key == pygame.K_ESCAPE and dd_open is not None:
            dd_open.unfocus()
            self.current = dd_open
            return True
        if event.key == pygame.K_TAB:
            if not items:
                return False
            back = bool(event.mod & pygame.KMOD_SHIFT)
            self._move_linear(items, -1 if back else 1)
            return True
        if event.key in _ARROWS and not entry_typing:
            if isinstance(self.current, UIHorizontalSlider) and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and dd_open is None:
                btn = self.current.left_button if event.key == pygame.K_LEFT else self.current.right_button
                if btn is not None:
                    press(btn)
                return True
            if not self.scene.arrow_focus and dd_open is None:
                return False
            if not items:
                return False
            self._move_spatial(items, _ARROWS[event.key])
            return True
        if event.key in _ACTIVATE:
            if entry_typing:
                return False
            if event.key == pygame.K_SPACE and not self.visible:
                return False
            el = self.target()
            if el is None:
                return False
            self.activate(el)
            return True
        return False

    def _move_linear(self, items: list[Any], step: int) -> None:
        if self.current in items:
            i = (items.index(self.current) + step) % len(items)
        else:  # the first Tab lands on the first control, Shift+Tab on the last
            i = 0 if step > 0 else len(items) - 1
        self.focus(items[i])

    def _move_spatial(self, items: list[Any], direction: tuple[int, int]) -> None:
        cur = self.current if self.current in items else None
        if cur is None:
            start = self.default()
            self.focus(start if start in items else items[0])
            return
        cx, cy = cur.rect.center
        dx, dy = direction
        best, best_score = None, float("inf")
        for el in items:
            if el is cur:
                continue
            ex, ey = el.rect.center
            along = (ex - cx) * dx + (ey - cy) * dy
            if along <= 0:
                continue
            across = abs((ex - cx) * dy) + abs((ey - cy) * dx)
            score = along + 2 * across
            if score < best_score:
                best, best_score = el, score
        if best is None and (dy != 0) and len(items) > 1:  # wrap round top and bottom
            i = items.index(cur)
            best = items[(i + dy) % len(items)]
        if best is not None:
            self.focus(best)

    def focus(self, el: Any) -> None:
        """Move the ring to ``el`` (a text entry also takes the caret)."""
        prev = self.current
        if isinstance(prev, UITextEntryLine) and prev is not el and prev.is_focused:
            prev.unfocus()
            self.scene.app.manager.set_focus_set(None)
        self.current = el
        self.visible = True
        if isinstance(el, UITextEntryLine):
            self.scene.app.manager.set_focus_set(el)
        self._scroll_into_view(el)

    def activate(self, el: Any) -> None:
        if isinstance(el, UIDropDownMenu):
            if not _expanded(el):
                btn = getattr(el.current_state, "selected_option_button", None)
                if btn is not None:
                    press(btn)
                self._open = el
                self.current = None  # the next arrow lands on the chosen option
                self.visible = True
            return
        if isinstance(el, UITextEntryLine):
            self.focus(el)
            return
        if isinstance(el, UIButton):
            dd = self._open_dropdown()
            if dd is not None and el in _option_buttons(dd):
                self.current = dd
                self._open = None
            press(el)

    def _scroll_into_view(self, el: Any) -> None:
        """If ``el`` sits in a scrolling list, scroll the list so it shows."""
        holder = getattr(el, "ui_container", None)
        box = None
        for sc in self._scrollers(self.scene.ui):
            if holder is sc.get_container():
                box = sc
                break
        if box is None or box.vert_scroll_bar is None:
            return
        view = box._view_container.rect
        if view.top <= el.rect.top and el.rect.bottom <= view.bottom:
            return
        inner = box.get_container()
        top = el.rect.top - inner.rect.top - view.h // 3
        total = max(1, inner.rect.h)
        box.vert_scroll_bar.set_scroll_from_start_percentage(max(0.0, min(1.0, top / total)))

    @staticmethod
    def _scrollers(container: Any) -> list[UIScrollingContainer]:
        out: list[UIScrollingContainer] = []
        for el in list(getattr(container, "elements", [])):
            if isinstance(el, UIScrollingContainer):
                out.append(el)
            elif isinstance(el, UIContainer) and not isinstance(el, UIDropDownMenu):
                out.extend(Focus._scrollers(el))
        return out

    # Drawing ------------------------------------------------------------------------------------

    def focused_rect(self) -> pygame.Rect | None:
        if not self.visible:
            return None
        el = self.current
        if el is None or not _shown(el) or el not in self.candidates():
            return None
        return pygame.Rect(el.rect)

    def draw(self, surf: pygame.Surface, scale: float) -> None:
        rect = self.focused_rect()
        if rect is None:
            return
        pad = max(3, round(4 * scale))
        width = max(2, round(3 * scale))
        ring = rect.inflate(2 * pad, 2 * pad)
        radius = max(6, round(12 * scale))
        pygame.draw.rect(surf, RING_SHADOW, ring.inflate(2, 2), width + 2, border_radius=radius)
        pygame.draw.rect(surf, RING, ring, width, border_radius=radius)
