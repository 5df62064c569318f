"""Which language a system asks for, and numbers and dates as each language writes them
(checked against CLDR, through Babel's copy of it)."""

from __future__ import annotations

import datetime as dt

import pytest
from babel import dates, numbers

from big2.i18n import CODES, LANGUAGES, language_for_locale, system_language
from big2.i18n import formats
from big2.persistence import settings as persisted

# zh_Hant serves Hong Kong and Taiwan; its times follow Hong Kong's CLDR data (上午/下午),
# which Taiwan's readers read too (Taiwan's CLDR adds 凌晨, 清晨, 中午 and 晚上).
CLDR = {"en": "en", "zh_Hant": "zh_Hant_HK", "zh_Hans": "zh_Hans", "fil": "fil", "id": "id"}


@pytest.mark.parametrize(("tag", "code"), [
    ("zh_HK.UTF-8", "zh_Hant"), ("zh_TW", "zh_Hant"), ("zh-Hant", "zh_Hant"), ("zh_MO", "zh_Hant"),
    ("zh-Hant-HK", "zh_Hant"), ("zh_CN.UTF-8", "zh_Hans"), ("zh_SG", "zh_Hans"), ("zh-Hans", "zh_Hans"),
    ("zh", "zh_Hans"), ("ZH_tw", "zh_Hant"), ("fil_PH", "fil"), ("tl_PH.UTF-8", "fil"), ("fil", "fil"),
    ("id_ID.UTF-8", "id"), ("in_ID", "id"), ("ms_MY", "en"), ("en_US", "en"), ("de_DE@euro", "en"),
    ("C", "en"), ("", "en"), (None, "en"), ("ja_JP", "en"),
])
def test_locale_names_map_to_languages(tag: str | None, code: str) -> None:
    assert language_for_locale(tag) == code


def test_system_language_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
    assert system_language() == "en"
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert system_language() == "zh_Hant"
    monkeypatch.setenv("LANGUAGE", "id:en")
    assert system_language() == "id"
    monkeypatch.setenv("LANGUAGE", "en_GB:zh_TW")
    assert system_language() == "en"  # the first the game speaks wins, English included
    monkeypatch.setenv("LANGUAGE", "ja:fil")
    assert system_language() == "fil"


def test_the_settings_offer_exactly_the_languages_the_game_speaks() -> None:
    assert persisted.LANGUAGES == CODES
    assert persisted.DEFAULTS.language == ""


NUMBERS = [0, 1, 7, 12, 999, 1000, 1234, 12345, 1234567, -3, -1500, 10**9 + 7]


@pytest.mark.parametrize("code", CODES)
def test_numbers_follow_cldr(code: str) -> None:
    lang = LANGUAGES[code]
    for n in NUMBERS:
        assert formats.format_number(n, lang) == numbers.format_decimal(n, locale=CLDR[code])
    for x in (0.5, 1234.25, -2.75):
        assert formats.format_number(x, lang, decimals=2) == numbers.format_decimal(x, locale=CLDR[code])
    for f in (0.0, 0.456, 0.5, 1.0, 0.125):
        assert formats.format_percent(f, lang) == numbers.format_percent(f, locale=CLDR[code])
    assert formats.format_signed(12, lang) == "+12" and formats.format_signed(0, lang) == "0"


@pytest.mark.parametrize("code", CODES)
def test_dates_and_times_follow_cldr(code: str) -> None:
    lang = LANGUAGES[code]
    day = dt.date(2024, 1, 1)
    while day.year == 2024:  # every month and day of a leap year
        assert formats.format_date(day, lang) == dates.format_date(day, "medium", locale=CLDR[code])
        day += dt.timedelta(days=13)
    for hour in range(24):
        for minute in (0, 5, 59):
            moment = dt.time(hour, minute)
            cldr = dates.format_time(moment, "short", locale=CLDR[code]).replace("\u202f", " ")
            assert formats.format_time(moment, lang) == cldr, (code, moment)
    stamp = dt.datetime(2026, 11, 3, 14, 5)
    assert formats.format_datetime(stamp, lang) == (
        f"{formats.format_date(stamp.date(), lang)} {formats.format_time(stamp, lang)}")


def test_every_language_names_itself_and_its_fonts() -> None:
    from big2.app.ui import assets

    for lang in LANGUAGES.values():
        assert lang.native_name and lang.fonts in assets.FONT_FAMILIES
        for path in assets.font_files(lang.fonts):
            assert path.is_file(), path


def test_the_readme_names_every_offered_language_as_offered() -> None:
    """The README's Languages paragraph stays true: each language Settings offers is named
    in its own words, and nothing says they are not offered."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    para = readme[readme.index("**Languages.**"):readme.index("## House rules")]
    for code in CODES:
        assert LANGUAGES[code].native_name in para, code
    assert "not offered" not in para and "not yet" not in para and "Settings" in para
