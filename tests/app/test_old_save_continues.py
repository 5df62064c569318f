"""A save written before the room existed (by the table that held the engine's game,
commit f60dd28) still Continues: the same hand, the same position, and play goes on to
the end of the hand through the room.

The fixture is the autosave of a three-hand game against computers (seed 11), seven
moves into the first hand, the person to act and following seat 3's play.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers import click_button, pump

from big2.app import storage
from big2.app.screens.results import ResultsScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.persistence.sessioncodec import load_payload

FIXTURE = Path(__file__).parent / "fixtures" / "autosave_before_the_room.json"


def test_a_save_from_before_the_room_continues_and_plays_on(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    st.saves.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURE, st.saves.autosave_path)
    saved = load_payload(json.loads(FIXTURE.read_text(encoding="utf-8"))["payload"])
    game = saved.session.current
    assert game is not None and len(game.history) == 7 and game.to_act == 0

    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.b_continue is not None
    click_button(app, title.b_continue)
    table = app.top
    assert isinstance(table, TableScene) and table.resumed_moves == 7
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    state = table.state
    assert state.hand == game.hand(0) and state.history == tuple(game.history)
    assert sorted(table.hand.cards) == sorted(game.hand(0))
    # the trick in progress is on the table, the last play on top
    assert table.trick and table.trick[-1][0] == game.trick_owner
    # play on: the person passes, then the computer finishes the hand for them
    click_button(app, table.buttons["pass"])
    assert len(table.state.history) >= 8
    table.hand_seat_to_computer()
    assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=90)
    assert len(table.state.results) == 1 and table.state.results[0].number == 1
    st.close()
