"""A RemoteLink given several server addresses (processes sharing rooms through Redis)
tries them in turn: an address nobody answers at does not keep it from the room."""

from __future__ import annotations

import socket
import time

from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits


def _dead_url() -> str:
    """A loopback address where nothing listens (a port just freed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"ws://127.0.0.1:{s.getsockname()[1]}"


def test_a_link_goes_on_to_the_next_address_when_one_does_not_answer() -> None:
    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=Limits(computer_pace_s=0.0))
    live = server.start()
    dead = _dead_url()
    link = RemoteLink(dead, name="Ann", create={"players": 4, "computers": 3, "hands": 1},
                      backoff=(0.05, 0.2), others=(live, dead))
    try:
        assert link.urls == (dead, live)  # the first address first, no address twice
        end = time.monotonic() + 20
        while link.status != "connected" and time.monotonic() < end:
            time.sleep(0.02)
        assert link.status == "connected", (link.status, link.problem)
        assert link.url == live and link.reconnects >= 1
        assert link.code is not None and server.rooms() == 1
    finally:
        link.close()
        server.stop()


def test_one_address_stays_the_address() -> None:
    dead = _dead_url()
    link = RemoteLink(dead, name="Ann", create={"players": 4, "computers": 3, "hands": 1}, backoff=(0.05, 0.1))
    try:
        end = time.monotonic() + 10
        while link.reconnects < 3 and time.monotonic() < end:
            time.sleep(0.02)
        assert link.reconnects >= 3 and link.status == "reconnecting"
        assert link.urls == (dead,) and link.url == dead
    finally:
        link.close()
