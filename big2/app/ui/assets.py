"""Where the shipped assets live, and cached fonts.

The game's data (``theme.json``, ``fonts/``, ``sounds/``, ``icon/``, and any folder added
later, e.g. translations) is package data in ``big2/assets/``: it is installed with the
code by every kind of install (source checkout, editable, wheel, sdist, pipx) and the
PyInstaller spec puts it at ``big2/assets`` inside the bundle, so
``importlib.resources.files("big2")`` finds it everywhere. ``BIG2_ASSETS`` overrides it
(a folder laid out the same way). Nothing is opened at import; fonts are made on first
use and must be dropped with :func:`clear_caches` when pygame quits (a pygame Font does
not survive ``pygame.quit()``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
SERIF_BOLD = "DejaVuSerif-Bold.ttf"

PACKAGE = "big2"
FOLDER = "assets"


def assets_dir() -> Path:
    """The assets folder: ``$BIG2_ASSETS``, else ``big2/assets`` found through
    ``importlib.resources`` (the installed package, or the frozen app's bundle).

    Raises FileNotFoundError with a sentence saying what is wrong if the folder is not
    on disk (e.g. the package was imported from a zip file, which pygame cannot read
    fonts from).
    """
    env = os.environ.get("BIG2_ASSETS")
    if env:
        return Path(env)
    found = resources.files(PACKAGE).joinpath(FOLDER)
    if isinstance(found, Path) and found.is_dir():
        return found
    bundle = getattr(sys, "_MEIPASS", None)  # a frozen app whose reader is not path-based
    if bundle and (Path(bundle) / PACKAGE / FOLDER).is_dir():
        return Path(bundle) / PACKAGE / FOLDER
    raise FileNotFoundError(
        f"Big2's game data (fonts, sounds, theme) is missing: {found} is not a folder on disk. "
        "Reinstall the game, or set BIG2_ASSETS to a copy of the big2/assets folder."
    )


def asset(*parts: str) -> Path:
    """A file (or folder) inside :func:`assets_dir`, e.g. ``asset("fonts", REGULAR)``."""
    return assets_dir().joinpath(*parts)


#: The (regular, bold) files of each font family a language asks for
#: (:attr:`big2.i18n.Language.fonts`): DejaVu for the Latin-script languages, subsets of
#: Noto Sans CJK TC and SC for Chinese (they hold Latin letters, digits and ♠♥♦♣ too,
#: so a whole line is drawn with one font; pygame cannot fall back glyph by glyph).
FONT_FAMILIES = {
    "latin": (REGULAR, BOLD),
    "cjk_tc": ("Big2CJK-TC-Regular.otf", "Big2CJK-TC-Bold.otf"),
    "cjk_sc": ("Big2CJK-SC-Regular.otf", "Big2CJK-SC-Bold.otf"),
}


def font_files(family: str) -> tuple[Path, Path]:
    """The regular and bold font files of ``family`` (see :data:`FONT_FAMILIES`)."""
    regular, bold = FONT_FAMILIES.get(family, FONT_FAMILIES["latin"])
    return asset("fonts", regular), asset("fonts", bold)


def font(size: int, *, bold: bool = False, face: str | None = None) -> pygame.font.Font:
    """A shipped font at ``size`` pixels: the file ``face`` if given (card faces keep
    DejaVu in every language), else the current language's family (see
    :data:`FONT_FAMILIES`), regular or bold."""
    if face is None:
        from ... import i18n

        family = FONT_FAMILIES.get(i18n.current().language.fonts, FONT_FAMILIES["latin"])
        face = family[1] if bold else family[0]
    return _font(max(6, int(size)), face)


@lru_cache(maxsize=24)  # a screen uses a dozen sizes; each font holds ~0.2 MB
def _font(size: int, face: str) -> pygame.font.Font:
    import pygame

    return pygame.font.Font(str(asset("fonts", face)), size)


def face_name(*, bold: bool = False, family: str | None = None) -> str:
    """The font file the current language's family (or ``family``) draws with."""
    if family is None:
        from ... import i18n

        family = i18n.current().language.fonts
    regular, heavy = FONT_FAMILIES.get(family, FONT_FAMILIES["latin"])
    return heavy if bold else regular


def fallback_faces(*, bold: bool = False) -> tuple[str, ...]:
    """Every shipped text face of that weight, the current language's first: the order
    :mod:`big2.app.ui.text` tries them in for a character the first one lacks (a name typed
    in Chinese while the game speaks English, a line written before a language switch)."""
    first = face_name(bold=bold)
    others = [face_name(bold=bold, family=f) for f in FONT_FAMILIES]
    return tuple(dict.fromkeys([first, *others]))


#: Whether a face has a glyph for a character, by (face, character): kept across
#: pygame.quit (it is a fact about the file, not a pygame object).
_covered: dict[tuple[str, str], bool] = {}


def covers(face: str, ch: str) -> bool:
    """Whether the shipped font file ``face`` has a glyph for ``ch`` (pygame.font draws
    its .notdef box, "tofu", for a missing one without saying so; pygame.freetype's
    metrics say None). Spaces and control characters count as covered."""
    if ch.isspace() or ord(ch) < 0x20 or (ch.isascii() and ch.isprintable()):
        return True  # every shipped face holds ASCII
    key = (face, ch)
    known = _covered.get(key)
    if known is None:
        (metrics,) = _metrics_font(face).get_metrics(ch) or [None]
        known = _covered[key] = metrics is not None
    return known


@lru_cache(maxsize=8)
def _metrics_font(face: str):
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(asset("fonts", face)), 16)


#: What else holds pygame objects made from these assets and must be dropped with the
#: fonts (card art registers its image cache here when it is imported).
_other_caches: list[Callable[[], None]] = []


def also_clear(clear: Callable[[], None]) -> None:
    """Have :func:`clear_caches` call ``clear`` too (for a cache of pygame images)."""
    if clear not in _other_caches:
        _other_caches.append(clear)


def clear_caches() -> None:
    """Forget every cached font and card image (call before and after pygame.quit)."""
    _font.cache_clear()
    _metrics_font.cache_clear()
    for clear in _other_caches:
        clear()
