"""The daily results file: checked writes, a damaged file set aside, streaks."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import pytest

from big2.engine.course import HandCourse, Moment
from big2.engine.dailynumber import daily_deal_number
from big2.persistence.atomic import Unreadable, backup_path
from big2.persistence.daily import (
    DailyBook, DailyRecord, DailyStore, Streaks, book_to_bytes, parse_book,
)
from big2.persistence.notices import StorageError

NAMES = ("You", "Mei Lin", "Marco", "Ah Keung")


def course(points=(-6, 0, -3, -2), winner=1, seat=0) -> HandCourse:
    return HandCourse(seat=seat, winner=winner, points=points, cards_left=tuple(-p for p in points),
                      tricks=(1, 0, 1), moments=(Moment("two", 2, 0, (48,)), Moment("out", 3, winner)))


def record(day: date, *, late=False, you=None, expert=None, by_computer=False) -> DailyRecord:
    return DailyRecord(day, daily_deal_number(day), datetime(2026, 12, 6, 9, tzinfo=timezone.utc), late, NAMES,
                       you or course(), expert, by_computer=by_computer)


def test_a_record_round_trips_and_says_how_it_went_against_the_expert(paths):
    store = DailyStore(paths)
    day = date(2026, 12, 6)
    assert store.load().value == DailyBook() and store.load().source == "none"
    store.record(record(day))
    got = store.load().value.get(day)
    assert got == record(day) and got.against_expert is None
    store.add_expert(day, course(points=(-9, 0, -1, -1)))
    got = store.load().value.get(day)
    assert got.expert.my_points == -9 and got.against_expert == 1
    # the first play stands: a second record of the day (practice) changes nothing
    store.record(record(day, you=course(points=(0, -5, -5, -5), winner=0)))
    assert store.load().value.get(day).you.my_points == -6
    # the file is a checksummed JSON object of the documented shape
    doc = json.loads(store.path.read_text(encoding="utf-8"))
    assert doc["format"] == "big2-daily" and doc["version"] == 2 and doc["checksum"].startswith("sha256:")
    assert doc["records"][0]["date"] == "2026-12-06" and doc["records"][0]["deal"] == 96_944_034


def test_streaks_count_days_played_on_their_day_only():
    today = date(2026, 12, 10)
    book = DailyBook()
    for d in (1, 2, 3, 5, 6, 8, 9, 10):
        book = book.with_record(record(date(2026, 12, d)))
    assert book.streaks(today) == Streaks(current=3, best=3)
    book = book.with_record(record(date(2026, 12, 4), late=True))  # late: no streak
    assert book.streaks(today) == Streaks(current=3, best=3)
    book = book.with_record(record(date(2026, 12, 7)))
    assert book.streaks(today) == Streaks(current=6, best=6)
    # today still to play: the run up to yesterday stands; a day missed ends it
    assert book.streaks(today + timedelta(days=1)).current == 6
    assert book.streaks(today + timedelta(days=2)).current == 0
    assert DailyBook().streaks(today) == Streaks(0, 0)


def test_a_day_the_computer_played_for_you_is_kept_but_counts_for_no_streak(paths):
    today = date(2026, 12, 6)
    book = DailyBook()
    for d in (3, 4, 5):
        book = book.with_record(record(date(2026, 12, d)))
    book = book.with_record(record(today, by_computer=True))  # Let the computer play my hand
    assert book.streaks(today) == Streaks(current=3, best=3)  # up to yesterday: today does not add
    assert book.streak_days() == [date(2026, 12, d) for d in (3, 4, 5)]
    book = book.with_record(record(date(2026, 12, 4), by_computer=True))
    assert book.streaks(today) == Streaks(current=1, best=1)  # a computer's day breaks the run
    # kept with its mark, through the checked writer and reader
    store = DailyStore(paths)
    store.record(record(today, by_computer=True))
    store.record(record(date(2026, 12, 5)))
    got = store.load().value
    assert got.get(today).by_computer and not got.get(date(2026, 12, 5)).by_computer
    doc = json.loads(store.path.read_text(encoding="utf-8"))
    assert [r["by_computer"] for r in doc["records"]] == [False, True]


def test_a_version_1_file_is_read_with_every_day_played_by_the_player():
    from big2.persistence.checksum import seal

    doc = json.loads(book_to_bytes(DailyBook().with_record(record(date(2026, 12, 6)))))
    del doc["checksum"], doc["records"][0]["by_computer"]
    doc["version"] = 1
    got = parse_book(json.dumps(seal(doc)).encode())
    assert got.get(date(2026, 12, 6)) == record(date(2026, 12, 6))
    doc["version"] = 2  # the current version must say who played
    with pytest.raises(Unreadable, match="by_computer"):
        parse_book(json.dumps(seal(doc)).encode())
    doc["records"][0]["by_computer"] = "yes"
    with pytest.raises(Unreadable, match="computer"):
        parse_book(json.dumps(seal(doc)).encode())


def test_a_damaged_file_is_set_aside_the_previous_copy_loaded_and_the_player_told(paths):
    store = DailyStore(paths)
    store.record(record(date(2026, 12, 5)))
    store.record(record(date(2026, 12, 6)))  # the first copy becomes daily.json.bak
    raw = bytearray(store.path.read_bytes())
    raw[raw.index(b'"late": false')] ^= 0x01  # one flipped bit
    store.path.write_bytes(bytes(raw))
    loaded = store.load()
    assert loaded.source == "backup" and set(loaded.value.records) == {date(2026, 12, 5)}
    assert loaded.notices and "daily results" in loaded.notices[0].text
    assert any(p.name.startswith("daily.json.damaged-") for p in store.path.parent.iterdir())
    # neither copy usable: an empty book, the player told, nothing raised
    store.path.write_bytes(b"{not json")
    backup_path(store.path).write_bytes(b"")
    loaded = store.load()
    assert loaded.value == DailyBook() and loaded.notices


def test_the_reader_refuses_what_is_not_a_daily_file():
    good = book_to_bytes(DailyBook().with_record(record(date(2026, 12, 6))))
    assert parse_book(good).get(date(2026, 12, 6)) is not None
    doc = json.loads(good)
    doc["records"][0]["deal"] = 1  # another date's deal, resealed
    from big2.persistence.checksum import seal

    with pytest.raises(Unreadable, match="another date"):
        parse_book(json.dumps(seal(doc)).encode())
    newer = seal({"format": "big2-daily", "version": 99, "records": []})
    with pytest.raises(Unreadable) as info:
        parse_book(json.dumps(newer).encode())
    assert info.value.tag == "newer"
    for bad in (b"[]", b'{"format": "big2-save"}', json.dumps({**json.loads(good), "checksum": "sha256:0"}).encode()):
        with pytest.raises(Unreadable):
            parse_book(bad)


def test_a_write_its_reader_would_refuse_is_never_made(paths):
    store = DailyStore(paths)
    bad = record(date(2026, 12, 6), you=course(points=(-6, 0)))  # two seats' points at a four-seat table
    with pytest.raises(StorageError):
        store.record(bad)
    assert not store.path.exists()
