"""Continue resumes exactly: play some moves, quit, start again, Continue, compare.

Computers only (four seats, seeded), so the whole hand plays itself through the real
table; the uninterrupted run is the reference the resumed one must match move for move.
"""

from __future__ import annotations

import pytest

from helpers import click_button, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.results import ResultsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene
from big2.persistence import History
from big2.persistence import stats

SEED = 11


def _config(hands: int = 2) -> MatchConfig:
    seats = (SeatConfig("You", True), SeatConfig("East", False, "beginner"), SeatConfig("North", False), SeatConfig("West", False, "beginner"))
    return MatchConfig(seats=seats, hands=hands, seed=SEED)


def _open(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    return app, st


def _auto_human(table):
    """Let the computer play the human seat too (through the table's own path)."""
    table.hand_seat_to_computer()


def _play_until(app, table, moves: int) -> None:
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= moves and not table.playback.queue, timeout=30)


def _reference_first_hand(make_app) -> list:
    app, st = _open(make_app)
    table = open_table(app, _config())
    app.push(table)
    _auto_human(table)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    history = list(table.link.room.match.session.last_game.history)
    app.pop()  # leave the results: nothing more is played
    st.close()
    app.close()
    return history


def test_continue_resumes_the_same_hand_and_the_computers_play_on_the_same(make_app, tmp_path, monkeypatch):
    # reference: the hand played without interruption (in a home of its own)
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "reference"))
    expected = _reference_first_hand(make_app)
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "player"))

    # the player's run: some moves, then the window closes
    app, st = _open(make_app)
    table = open_table(app, _config())
    app.push(table)
    _auto_human(table)
    _play_until(app, table, 14)
    app.running = False
    game = table.link.room.match.game
    before = {
        "history": list(game.history),
        "hands": [sorted(game.hand(s)) for s in range(4)],
        "to_act": game.to_act,
        "trick": game.trick_move,
        "passed": game.passed,
        "totals": list(table.link.room.match.totals),
        "deal_rng": table.link.room.match.session.rng.getstate(),
    }
    st.close()  # the app's exit: queued autosaves are written
    app.close()

    # next day: a new app, the title offers Continue
    seen = {}
    enter = TableScene.enter

    def snapshot_enter(self):  # the state the table opens on, before anyone moves again
        enter(self)
        if not hasattr(self, "resumed_moves"):
            return  # (only the resumed table opens in this app)
        m = self.link.room.match
        g = m.game
        seen.update(history=list(g.history), hands=[sorted(g.hand(s)) for s in range(4)],
                    turn=(g.to_act, g.trick_move, g.passed), totals=list(m.totals),
                    deal_rng=m.session.rng.getstate(), counts=list(self.counts),
                    card_counts=list(g.card_counts), bottom=sorted(self.hand.cards),
                    trick=[list(c) for _, c in self.trick], log=[line for line, _ in self.log])

    monkeypatch.setattr(TableScene, "enter", snapshot_enter)
    app, st = _open(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.b_continue is not None
    assert "hand 1 (You 0, East 0, North 0, West 0)" in title.b_continue.tool_tip_text
    click_button(app, title.b_continue)
    table = app.top
    assert (isinstance(table, TableScene) and hasattr(table, "resumed_moves"))
    assert seen["history"] == before["history"]
    assert seen["hands"] == before["hands"]
    assert seen["turn"] == (before["to_act"], before["trick"], before["passed"])
    assert seen["totals"] == before["totals"]
    assert seen["deal_rng"] == before["deal_rng"]
    assert seen["counts"] == seen["card_counts"]
    assert seen["bottom"] == before["hands"][0]
    if before["trick"]:
        assert seen["trick"], "the trick in progress is on the table"
    assert "resumed" in seen["log"][0] and len(seen["log"]) == 4  # and the last three moves

    # the rest of the hand: exactly as the uninterrupted run played it
    _auto_human(table)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    assert list(table.link.room.match.session.last_game.history) == expected

    # the finished hand is in the score history, with its moves for the replay
    assert st.flush()
    rows = st.call(lambda h: stats.recent_sessions(h)).result(5)
    assert len(rows) == 1 and rows[0].hands == 1
    hand_id = st.call(lambda h: h.query("SELECT id FROM hands")[0][0]).result(5)
    stored = st.call(lambda h: h.load_hand(hand_id)).result(5)
    assert len(stored.result.moves) == len(expected)
    st.close()


def test_session_end_records_the_history_and_clears_the_autosave(make_app):
    app, st = _open(make_app)
    table = open_table(app, _config(hands=1))
    app.push(table)
    _auto_human(table)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    assert st.flush()
    assert not st.has_autosave()
    st.close()
    with History.open(st.paths.history_db).value as h:
        assert stats.human_players(h) == ["You"]
        report = stats.player_report(h, "You")
        assert report.overall.hands == 1 and report.overall.sessions == 1
        assert h.query("SELECT ended_at IS NOT NULL FROM sessions") == [(1,)]


@pytest.mark.parametrize("moves", [0, 5])
def test_autosave_runs_off_the_render_thread(make_app, moves):
    import threading

    app, st = _open(make_app)
    writers = []
    real = st.saves.autosave

    def autosave(*args, **kwargs):
        writers.append(threading.current_thread().name)
        return real(*args, **kwargs)

    st.saves.autosave = autosave
    table = open_table(app, _config())
    app.push(table)
    _auto_human(table)
    _play_until(app, table, moves)
    assert st.flush()
    assert st.has_autosave()
    assert writers and set(writers) == {"big2-storage"}, "only the writer thread touches the disk"
    st.close()


def _continue(make_app):
    app, st = _open(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.b_continue is not None
    click_button(app, title.b_continue)
    return app, st


def test_continue_between_hands_deals_the_next_hand(make_app):
    app, st = _open(make_app)
    table = open_table(app, _config(hands=2))
    app.push(table)
    _auto_human(table)
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    totals = list(table.link.room.match.totals)
    first = list(table.link.room.match.session.last_game.history)
    st.close()
    app.close()

    app, st = _continue(make_app)
    table = app.top
    assert (isinstance(table, TableScene) and hasattr(table, "resumed_moves"))
    m = table.link.room.match
    assert m.totals == totals and len(m.results) == 1
    assert m.game is not None and not m.game.is_over and m.hand_number == 2
    assert list(m.session.last_game.history) == first
    st.close()


def test_hot_seat_resume_hides_the_hands_until_the_next_person_is_ready(make_app):
    from big2.app.screens.privacy import PrivacyScene

    seats = (SeatConfig("Ann", True), SeatConfig("East", False), SeatConfig("Ben", True), SeatConfig("West", False))
    app, st = _open(make_app)
    table = open_table(app, MatchConfig(seats=seats, hands=1, seed=3))
    app.push(table)
    assert app.run_until(lambda: isinstance(app.top, PrivacyScene), timeout=20)
    seat = app.top.seat
    st.close()
    app.close()

    app, st = _continue(make_app)
    assert app.run_until(lambda: isinstance(app.top, PrivacyScene), timeout=20)
    privacy = app.top
    table = app.find(TableScene)
    assert hasattr(table, "resumed_moves") and privacy.seat == seat and not table.hand_visible
    click_button(app, privacy.b_ready)
    assert table.viewer == seat and table.hand_visible and table.awaiting_human
    assert sorted(table.hand.cards) == sorted(table.link.room.match.game.hand(seat))
    st.close()


def test_continue_falls_back_to_the_previous_autosave_when_the_last_is_damaged(make_app):
    app, st = _open(make_app)
    table = open_table(app, _config())
    app.push(table)
    # the deal's autosave is on disk before the moves' one replaces it (the writer skips
    # autosaves a newer one supersedes, so on a loaded machine there may be one write only)
    st.flush(timeout=10.0)
    _auto_human(table)
    _play_until(app, table, 3)
    # autosaves queued faster than they are written are coalesced: wait for one to be on
    # disk, so the later ones keep it as the previous copy (a loaded machine wrote only
    # the last one, and the test found no previous copy)
    assert st.flush() and st.saves.has_autosave()
    _play_until(app, table, 6)
    app.running = False
    st.close()
    app.close()
    assert st.saves.autosave_path.with_name("autosave.json.bak").exists()
    st.saves.autosave_path.write_bytes(b'{"format": 1, "pay')  # torn by a crash

    app, st = _open(make_app)
    title = TitleScene(app)
    app.push(title)
    pump(app, 3)
    assert title.b_continue is not None  # the previous copy is good
    assert "damaged" in app.notice_host.visible_text()
    click_button(app, title.b_continue)
    assert (isinstance(app.top, TableScene) and hasattr(app.top, "resumed_moves"))
    st.close()


def test_a_new_game_keeps_the_unfinished_one_in_saved_games(make_app):
    app, st = _open(make_app)
    table = open_table(app, _config())
    app.push(table)
    _auto_human(table)
    _play_until(app, table, 5)
    unfinished = list(table.link.room.match.game.history)
    app.reset_to(TitleScene(app))  # left mid-hand: Continue would bring it back
    pump(app)
    click_button(app, app.top.b_quick)  # ... but a new game is started instead:
    ask = app.top  # asked once what becomes of the unfinished one
    assert ask.name == "confirm" and ask.yes_text == "Keep it in Saved games"
    click_button(app, ask.b_yes)
    assert isinstance(app.top, TableScene)
    assert st.flush()
    slots = st.saves.list_slots()
    assert len(slots) == 1 and slots[0].name.startswith("Unfinished, ")
    pump(app, 2)
    assert "kept in Saved games" in app.notice_host.visible_text()
    from big2.persistence.sessioncodec import load_payload

    kept = load_payload(st.saves.load_listed(slots[0]).value.payload)
    assert list(kept.session.current.history)[: len(unfinished)] == unfinished
    # Continue now means the new game; nothing more is kept for it
    app.reset_to(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_continue)
    assert st.flush() and len(st.saves.list_slots()) == 1
    st.close()
