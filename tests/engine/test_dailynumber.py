"""The daily deal's number: a documented function of the date (docs/deal-numbers.md)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from big2.engine.dailynumber import DAILY_SALT, daily_deal_number, unix_day
from big2.engine.dealnumber import DealNumberError, deal_number_in

#: The test vectors of docs/deal-numbers.md ("The daily deal"): never change them.
GOLDEN = [
    (date(1970, 1, 1), 652_429_731),
    (date(2026, 1, 1), 1_601_411_983),
    (date(2026, 12, 6), 96_944_034),
    (date(2026, 12, 25), 3_540_438_201),
    (date(2027, 1, 1), 749_012_559),
    (date(2030, 6, 15), 1_207_753_427),
    (date(9999, 12, 31), 852_542_537),
]
MASK = (1 << 64) - 1


def reference(day: date) -> int:
    """The steps of docs/deal-numbers.md, written out again independently."""
    u = (day - date(1970, 1, 1)).days
    s = (u + 0xDA11_0000_0000 + 0x9E3779B97F4A7C15) & MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) >> 32


@pytest.mark.parametrize(("day", "number"), GOLDEN, ids=lambda v: str(v))
def test_the_golden_table(day, number):
    assert daily_deal_number(day) == number == reference(day)


def test_every_day_of_some_years_follows_the_documented_steps():
    start = date(2026, 1, 1).toordinal()
    numbers = set()
    for k in range(3 * 366):
        day = date.fromordinal(start + k)
        n = daily_deal_number(day)
        assert n == reference(day) and 0 <= n < 1 << 32
        numbers.add(n)
    assert len(numbers) == 3 * 366  # no two days of these years share a deal


def test_dates_only_and_none_before_1970():
    assert DAILY_SALT == 0xDA11_0000_0000
    assert unix_day(date(1970, 1, 2)) == 1
    assert daily_deal_number(datetime(2026, 12, 6, 23, 59)) == 96_944_034  # a moment counts by its date
    with pytest.raises(ValueError):
        daily_deal_number(date(1969, 12, 31))
    with pytest.raises(TypeError):
        daily_deal_number("2026-12-06")  # type: ignore[arg-type]


def test_a_share_text_pasted_whole_gives_its_deal_number():
    share = "#96 944 034 · Big Two daily 2026-12-06\nYou −6 · Expert +0\n●○○●\n"
    assert deal_number_in(share) == 96_944_034
    assert deal_number_in(share[:16]) == 96_944_034  # cut short by a field's length limit
    assert deal_number_in("1 234 567") == 1_234_567 == deal_number_in("#1234567")
    for bad in ("Big Two daily 2026-12-06", "#1 and #2", "", "#"):
        with pytest.raises(DealNumberError):
            deal_number_in(bad)
    assert deal_number_in("#5 then #5 again") == 5  # the same number twice is one number
