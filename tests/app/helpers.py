"""Driving the app with real posted events, as a person at the window would."""

from __future__ import annotations

import pygame


def post(type_: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(type_, **attrs))


def pump(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.frame(block=False)


def move_mouse(pos, *, buttons=(0, 0, 0)) -> None:
    """Put the pointer at ``pos``: SDL's own mouse state (what pygame_gui reads for hover
    and the wheel) and the motion event a moving mouse sends."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def click(app, pos, *, button: int = 1, frames: int = 3) -> None:
    pos = (int(pos[0]), int(pos[1]))
    move_mouse(pos)
    pump(app, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    pump(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
    pump(app, frames)


def click_button(app, element, frames: int = 3) -> None:
    click(app, element.rect.center, frames=frames)


def key(app, k: int, *, frames: int = 2, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0)
    pump(app, frames)


def drag(app, start, points, *, frames: int = 3) -> None:
    start = (int(start[0]), int(start[1]))
    move_mouse(start)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    pump(app, 1)
    last = start
    for p in points:
        p = (int(p[0]), int(p[1]))
        pygame.mouse.set_pos(p)
        post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0), touch=False)
        pump(app, 1)
        last = p
    post(pygame.MOUSEBUTTONUP, pos=last, button=1, touch=False)
    pump(app, frames)


def card_point(table, card: int):
    """A point on the visible part of ``card`` in the bottom hand."""
    spr = table.sprites[card]
    i = table.hand.cards.index(card)
    step = table.layout.hand_step(len(table.hand.cards))
    visible = spr.w if i == len(table.hand.cards) - 1 else min(spr.w, step)
    return (spr.x + visible / 2, spr.y + spr.h * 0.3)


# Operating controls as a person does: find it on screen, click what is drawn ------------------


def visible_rect(el) -> pygame.Rect:
    """The part of ``el`` a person can see: its rect clipped by every container around it
    (a scrolling list shows only its window onto its contents). Empty when hidden."""
    r = pygame.Rect(el.rect)
    c = getattr(el, "ui_container", None)
    while c is not None:
        inner = c.get_container() if hasattr(c, "get_container") else c
        r = r.clip(inner.get_rect())
        nxt = getattr(inner, "ui_container", None)
        c = nxt if nxt is not inner else None
    return r


def _scroller(app, el):
    """The scrolling list ``el`` sits in (its contents' container is in ``el``'s chain), or None."""
    from pygame_gui.elements import UIScrollingContainer

    chain = set()
    c = getattr(el, "ui_container", None)
    while c is not None and id(c) not in chain:
        chain.add(id(c))
        c = getattr(c, "ui_container", None)
    for sprite in app.manager.get_sprite_group().sprites():
        if isinstance(sprite, UIScrollingContainer) and id(sprite.get_container()) in chain:
            return sprite
    return None


def _gliding(bar) -> bool:
    """Is a scroll bar still on its way to where the wheel sent it?"""
    if bar.scroll_wheel_moved:
        return True
    lo = bar.top_limit
    hi = bar.bottom_limit - (bar.sliding_button.relative_rect.height if bar.sliding_button else 0)
    target = min(max(bar.target_scroll_position, lo), hi)
    return abs(target - bar.scroll_position) > 0.5


def settle(app, box, *, limit: float = 5.0) -> None:
    """Pump frames until the scrolling list ``box`` has reached where the wheel sent it,
    so a click lands where the control is drawn."""
    import time

    bar = getattr(box, "vert_scroll_bar", None)
    if bar is None:
        return
    end = time.perf_counter() + limit
    while _gliding(bar) and time.perf_counter() < end:
        pump(app, 1)
    pump(app, 2)
    assert not _gliding(bar), "the list never stopped scrolling"


def reveal(app, el, *, below: int = 0, limit: int = 80) -> pygame.Rect:
    """Scroll ``el`` into view with the mouse wheel over its list, as a person would, and
    wait for the list to stand still; returns its visible rect. ``below`` asks for that
    much room under it too (for a drop-down's list), as far as the list scrolls. Fails
    the test if ``el`` never shows whole."""
    scrolled = False
    for _ in range(limit):
        box = _scroller(app, el)
        if box is not None and scrolled:
            settle(app, box)
        vis = visible_rect(el)
        room = True
        if box is not None and below:
            bar = getattr(box, "vert_scroll_bar", None)
            at_end = bar is None or bar.scroll_position >= bar.bottom_limit - bar.sliding_button.relative_rect.height - 0.5
            room = el.rect.bottom + below <= visible_rect(box).bottom or at_end
        if vis.size == el.rect.size and room:
            return vis
        assert box is not None, f"{el} is cut off but sits in no scrolling list"
        scrolled = True
        view = visible_rect(box)
        move_mouse(view.center)
        step = -1 if el.rect.bottom + below > view.bottom else 1
        post(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0, precise_y=float(step), touch=False)
        pump(app, 2)
    raise AssertionError(f"could not scroll {el} into view")


def top_control_at(app, pos):
    """The control pygame_gui would give a click at ``pos``: the hovered one, highest layer first."""
    hits = [s for s in app.manager.get_sprite_group().sprites()
            if getattr(s, "visible", True) and s.alive() and s.hover_point(*pos)]
    return max(hits, key=lambda s: s.layer) if hits else None


def click_control(app, el, *, frames: int = 3) -> None:
    """Click ``el`` (a button, drop-down, text entry…) where it is drawn: scrolled into view
    first, then real mouse motion, press and release at the centre of its visible part."""
    assert el.alive() and el.visible, f"{el} is not on screen"
    vis = reveal(app, el)
    click(app, vis.center, frames=frames)


def option_labels(dropdown) -> list[str]:
    """The option texts a drop-down shows (its ids may differ: see :func:`pick_option`)."""
    return [o[0] if isinstance(o, tuple) else o for o in dropdown.options_list]


def pick_option(app, dropdown, option: str, *, frames: int = 6) -> None:
    """Open ``dropdown`` with a click and click the option shown as ``option`` (or whose id
    is ``option``), scrolling the open list with the wheel until it is drawn. The choice
    travels button → list → drop-down → scene over several frames: ``frames`` covers it.
    A form that rebuilds on the change makes new controls: look them up afresh after."""
    shown = None
    for o in dropdown.options_list:
        text, ident = (o if isinstance(o, tuple) else (o, o))
        if option in (text, ident):
            shown = text
            break
    assert shown is not None, f"{option!r} is not among {option_labels(dropdown)}"
    # room under it for the list it opens, as a person scrolls a little further first
    rows = min(len(dropdown.options_list), 8)
    vis = reveal(app, dropdown, below=min(rows * dropdown.rect.h, getattr(dropdown, "expansion_height_limit", None) or 10**6))
    click(app, vis.center, frames=2)
    state = dropdown.current_state
    assert state is dropdown.menu_states.get("expanded"), "the drop-down did not open on a click"
    lst = state.options_selection_list
    for _ in range(len(dropdown.options_list) + 4):
        item = next(i for i in lst.item_list if i["text"] == shown)
        button = item.get("button_element")
        if button is not None and visible_rect(button).size == button.rect.size:
            click(app, visible_rect(button).center, frames=frames)
            return
        view = visible_rect(lst)
        move_mouse(view.center)
        drawn = [k for k, i in enumerate(lst.item_list) if i.get("button_element") is not None
                 and visible_rect(i["button_element"]).size == i["button_element"].rect.size]
        want = next(k for k, i in enumerate(lst.item_list) if i["text"] == shown)
        step = 1 if drawn and want < drawn[0] else -1  # the wheel up for an option above
        post(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0, precise_y=float(step), touch=False)
        pump(app, 3)
    raise AssertionError(f"option {option!r} never came into view")


def type_text(app, entry, words: str, *, enter: bool = True) -> None:
    """Click into a text entry, select what is there (Ctrl+A), type ``words`` key by key and
    press Enter (unless ``enter`` is false)."""
    click_control(app, entry)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01", scancode=0)
    post(pygame.KEYUP, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01", scancode=0)
    pump(app, 1)
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    post(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    pump(app, 1)
    for ch in words:
        post(pygame.TEXTINPUT, text=ch)
        pump(app, 1)
    if enter:
        key(app, pygame.K_RETURN)


def slide_to(app, slider, value, *, tries: int = 4) -> None:
    """Drag ``slider``'s handle with the mouse until it reads ``value`` (within one step of
    the track's pixels)."""
    lo, hi = slider.value_range
    for _ in range(tries):
        per_px = (hi - lo) / max(1, slider.scrollable_width)
        dx = (value - slider.get_current_value()) / per_px
        if abs(dx) < 1:
            return
        start = slider.sliding_button.rect.center
        drag(app, start, [(start[0] + dx / 2, start[1]), (start[0] + dx, start[1])])
    assert abs(slider.get_current_value() - value) <= 2 * (hi - lo) / max(1, slider.scrollable_width)


def open_drawer(app, table, name: str) -> None:
    """Open the table's drawer ``name`` (plays, scores, tracker) by clicking its tab, as
    a player does; nothing when it is open already."""
    if name in table.layout.drawers:
        return
    tab = table.layout.tabs[name]
    click(app, tab.center)
    assert name in table.layout.drawers, f"the {name} drawer did not open"
