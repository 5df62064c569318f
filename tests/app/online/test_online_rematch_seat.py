"""The seat kept for a rejoin after a restart follows the sessions of a room: forgotten
when a session ends, kept again when a rematch begins (an app killed in a rematch is
offered its seat back), forgotten for good after a deliberate Leave."""

from __future__ import annotations

from big2.app.online import rejoin
from big2.engine.combos import PASS, move_cards
from big2.net.link import RemoteLink
from big2.room import commands as cmd
from big2.room import seatrules

from tablenet import start_online
from tests.waiting import until


def _mover(*links: RemoteLink):
    """Each link plays its lowest legal move (gives back the suggested card) when its
    turn comes; returns the step to run while waiting."""
    done: dict[int, int] = {}

    def step() -> None:
        for link in links:
            link.poll()
            st = link.state
            if st is None or not st.in_hand or st.hand_over or done.get(id(link)) == st.seq:
                continue
            if st.exchange is not None and st.exchange[1] == st.seat:
                done[id(link)] = st.seq
                link.send(cmd.GiveBack(st.give_back_hint if st.give_back_hint is not None else min(st.hand)))
            elif st.to_act == st.seat and st.exchange is None:
                done[id(link)] = st.seq
                moves = [m for m in seatrules.legal_moves(st) if m != PASS]
                link.send(cmd.Play(tuple(move_cards(moves[0]))) if moves else cmd.Pass())
    return step


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
        step = _mover(net.ann, net.ben)
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
