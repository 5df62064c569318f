"""A person whose connection dropped keeps their turn for the server's reconnect grace:
nobody plays for them meanwhile; back within it, nothing was played from their hand;
gone longer, the computer holds the seat."""

from __future__ import annotations

import time

from big2.engine.combos import PASS, move_cards
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits
from big2.room import commands as cmd
from big2.room import seatrules

from tests.waiting import until


def _room(grace: float):
    server = ServerThread(host="127.0.0.1", port=0, advertise=False,
                          limits=Limits(computer_pace_s=0.0, reconnect_grace_s=grace))
    url = server.start()
    ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 2, "hands": 1}, backoff=(0.1, 0.5))
    assert until(lambda: ann.lobby is not None and ann.code is not None)
    ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
    assert until(lambda: ben.lobby is not None)
    ann.ready()
    ben.ready()
    assert until(lambda: all(s["ready"] for s in ann.lobby["seats"]))
    ann.start()
    assert until(lambda: ann.state is not None and ben.state is not None, step=lambda: (ann.poll(), ben.poll()))
    return server, url, ann, ben


def _play_until_bens_turn(ann: RemoteLink, ben: RemoteLink) -> None:
    """Ann and Ben play their lowest moves until it is Ben's turn to act."""
    def step() -> None:
        for link in (ann, ben):
            link.poll()
        st = ann.state
        if st.to_act == ann.seat and st.exchange is None and not st.hand_over and getattr(step, "at", None) != st.seq:
            step.at = st.seq
            moves = [m for m in seatrules.legal_moves(st) if m != PASS]
            ann.send(cmd.Play(tuple(move_cards(moves[0]))) if moves else cmd.Pass())
    assert until(lambda: ben.state.to_act == ben.seat and ben.state.exchange is None and not ben.state.hand_over,
                 30, step)


def test_a_dropped_person_keeps_their_turn_for_the_grace_and_gets_it_back():
    server, url, ann, ben = _room(grace=3.0)
    try:
        _play_until_bens_turn(ann, ben)
        seq, hand = ben.state.seq, set(ben.state.hand)
        token, code = ben.token, ben.code
        ben.close()  # his app stops (or his network drops)
        assert until(lambda: not ann.lobby["seats"][1]["connected"], step=ann.poll)
        time.sleep(1.5)  # well inside the grace: nobody moved for him
        ann.poll()
        assert ann.state.seq == seq and ann.state.to_act == 1 and 1 not in ann.state.by_computer
        back = RemoteLink(url, name="Ben", code=code, token=token, backoff=(0.1, 0.5))
        assert until(lambda: back.state is not None, step=back.poll)
        assert back.state.seq == seq and back.state.to_act == 1 and set(back.state.hand) == hand
        time.sleep(3.5)  # past the grace: he is back, so still nobody plays for him
        back.poll()
        assert back.state.seq == seq and 1 not in back.state.by_computer
        back.close()
    finally:
        ann.close()
        server.stop()


def test_a_person_gone_past_the_grace_has_the_computer_play_for_them():
    server, url, ann, ben = _room(grace=0.5)
    try:
        _play_until_bens_turn(ann, ben)
        seq = ben.state.seq
        ben.close()
        assert until(lambda: 1 in ann.state.by_computer and ann.state.seq != seq, 10, ann.poll)
    finally:
        ann.close()
        server.stop()
