"""The daily deal as a player meets it: Title → Daily deal, a day on the calendar, the
hand, the duplicate result beside the Expert's, the share text, practice and late plays,
a damaged file of daily results. Real clicks and keys throughout."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pygame
import pytest
from helpers import click, key, post, pump, visible_rect
from storage_helpers import start_app

from big2.app import daily as dailyplay
from big2.app.ui import text
from big2.engine.dailynumber import daily_deal_number
from big2.room import daily as dailyroom
from big2.persistence.daily import DailyRecord, DailyStore

TODAY = date(2026, 12, 6)


@pytest.fixture(autouse=True)
def _quick_expert_and_a_fixed_today(monkeypatch):
    monkeypatch.setattr(dailyplay, "today", lambda: TODAY)
    monkeypatch.setitem(dailyplay.EXPERT_OPTIONS, "iterations", 30)
    # the day's characters play at Normal here: a hand at the Expert's and the Master's
    # 1-3 s a move took up to two minutes on a loaded machine, the tests' own limit
    monkeypatch.setattr(dailyroom, "PLAYERS", {name: "normal" for name in dailyroom.PLAYERS})
    dailyplay._runs.clear()
    yield
    dailyplay._runs.clear()


def drawn(app) -> str:
    """Every line the app draws now (a full redraw), one a line: what the player reads."""
    app.dirty = True
    with text.recording() as lines:
        app.draw()
    return "\n".join(d.text for d in lines)


def seed_days(*days: date) -> None:
    """Daily results of ``days``, played on their day by the player, in the data folder."""
    from big2.engine.course import HandCourse
    from big2.persistence.paths import AppPaths

    paths = AppPaths.from_environment()
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    store = DailyStore(paths)
    for day in days:
        you = HandCourse(seat=0, winner=1, points=(-3, 0, -1, -1), cards_left=(3, 0, 1, 1), tricks=(1,), moments=())
        store.record(DailyRecord(day, daily_deal_number(day), datetime(day.year, day.month, day.day, 9, tzinfo=timezone.utc),
                                 False, ("You", "Mei Lin", "Marco", "Ah Keung"), you))


def play_myself(app, calendar):
    """Play the selected day card by card as a player who takes the hint each turn
    (H, then Enter to play it or P to pass), up to the duplicate result."""
    press(app, calendar.b_play)
    table = app.top
    assert table.name == "table" and table.results_scene == "daily_result"
    for _turn in range(80):
        assert app.run_until(lambda: table.awaiting_human or app.top.name == "daily_result", timeout=60)
        if app.top.name == "daily_result":
            break
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN if table.hand.selected else pygame.K_p)
    assert app.run_until(lambda: app.top.name == "daily_result", timeout=60), app.top.name
    pump(app, 3)
    return app.top


def press(app, button, frames: int = 3) -> None:
    click(app, visible_rect(button).center, frames=frames)


def open_calendar(make_app):
    app, st, title = start_app(make_app, quick=True)
    press(app, title.b_daily)
    assert app.top.name == "daily"
    return app, st, app.top


def play_out(app, calendar):
    """Play the selected day: the computer plays the player's cards (from the pause
    menu, as a player asks it to) until the duplicate result shows, and the Expert's
    hand is played out."""
    press(app, calendar.b_play)
    table = app.top
    assert table.name == "table" and table.results_scene == "daily_result"
    assert app.run_until(lambda: table.awaiting_human, timeout=60)
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    press(app, app.top.b_hand)
    assert app.run_until(lambda: app.top.name == "daily_result", timeout=120), app.top.name
    result = app.top
    assert app.run_until(lambda: result.expert_future.done(), timeout=120)
    pump(app, 3)
    return result


def test_todays_deal_is_played_kept_shown_beside_the_experts_and_shared(make_app):
    app, st, cal = open_calendar(make_app)
    try:
        assert cal.selected == TODAY and cal.b_play.text == "Play today's deal"
        result = play_out(app, cal)
        assert result.table.state.deal_number == daily_deal_number(TODAY)
        mine, expert = result.mine, result.expert
        assert mine is not None and expert is not None and not result.daily.practice
        assert expert.seat == 0 and result.failed is False
        d = mine.my_points - expert.my_points
        verdict = result.verdict()
        assert (("beat the Expert" in verdict) if d > 0 else ("Expert did" in verdict) if d < 0
                else verdict == "Level with the Expert.")
        # the record is kept, with the Expert's result, in the checksummed file
        st.flush()
        rec = DailyStore(st.paths).load().value.get(TODAY)
        assert rec is not None and not rec.late and rec.you == mine and rec.expert == expert
        # the share text: the deal number first, the points, the tricks, no card
        press(app, result.b_share)
        assert result.toast.text == "Share text copied"
        shared = pygame.scrap.get_text()
        lines = shared.splitlines()
        assert lines[0].startswith("#96 944 034 · ") and "2026-12-06" in lines[0]
        assert len(lines) == 3 and set(lines[2].replace(" ★", "")) <= {"●", "○"}
        assert not any(s in shared for s in "♠♥♣♦")
        # back to the calendar: today is marked; the computer played it, so no streak
        press(app, result.b_calendar)
        cal = app.top
        assert cal.name == "daily" and cal.b_play.text == "Play again (practice)"
        assert dailyplay.book(app).streaks(TODAY).current == 0
        # a second play is practice, says so, and changes nothing kept
        result = play_out(app, cal)
        assert result.daily.practice and result.status().startswith("Practice")
        st.flush()
        assert DailyStore(st.paths).load().value.get(TODAY).you == rec.you
        key(app, pygame.K_RETURN)  # Done: the title
        assert app.top.name == "title"
        # the share text pasted into New game's Play a deal deals the same hand
        press(app, app.top.b_new)
        ng = app.top
        press(app, ng.deal_entry)
        pygame.scrap.put_text(shared)
        post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="\x16", scancode=0)  # Ctrl+V
        post(pygame.KEYUP, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="\x16", scancode=0)
        pump(app, 3)
        assert ng.deal_entry.get_text() == "96 944 034"
        assert ng.config().deal == daily_deal_number(TODAY)
    finally:
        st.close()


def test_a_day_the_computer_played_for_you_is_kept_and_marked_but_the_streak_does_not_grow(make_app):
    """The player opens today's deal with two days' streak, then asks the computer to play
    their hand (pause menu): the result is kept and shown, marked as the computer's, and
    the streak stays at 2 (it used to count the day: 3), on the result and the calendar."""
    seed_days(date(2026, 12, 4), date(2026, 12, 5))
    app, st, cal = open_calendar(make_app)
    try:
        assert "Streak: 2 days" in drawn(app)
        result = play_out(app, cal)
        assert dailyplay.book(app).streaks(TODAY).current == 2
        assert result.daily.by_computer and not result.daily.practice
        said = drawn(app)
        assert "The computer played for you: it is kept, and counts for no streak." in said, said
        assert "Daily streak: 3" not in said
        st.flush()
        rec = DailyStore(st.paths).load().value.get(TODAY)
        assert rec is not None and rec.by_computer and not rec.late
        press(app, result.b_calendar)
        said = drawn(app)
        assert "Streak: 2 days" in said and "best: 2 days" in said, said
        assert "The computer played for you: this day counts for no streak." in said
        assert "the computer played" in said  # the calendar's legend for the day's colour
        # the day before, played by the player, shows no such mark
        click(app, app.top.cell_rect(date(2026, 12, 5)).center)
        assert "The computer played for you" not in drawn(app)
    finally:
        st.close()


def test_a_day_played_yourself_still_grows_the_streak(make_app):
    seed_days(date(2026, 12, 4), date(2026, 12, 5))
    app, st, cal = open_calendar(make_app)
    try:
        assert "Play every card yourself" in drawn(app)  # the rule, before playing
        result = play_myself(app, cal)
        assert not result.daily.by_computer
        said = drawn(app)
        assert "Kept. Daily streak: 3 days." in said and "computer played" not in said, said
        st.flush()
        rec = DailyStore(st.paths).load().value.get(TODAY)
        assert rec is not None and not rec.by_computer
        press(app, result.b_calendar)
        said = drawn(app)
        assert "Streak: 3 days" in said and "The computer played for you" not in said
    finally:
        st.close()


def test_a_missed_day_is_played_late_and_counts_for_no_streak(make_app):
    app, st, cal = open_calendar(make_app)
    try:
        past = date(2026, 12, 2)
        click(app, cal.cell_rect(past).center)
        cal = app.top
        assert cal.selected == past and cal.b_play.text == "Play late"
        click(app, cal.cell_rect(date(2026, 12, 20)).center)  # a day to come: not selectable
        assert app.top.selected == past
        result = play_out(app, app.top)
        assert result.daily.late and not result.daily.practice and "late" in result.status()
        st.flush()
        rec = DailyStore(st.paths).load().value.get(past)
        assert rec is not None and rec.late and rec.deal == daily_deal_number(past)
        assert dailyplay.book(app).streaks(TODAY).current == 0
        press(app, result.b_calendar)
        cal = app.top
        # the months: back with the arrow button, then Page Down forward again
        press(app, cal.b_prev)
        assert app.top.month == (2026, 11)
        key(app, pygame.K_PAGEDOWN)
        assert app.top.month == (2026, 12) and not app.top.b_next.is_enabled
    finally:
        st.close()


def test_a_damaged_file_of_daily_results_is_set_aside_and_the_player_told(make_app, tmp_path):
    from big2.persistence.paths import AppPaths

    paths = AppPaths.from_environment()
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    (paths.data_dir / "daily.json").write_bytes(b'{"format": "big2-daily", "version": 1, "records": [}')
    app, st, cal = open_calendar(make_app)
    try:
        pump(app, 3)
        said = app.notice_host.visible_text()  # the banner the player reads
        assert "daily results" in said and "set aside" in said, said
        assert any(p.name.startswith("daily.json.damaged-") for p in paths.data_dir.iterdir())
        assert cal.b_play.text == "Play today's deal"  # the app goes on, with an empty book
    finally:
        st.close()


def test_the_duplicate_runs_in_a_worker_process_and_matches_the_one_played_here():
    from big2.room.daily import daily_config
    from big2.room.duplicate import play_duplicate

    config = daily_config(TODAY)
    fut = dailyplay._start(config, processes=True)
    assert fut.result(timeout=120) == play_duplicate(config, options={"expert": {"iterations": 30}})


def test_a_daily_deal_left_mid_hand_is_still_the_daily_deal_after_continue(make_app):
    """The app closed in the middle of today's deal: Continue puts the hand back as that
    day's daily deal, so its result is kept (first play) and the duplicate shown; it used
    to finish as an ordinary hand, and the day stayed unplayed."""
    app, st, cal = open_calendar(make_app)
    press(app, cal.b_play)
    table = app.top
    assert app.run_until(lambda: table.awaiting_human, timeout=60)
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN if table.hand.selected else pygame.K_p)
    assert app.run_until(lambda: len(table.link.room.match.game.history) > 1, timeout=60)
    assert st.flush()
    st.close()
    app.close()  # (the window closed mid-hand)
    app, st, title = start_app(make_app, quick=True)
    try:
        assert title.b_continue is not None
        press(app, title.b_continue)
        table = app.top
        assert table.name == "table" and table.results_scene == "daily_result"
        assert table.daily.day == TODAY and not table.daily.practice
        assert app.run_until(lambda: table.awaiting_human or table.hand_over, timeout=60)
        if not table.hand_over:
            key(app, pygame.K_ESCAPE)
            press(app, app.top.b_hand)
        assert app.run_until(lambda: app.top.name == "daily_result", timeout=120), app.top.name
        st.flush()
        rec = DailyStore(st.paths).load().value.get(TODAY)
        assert rec is not None and not rec.late
    finally:
        st.close()


def test_the_pause_menu_says_a_computer_played_daily_counts_for_no_streak(make_app):
    """Before 'Let the computer play my hand' on today's deal, its tooltip says what it
    costs: the day then counts for no streak (an ordinary hand's says nothing of it)."""
    app, st, cal = open_calendar(make_app)
    try:
        press(app, cal.b_play)
        table = app.top
        assert app.run_until(lambda: table.awaiting_human, timeout=60)
        key(app, pygame.K_ESCAPE)
        assert app.top.name == "pause"
        assert "counts for no streak" in app.top.b_hand.tool_tip_text
    finally:
        st.close()
