"""Numbers, percentages, dates and times as each language writes them (CLDR conventions).

Pure functions of a :class:`~big2.i18n.languages.Language`; a test compares them with
Babel's CLDR data for every language, so a new language's table is checked too.
"""

from __future__ import annotations

import datetime as _dt

from .languages import Language


def format_number(value: float, lang: Language, *, decimals: int = 0) -> str:
    """``1234567`` → ``1,234,567`` (English) or ``1.234.567`` (Indonesian); ``decimals``
    digits after the decimal mark, trailing zeros dropped."""
    text = f"{abs(value):,.{decimals}f}"
    whole, _, frac = text.partition(".")
    frac = frac.rstrip("0")
    whole = whole.replace(",", lang.group)
    out = whole + (lang.decimal + frac if frac else "")
    return ("-" if value < 0 and out.strip("0.,") else "") + out


def format_signed(value: int, lang: Language) -> str:
    """A score change with its sign: ``+12``, ``-3``, ``0``."""
    return ("+" if value > 0 else "") + format_number(value, lang)


def format_percent(fraction: float, lang: Language) -> str:
    """``0.456`` → ``46%`` (rounded half to even, like CLDR)."""
    return format_number(round(fraction * 100), lang) + "%"


def format_date(day: _dt.date, lang: Language) -> str:
    """A date in the language's medium form: ``Nov 3, 2026``, ``2026年11月3日``,
    ``3 Nov 2026``."""
    mon = lang.months[day.month - 1] if lang.months else str(day.month)
    return lang.date_pattern.format(year=day.year, month=day.month, mon=mon, day=day.day)


def format_time(moment: _dt.time | _dt.datetime, lang: Language) -> str:
    """A time of day in the language's short form: ``2:05 PM``, ``下午2:05``, ``14.05``."""
    hour12 = moment.hour % 12 or 12
    return lang.time_pattern.format(
        hour=moment.hour, hour12=hour12, minute=f"{moment.minute:02d}",
        ampm=lang.am_pm[moment.hour >= 12],
    )


def format_datetime(moment: _dt.datetime, lang: Language) -> str:
    """Date and time: ``Nov 3, 2026 2:05 PM``."""
    return f"{format_date(moment.date(), lang)} {format_time(moment, lang)}"
