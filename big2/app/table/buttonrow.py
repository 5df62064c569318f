"""The table's row of action buttons (Sort, Hint, Pass, Play): their words, with their
keys ("Play ⏎"), or short ("Play") where the row would run off a narrow window (the keys
still work); their tips; and Play and Pass, which say why when clicked greyed out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from big2.i18n import _, pgettext

if TYPE_CHECKING:
    from big2.app.table.layout import TableLayout
    from big2.app.table.part import Table


class ReasonButton(pygame_gui.elements.UIButton):
    """A button that, clicked while greyed out, calls ``why`` (to say why it is off), or,
    while the table set ``reason_now`` (online, a link away or gone: the whole table is
    off), gives that sentence to ``tell``."""

    def __init__(self, *args, why: Callable[[], None], tell: Callable[[str], None] | None = None,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.why = why
        self.tell = tell
        #: Why the button is off now whatever the selection (set after each refresh).
        self.reason_now: str | None = None

    def process_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.is_enabled and self.visible
            and self.hover_point(*self.ui_manager.calculate_scaled_mouse_position(event.pos))
        ):
            if self.reason_now and self.tell is not None:
                self.tell(self.reason_now)
            else:
                self.why()
            return True
        return super().process_event(event)


def button_labels(short: bool) -> dict[str, str]:
    """The action buttons' words: with their keys ("Play ⏎"), or ``short`` without
    them, for a row that would otherwise run off a narrow window (the keys still work)."""
    if short:
        return {"sort": pgettext("button", "Sort"), "hint": pgettext("button", "Hint"),
                "pass": pgettext("button", "Pass"), "play": pgettext("button", "Play")}
    return {"sort": _("Sort (S)"), "hint": _("Hint (H)"), "pass": _("Pass (P)"), "play": _("Play ⏎")}


def fitted_row(make: Callable[[tuple[str, ...]], TableLayout], width: int) -> tuple[TableLayout, bool]:
    """The layout ``make`` gives for the row's words (with their keys, else short where
    that row runs off a window ``width`` wide), and whether the words are short."""
    lay = None
    for short in (False, True):
        lay = make(tuple(button_labels(short).values()))
        if all(b.x >= 0 and b.x + b.w <= width for b in (*lay.buttons.values(), lay.extra_button)):
            return lay, short  # the row is inside the window with these words
    assert lay is not None
    return lay, True


def too_narrow(lay: TableLayout, button_width: Callable[[list[str]], int]) -> bool:
    """Whether a button of ``lay``'s row is narrower than its words with their keys (a
    narrow window; How to play's lesson drawer narrows the table after the fact)."""
    full = button_labels(False)
    return any(box.w < button_width([full[name]]) for name, box in lay.buttons.items() if name in full)


def make_row(t: Table, lay: TableLayout, short: bool,
             explain: dict[str, Callable[[], None]]) -> dict[str, pygame_gui.elements.UIButton]:
    """The row's buttons where ``lay`` puts them, in its order; Play and Pass call their
    ``explain`` when clicked greyed out (pygame_gui swallows such clicks)."""
    labels = button_labels(short)
    tips = {
        "sort": _("Sort your hand by rank or by suit"),
        "hint": _("Suggest a play"),
        "pass": _("Pass this turn"),
        "play": _("Play the selected cards (Enter or double-click)"),
    }
    buttons = {
        name: t.button(box.as_tuple(), labels[name], object_id="#primary" if name == "play" else None, tooltip=tips[name])
        for name, box in lay.buttons.items() if name not in ("play", "pass")
    }
    for name in ("play", "pass"):
        buttons[name] = ReasonButton(
            pygame.Rect(lay.buttons[name].as_tuple()), labels[name], t.app.manager, container=t.ui,
            object_id="#primary" if name == "play" else None, tool_tip_text=tips[name], why=explain[name],
            tell=lambda words: t.say(words, 4.0, (255, 150, 140)),
        )
    return {name: buttons[name] for name in lay.buttons}



def refresh_row(buttons: dict[str, pygame_gui.elements.UIButton], short: bool, *, mine: bool, giving: bool,
                play: bool, can_pass: bool, sort: bool) -> None:
    """The row's buttons on or off, as said; Play's words "Give back" (or, narrow,
    "Give") while the bottom person (``mine``) is ``giving`` a card back."""
    label = button_labels(short)["play"]
    if mine and giving:  # the button is narrow in a small window
        label = _("Give back") if buttons["play"].rect.width >= 100 else _("Give")
    if buttons["play"].text != label:
        buttons["play"].set_text(label)
    for name, on in (("play", play), ("pass", can_pass), ("hint", mine), ("sort", sort)):
        (buttons[name].enable if on else buttons[name].disable)()
        if isinstance(buttons[name], ReasonButton):
            buttons[name].reason_now = None  # (a part may say again why the whole row is off)


__all__ = ["ReasonButton", "button_labels", "fitted_row", "make_row", "refresh_row", "too_narrow"]
