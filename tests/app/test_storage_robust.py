"""Issue 10, items 5, 8 and 11: the history follows a game across a reset, nothing is
written before there is something to keep, and everything written is private."""

from __future__ import annotations

import os
import stat
from datetime import datetime, timezone
from pathlib import Path

import pytest

from helpers import click_button, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.results import ResultsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence import History, Seat
from big2.persistence.paths import AppPaths
from big2.persistence.stats import export_csv, export_csv_text

SEATS = (SeatConfig("You", True), SeatConfig("East", False, "beginner"), SeatConfig("North", False), SeatConfig("West", False, "beginner"))


def _open(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    return app, st


def _play_hand(app, table):
    table.hand_seat_to_computer()
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)


def _next_hand(app, table):
    assert app.run_until(lambda: table.link.room.match.game is not None and not table.link.room.match.game.is_over, timeout=20)
    _play_hand(app, table)
    assert len(table.link.room.match.results) == 2


def test_a_fresh_home_writes_nothing_until_a_hand_is_recorded(make_app):
    home = AppPaths.from_environment()
    app, st = _open(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app, 5)
    assert st.flush()
    assert not home.history_db.exists(), "the title made an empty history database"
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=5))
    app.push(table)
    _play_hand(app, table)
    assert st.flush()
    assert home.history_db.exists()
    hands = st.call(lambda h: h.query("SELECT COUNT(*) FROM hands")).result(10)
    assert hands == [(1,)]
    st.close()


def test_continuing_after_the_history_was_reset_records_in_a_new_session(make_app):
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=3, seed=5))
    app.push(table)
    _play_hand(app, table)
    assert st.flush()
    st.call(lambda h: h.reset(), write=True).result(10)  # Statistics → Reset
    click_button(app, app.top.b_next)  # the next hand
    _next_hand(app, table)
    assert st.flush()
    notes = [n.text for n in st.notices]
    assert not any("no session" in t for t in notes), notes
    rows = st.call(lambda h: h.query(
        "SELECT s.id, COUNT(h.id) FROM sessions s JOIN hands h ON h.session_id = s.id GROUP BY s.id")).result(10)
    assert len(rows) == 1 and rows[0][1] == 1  # the second hand, in a session made again
    seats = st.call(lambda h: h.seats_of(rows[0][0])).result(10)
    assert [s.name for s in seats] == [s.name for s in SEATS]
    st.close()


def test_a_replaced_history_holding_another_game_is_not_written_into(make_app):
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=3, seed=5))
    app.push(table)
    _play_hand(app, table)
    assert st.flush()
    sid = storage.recorder.session_id(st.recorder(table.link.room.match))

    def replace(h: History) -> None:  # another file in its place, with a session of that number
        h.reset()  # ids start again from 1
        h.start_session([Seat("Ann", True), Seat("Bo", True)], rules_preset="standard", rules={})

    st.call(replace, write=True).result(10)
    click_button(app, app.top.b_next)
    _next_hand(app, table)
    assert st.flush()
    assert st.call(lambda h: h.seats_of(sid)).result(10)[0].name == "Ann"  # the other game's
    rows = st.call(lambda h: h.query("SELECT session_id FROM hands")).result(10)
    assert rows and all(r[0] != sid for r in rows)
    st.close()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_everything_the_game_writes_is_private(make_app):
    home = Path(os.environ["BIG2_HOME"])
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=5))
    app.push(table)
    _play_hand(app, table)
    st.save_settings(st.stored_from(app.settings, volume=0.3))
    assert st.flush()
    st.call(lambda h: export_csv(h, st.paths.data_dir / "export.csv")).result(10)
    import logging

    logging.getLogger("big2.test").warning("a line in the log")
    st.close()
    found = []
    for root, dirs, files in os.walk(home):
        for name in dirs + files:
            mode = stat.S_IMODE(os.stat(os.path.join(root, name)).st_mode)
            found.append(name)
            assert mode & 0o077 == 0, f"{os.path.join(root, name)} is {oct(mode)}"
    assert {"history.sqlite3", "settings.json", "export.csv", "big2.log", "autosave.json"} <= set(found)


def test_csv_cells_stay_on_one_line_and_formulas_stay_text():
    h = History.in_memory()
    sid = h.start_session([Seat("=cmd\r\n=HYPERLINK(1)", True), Seat("Bo\nb", False, "normal")],
                          rules_preset="standard", rules={})
    from big2.persistence.history import HandResult

    h.record_hand(sid, HandResult(hand_number=1, deal_seed=1, rules_preset="standard", rules={},
                                  winner_seat=0, cards_left=(0, 3), points=(3, -3)))
    text = export_csv_text(h)
    lines = text.splitlines()
    assert len(lines) == 3  # the header and one row per seat
    for line in lines[1:]:
        cells = line.split(",")
        assert not any(c.startswith(("=", "+", "@")) for c in cells)
    assert "'=cmd =HYPERLINK(1)" in text and "Bo b" in text


def _payload(make_app, seed):
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=seed))
    app.push(table)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 3, timeout=30)
    payload = storage.payload_of(storage.RoomWatch(app, table.link.room, table.link), st.recorder(table.link.room.match))
    return app, st, table, payload


def test_an_unknown_computer_level_in_a_save_plays_normal_and_says_so(make_app):
    from big2.ai import LEVELS
    from big2.app.storage.reopen import open_payload

    app, st, table, payload = _payload(make_app, 6)
    payload["app"]["seats"][1][2] = "grandmaster"
    assert "grandmaster" not in LEVELS
    assert open_payload(app, payload)
    resumed = app.top
    assert resumed.link.room.match.config.seats[1].level == "normal"
    assert all(s.human or s.level in LEVELS for s in resumed.link.room.match.config.seats)
    assert any("grandmaster" in n.text and "normal level" in n.text for n in st.notices)
    st.close()


def test_two_unfinished_games_kept_in_the_same_minute_get_their_own_slots(make_app):
    from big2.persistence.sessioncodec import preview_of

    app, st, table, first = _payload(make_app, 6)
    second = storage.payload_of(storage.RoomWatch(app, table.link.room, table.link), st.recorder(table.link.room.match))
    second["session"] = dict(second["session"], totals=[1, -1, 0, 0])  # another game
    assert st.flush()
    # Both kept "in the same minute" on any machine: a real clock can cross a minute
    # between the two saves (it did, once, on a loaded machine).
    st.saves._now = lambda: datetime(2026, 11, 23, 8, 41, 30, tzinfo=timezone.utc)
    for payload in (first, second):
        st.saves.autosave(payload, preview_of(table.link.room.match.session))
        st._keep_unfinished()
    names = sorted(info.name for info in st.saves.list_slots())
    assert len(names) == 2 and names[1] == names[0] + " (2)", names
    st.close()


def test_a_save_with_a_damaged_hand_start_is_set_aside_before_continue_is_offered(make_app):
    """Issue 10, item 3: Continue was offered, the resumed hand crashed when it ended,
    and every autosave wrote the bad value back."""
    import pytest as _pytest

    from big2.persistence import SaveStore, StorageError
    from big2.persistence.sessioncodec import check_payload, preview_of

    app, st, table, payload = _payload(make_app, 6)
    check_payload(payload)  # the real one is fine
    _other_app, other_st, other_table, other = _payload(make_app, 9)
    # Both apps share the home: the second one's queued autosaves must land before this
    # test writes, or one can rotate the damaged file into the previous copy mid-check.
    other_st.close()
    for damage, reason in (({"junk": 1}, "start is damaged"),
                           (other["app"]["hand_start"], "start")):
        bad = dict(payload, app=dict(payload["app"], hand_start=damage))
        with _pytest.raises(ValueError, match=reason):
            check_payload(bad)
    assert st.flush()
    bad = dict(payload, app=dict(payload["app"], hand_start={"junk": 1}))
    preview = preview_of(table.link.room.match.session)
    with _pytest.raises(StorageError, match="start is damaged"):
        st.saves.autosave(bad, preview)  # this version never writes it (issue 43, item 17)
    SaveStore(st.paths).autosave(bad, preview)  # as the version of issue 10 wrote it
    assert storage.can_continue(app)  # the previous copy, whose start is sound
    assert st.continue_from.payload["app"]["hand_start"] != {"junk": 1}
    assert any("damaged" in n.text and "set aside" in n.text for n in st.notices)
    st.close()

