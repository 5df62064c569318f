"""The server a player hosts from the app: on its own thread, reachable, stopped cleanly."""

from __future__ import annotations

import socket
import time

import pytest

from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink


def _wait(check, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


def test_a_hosted_server_serves_a_room_and_stops():
    host = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = host.start()
    assert url.startswith("ws://127.0.0.1:") and host.running
    assert host.share_addresses() == [url]
    link = RemoteLink(url, name="Ann", create={"players": 2, "computers": 1, "hands": 1})
    try:
        assert _wait(lambda: link.poll() is not None and link.lobby is not None)
        assert host.rooms() == 1
        link.start()
        assert _wait(lambda: (link.poll() is not None) and link.state is not None)
        assert len(link.state.hand) == 13
    finally:
        link.close()
        host.stop()
    assert not host.running
    with socket.socket() as probe:  # the port is free again (as a server binds it)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", host.server.port))


def test_a_taken_port_falls_back_to_a_free_one():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        host = ServerThread(host="127.0.0.1", port=taken, advertise=False)
        try:
            url = host.start()
            assert not url.endswith(f":{taken}")
        finally:
            host.stop()


def test_starting_twice_is_refused():
    host = ServerThread(host="127.0.0.1", port=0, advertise=False)
    host.start()
    try:
        with pytest.raises(RuntimeError):
            host.start()
    finally:
        host.stop()
    host.stop()  # a second stop does nothing


def test_the_host_leaving_ends_the_game_for_everyone_and_says_so():
    """Issue 41 (one story for the host leaving): when the app that hosts stops its
    server, every person still there is told the game is over — not left reconnecting to
    nothing for two minutes — and no seat is kept for a rejoin."""
    host = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = host.start()
    ann = RemoteLink(url, name="Ann", create={"players": 3, "computers": 1, "hands": 2})
    ben = None
    try:
        assert _wait(lambda: ann.poll() is not None and ann.lobby is not None)
        ben = RemoteLink(url, name="Ben", code=ann.code)
        assert _wait(lambda: ben.poll() is not None and ben.lobby is not None)
        ben.ready(True)
        assert _wait(lambda: ann.poll() is not None and all(
            s.get("ready") or s["kind"] != "person" or s.get("host") for s in ann.lobby["seats"]))
        ann.start()
        assert _wait(lambda: ben.poll() is not None and ben.state is not None)
        ann.close()  # the host leaves: her app closes its link, then stops its server
        host.stop()
        assert _wait(lambda: (ben.poll() or True) and ben.status == "closed", timeout=10), ben.status
        assert ben.problem is not None and ben.problem[0] == "ended", ben.problem  # (a kept seat is forgotten)
    finally:
        ann.close()
        if ben is not None:
            ben.close()
        host.stop()
