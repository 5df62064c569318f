"""The Skilled level (the trained network) is offered in New game between Normal and
Expert, a seat picked with the mouse plays at it, and its name (and the Master's) reads
in the player's language."""

from __future__ import annotations

from helpers import click_button, option_labels, pick_option, pump

from big2.app import language, storage
from big2.app.screens.newgame import NewGameScene
from big2.app.table.scene import TableScene
from big2.app.screens.title import TitleScene


def _new_game(make_app):
    app = make_app()
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    return app, st


def test_a_seat_picked_as_skilled_plays_at_that_level(make_app):
    app, st = _new_game(make_app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    labels = option_labels(form.kind_menus[1])
    assert labels.index("Computer (normal)") < labels.index("Computer (skilled)") < labels.index("Computer (expert)")
    pick_option(app, form.kind_menus[1], "Computer (skilled)")
    assert form.seat_kinds[1] == "Computer (skilled)"
    click_button(app, form.b_start)
    table = app.find(TableScene)
    assert table is not None
    seat = table.link.room.match.config.seats[1]
    assert (seat.human, seat.level) == (False, "skilled")
    st.close()


def test_the_new_level_names_read_in_chinese(make_app):
    app, st = _new_game(make_app)
    language.apply(app, "zh_Hant")
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    labels = option_labels(form.kind_menus[1])
    assert "電腦（老手）" in labels and "電腦（達人）" in labels
    assert not any("skilled" in t or "master" in t for t in labels)
    language.apply(app, "en")
    st.close()
