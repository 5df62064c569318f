"""One scale factor for the whole UI, derived from the window size.

Every menu, font, button and panel is designed at 1280 × 720 (scale 1.0) and drawn at
``design px × scale``: 1920 × 1080 is 1.5, 2560 × 1440 is 2.0, and small windows bottom
out at :data:`MIN_SCALE` so text stays readable (layouts squeeze their widths instead).
The scale moves in steps of :data:`STEP`, so dragging a window edge re-themes the UI a
handful of times rather than on every pixel, and the font caches stay bounded.

No pygame here: :func:`scaled_theme` works on the theme's JSON dictionary.
"""

from __future__ import annotations

import copy
from typing import Any, Final

DESIGN: Final = (1280, 720)
MIN_SCALE: Final = 0.8
MAX_SCALE: Final = 2.5
STEP: Final = 0.05
#: No text is drawn smaller than this many pixels, whatever the scale.
MIN_FONT_PX: Final = 12


def ui_scale(size: tuple[int, int]) -> float:
    """The UI scale for a window of ``size`` pixels (1.0 at 1280 × 720)."""
    w, h = size
    raw = min(w / DESIGN[0], h / DESIGN[1])
    raw = max(MIN_SCALE, min(MAX_SCALE, raw))
    return round(round(raw / STEP) * STEP, 2)


def px(value: float, scale: float) -> int:
    """``value`` design pixels at ``scale``, rounded to whole pixels."""
    return int(round(value * scale))


def font_px(value: float, scale: float) -> int:
    """A font size of ``value`` design pixels at ``scale``, never below :data:`MIN_FONT_PX`."""
    return max(MIN_FONT_PX, px(value, scale))


def scaled_theme(theme: dict[str, Any], scale: float) -> dict[str, Any]:
    """A copy of a pygame_gui theme with font sizes and corner radii at ``scale``."""
    out = copy.deepcopy(theme)
    for block in out.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(font_px(float(font["size"]), scale))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "open_button_width", "list_item_height", "sliding_button_width"):
                if key in misc:
                    misc[key] = str(max(2, px(float(misc[key]), scale)))
    return out
