"""Statistics with solo, hot-seat and online sessions: "Where you played" and the
"Online" mark on the recent sessions fit at 800x600 and 1920x1080 in every language."""

from __future__ import annotations

import os

import pytest

from helpers import click_button, pump
from storage_helpers import seed_history

from big2 import i18n
from big2.app import storage, vocab
from big2.app.ui import text
from big2.persistence import AppPaths, stats
from tools import fitcheck


@pytest.mark.parametrize("code", ["en", "zh_Hant", "zh_Hans", "fil", "id"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_online_sessions_are_marked_and_counted_apart_in_every_language(make_app, size, code):
    paths = AppPaths.under(os.environ["BIG2_HOME"])
    seed_history(paths, sessions=4, hands=2, online=2)  # the two latest online, with Ann
    seed_history(paths, sessions=1, hands=2, seed=8, presets=("taiwan",))
    i18n.set_language(code)
    text.clear_cache()
    try:
        app = make_app(size=size)
        st = storage.Storage.open()
        storage.attach(app, st)
        app.push("title")
        pump(app, 2)
        click_button(app, app.top.b_stats)
        scene = app.top
        assert app.run_until(lambda: scene.future is None, timeout=10)
        pump(app, 2)
        assert [s.online for s in scene.view.recent][:3] == [True, True, False]
        with text.recording() as drawn:
            app.dirty = True
            pump(app, 2)
        words = [d.text for d in drawn]
        online = vocab.place(stats.ONLINE)
        marks = [d for d in drawn if d.text == online and d.rect.y > scene.recent_top()]
        assert len(marks) == 2, words
        assert i18n._("Where you played") in words and vocab.place(stats.SOLO) in words
        problems = [str(p) for p in fitcheck.draw_and_check(app)]
        assert not problems, f"{code} at {size}:\n  " + "\n  ".join(problems)
        st.close()
    finally:
        i18n.set_language("en")
        text.clear_cache()
