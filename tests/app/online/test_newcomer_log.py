"""A person who takes a seat opened mid-hand (Ben left; the host opened his seat; Cy
joins with the room code) meets a hand already under way: the log says they join it as
it stands, not that it "resumed where it stopped" — they never saw it before. Someone
taking back their own seat (a token) still reads "resumed"."""

from __future__ import annotations

from tablenet import start_online, wait_for

from big2.engine.combos import PASS, move_cards
from big2.net.link import RemoteLink
from big2.room import commands as cmd
from big2.room import seatrules
from tests.waiting import until


def _a_move_made(net) -> bool:
    """Someone moved in the hand (Ann opens it with her lowest play if it is hers)."""
    ann = net.ann
    ann.poll()
    net.ben_moves()
    state = ann.state
    if state.history:
        return True
    if state.to_act == ann.seat and state.exchange is None and not ann.pending():
        ann.send(cmd.Play(tuple(move_cards([m for m in seatrules.legal_moves(state) if m != PASS][0]))))
    return False


def test_a_newcomer_in_an_opened_seat_joins_the_hand_as_it_stands(make_app):
    net = start_online(hands=2)
    cy = None
    try:
        ann = net.ann
        assert until(lambda: ann.state is not None and ann.state.in_hand, step=ann.poll)
        assert until(lambda: _a_move_made(net))  # the hand is under way
        net.ben.leave()  # Ben leaves for good: the computer takes his seat
        assert until(lambda: ann.lobby["seats"][1]["kind"] == "computer", step=ann.poll)
        ann.set_seat(1, False)  # the host opens it to a person
        assert until(lambda: ann.lobby["seats"][1]["kind"] == "open", step=ann.poll)
        cy = RemoteLink(net.url, name="Cy", code=ann.code, backoff=(0.1, 0.5))
        assert until(lambda: cy.state is not None and cy.state.in_hand, step=cy.poll)
        assert not cy.taking_back
        app = make_app()
        table = app.push("table", cy)
        assert wait_for(app, lambda: bool(table.log))
        lines = [str(line) for line, _colour in table.log]
        assert cy.state.history  # the hand had moves before Cy came
        assert lines[0].startswith("You join hand 1") and not any("resumed" in line for line in lines), lines
    finally:
        if cy is not None:
            cy.close()
        net.close()


def test_a_seat_taken_back_with_its_token_is_a_hand_resumed():
    link = RemoteLink("ws://127.0.0.1:9", name="Ann", code="ABCD-EFGH", token="t" * 20)
    try:
        assert link.taking_back
    finally:
        link.close()
