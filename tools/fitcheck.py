"""Does every piece of text fit its place, and does no control sit on another?

Used by the fit test (every scene at every window size) and the screenshot script. It
knows nothing about English: widths come from the fonts the text is drawn with, so the
same checks hold for any language.

Checked, for what is on screen now:

* every pygame_gui button and label: its text, in its own font, is narrower than the
  element (less a small margin for buttons) and no taller;
* controls that share a container do not overlap (a drop-down counts as one control; an
  open drop-down's list may cover what is beneath it, but must stay in the window);
  controls in a scrolling list stay clear of its scroll bar; every control is inside the
  window;
* text we draw ourselves (recorded by :func:`big2.app.ui.text.recording`): inside the
  surface it was drawn on, not squeezed below :data:`MIN_SQUEEZE` of its width nor drawn
  below :data:`MIN_TEXT_PX`, not under a control, and not on other drawn text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
)

from big2.app.ui import text
from big2.app.ui.text import DrawnText
from big2.app.ui.uiscale import MIN_FONT_PX

#: Text drawn narrower than this share of its natural width reads as squashed.
MIN_SQUEEZE = 0.9
#: No line may end up smaller than this (font size times squeeze), in pixels.
MIN_TEXT_PX = MIN_FONT_PX - 1
_CONTROLS = (UIButton, UIDropDownMenu, UITextEntryLine, UIHorizontalSlider, UILabel, UITextBox, UIScrollingContainer)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that does not fit, in words a person can act on."""

    what: str

    def __str__(self) -> str:
        return self.what


def _visible(el: Any) -> bool:
    return bool(getattr(el, "visible", True)) and el.alive()


def _name(el: Any) -> str:
    words = getattr(el, "text", "") or ""
    return f"{type(el).__name__}({words!r})" if words else f"{type(el).__name__}@{tuple(el.rect)}"


def _text_width(el: Any) -> tuple[int, int] | None:
    font = getattr(el, "font", None)
    words = getattr(el, "text", "")
    if font is None or not words:
        return None
    return font.size(words)


def check_text(el: Any, scale: float) -> list[Problem]:
    """A button's or label's text against its rectangle."""
    size = _text_width(el)
    if size is None:
        return []
    words = str(getattr(el, "text", ""))
    tw, th = size
    # a button's words need a little air each side; a lone symbol (▲, ✕) only needs to fit
    margin = 2 * max(3, round(6 * scale)) if isinstance(el, UIButton) and len(words.strip()) > 1 else 0
    room = el.rect.w - margin
    out = []
    if tw > room:
        out.append(Problem(f"{_name(el)} text is {tw}px wide in a {el.rect.w}px element (needs {tw + margin})"))
    if th > el.rect.h + 1:
        out.append(Problem(f"{_name(el)} text is {th}px tall in a {el.rect.h}px element"))
    return out


def _expanded(dd: UIDropDownMenu) -> bool:
    return dd.current_state is dd.menu_states.get("expanded")


def _children(container: Any) -> list[Any]:
    return [el for el in list(getattr(container, "elements", [])) if _visible(el)]


def _overlap(a: pygame.Rect, b: pygame.Rect, slack: int = 1) -> bool:
    return a.inflate(-2 * slack, -2 * slack).colliderect(b.inflate(-2 * slack, -2 * slack))


def check_container(container: Any, window: pygame.Rect, scale: float, *, clip: pygame.Rect | None = None) -> list[Problem]:
    """Every control under ``container``: text fit, sibling overlaps, inside the window."""
    out: list[Problem] = []
    kids = _children(container)
    # a scrolling list's own frame (root, view, inner) is checked through the list itself
    frames = {id(getattr(sc, "_root_container", None)) for sc in kids if isinstance(sc, UIScrollingContainer)}
    units = [el for el in kids if (isinstance(el, _CONTROLS) or isinstance(el, UIContainer)) and id(el) not in frames]
    for el in units:
        if clip is None and not window.contains(el.rect):
            out.append(Problem(f"{_name(el)} at {tuple(el.rect)} is outside the {window.w}x{window.h} window"))
        if clip is not None and el.rect.right > clip.right + 1 and el.rect.colliderect(clip):
            out.append(Problem(f"{_name(el)} runs under the scroll bar of its list ({el.rect.right} > {clip.right})"))
        if isinstance(el, (UIButton, UILabel)):
            if clip is None or clip.contains(el.rect):
                out.extend(check_text(el, scale))
        elif isinstance(el, UIDropDownMenu):
            out.extend(check_dropdown(el, window, scale))
        elif isinstance(el, UIScrollingContainer):
            view = el._view_container.rect
            out.extend(check_container(el.get_container(), window, scale, clip=view))
        elif isinstance(el, UIContainer) and not isinstance(el, (UIHorizontalSlider, UITextBox)):
            out.extend(check_container(el, window, scale, clip=clip))
    controls = [el for el in units if isinstance(el, _CONTROLS)]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            if clip is not None and not (clip.colliderect(a.rect) and clip.colliderect(b.rect)):
                continue
            if _overlap(a.rect, b.rect):
                out.append(Problem(f"{_name(a)} at {tuple(a.rect)} overlaps {_name(b)} at {tuple(b.rect)}"))
    return out


def check_dropdown(dd: UIDropDownMenu, window: pygame.Rect, scale: float) -> list[Problem]:
    """The chosen option on a closed drop-down; every option (and the list's place) when open."""
    out: list[Problem] = []
    state = dd.current_state
    btn = getattr(state, "selected_option_button", None)
    if btn is not None and _visible(btn):
        out.extend(check_text(btn, scale))
    if _expanded(dd):
        lst = getattr(state, "options_selection_list", None)
        if lst is not None:
            if not window.contains(lst.rect):
                out.append(Problem(f"the open list of {dd.selected_option[0]!r} at {tuple(lst.rect)} leaves the window"))
            for item in lst.item_list:
                b = item.get("button_element")
                if b is not None and _visible(b) and lst.rect.contains(b.rect):
                    out.extend(check_text(b, scale))
    return out


def _open_lists(container: Any) -> list[pygame.Rect]:
    """Where open drop-down lists lie (they cover what is beneath them, by design)."""
    out: list[pygame.Rect] = []
    for el in _children(container):
        if isinstance(el, UIDropDownMenu):
            lst = getattr(el.current_state, "options_selection_list", None) if _expanded(el) else None
            if lst is not None:
                out.append(pygame.Rect(lst.rect))
        elif isinstance(el, UIScrollingContainer):
            out.extend(_open_lists(el.get_container()))
        elif isinstance(el, UIContainer):
            out.extend(_open_lists(el))
    return out


def _controls_on_screen(container: Any) -> list[pygame.Rect]:
    """Rectangles of the visible controls (not plain labels) a drawn line must keep off."""
    covered = _open_lists(container)
    return [r for r in _control_rects(container) if not any(o.contains(r) for o in covered)]


def _control_rects(container: Any) -> list[pygame.Rect]:
    rects: list[pygame.Rect] = []
    kids = _children(container)
    frames = {id(getattr(sc, "_root_container", None)) for sc in kids if isinstance(sc, UIScrollingContainer)}
    for el in kids:
        if id(el) in frames:
            continue
        if isinstance(el, UIScrollingContainer):
            rects.append(pygame.Rect(el.rect))
        elif isinstance(el, UIDropDownMenu) and _expanded(el):
            continue  # an open list covers what lies beneath it, by design
        elif isinstance(el, (UIButton, UIDropDownMenu, UITextEntryLine, UIHorizontalSlider, UITextBox)):
            rects.append(pygame.Rect(el.rect))
        elif isinstance(el, UIContainer):
            rects.extend(_control_rects(el))
    return rects


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """The part of a rendered line's box the letters actually cover (less line spacing)."""
    return rect.inflate(-2, -max(2, rect.h * 2 // 5))


def check_drawn(drawn: Iterable[DrawnText], container: Any = None) -> list[Problem]:
    """Our own drawn lines: in bounds, readable, clear of controls and of each other."""
    out: list[Problem] = []
    lines = list(drawn)
    controls = _controls_on_screen(container) if container is not None else []
    for d in lines:
        area = pygame.Rect((0, 0), d.surface)
        if not area.contains(d.rect):
            out.append(Problem(f"drawn text {d.text!r} at {tuple(d.rect)} leaves its {d.surface[0]}x{d.surface[1]} surface"))
        if d.squeeze < MIN_SQUEEZE:
            out.append(Problem(f"drawn text {d.text!r} is squeezed to {d.squeeze:.0%} of its width"))
        if d.size * min(1.0, d.squeeze) < MIN_TEXT_PX:
            out.append(Problem(f"drawn text {d.text!r} is {d.size * d.squeeze:.0f}px, too small to read"))
        if d.on_screen:
            for r in controls:
                if _overlap(_ink(d.rect), r):
                    out.append(Problem(f"drawn text {d.text!r} at {tuple(d.rect)} lies under a control at {tuple(r)}"))
                    break
    on_screen = [d for d in lines if d.on_screen]
    for i, a in enumerate(on_screen):
        for b in on_screen[i + 1:]:
            if a.text == b.text and abs(a.rect.x - b.rect.x) < 6 and abs(a.rect.y - b.rect.y) < 6:
                continue  # a line and its own drop shadow
            if _overlap(_ink(a.rect), _ink(b.rect)):
                out.append(Problem(f"drawn text {a.text!r} at {tuple(a.rect)} overlaps {b.text!r} at {tuple(b.rect)}"))
    return out


def check_screen(app: Any, drawn: Iterable[DrawnText]) -> list[Problem]:
    """Everything the app shows now: its top scene's controls and the lines drawn for it."""
    window = pygame.Rect((0, 0), app.size)
    top = app.top
    container = top.ui if top is not None else None
    out: list[Problem] = []
    if container is not None:
        out.extend(check_container(container, window, app.ui_scale))
    out.extend(check_drawn(drawn, container))
    # one problem per sentence: a line drawn every frame is reported once
    seen: set[str] = set()
    unique = []
    for p in out:
        if p.what not in seen:
            seen.add(p.what)
            unique.append(p)
    return unique


def draw_and_check(app: Any) -> list[Problem]:
    """Draw the screen once, recording the lines the top scene draws, and check it all
    (:func:`check_screen`). A scene that keeps its page in ``content`` draws it afresh."""
    top = app.top
    if hasattr(top, "content"):
        top.content = None
    lines: list[DrawnText] = []
    original = top.draw

    def recorded(surf: pygame.Surface) -> None:
        with text.recording() as rec:
            original(surf)
        lines.extend(rec)

    top.draw = recorded
    try:
        app.draw()
    finally:
        del top.draw
    return check_screen(app, lines)
