"""The app's link to a room on a server (RemoteLink): it runs off the caller's thread,
hands over whole events and snapshots through poll(), plays a hand against computers on
the server, and reconnects by itself after a dropped connection, seat and cards intact."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from big2.engine.combos import PASS, move_cards
from big2.net.link import RemoteLink, command_frame
from big2.net.server import Limits, Server
from big2.room import commands as cmds
from big2.room.events import HandScored
from big2.room.seatrules import legal_moves


class ServerThread:
    """A server on its own thread and loop (the test's thread plays the app's part)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        # Computers wait 0.1 s a move: a dropped person's hand is not over before they are back.
        self.server = Server(host="127.0.0.1", port=0, limits=Limits(computer_pace_s=0.1, housekeeping_s=0.2))
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.server.start)

    def call(self, fn: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return await fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def stop(self) -> None:
        self.call(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def served() -> Iterator[ServerThread]:
    st = ServerThread()
    try:
        yield st
    finally:
        st.stop()


def _until(check: Callable[[], bool], link: RemoteLink, seconds: float = 20.0) -> list[Any]:
    events: list[Any] = []
    end = time.monotonic() + seconds
    while not check():
        events += link.poll()
        if time.monotonic() > end:
            raise AssertionError(f"timed out; status {link.status}, problem {link.problem}")
        time.sleep(0.01)
    return events


def _move(link: RemoteLink) -> None:
    st = link.state
    assert st is not None
    if st.exchange is not None and st.exchange[1] == st.seat:
        link.send(cmds.GiveBack(st.give_back_hint if st.give_back_hint is not None else min(st.hand)))
        return
    moves = [m for m in legal_moves(st) if m != PASS]
    link.send(cmds.Play(tuple(move_cards(moves[0]))) if moves else cmds.Pass())


def test_command_frames_are_the_wire_form_of_the_rooms_commands() -> None:
    assert command_frame(cmds.Play((5, 1))) == {"kind": "play", "cards": [1, 5]}
    assert command_frame(cmds.GiveBack(7)) == {"kind": "give_back", "card": 7}
    assert command_frame(cmds.NextHand()) == {"kind": "next_hand"}
    with pytest.raises(ValueError):
        command_frame(cmds.Leave())


def test_a_link_hosts_plays_a_hand_and_comes_back_after_a_drop(served: ServerThread) -> None:
    link = RemoteLink(served.server.url, name="Ann", create={"players": 4, "computers": 3, "hands": 2},
                      backoff=(0.05, 0.2))
    try:
        _until(lambda: link.lobby is not None, link)
        assert link.status == "connected" and link.lobby["you"] == 0 and link.token and link.code
        link.start()
        _until(lambda: link.state is not None and link.state.in_hand, link)
        # A refused command comes back through poll, with the room's sentence.
        not_mine = next(c for c in range(52) if c not in set(link.state.hand))
        link.send(cmds.Play((not_mine,)))
        got: list[Any] = []
        _until(lambda: any(isinstance(e, cmds.Refusal) for e in got) or bool(got.extend(link.poll())), link, 10)
        refusal = next(e for e in got if isinstance(e, cmds.Refusal))
        assert str(refusal.message).endswith(".") and link.problem[0] == "refused"
        # Play a few moves, then the connection drops (the server cuts it).
        made = 0
        seen_before = 0
        while made < 3:
            st = link.state
            if st is not None and st.my_turn and not st.hand_over:
                seq = st.seq
                _move(link)
                made += 1
                _until(lambda: link.state.seq != seq, link)
            else:
                link.poll()
                time.sleep(0.01)
        seen_before = len(link.state.history)
        hand_before = set(link.state.hand)

        async def cut() -> None:
            for conn in list(served.server.connections):
                conn.ws.transport.abort()

        served.call(cut)
        _until(lambda: link.reconnects >= 1 and link.status == "connected", link)
        _until(lambda: link.state is not None and len(link.state.history) >= seen_before, link)
        assert link.state.seat == 0 and set(link.state.hand) <= hand_before
        # The hand goes on to its end through the same link.
        events: list[Any] = []
        end = time.monotonic() + 60
        while not any(isinstance(e, HandScored) for e in events):
            events += link.poll()
            st = link.state
            if st is not None and st.my_turn and not st.hand_over:
                seq = st.seq
                _move(link)
                events += _until(lambda: link.state.seq != seq, link)
            time.sleep(0.005)
            assert time.monotonic() < end
    finally:
        link.close()
    assert link.status == "closed" and not link._thread.is_alive()


def test_a_wrong_code_stops_the_link_with_the_reason(served: ServerThread) -> None:
    link = RemoteLink(served.server.url, name="Eve", code="ZZZZ-ZZZZ", backoff=(0.05, 0.1))
    try:
        _until(lambda: link.status == "closed", link, 10)
        assert link.problem is not None and link.problem[0] == "bad_code"
    finally:
        link.close()


def test_every_error_that_answers_a_command_comes_back_as_a_refusal(served: ServerThread) -> None:
    # A play of no cards is answered with bad_value, not refused: before, the link kept
    # it in problem only, and a table waiting for its move waited for good.
    link = RemoteLink(served.server.url, name="Ann", create={"players": 4, "computers": 3, "hands": 1},
                      backoff=(0.05, 0.2))
    try:
        _until(lambda: link.lobby is not None, link)
        link.start()
        _until(lambda: link.state is not None and link.state.in_hand, link)
        link.send(cmds.Play(()))
        got: list[Any] = []
        _until(lambda: any(isinstance(e, cmds.Refusal) for e in got) or bool(got.extend(link.poll())), link, 10)
        refusal = next(e for e in got if isinstance(e, cmds.Refusal))
        assert link.problem[0] == "bad_value"
        assert str(refusal.message) == "The game server found a value it could not use in a request."
        assert not link._unanswered
        # an error that answers no command (a second Start: the game is on) is no refusal
        link.start()
        _until(lambda: link.problem is not None and link.problem[0] != "bad_value", link, 10)
        time.sleep(0.2)
        assert not any(isinstance(e, cmds.Refusal) for e in link.poll())
    finally:
        link.close()
