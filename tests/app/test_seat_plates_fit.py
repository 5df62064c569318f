"""The seat plates at the smallest window, in every language, at every card count.

A plate shows the seat's name, its card count (and the computer tag when the name
leaves no room for it) and its running total. The count's words differ with the count
in some languages (Filipino: "13 baraha" but "6 na baraha"), so a plate that fits at the
deal can collide with the total later in the hand; this draws every count from 13 down
to 1 with wide totals and checks nothing overlaps.
"""

from __future__ import annotations

import pytest

from big2 import i18n
from big2.app import language
from big2.app.ui import text
from big2.room.match import Match
from big2.app.rooms import open_table
from tools import fitcheck
from tools.tour import _solo, wait


@pytest.mark.parametrize("code", i18n.CODES)
def test_plates_fit_at_every_count(make_app, monkeypatch, code) -> None:
    monkeypatch.setenv(language.PREVIEW, code)
    i18n.set_language(language.choose(""))
    try:
        app = make_app(size=(800, 600))
        table = open_table(app, _solo())
        app.push(table)
        assert wait(app, lambda: table.awaiting_human, 30)
        monkeypatch.setattr(Match, "totals", property(lambda self: [-123, -45, -100, -88]))
        problems = {}
        for n in range(13, 0, -1):
            table.counts[:] = [n] * table.link.room.match.n_players
            found = [str(p) for p in fitcheck.draw_and_check(app)]
            if found:
                problems[n] = found
        assert not problems, f"in {code}: {problems}"
    finally:
        i18n.set_language("en")
        text.clear_cache()
