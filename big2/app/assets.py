"""Where the shipped assets live, and cached fonts.

The ``assets/`` folder sits beside the ``big2`` package in a source checkout and inside
the bundle in a PyInstaller build; ``BIG2_ASSETS`` overrides both. Nothing is opened at
import; fonts are made on first use and must be dropped with :func:`clear_caches` when
pygame quits (a pygame Font does not survive ``pygame.quit()``).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
SERIF_BOLD = "DejaVuSerif-Bold.ttf"


def assets_dir() -> Path:
    """The assets folder: ``$BIG2_ASSETS``, the PyInstaller bundle, or the checkout."""
    env = os.environ.get("BIG2_ASSETS")
    if env:
        return Path(env)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


@lru_cache(maxsize=128)
def font(size: int, *, bold: bool = False, face: str | None = None) -> pygame.font.Font:
    """A shipped font (DejaVu: has the ♠♥♦♣ glyphs) at ``size`` pixels."""
    import pygame

    name = face or (BOLD if bold else REGULAR)
    return pygame.font.Font(str(asset("fonts", name)), max(6, int(size)))


def clear_caches() -> None:
    """Forget every cached font and card image (call before and after pygame.quit)."""
    font.cache_clear()
    from . import cardart

    cardart.clear_cache()
