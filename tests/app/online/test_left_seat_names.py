"""A person who leaves mid-session keeps their name on the seat for the rest of it: the
table's plate, the results and the host's Menu all say "Ben" (the server gives the
seat a computer character's name for later sessions; this session never shows it),
never "Computer 2" nor a character's name beside results that say Ben."""

from __future__ import annotations

from helpers import click_button
from tablenet import play_while, start_online, wait_for

from big2.app.ui import text


def _drawn(app) -> list[str]:
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return [d.text for d in drawn if d.text.strip()]


def test_a_seat_whose_person_left_is_called_by_their_name_everywhere(make_app):
    net = start_online(hands=2)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: net.ann.state is not None and net.ann.state.in_hand)
        net.ben.leave()  # Ben leaves the room for good (his Leave, as his window sends it)
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["kind"] == "computer")
        character = net.ann.lobby["seats"][1]["name"]
        assert character != "Ben"  # the server's name for the seat from now on
        drawn = _drawn(app)
        assert "Ben" in drawn and character not in drawn and not any("Computer" in t for t in drawn)
        play_while(app, table, net, lambda: app.top.name != "results", ben=False)
        assert app.top.name == "results"
        drawn = _drawn(app)
        assert "Ben" in drawn or "\u2605 Ben" in drawn
        assert character not in drawn and not any("Computer" in t for t in drawn)
        click_button(app, app.top.b_next)
        assert wait_for(app, lambda: app.top is table and net.ann.state.hand_number == 2)
        click_button(app, table.b_menu)
        pause = app.top
        assert pause.name == "pause"
        assert [(b.text, seat) for b, seat, _computer in pause.b_offers] == [("Open Ben's seat to a person", 1)]
    finally:
        net.close()
