"""The seat kept for a rejoin after a restart follows the sessions of a room: forgotten
when a session ends, kept again when a rematch begins (an app killed in a rematch is
offered its seat back), forgotten for good after a deliberate Leave."""

from __future__ import annotations

from big2.app.online import rejoin
from big2.net.link import RemoteLink

from tablenet import mover, start_online
from tests.waiting import until


def _stored() -> dict | None:
    seat, _notices = rejoin.load()
    return None if seat is None else {"code": seat.code, "token": seat.token, "seat": seat.seat}


def test_a_rematch_keeps_the_seat_again_and_a_restart_takes_it_back():
    net = start_online(hands=1)
    try:
        keeper = rejoin.Keeper(lambda: None)
        keeper.watch(net.ann)
        kept = _stored()
        assert kept == {"code": net.ann.code, "token": net.ann.token, "seat": 0}
        step = mover(net.ann, net.ben)
        assert until(lambda: net.ann.state is not None and net.ann.state.session_over, 90, step)
        assert until(lambda: _stored() is None)  # the session ended: nothing to come back to
        net.ann.start()  # the host's Rematch
        assert until(lambda: net.ann.newest is not None and not net.ann.newest.session_over, 20, step)
        # the keeper hears the new session's frames: the seat is kept again
        assert until(lambda: _stored() == kept, 10, step)
        # the app is killed in the rematch; the restarted app takes the seat back
        token, code = net.ann.token, net.ann.code
        keeper.link = None  # (the old link's thread must not touch the file any more)
        net.ann.close()
        seat = rejoin.load()[0]
        assert seat is not None and seat.token == token
        back = RemoteLink(net.url, name=seat.name, code=seat.code, token=seat.token, backoff=(0.1, 0.5))
        net.ann = back
        assert until(lambda: back.state is not None and back.status == "connected", 20, back.poll)
        assert back.seat == 0 and back.code == code and not back.state.session_over
    finally:
        net.close()


def test_a_deliberate_leave_forgets_the_seat_at_once():
    net = start_online(hands=1)
    try:
        keeper = rejoin.Keeper(lambda: None)
        keeper.watch(net.ben)
        assert _stored() is not None
        rejoin.release(net.ben)  # what the app's Leave does before it sends leave
        assert _stored() is None
        net.ben.leave()
        net.ben.close()
        keeper()  # a late frame heard: nothing is kept again
        assert _stored() is None and not rejoin.path().exists()
    finally:
        net.close()


def test_someone_back_after_the_session_ended_sees_the_standings(make_app):
    from big2.app.ui import text

    net = start_online(hands=1)
    try:
        step = mover(net.ann, net.ben)
        assert until(lambda: net.ben.state is not None and net.ben.state.session_over, 90, step)
        token, code = net.ben.token, net.ben.code
        net.ben.close()  # Ben's app closed while the results showed; he comes back
        back = RemoteLink(net.url, name="Ben", code=code, token=token, backoff=(0.1, 0.5))
        net.ben = back
        app = make_app()
        app.push("lobby", back)  # as the hub's Rejoin opens it
        assert app.run_until(lambda: app.top.name != "lobby", timeout=20)
        assert app.top.name == "session_end"  # not an empty table of "0 cards"
        app.dirty = True
        with text.recording() as drawn:
            app.draw()
        said = [d.text for d in drawn]
        assert "Ann" in said and "Ben" in said  # the standings
        assert any("Waiting for the host" in words for words in said)
    finally:
        net.close()


def test_a_frame_heard_during_a_leave_never_keeps_the_seat_again(tmp_path):
    """The link's thread may be inside the keeper when the window's Leave releases it:
    the frame it is reading must not write the seat back after the release forgot it
    (CI once found the file written again after a Leave)."""
    import threading

    from big2.persistence import AppPaths

    paths = AppPaths.under(tmp_path)
    leaving: list[threading.Thread] = []

    class Link:
        url, name, seat, code, token, problem, state = "ws://127.0.0.1:1", "Ben", 1, "QM7R2JAY", "t" * 32, None, None

        @property
        def newest(self):
            # The window's Leave comes while this thread is reading the frame.
            if not leaving:
                leave = threading.Thread(target=keeper.release)
                leaving.append(leave)
                leave.start()
                leave.join(0.3)  # (without the keeper's lock the release is over by now)
            return type("State", (), {"session_over": False})()

    keeper = rejoin.Keeper(lambda: None, paths)
    keeper.link = Link()  # watched, the seat not kept yet (as between two sessions)
    keeper()
    leaving[0].join(5)
    assert not leaving[0].is_alive()
    assert rejoin.peek(paths) is None and not rejoin.path(paths).exists()
