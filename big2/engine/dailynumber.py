"""The daily deal's number: one deal number for each calendar date, the same everywhere.

:func:`daily_deal_number` is a pure function of the date (no clock, no network): every
copy of the game, in every version, gives the same number for the same date. The
caller decides which date is "today" (the player's local calendar date).

**The function, exactly** (also in ``docs/deal-numbers.md``, with test vectors):

1. ``u`` = the date's Unix day: days since 1970-01-01 (1970-01-01 is 0).
2. One SplitMix64 draw (the generator of :mod:`big2.engine.dealnumber`) from the state
   ``u + DAILY_SALT`` (``DAILY_SALT`` = ``0xDA11_0000_0000``, so that daily numbers do
   not run through the small numbers people type).
3. The deal number is the draw's high 32 bits: ``draw >> 32``.

Dates before 1970-01-01 have no daily deal (:class:`ValueError`). The game offers
daily deals from :data:`DAILY_FIRST` on; the function itself is defined for any later
date too, so a calendar can be read ahead of time.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from .dealnumber import _splitmix64

#: Added to the Unix day before the draw (see the module notes). Never changes.
DAILY_SALT: Final = 0xDA11_0000_0000
#: The first date the game offers a daily deal for (the calendar starts here).
DAILY_FIRST: Final = date(2026, 1, 1)
_EPOCH: Final = date(1970, 1, 1)


def unix_day(day: date) -> int:
    """Days from 1970-01-01 to ``day`` (negative before it)."""
    return (day - _EPOCH).days


def daily_deal_number(day: date) -> int:
    """The deal number of ``day``'s daily deal (0 … 4 294 967 295); see the module notes.

    ``ValueError`` for a date before 1970-01-01, ``TypeError`` for anything not a date
    (a ``datetime`` counts by its date)."""
    if not isinstance(day, date):
        raise TypeError(f"a daily deal belongs to a date, not {type(day).__name__}")
    u = unix_day(day if type(day) is date else date(day.year, day.month, day.day))
    if u < 0:
        raise ValueError("daily deals start on 1970-01-01")
    _state, draw = _splitmix64(u + DAILY_SALT)
    return draw >> 32
