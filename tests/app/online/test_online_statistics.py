"""Issue 41, defect 12: a session played online is kept as one and Statistics marks it
"Online" (and counts it apart from solo and hot-seat play)."""

from __future__ import annotations

import dataclasses

import pytest

from big2.app import storage
from big2.app.ui import text
from big2.persistence import stats

from tests.app.helpers import click_button, pump
from tablenet import start_online, wait_for
from test_table_online import play_until


@pytest.fixture
def net():
    online = start_online(hands=1)
    yield online
    online.close()


def test_an_online_session_is_marked_online_in_statistics(make_app, net):
    app = make_app(size=(800, 600))
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        st.save_settings(dataclasses.replace(st.settings, player_name="Ann"))
        app.push("table", net.ann)
        assert play_until(app, net, lambda: app.top.name == "session_end")
        assert st.flush()
        title = app.push("title")
        pump(app, 2)
        click_button(app, title.b_stats)
        scene = app.top
        assert scene.name == "statistics"
        assert wait_for(app, lambda: scene.future is None)
        pump(app, 2)
        assert scene.view.player == "Ann"
        [session] = scene.view.recent
        assert session.online
        # Ben (a person) and two computers: not counted as beating "Normal" computers
        assert list(scene.view.report.by_opponent_level) == [stats.PEOPLE_AND_COMPUTERS]
        assert list(scene.view.report.by_where) == [stats.ONLINE]
        with text.recording() as drawn:
            app.dirty = True
            pump(app, 2)
        top = scene.recent_top()
        marks = [d for d in drawn if d.text == "Online" and d.rect.y > top]
        assert len(marks) == 1, [d.text for d in drawn]
        assert "People and computers" in [d.text for d in drawn]
    finally:
        st.close()
