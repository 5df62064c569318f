"""The quick game seats the player by their stored name; the table's sentences still
say "You" to a person playing alone ("You win the trick"), and name plates, scores and
statistics use the name."""

from __future__ import annotations

import dataclasses
from collections import deque

from helpers import click_button, pump

from big2.app import storage
from big2.room.config import MatchConfig, SeatConfig, quick_config
from big2.room.match import Match
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene
from big2.persistence import stats


def _title(make_app, name=None):
    app = make_app()
    st = storage.Storage.open()
    if name is not None:
        st.save_settings(dataclasses.replace(st.settings, player_name=name))
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    return app, st


def test_quick_game_seats_the_stored_name_and_statistics_list_it(make_app):
    app, st = _title(make_app, "Mei")
    click_button(app, app.top.b_quick)
    table = app.top
    assert isinstance(table, TableScene)
    m = table.link.room.match
    # the computers are characters (issue 44), each a distinct name, never "North (CPU)"
    assert m.names == ("Mei", "Ah Keung", "Siti", "Nena") and m.config.humans == (0,)
    table.hand_seat_to_computer()  # let the computer play Mei's cards for a while
    table.log = deque(table.log, maxlen=1000)  # keep every line, not the last five
    assert app.run_until(lambda: len(m.game.history) >= 12 and not table.playback.queue, timeout=30)
    lines = [line for line, _ in table.log]
    # sentences about Mei's seat are said to her; none names her in the third person
    assert not any("Mei" in line for line in lines), lines
    own = [line for line in lines if line.startswith("You")]
    assert own and all(line.startswith(("You:", "You pass", "You win", "You lead", "You go")) for line in own), own
    assert st.flush()
    assert st.call(stats.human_players).result(5) == ["Mei"]
    st.close()


def test_without_a_name_the_quick_game_says_you(make_app):
    app, st = _title(make_app)
    click_button(app, app.top.b_quick)
    assert app.top.link.room.match.names[0] == "You"
    st.close()


def test_sentences_name_people_at_a_hot_seat_table_and_computers_always():
    solo = Match(quick_config("Mei"))
    assert solo.called_names == ("You", "East", "North", "West")
    assert quick_config("  ").seats[0].name == "You"
    seats = (SeatConfig("Ann", True), SeatConfig("East", False), SeatConfig("Ben", True))
    hot = Match(MatchConfig(seats=seats))
    assert hot.called_names == ("Ann", "East", "Ben")  # two people share the screen
