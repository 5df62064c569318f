"""RemoteLink.sync(): a screen that waits for the game (the lobby, the session's end)
takes the new snapshot without the events that came with it, which stay for the table's
next poll() — so the table can deal the hand as a local table does."""

from __future__ import annotations


from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.room.events import SeatDealt

from tests.waiting import until


def test_sync_takes_the_snapshot_and_keeps_its_events_for_poll() -> None:
    server = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = server.start()
    link = RemoteLink(url, name="Ann", create={"players": 4, "computers": 3, "hands": 1})
    try:
        assert until(lambda: link.lobby is not None)
        assert link.sync() is None and not link.pending()  # nothing to take before the start
        link.start()
        assert until(lambda: link.sync() is not None)
        state = link.state
        assert state.in_hand and link.snapshots == 1  # the first snapshot counted once
        assert link.pending()  # the deal's events wait for poll
        again = link.sync()  # again (computers may have moved meanwhile): never behind
        assert again.hand_number == state.hand_number and again.seq >= state.seq
        events = link.poll()
        dealt = [e for e in events if isinstance(e, SeatDealt)]
        assert len(dealt) == 1 and dealt[0].seat == 0
        assert sorted(dealt[0].hand) == sorted(state.hand)  # Ann has not played: the cards dealt
        assert link.snapshots == 1  # a poll after a sync counts no snapshot twice
        assert not [e for e in link.poll() if isinstance(e, SeatDealt)]  # handed over once
    finally:
        link.close()
        server.stop()
