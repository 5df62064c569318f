"""The daily table and its duplicate: the Expert in the player's seat, the same deal,
the same opponents and seeds."""

from __future__ import annotations

from datetime import date

from big2.engine.course import LOST, WON, hand_course, trick_symbols
from big2.engine.dailynumber import daily_deal_number
from big2.engine.rules import STANDARD
from big2.room.daily import PLAYERS, WEEK, daily_config, opponents
from big2.room.duplicate import in_seat, play_duplicate
from big2.room.room import Room

FAST = {"expert": {"iterations": 40}}


def test_the_daily_table_is_fixed_by_the_date():
    day = date(2026, 12, 6)  # a Sunday
    c = daily_config(day, "Ann")
    assert c.rules == STANDARD and c.n_players == 4 and c.hands == 1 and c.seed is None
    assert c.deal == daily_deal_number(day) == 96_944_034
    assert c.seats[0].name == "Ann" and c.seats[0].human
    assert [s.name for s in c.seats[1:]] == list(WEEK[6]) == ["Mei Lin", "Marco", "Ah Keung"]
    assert all(not s.human and s.level == PLAYERS[s.name] for s in c.seats[1:])
    assert daily_config(day) == daily_config(day)
    assert opponents(date(2026, 12, 7))[0].name == "Nena"  # Monday: the gentlest table
    assert {lv for lv in PLAYERS.values()} <= {"beginner", "normal", "skilled"}  # no slow searcher across


def test_the_duplicate_plays_the_same_deal_and_seeds_with_the_expert_in_seat_0():
    c = daily_config(date(2026, 12, 6))
    dup = in_seat(c, 0, "expert")
    assert dup.seats[0].level == "expert" and not dup.seats[0].human and dup.seats[1:] == c.seats[1:]
    assert (dup.deal, dup.seed) == (c.deal, c.seed)
    a = play_duplicate(c, options=FAST)
    assert a == play_duplicate(c, options=FAST)  # deterministic: the same on every computer
    assert a.seat == 0 and a.points[a.winner] == 0 and a.cards_left[a.winner] == 0
    assert sum(1 for p in a.points if p == 0) >= 1 and len(a.tricks) >= 2
    assert set(trick_symbols(a)) <= {WON, LOST} and len(trick_symbols(a)) == len(a.tricks)


def test_a_course_tells_the_tricks_and_the_moments():
    room = Room(in_seat(daily_config(date(2026, 12, 3)), 0, "normal"))
    room.start_hand()
    while not room.match.game.is_over:
        room.tick(0.0)
    course = hand_course(room.log, 0, points=room.match.results[0].points)
    game = room.match.game
    assert course.winner == room.match.results[0].winner and course.cards_left == tuple(game.card_counts)
    assert course.points == room.match.results[0].points
    assert course.tricks[-1] == course.winner
    out = [m for m in course.moments if m.kind == "out"]
    assert out and out[-1].seat == course.winner and out[-1].trick == len(course.tricks)
    for m in course.moments:
        assert 1 <= m.trick <= len(course.tricks)
        if m.kind == "two":
            assert m.seat == 0 and any(c // 4 == 12 for c in m.cards)
        if m.kind == "five":
            assert m.seat == 0 and len(m.cards) == 5
    assert course.tricks_won == sum(1 for t in course.tricks if t == 0)


def test_the_daily_opponents_are_characters_at_their_own_levels():
    from big2.room import personas

    for day in range(7):
        seats = opponents(date(2026, 12, 7 + day))
        assert len({s.name for s in seats}) == 3
        for seat in seats:
            character = personas.named(seat.name)
            assert character is not None and character.level == seat.level, seat
