"""Nobody's turn clock runs before they are at the table: a hand another person dealt
(or a rematch) waits for each person's table to say it shows the hand (``here``), or
for hosted.ARRIVAL_S; and the final standings stay up a moment before a rematch."""

from __future__ import annotations

from big2.engine.combos import PASS, move_cards
from big2.room import commands as cmd
from big2.room import seatrules

from tablenet import ann_moves, mover, start_online, wait_for
from tests.waiting import until


def _move(link) -> None:
    st = link.state
    moves = [m for m in seatrules.legal_moves(st) if m != PASS]
    link.send(cmd.Play(tuple(move_cards(moves[0]))) if moves and st.leading else cmd.Pass() if not st.leading
              else cmd.Play(tuple(move_cards(moves[0]))))


def test_a_hand_dealt_by_another_waits_for_you_before_your_clock_runs():
    net = start_online(players=2, computers=0, hands=2, turn_clock=20)
    ann, ben = net.ann, net.ben
    try:
        step = mover(ann, ben)
        assert until(lambda: ann.state is not None and ann.state.hand_over and ben.state.hand_over, 120, step)
        ben.send(cmd.NextHand())  # Ben deals; Ann still reads her results
        assert until(lambda: ben.state.in_hand and not ben.state.hand_over, 10, lambda: (ann.poll(), ben.poll()))
        if ben.state.to_act == ben.seat:  # Ben is at the table: his clock runs, and he moves
            assert until(lambda: ben.seconds_left() is not None and ben.seconds_left()[0] == ben.seat, 5, ben.poll)
            seq = ben.state.seq
            _move(ben)
            assert until(lambda: ben.state.seq != seq, 10, ben.poll)
        # Ann's turn, but her table has not shown the hand: no clock runs for her
        assert until(lambda: ann.sync() is not None and ann.state.to_act == ann.seat, 10)
        assert until(lambda: ann.clock is None or ann.clock[0] == ann.seat, 5)
        assert ann.seconds_left() is None
        # her table shows the hand: her clock starts, whole
        ann.here(ann.state.hand_number)
        assert until(lambda: ann.seconds_left() is not None, 5)
        seat, left = ann.seconds_left()
        assert seat == ann.seat and left >= 19
    finally:
        net.close()


def test_the_final_standings_stay_up_before_a_rematch(make_app, monkeypatch):
    from big2.app.screens import session_end

    monkeypatch.setattr(session_end, "STANDINGS_S", 1.5)
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ben)  # Ben's app; Ann is the host
        step = mover(net.ann)
        assert wait_for(app, lambda: app.top.name in ("results", "session_end"), timeout=90,
                        also=lambda: (step(), ann_moves(app, table)))  # (Ben's turns, with clicks)
        if app.top.name == "results":
            from tests.app.helpers import click_button

            click_button(app, app.top.b_next)
        assert wait_for(app, lambda: app.top.name == "session_end", timeout=20, also=step)
        standings = app.top
        net.ann.start()  # the host's Rematch, at once
        assert wait_for(app, lambda: standings.note == "Starting a rematch…", timeout=10, also=step)
        assert app.top is standings and standings.shown_for < 1.5  # still up for Ben to read
        assert wait_for(app, lambda: app.top.name == "table", timeout=10)
        assert standings.shown_for >= 1.5
    finally:
        net.close()

