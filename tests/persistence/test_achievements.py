"""Achievements: the checksummed file (damaged: set aside, the previous copy read), and
how each is earned from the score history and the daily results, which also earn them
all again when the file is lost."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import pytest

from big2.engine.cards import parse_cards
from big2.engine.course import HandCourse
from big2.engine.dailynumber import daily_deal_number
from big2.persistence import History, Seat
from big2.persistence.achievements import (
    ACHIEVEMENTS, AchievementBook, AchievementStore, book_to_bytes, parse_book,
)
from big2.persistence.atomic import Unreadable
from big2.persistence.daily import DailyBook, DailyRecord
from big2.persistence.feats import (
    ReviewSummary, daily_feats, derive, feats_of_hand, feats_of_review, hand_facts,
)
from big2.persistence.history import HandResult

T0 = datetime(2026, 12, 1, 18, tzinfo=timezone.utc)


def test_the_file_round_trips_and_keeps_the_earlier_date(paths):
    store = AchievementStore(paths)
    assert store.load().value == AchievementBook() and store.load().source == "none"
    book = AchievementBook({"clean_sweep": T0})
    store.save(book)
    assert store.load().value == book and store.load().source == "main"
    later = book.merged({"clean_sweep": T0 + timedelta(days=1), "hat_trick": T0})
    assert later.when("clean_sweep") == T0 and later.when("hat_trick") == T0
    assert book.new_in({"clean_sweep": T0, "spotless": T0}) == {"spotless": T0}
    assert len(ACHIEVEMENTS) == len(set(ACHIEVEMENTS)) and 6 <= len(ACHIEVEMENTS) <= 10


def test_a_damaged_file_is_set_aside_and_the_previous_copy_read(paths):
    store = AchievementStore(paths)
    store.save(AchievementBook({"clean_sweep": T0}))
    store.save(AchievementBook({"clean_sweep": T0, "hat_trick": T0}))
    doc = json.loads(store.path.read_bytes())
    doc["earned"]["spotless"] = T0.isoformat()  # an edit the checksum does not cover
    store.path.write_text(json.dumps(doc))
    loaded = store.load()
    assert loaded.source == "backup" and loaded.value == AchievementBook({"clean_sweep": T0})
    assert any("achievements file" in n.text and "set aside" in n.text for n in loaded.notices)
    assert any(p.name.startswith("achievements.json.damaged-") for p in paths.data_dir.iterdir())


@pytest.mark.parametrize("raw", [b"", b"{", b'{"format": "big2-save"}', b"[1]",
                                 book_to_bytes(AchievementBook({"x": T0})).replace(b'"x"', b'"y"')])
def test_what_is_not_an_achievements_file_is_refused(raw):
    with pytest.raises(Unreadable):
        parse_book(raw)


def test_a_newer_file_is_refused_as_newer():
    from big2.persistence.checksum import seal
    from big2.persistence.jsonsafe import dump_json

    with pytest.raises(Unreadable) as exc:
        parse_book(dump_json(seal({"format": "big2-achievements", "version": 9, "earned": {}})))
    assert exc.value.tag == "newer"


# Earning from the history --------------------------------------------------------------


def _session(history, levels=("expert", "expert", "expert"), people=1):
    seats = [Seat("You", True)] + [Seat(f"P{i}", True) for i in range(1, people)]
    seats += [Seat(f"C{i}", False, lv) for i, lv in enumerate(levels[people - 1:])]
    return history.start_session(seats, rules_preset="standard", rules={})


def _hand(history, sid, number, *, winner=0, left=(0, 9, 8, 10), last="3d", deal=None, assisted=False,
          by_computer=()):
    return history.record_hand(sid, HandResult(
        hand_number=number, rules_preset="standard", rules={}, winner_seat=winner, cards_left=left,
        points=tuple(-x for x in left), moves=[[winner, list(parse_cards(last))]], started_at=T0,
        duration_s=60.0, deal_number=deal, assisted=assisted, by_computer=by_computer))


def test_a_win_against_three_experts_on_a_two_with_every_opponent_holding_eight():
    with History.in_memory() as h:
        sid = _session(h)
        got = feats_of_hand(h, _hand(h, sid, 1, last="5d 5c 2h", deal=11))
        assert set(got) == {"three_experts", "saved_two", "clean_sweep"}
        assert got["clean_sweep"] == T0 + timedelta(seconds=60)
        # a loss, or a win with an opponent near out, or at a table of normals
        assert feats_of_hand(h, _hand(h, sid, 2, winner=1, left=(5, 0, 8, 9), deal=12)) == {}
        assert set(feats_of_hand(h, _hand(h, sid, 3, left=(0, 7, 8, 9), deal=13))) == {"three_experts"}
        other = _session(h, levels=("normal", "expert", "master"))
        assert set(feats_of_hand(h, _hand(h, other, 1, left=(0, 1, 1, 1), last="2s", deal=14))) == {"saved_two"}


def test_practice_undo_the_computer_and_hot_seat_earn_nothing():
    with History.in_memory() as h:
        sid = _session(h)
        _hand(h, sid, 1, winner=1, deal=21)
        assert feats_of_hand(h, _hand(h, sid, 2, deal=21)) == {}  # the same deal again: practice
        assert feats_of_hand(h, _hand(h, sid, 3, deal=22, assisted=True)) == {}
        assert feats_of_hand(h, _hand(h, sid, 4, deal=23, by_computer=(0,))) == {}
        seat = _session(h, people=2)
        assert feats_of_hand(h, _hand(h, seat, 1, deal=24)) == {}


def test_three_wins_in_a_row_in_one_game_are_a_hat_trick():
    with History.in_memory() as h:
        sid = _session(h, levels=("normal",) * 3)
        few = (0, 1, 1, 1)
        assert "hat_trick" not in feats_of_hand(h, _hand(h, sid, 1, left=few, deal=31))
        assert "hat_trick" not in feats_of_hand(h, _hand(h, sid, 2, left=few, deal=32))
        assert "hat_trick" in feats_of_hand(h, _hand(h, sid, 3, left=few, deal=33))
        _hand(h, sid, 4, winner=2, left=(3, 1, 0, 1), deal=34)
        _hand(h, sid, 5, left=few, deal=35)
        assert "hat_trick" not in feats_of_hand(h, _hand(h, sid, 6, left=few, deal=36))
        assert "hat_trick" in feats_of_hand(h, _hand(h, sid, 7, left=few, deal=37))


def test_a_review_with_no_costly_decision_and_every_one_the_experts():
    with History.in_memory() as h:
        sid = _session(h)
        hid = _hand(h, sid, 1, winner=1, left=(4, 0, 2, 2), deal=41)
        assert set(feats_of_review(h, hid, 0, ReviewSummary(6, 0, 6))) == {"spotless", "expert_eye"}
        assert set(feats_of_review(h, hid, 0, ReviewSummary(6, 0, 5))) == {"spotless"}
        assert feats_of_review(h, hid, 0, ReviewSummary(6, 1, 5)) == {}
        assert feats_of_review(h, hid, 0, ReviewSummary(4, 0, 4)) == {}  # too few decisions
        assert feats_of_review(h, hid, 0, ReviewSummary(6, 0, 6, complete=False)) == {}
        assert feats_of_review(h, hid, 1, ReviewSummary(6, 0, 6)) == {}  # a computer's seat


def _course(mine: int) -> HandCourse:
    return HandCourse(seat=0, winner=1, points=(mine, 0, -1, -1), cards_left=(-mine, 0, 1, 1), tricks=(1,),
                      moments=())


def _day(day: date, *, late=False, mine=-3, expert=None, by_computer=False) -> DailyRecord:
    return DailyRecord(day, daily_deal_number(day), datetime.combine(day, datetime.min.time(), timezone.utc),
                       late, ("You", "A", "B", "C"), _course(mine), None if expert is None else _course(expert),
                       by_computer=by_computer)


def test_a_week_of_daily_deals_on_their_day_and_a_result_above_the_experts():
    start = date(2026, 11, 1)
    book = DailyBook({start + timedelta(days=i): _day(start + timedelta(days=i), late=(i == 3)) for i in range(9)})
    assert "week_streak" not in daily_feats(None, book)  # the late day breaks the run
    book = DailyBook({start + timedelta(days=i): _day(start + timedelta(days=i)) for i in range(9)})
    got = daily_feats(None, book)
    assert set(got) == {"week_streak"} and got["week_streak"].date() == start + timedelta(days=6)
    book = book.with_record(_day(date(2026, 10, 1), late=True, mine=-1, expert=-5))
    assert daily_feats(None, book)["beat_expert"].date() == date(2026, 10, 1)
    with History.in_memory() as h:  # the daily's hand in the history must count: not with undo
        _hand(h, _session(h), 1, winner=1, left=(1, 0, 1, 1), deal=daily_deal_number(date(2026, 10, 1)),
              assisted=True)
        assert "beat_expert" not in daily_feats(h, book)


def test_daily_deals_the_computer_played_for_you_earn_nothing():
    start = date(2026, 11, 1)
    book = DailyBook({start + timedelta(days=i): _day(start + timedelta(days=i), by_computer=(i == 3))
                      for i in range(9)})
    assert "week_streak" not in daily_feats(None, book)  # the computer's day breaks the run
    book = book.with_record(_day(date(2026, 10, 1), mine=-1, expert=-5, by_computer=True))
    assert "beat_expert" not in daily_feats(None, book)  # even with no history to ask
    assert "beat_expert" not in derive(None, book, lambda _d: None)


def test_everything_is_earned_again_from_the_history_and_the_daily_results():
    with History.in_memory() as h:
        sid = _session(h)
        few = (0, 1, 1, 1)
        ids = [_hand(h, sid, n, left=few, deal=50 + n) for n in (1, 2, 3)]
        _hand(h, sid, 4, last="2d", deal=60)
        from big2.persistence.reviews import save_review

        save_review(h, ids[0], 0, "1s", {"verdicts": 6})
        summaries = {6: ReviewSummary(6, 0, 6)}
        day = date(2026, 10, 1)
        book = DailyBook({day: _day(day, mine=2, expert=-1)})
        got = derive(h, book, lambda data: summaries.get(data.get("verdicts")))
        assert set(got) == {"three_experts", "hat_trick", "clean_sweep", "saved_two", "spotless", "expert_eye",
                            "beat_expert"}
        assert hand_facts(h, ids[0]).person == 0
