"""A session's first hand at a person's table that opens after the others moved: the
host's Start, computers at pace 0 moving at once, and the joiner's app busy a moment
(its lobby pushes the table when the start arrives). The table still deals hand 1 and
plays its moves back — the log says "Hand 1 is dealt", never "resumed where it
stopped" for a hand the person never saw."""

from __future__ import annotations

import time

from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits

from tests.app.helpers import click_control, pump
from tests.waiting import until
from tablenet import mover, wait_for


def log_lines(table) -> list[str]:
    return [str(line) for line, _colour in table.log]


def test_the_joiners_table_opened_after_the_computers_moved_deals_hand_one(make_app):
    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=Limits(computer_pace_s=0.0))
    url = server.start()
    ann = ben = None
    app = make_app()
    try:
        for _try in range(12):  # until someone other than Ben leads (1 in 4 deals he does)
            ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 2, "hands": 1},
                             backoff=(0.1, 0.5))
            assert until(lambda: ann.lobby is not None and ann.code is not None)
            ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
            lobby = app.push("lobby", ben)
            assert wait_for(app, lambda: ben.lobby is not None and ben.seat == 1)
            ann.ready()
            pump(app, 2)
            click_control(app, lobby.b_ready)  # Ben's own click: ready
            assert until(lambda: all(s["ready"] for s in (ann.lobby or {}).get("seats", [])))
            ann.start()
            assert until(lambda: ann.poll() is not None and ann.state is not None)
            if ann.state.to_act != ben.seat:
                break
            ann.close(), ben.close()
            app.pop()
        else:
            raise AssertionError("Ben led every deal")
        # Ben's app is busy a moment: Ann and the computers move meanwhile
        step = mover(ann)
        assert until(lambda: len(ann.state.history) >= 2 or ann.state.to_act == ben.seat, step=step)
        time.sleep(0.3)
        before = list(ben.newest.history) if ben.newest is not None else []
        assert before  # moves were made before his table opened
        assert app.top is lobby
        assert wait_for(app, lambda: app.top.name == "table")
        table = app.top
        assert table.state.hand_number == 1
        # the deal's events were still in the link: the table deals and plays them back
        assert wait_for(app, lambda: not table.playback.queue and len(log_lines(table)) > len(before), also=step)
        lines = log_lines(table)
        assert not any("resumed" in line for line in lines), lines
        assert lines[0].startswith("Hand 1"), lines  # "Hand 1: Ann leads" (the deal played back)
        assert len(lines) >= 1 + len(before), lines  # every move made before the table opened
    finally:
        for link in (ann, ben):
            if link is not None:
                link.close()
        server.stop()
