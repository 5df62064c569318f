"""A real game server on loopback and two seats in it, for the online table's tests.

:func:`online_table` starts a :class:`~big2.net.hostthread.ServerThread` on a free port,
creates a room as "Ann" (the app's seat) and joins it as "Ben" (a second
:class:`~big2.net.link.RemoteLink` the test plays for, or lets drop), marks both ready,
starts the session and opens the table on Ann's link — as the lobby does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from big2.engine.combos import PASS, move_cards
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits
from big2.room import commands as cmd
from big2.room import seatrules

from tests.app.helpers import pump
from tests.waiting import until


def wait_for(app, check, timeout: float = 20.0, *, also=None) -> bool:
    """Run the app's frames until ``check()`` is true (``also()`` each frame)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        if also is not None:
            also()
        app.frame(block=False)
        time.sleep(0.005)
    return bool(check())


@dataclass
class Online:
    server: ServerThread
    url: str
    ann: RemoteLink
    ben: RemoteLink

    #: Ben deals the next hand as soon as one is over (before Ann asks for it).
    ben_deals: bool = False

    def ben_moves(self) -> None:
        """Ben plays his turn (his lowest legal move, or a pass) when it is his."""
        self.ben.poll()
        state = self.ben.state
        if (self.ben_deals and state is not None and state.hand_over and not state.session_over
                and getattr(self, "_ben_dealt", None) != state.hand_number):
            self._ben_dealt = state.hand_number
            self.ben.send(cmd.NextHand())
        if state is None or not state.in_hand or state.hand_over or self.ben.status != "connected":
            return
        if state.to_act == self.ben.seat and state.exchange is None and getattr(self, "_ben_at", None) != state.seq:
            self._ben_at = state.seq
            moves = [m for m in seatrules.legal_moves(state) if m != PASS]
            if not state.leading and (not moves or len(state.hand) > 3):
                self.ben.send(cmd.Pass())
            elif moves:
                self.ben.send(cmd.Play(tuple(move_cards(moves[0]))))

    def close(self) -> None:
        for link in (self.ann, self.ben):
            link.close()
        self.server.stop()


def start_online(*, players: int = 4, computers: int = 2, hands: int = 2, turn_clock: int = 0,
                 port: int = 0, pace: float = 0.0, grace: float = 0.3) -> Online:
    """A server, a room with Ann (host, seat 0) and Ben (seat 1), started. A person who
    drops keeps their seat for ``grace`` seconds before the computer plays it."""
    server = ServerThread(host="127.0.0.1", port=port, advertise=False,
                          limits=Limits(computer_pace_s=pace, reconnect_grace_s=grace))
    url = server.start()
    create = {"players": players, "computers": computers, "hands": hands}
    if turn_clock:
        create["turn_clock"] = turn_clock
    ann = RemoteLink(url, name="Ann", create=create, backoff=(0.1, 0.5))
    assert until(lambda: ann.lobby is not None and ann.code is not None)
    ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
    assert until(lambda: ben.lobby is not None)
    ann.ready()
    ben.ready()
    assert until(lambda: ann.lobby is not None and all(s["ready"] for s in ann.lobby["seats"]))
    ann.start()
    assert until(lambda: ann.state is not None and ben.state is not None,
                 step=lambda: (ann.poll(), ben.poll()))
    return Online(server, url, ann, ben)


def ann_moves(app, table) -> bool:
    """Ann (the app's seat) takes her turn with real clicks: the cards of her lowest legal
    play, then Play; Pass (the button) when nothing beats the trick. True if she moved."""
    from tests.app.helpers import card_point, click, click_button

    if not table.awaiting_human or app.top is not table:
        return False
    if table.exchange.giving_back is not None:  # three players: the suggested card goes back
        assert table.buttons["play"].is_enabled, table.play_reason
        click_button(app, table.buttons["play"])
        return True
    if table.state.to_act != table.viewer:
        return False
    state = table.state
    moves = [m for m in seatrules.legal_moves(state) if m != PASS]
    if not moves:
        click_button(app, table.buttons["pass"])
        return True
    for card in list(table.hand.selected):  # start from nothing lifted (a hint, say)
        click(app, card_point(table, card))
    cards = sorted(move_cards(moves[0]))
    # following a trick, one click lifts the lowest play holding the card (one-tap)
    for card in (cards[:1] if not state.leading and app.settings.one_tap else cards):
        click(app, card_point(table, card))
    assert table.buttons["play"].is_enabled, table.play_reason
    click_button(app, table.buttons["play"])
    return True


def drop(link: RemoteLink) -> None:
    """Cut ``link``'s connection as a network failure does (no close handshake): the
    link notices, says "reconnecting" and comes back with its seat token."""
    client, loop = link._client, link._loop
    assert client is not None and loop is not None
    loop.call_soon_threadsafe(client.ws.transport.abort)


def rejoin(net: Online, name: str = "Ben") -> RemoteLink:
    """Ben's app started again: a new link that takes his seat back with his token."""
    old = net.ben
    link = RemoteLink(net.url, name=name, code=old.code, token=old.token, backoff=(0.1, 0.5))
    net.ben = link
    return link


def mover(*links: RemoteLink):
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


def play_while(app, table, net: Online, going, seconds: float = 60.0, *, ben: bool = True) -> None:
    """Run the app's frames while ``going()`` (at most ``seconds``): Ben plays his turns
    (unless not ``ben``: he is gone), Ann hers with real clicks whenever her table is on
    top."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and going():
        if ben:
            net.ben_moves()
        app.frame(block=False)
        if app.top is table:
            ann_moves(app, table)
        time.sleep(0.005)
