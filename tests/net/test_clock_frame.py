"""The turn clock travels: a ``clock`` frame when the turn changes and to a seat that
comes back, the server staying the one that moves when it runs out."""

from __future__ import annotations

from big2.net import protocol
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits
from big2.room import commands as cmd

from tests.waiting import until


def test_the_clock_frame_is_declared():
    frame = protocol.validate({"type": "clock", "seat": 2, "seconds_left": 20}, protocol.SERVER_FRAMES)
    assert frame["seat"] == 2 and frame["seconds_left"] == 20


def test_a_person_to_act_has_a_clock_that_the_link_reads_and_a_rejoining_seat_gets_it():
    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=Limits(computer_pace_s=0.0))
    url = server.start()
    links = []
    try:
        ann = RemoteLink(url, name="Ann", create={"players": 3, "computers": 1, "hands": 1, "turn_clock": 30},
                         backoff=(0.1, 0.5))
        links.append(ann)
        assert until(lambda: ann.code is not None and ann.lobby is not None)
        ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
        links.append(ben)
        assert until(lambda: ben.lobby is not None)
        ben.ready()
        assert until(lambda: all(s["ready"] for s in (ann.lobby or {}).get("seats", [])))
        ann.start()
        # a person's turn comes round (the computer plays its own at once): both hear the clock
        assert until(lambda: ann.state is not None and ann.state.to_act in (0, 1) and ann.clock is not None,
                      step=lambda: (ann.poll(), ben.poll()))
        seat, left = ann.seconds_left()
        assert seat == ann.state.to_act and 25 < left <= 30
        assert until(lambda: ben.clock is not None, step=ben.poll)
        assert ben.clock[0] == seat
        # the seat to act moves: the clock follows the turn
        mover = ann if seat == 0 else ben
        history = len(mover.state.history)
        mover.send(cmd.Pass() if not mover.state.leading else cmd.Play((min(mover.state.hand),)))
        assert until(lambda: len(ann.state.history) > history and (ann.clock is None or ann.clock[0] != seat or
                                                                    ann.seconds_left()[1] > left),
                      step=lambda: (ann.poll(), ben.poll()))
        # Ben's app starts again: his new link hears the clock with the snapshot
        ben.close()
        again = RemoteLink(url, name="Ben", code=ann.code, token=ben.token, backoff=(0.1, 0.5))
        links.append(again)
        assert until(lambda: again.state is not None and (again.state.to_act not in (0, 1) or again.clock is not None),
                      step=again.poll)
    finally:
        for link in links:
            link.close()
        server.stop()
