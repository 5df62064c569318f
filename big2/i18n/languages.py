"""The languages the game speaks, and which one a system locale asks for.

A language is named by its code (the folder of its catalog under ``assets/locale``):
``en``, ``zh_Hant`` (Traditional Chinese as written in Hong Kong and Taiwan),
``zh_Hans`` (Simplified Chinese), ``fil`` (Filipino) and ``id`` (Bahasa Indonesia).
Each carries what the app needs beyond its catalog: its own name for the picker, the
font family that covers its script, and its number and date conventions (CLDR's, a
test checks them against Babel's copy of CLDR).
"""

from __future__ import annotations

import locale
import os
import sys
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Language:
    """One language the game can be played in."""

    code: str
    #: The language's own name, as the picker shows it.
    native_name: str
    #: The font family for its text: ``latin`` (DejaVu), ``cjk_tc`` or ``cjk_sc``.
    fonts: str
    decimal: str
    group: str
    #: Short month names, January first; empty when the date is written with numbers.
    months: tuple[str, ...]
    #: ``str.format`` pattern with ``{year}``, ``{month}`` (number), ``{mon}`` (short
    #: name) and ``{day}``.
    date_pattern: str
    #: ``str.format`` pattern with ``{hour}`` (24 h), ``{hour12}``, ``{minute}`` (two
    #: digits) and ``{ampm}``.
    time_pattern: str
    am_pm: tuple[str, str] = ("AM", "PM")
    #: Whether lines may break between any two characters (no spaces between words).
    breaks_anywhere: bool = False


_EN_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

LANGUAGES: Final[dict[str, Language]] = {
    lang.code: lang for lang in (
        Language("en", "English", "latin", ".", ",", _EN_MONTHS,
                 "{mon} {day}, {year}", "{hour12}:{minute} {ampm}"),
        Language("zh_Hant", "繁體中文", "cjk_tc", ".", ",", (),
                 "{year}年{month}月{day}日", "{ampm}{hour12}:{minute}", ("上午", "下午"),
                 breaks_anywhere=True),
        Language("zh_Hans", "简体中文", "cjk_sc", ".", ",", (),
                 "{year}年{month}月{day}日", "{hour:02d}:{minute}", breaks_anywhere=True),
        Language("fil", "Filipino", "latin", ".", ",",
                 ("Ene", "Peb", "Mar", "Abr", "May", "Hun", "Hul", "Ago", "Set", "Okt", "Nob", "Dis"),
                 "{mon} {day}, {year}", "{hour12}:{minute} {ampm}"),
        Language("id", "Bahasa Indonesia", "latin", ",", ".",
                 ("Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"),
                 "{day} {mon} {year}", "{hour:02d}.{minute}"),
    )
}
ENGLISH: Final = LANGUAGES["en"]
#: Codes in the order the picker lists them.
CODES: Final = tuple(LANGUAGES)

# Regions whose Chinese is written in Traditional characters.
_TRADITIONAL_REGIONS: Final = frozenset({"hk", "tw", "mo"})


def language_for_locale(tag: str | None) -> str:
    """The language code for a locale name such as ``zh_TW.UTF-8``, ``zh-Hant-HK``,
    ``fil_PH`` or ``id``; ``en`` when the game does not speak that language.

    Chinese: Traditional for the ``Hant`` script and for Hong Kong, Taiwan and Macau,
    Simplified otherwise (``Hans``, China, Singapore, or no region). Tagalog counts as
    Filipino. Malay (``ms``) gets English: the game has no Malay catalog, and Big Two
    in Malaysia is mostly played in Chinese or English, whose players pick those.
    """
    if not tag:
        return "en"
    parts = tag.split(".")[0].split("@")[0].replace("-", "_").lower().split("_")
    lang, rest = parts[0], set(parts[1:])
    if lang == "zh":
        if "hant" in rest or rest & _TRADITIONAL_REGIONS:
            return "zh_Hant"
        return "zh_Hans"
    if lang in ("fil", "tl"):
        return "fil"
    if lang in ("id", "in"):
        return "id"
    return "en"


def system_locale_names() -> list[str]:
    """The system's preferred locale names, best first (may be empty).

    Reads ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (Linux, macOS from a
    terminal), then the user interface language on Windows, then Python's locale.
    """
    names: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        names.extend(n for n in value.split(":") if n and n not in ("C", "POSIX"))
    if sys.platform == "win32":  # pragma: no cover - Windows only
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            name = locale.windows_locale.get(lcid)
            if name:
                names.append(name)
        except (AttributeError, OSError):
            pass
    try:
        current = locale.getlocale()[0]
    except ValueError:
        current = None
    if current and current not in ("C", "POSIX"):
        names.append(current)
    return names


def system_language() -> str:
    """The language the system asks for, of those the game speaks (``en`` otherwise).

    The first locale name that names a language the game speaks wins; ``en_US`` before
    ``zh_TW`` gives English.
    """
    for name in system_locale_names():
        lowered = name.lower()
        if lowered.startswith("en"):
            return "en"
        code = language_for_locale(name)
        if code != "en":
            return code
    return "en"
