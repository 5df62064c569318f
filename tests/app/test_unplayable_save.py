"""Issue 10: a save whose game loads but cannot be played to its end (the hand names a
winner who still holds cards: scoring it would fail) is set aside when the title checks for it, with
a sentence for the player; Continue is not offered, and the game never reaches the
table where the hand would have stopped for good."""

from __future__ import annotations

import copy

import pytest

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.persistence import SaveStore, StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.sessioncodec import check_payload, load_payload, preview_of

SEATS = (SeatConfig("You", True), SeatConfig("East", False, "beginner"),
         SeatConfig("North", False), SeatConfig("West", False, "beginner"))


def _unplayable(make_app):
    """A real save from a hand in progress, and a copy that names a winner too soon."""
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=6))
    app.push(table)
    table.hand_seat_to_computer()
    assert app.run_until(lambda: table.link.room.match.game is not None and len(table.link.room.match.game.history) >= 3, timeout=30)
    payload = storage.payload_of(storage.RoomWatch(app, table.link.room, table.link), st.recorder(table.link.room.match))
    preview = preview_of(table.link.room.match.session)
    assert st.flush()
    st.close()
    bad = copy.deepcopy(payload)
    bad["session"]["current"]["_winner"] = 2  # "won" while still holding cards
    return payload, bad, preview


def test_a_save_whose_hand_cannot_finish_is_set_aside_and_continue_is_not_offered(make_app, tmp_path, monkeypatch):
    good, bad, preview = _unplayable(make_app)
    check_payload(good)
    load_payload(bad)  # it loads: each card in one place, a position with legal moves
    with pytest.raises(ValueError, match="the hand in progress cannot be finished"):
        check_payload(bad)

    home = tmp_path / "another-home"
    monkeypatch.setenv("BIG2_HOME", str(home))
    st = storage.Storage.open()
    with pytest.raises(StorageError, match="the hand in progress cannot be finished"):
        st.saves.autosave(bad, preview)  # this version never writes it (issue 43, item 17)
    written_before = SaveStore(AppPaths.under(home))  # as the version of issue 10 wrote it
    written_before.autosave(bad, preview)
    written_before.autosave(bad, preview)  # its previous copy is the same game
    assert st.flush()
    app = make_app()
    storage.attach(app, st)
    app.push("title")
    for _ in range(3):
        app.frame(block=False)
    title = app.top
    assert title.name == "title" and title.b_continue is None
    told = app.notice_host.visible_text()  # on screen, over the title
    assert "cannot be finished" in told and "set aside" in told, told
    assert not storage.can_continue(app)
    saves = AppPaths.under(home).saves_dir
    assert not (saves / "autosave.json").exists()
    assert [p.name for p in saves.iterdir() if p.name.startswith("autosave.json.")], list(saves.iterdir())
    st.close()
