"""A remote link hands a move's events over only with the snapshot that follows them, so
a table never sees events its state is behind, nor a state whose events it lacks (the
race that could leave a table without the next hand's deal)."""

from __future__ import annotations

import asyncio
import threading
import time

from websockets.asyncio.server import serve

from big2.net import protocol
from big2.net.link import RemoteLink
from big2.room import codec
from big2.room.config import MatchConfig, SeatConfig
from big2.room.link import LocalLink
from big2.room.room import Room

TOKEN = "A" * 22


def _wait(check, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.01)
    return bool(check())


def test_events_wait_for_their_snapshot():
    seats = (SeatConfig("Ann", True), SeatConfig("East", False, "beginner"))
    local = LocalLink(Room(MatchConfig(seats=seats, hands=1, seed=5)))
    local.room.start_hand()
    events = local.poll()
    state = local.state
    assert events
    go_on = threading.Event()
    sent_events = threading.Event()

    async def handler(ws):
        await ws.recv()  # hello
        await ws.send(protocol.encode("welcome", version=protocol.PROTOCOL_VERSION, server="fake",
                                      max_frame=protocol.MAX_FRAME_BYTES))
        await ws.recv()  # join_room
        await ws.send(protocol.encode("joined", code="ABCDEFGH", seat=0, token=TOKEN))
        for event in events:
            await ws.send(protocol.encode("event", event=codec.to_json(event)))
        sent_events.set()
        while not go_on.is_set():
            await asyncio.sleep(0.01)
        await ws.send(protocol.encode("state", state=codec.to_json(state)))
        await asyncio.sleep(30)

    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []
    stop = asyncio.Event()

    async def main():
        async with serve(handler, "127.0.0.1", 0) as server:
            port.append(next(iter(server.sockets)).getsockname()[1])
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    assert ready.wait(10)
    link = RemoteLink(f"ws://127.0.0.1:{port[0]}", name="Ann", code="ABCDEFGH")
    try:
        assert sent_events.wait(10)
        time.sleep(0.2)  # the events are at the link by now
        assert link.poll() == [] and link.state is None and not link.pending()
        go_on.set()
        assert _wait(link.pending)
        got = link.poll()
        assert [type(e).__name__ for e in got] == [type(e).__name__ for e in events]
        assert link.state == state
    finally:
        link.close()
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
