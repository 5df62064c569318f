"""Keeping memory flat while the window changes size.

A drag-resize passes through hundreds of sizes, and every size draws new images: card
faces, text, panels, pygame_gui's button shapes and fonts at each UI scale. Our own
caches are bounded by bytes (:class:`big2.app.ui.cardart.SurfaceCache`); this module does
the two things left:

* :func:`fresh_ui_caches`, when the UI scale changes: pygame_gui keeps every font size
  it ever loaded and packs button shapes into up to three 4 MB sheets it never empties,
  so the old scale's fonts are forgotten and the new widgets get a fresh shape cache
  (widgets still showing keep theirs until they are rebuilt);
* :func:`mark_caches` at every resize and :func:`forget_unused` once the window has
  settled: the card and text caches drop what the new size has not used (the old
  sizes' images), not only what their byte bounds push out;
* :func:`release_freed`: the C allocator keeps freed pixel memory for reuse instead of
  giving it back (tens of MB after a drag-resize); this hands the free pages back to the
  system. It costs about a millisecond and is a no-op off glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from typing import Any

_trim: Any = None


def _malloc_trim() -> Any:
    global _trim
    if _trim is None:
        _trim = False
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _trim = libc.malloc_trim  # glibc only; musl has none
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
            except (OSError, AttributeError):
                _trim = False
    return _trim


def release_freed() -> None:
    """Give the allocator's free pages back to the system (glibc; elsewhere nothing)."""
    trim = _malloc_trim()
    if trim:
        trim(0)


def mark_caches() -> None:
    """The window changed size: what the card and text caches hold now may go later."""
    from . import cardart, text

    cardart._cache.mark()
    text._cache.mark()


def forget_unused() -> None:
    """The window has settled: drop the cached images not used since the last resize."""
    from . import cardart, text

    cardart._cache.forget_unused()
    text._cache.forget_unused()


def fresh_ui_caches(manager: Any) -> None:
    """Before loading the theme at a new UI scale: drop pygame_gui's fonts (its defaults
    stay) and start a new shape cache, so neither keeps every scale it has been at."""
    from pygame_gui.core.surface_cache import SurfaceCache

    theme = manager.get_theme()
    fonts = theme.get_font_dictionary()
    keep = {getattr(getattr(fonts, name, None), "idx", None)
            for name in ("default_font", "_default_symbols_font")}
    loaded = getattr(fonts, "loaded_fonts", None)
    if isinstance(loaded, dict):
        for font_id in [k for k in loaded if k not in keep]:
            del loaded[font_id]
    theme.shape_cache = SurfaceCache()
