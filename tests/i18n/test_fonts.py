"""Every character each language shows has a glyph in the font the game draws it with."""

from __future__ import annotations

import string

import pygame
import pygame.freetype
import pytest

from big2 import i18n
from big2.app.ui import assets

from .test_catalogs import tool

# What every language draws besides its catalog: digits, card ranks and suits, and the
# punctuation the layouts add.
ALWAYS = "0123456789AKQJ ♠♥♦♣★⏎±+-–—%:/()…·×"


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> object:
    pygame.font.init()
    yield
    assets.clear_caches()


def _missing(path: str, text: str) -> str:
    """The characters of ``text`` the font has no glyph for (pygame.font draws its
    .notdef box without saying so; pygame.freetype's metrics say None)."""
    pygame.freetype.init()
    font = pygame.freetype.Font(path, 20)
    return "".join(sorted({ch for ch, m in zip(text, font.get_metrics(text)) if m is None}))


@pytest.mark.parametrize("code", i18n.CODES)
def test_each_languages_font_covers_its_texts(code: str) -> None:
    lang = i18n.LANGUAGES[code]
    text = ALWAYS + lang.native_name + "".join(lang.months) + "".join(lang.am_pm)
    # the words of its dates and times (年 and 月 in Chinese: Statistics showed □ for them)
    text += "".join(literal for pattern in (lang.date_pattern, lang.time_pattern)
                    for literal, *_rest in string.Formatter().parse(pattern))
    if code != "en":
        text += "".join(sorted(tool.catalog_characters([code])))
    if lang.fonts != "latin":  # the language picker lists every language by its own name
        text += "".join(other.native_name for other in i18n.LANGUAGES.values())
    for path in assets.font_files(lang.fonts):
        assert not _missing(str(path), text), f"{code}: {path.name} lacks {_missing(str(path), text)!r}"


def test_the_font_follows_the_language() -> None:
    pygame.font.init()
    try:
        i18n.set_language("zh_Hant")
        cjk_regular, cjk_bold = (str(p) for p in assets.font_files("cjk_tc"))
        assert assets.font(20) is assets._font(20, "Big2CJK-TC-Regular.otf")
        assert assets.font(20, bold=True) is assets._font(20, "Big2CJK-TC-Bold.otf")
        assert not _missing(cjk_regular, "牌過") and not _missing(cjk_bold, "牌過")
        assert assets.font(20, face=assets.BOLD) is assets._font(20, assets.BOLD)  # card faces
        i18n.set_language("zh_Hans")
        assert assets.font(20) is assets._font(20, "Big2CJK-SC-Regular.otf")
        i18n.set_language("id")
        assert assets.font(20) is assets._font(20, assets.REGULAR)
    finally:
        i18n.set_language("en")
