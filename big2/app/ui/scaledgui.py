"""pygame_gui controls whose fixed pixel sizes follow the UI scale.

The theme (:func:`big2.app.ui.uiscale.scaled_theme`) scales fonts, corners and list
rows, but pygame_gui hard-codes a few sizes in its code: a slider's ◀ ▶ buttons and a
scrolling list's scroll bar (its width, and the height of its ▲ ▼ buttons) are 20
pixels at any scale. At 1920 × 1080 (scale 1.5) they were drawn at 1280 × 720's size,
tiny beside the controls around them. These subclasses draw them at ``20 × scale``.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.elements import UIHorizontalSlider, UIScrollingContainer

from .uiscale import px

#: pygame_gui's fixed size for slider buttons, scroll bars and their arrow buttons.
GUI_BAR_PX = 20


class Slider(UIHorizontalSlider):
    """A horizontal slider whose ◀ ▶ buttons are ``20 × scale`` wide (the sliding
    button's width and the arrows' font come from the scaled theme)."""

    def __init__(self, *args: Any, scale: float, **kwargs: Any) -> None:
        self._arrow_w = px(GUI_BAR_PX, scale)
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        self.default_button_width = self._arrow_w  # read by rebuild for the arrow buttons
        super().rebuild()


class ScrollingContainer(UIScrollingContainer):
    """A scrolling list whose vertical scroll bar is ``20 × scale`` wide, with ▲ ▼
    buttons ``20 × scale`` tall (their font comes from the scaled theme)."""

    def __init__(self, *args: Any, scale: float, **kwargs: Any) -> None:
        self._bar = px(GUI_BAR_PX, scale)
        super().__init__(*args, **kwargs)
        bar = self.vert_scroll_bar
        if bar is not None and bar.button_height != self._bar:
            # its arrow buttons were made at pygame_gui's size: make them again at ours
            # (at the bar's real width: a sliding button given no width keeps its old height)
            height = bar.relative_rect.height
            bar.set_dimensions((self._bar, height))
            bar.button_height = self._bar
            for name in ("top_button", "bottom_button"):
                button = getattr(bar, name, None)
                if button is not None:
                    button.kill()
                    setattr(bar, name, None)
            bar.rebuild()
            bar.set_dimensions((0, height))  # as pygame_gui leaves it until the list is filled

    def _check_scroll_bars(self) -> tuple[bool, bool]:
        need = super()._check_scroll_bars()
        if self.scroll_bar_width:
            self.scroll_bar_width = self._bar
        if self.scroll_bar_height:
            self.scroll_bar_height = self._bar
        return need
