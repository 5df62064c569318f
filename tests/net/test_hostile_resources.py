"""A hostile client against ``big2 serve``, on loopback: what one address cannot use up
(issue 42, items 1-4). Descriptors (connection caps, idle connections, cheap refusals,
logs that a storm cannot flood), abandoned computer tables and a fair computer pool,
hints off the event loop within budgets, and abandoned lobby rooms.

127.0.0.2 is another address on Linux's loopback (the whole 127/8 is the machine's);
limits are shrunk so each test stays small. Every check counts what happened (refused,
closed, moves made, jobs run), never how fast.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from big2.net import protocol
from big2.net.client import Client
from big2.net.gate import RateLog, address_key, connection_cap
from big2.net.limits import Limits
from big2.net.pool import ComputerPool
from big2.room import codec
from big2.room.state import SeatState

from .conftest import run, serving

V = protocol.PROTOCOL_VERSION
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="127.0.0.2 is Linux's loopback")

#: Limits for these tests: quick housekeeping, computers that move at once.
BASE: dict[str, Any] = {"hello_timeout_s": 2.0, "housekeeping_s": 0.1, "reconnect_grace_s": 0.1,
                        "computer_pace_s": 0.0}


def limits(**changes: Any) -> Limits:
    return Limits(**{**BASE, **changes})


async def hello(url: str, src: str = "127.0.0.1") -> Client:
    """A welcomed connection from the loopback address ``src``."""
    ws = await ws_connect(url, local_addr=(src, 0), open_timeout=5, compression=None,
                          max_size=protocol.MAX_SERVER_FRAME_BYTES)
    await ws.send(protocol.encode("hello", version=V, client="hostile"))
    frame = protocol.parse_server_frame(await asyncio.wait_for(ws.recv(), 5))
    assert frame.type == "welcome", frame
    return Client(ws, frame)


async def refused(url: str, src: str = "127.0.0.1") -> bool:
    """Whether a new connection from ``src`` is turned away before any hello."""
    try:
        c = await hello(url, src)
    except (WebSocketException, OSError, asyncio.TimeoutError):
        return True
    await c.close()
    return False


async def closed(c: Client, seconds: float = 5.0) -> list[protocol.Frame]:
    """Read until the server closes ``c`` (the frames before); fails after ``seconds``."""
    frames = []
    end = time.monotonic() + seconds
    with pytest.raises(ConnectionClosed):
        while time.monotonic() < end:
            frames.append(protocol.parse_server_frame(await asyncio.wait_for(c.ws.recv(), end - time.monotonic())))
    return frames


async def table(url: str, src: str = "127.0.0.1", *, level: str = "beginner", start: bool = True) -> tuple[Client, str]:
    """A room of one person (from ``src``) and three computers, started."""
    c = await hello(url, src)
    await c.send("create_room", name="Host", players=4, computers=3, level=level, hands=1)
    joined = await c.expect("joined")
    if start:
        await c.send("start")
        c.backlog.insert(0, await c.expect("state", timeout=10))  # (left for my_turn to read)
    return c, joined["code"]


async def my_turn(c: Client, timeout: float = 20.0) -> SeatState:
    """Read until a snapshot says it is this seat's turn."""
    end = time.monotonic() + timeout
    while True:
        frame = await c.expect("state", timeout=max(0.1, end - time.monotonic()))
        state = codec.from_json(frame["state"])
        if state.my_turn:
            return state


# -- 1. File descriptors -------------------------------------------------------------------


def test_one_address_is_capped_and_another_is_still_served() -> None:
    async def go() -> None:
        async with serving(limits=limits(connections_per_address=3)) as server:
            held = [await hello(server.url) for _ in range(3)]
            for _ in range(5):
                assert await refused(server.url)
            # Refused before any handshake: no handler, no connection object, counted.
            assert len(server.connections) == 3
            assert server.gate.refused["address"] == 5
            newcomer = await hello(server.url, "127.0.0.2")
            await newcomer.send("ping", t=1)
            assert (await newcomer.expect("pong"))["t"] == 1
            # A connection let go frees its place.
            await held.pop().close()
            for _ in range(50):
                if server.gate.by_address.get("127.0.0.1") == 2:
                    break
                await asyncio.sleep(0.05)
            again = await hello(server.url)
            for c in (*held, newcomer, again):
                await c.close()
    run(go())


def test_the_total_cap_holds_and_stays_below_the_descriptor_limit() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connection_cap(Limits(max_connections=10**9, descriptor_reserve=100)) == soft - 100
    assert connection_cap(Limits(max_connections=5)) == 5

    async def go() -> None:
        async with serving(limits=limits(max_connections=4)) as server:
            held = [await hello(server.url, f"127.0.0.{2 + i}") for i in range(4)]
            assert await refused(server.url, "127.0.0.9")
            assert server.gate.refused["total"] == 1 and len(server.connections) == 4
            for c in held:
                await c.close()
    run(go())


def test_big2_serve_raises_its_soft_descriptor_limit_to_the_hard_one() -> None:
    code = ("import resource; from big2.net.gate import raise_descriptor_limit; "
            "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
            "resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard)); "
            "print(*raise_descriptor_limit(), hard)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    soft, hard, was_hard = (int(x) for x in out.stdout.split())
    assert soft == hard == was_hard or soft >= 10240


def test_a_connection_that_joins_no_room_is_closed_and_one_in_a_room_is_not() -> None:
    async def go() -> None:
        async with serving(limits=limits(roomless_s=0.4)) as server:
            idle = await hello(server.url)
            seated, _code = await table(server.url, start=False)
            frames = await closed(idle, 10)
            assert [f["code"] for f in frames if f.type == "error"] == ["timeout"]
            await seated.send("ping", t=2)  # still served after the idle one's time ran out
            assert (await seated.expect("pong"))["t"] == 2
            # Leaving the room starts the clock again.
            await seated.send("leave")
            await seated.expect("left")
            await closed(seated, 10)
    run(go())


def test_a_storm_of_refusals_logs_one_line_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        async with serving(limits=limits(connections_per_address=1, log_interval_s=60)) as server:
            c = await hello(server.url)
            with caplog.at_level(logging.INFO, logger="big2.net.server"):
                for _ in range(40):
                    assert await refused(server.url)
            assert server.gate.refused["address"] == 40
            lines = [r for r in caplog.records if "refused" in r.getMessage()]
            assert len(lines) == 1, [r.getMessage() for r in lines]
            await c.close()
    run(go())


def test_a_rate_log_lets_one_line_a_cause_through_and_counts_the_rest(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    logger = logging.getLogger("big2.test.ratelog")
    rate = RateLog(10.0, logger, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="big2.test.ratelog"):
        for _ in range(1000):
            rate.log(logging.WARNING, "a", "cause a")
        rate.log(logging.WARNING, "b", "cause b")
        now[0] = 10.5
        rate.log(logging.WARNING, "a", "cause a")
        now[0] = 21.0
        rate.log(logging.WARNING, "a", "cause a")
        rate.log(logging.WARNING, "a", "cause a")
        now[0] = 40.0
        rate.flush()
    assert [r.getMessage() for r in caplog.records] == [
        "cause a", "cause b", "cause a (and 999 more like it in the last 10 s)", "cause a",
        "a: 1 more in the last 19 s"]


def test_the_accept_loop_out_of_descriptors_logs_one_line_an_interval(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        async with serving(limits=limits(log_interval_s=60)):
            loop = asyncio.get_running_loop()
            with caplog.at_level(logging.ERROR, logger="asyncio"):
                for _ in range(500):  # what asyncio's accept loop reports at EMFILE
                    loop.call_exception_handler({"message": "socket.accept() out of system resource",
                                                 "exception": OSError(24, "Too many open files")})
            assert len([r for r in caplog.records if "accept" in r.getMessage()]) == 1
    run(go())


def test_address_keys() -> None:
    assert address_key("127.0.0.1") == "127.0.0.1"
    assert address_key("::ffff:10.1.2.3") == "10.1.2.3"
    # one IPv6 subscriber holds a whole /64: it counts as one address
    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"


# -- 2. Abandoned computer tables, a fair pool ---------------------------------------------


def _moves(server: Any, code: str) -> int:
    room = server.rooms[code]
    return len(room.game.log)


def test_a_room_nobody_is_connected_to_stops_searching_and_goes_on_when_they_are_back() -> None:
    async def go() -> None:
        async with serving(limits=limits()) as server:
            c, code = await table(server.url)
            token = server.rooms[code].seats[0].token_hash and c  # (the seat stays the person's)
            await c.send("command", seq=1, command={"kind": "hand_to_computer"})
            await c.expect("ack")
            room = server.rooms[code]
            await c.close()
            for _ in range(100):  # the room knows nobody is here
                if room.brain.paused:
                    break
                await asyncio.sleep(0.02)
            assert room.brain.paused
            await asyncio.sleep(0.3)  # a search under way when they left may finish
            before = _moves(server, code)
            runs = server.executor.runs
            await asyncio.sleep(1.0)
            assert _moves(server, code) == before, "an abandoned room went on searching"
            assert server.executor.runs == runs
            assert not room.game.match.game.is_over
            assert token is c
    run(go())


def test_the_pool_serves_the_address_that_used_least_first_and_holds_paused_rooms() -> None:
    class Owner:
        def __init__(self, address: str, paused: bool = False) -> None:
            self.address, self.paused = address, paused

    pool = ComputerPool(Limits(computer_threads=1, computer_s_per_address=1000.0))
    try:
        hog, newcomer, gone = Owner("10.0.0.1"), Owner("10.0.0.2"), Owner("10.0.0.3", paused=True)

        def burn() -> str:
            end = time.thread_time() + 0.02
            while time.thread_time() < end:
                pass
            return "hog"

        pool.run(hog, burn).result(10)  # the hog has used computer time, the newcomer none
        gate = threading.Event()
        blocker = pool.run(hog, lambda: gate.wait(10))
        order: list[str] = []
        held = pool.run(gone, lambda: order.append("gone"))
        futures = [pool.run(hog, lambda i=i: order.append(f"hog{i}")) for i in range(3)]
        futures.append(pool.run(newcomer, lambda: order.append("newcomer")))
        futures.append(pool.run(hog, lambda: order.append("hint"), priority=0))  # a person waits for it
        gate.set()
        for f in [blocker, *futures]:
            f.result(10)
        assert order == ["hint", "newcomer", "hog0", "hog1", "hog2"]
        assert not held.done()  # a paused owner's job waits, costing nothing
        gone.paused = False
        pool.poke()
        held.result(10)
        assert order[-1] == "gone"
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def test_past_its_computer_time_an_address_gets_the_cheap_move() -> None:
    class Owner:
        address, paused = "10.0.0.1", False

    pool = ComputerPool(Limits(computer_threads=1, computer_s_per_address=0.01, computer_window_s=600))
    try:
        owner = Owner()

        def burn() -> str:
            end = time.thread_time() + 0.03
            while time.thread_time() < end:
                pass
            return "searched"

        assert pool.run(owner, burn, cheap=lambda: "cheap").result(10) == "searched"
        assert pool.run(owner, burn, cheap=lambda: "cheap").result(10) == "cheap"
        assert pool.cheapened == 1
        other = Owner()
        other.address = "10.0.0.2"
        assert pool.run(other, burn, cheap=lambda: "cheap").result(10) == "searched"
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


# -- 3. Hints off the event loop, within budgets -------------------------------------------


def _hint_threads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the thread every hint search runs on."""
    import importlib

    ai_hint = importlib.import_module("big2.ai.hint")  # (big2.ai's "hint" is the function)
    seen: list[str] = []
    real = ai_hint.hint

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(ai_hint, "hint", spy)
    return seen


async def _ask_hint(c: Client, seq: int) -> str:
    """Ask a hint; "ok" (answered with the hint) or the error's code."""
    await c.send("command", seq=seq, command={"kind": "hint"})
    while True:
        frame = await c.expect("ack", "error", "event", timeout=10)
        if frame.type == "error":
            return str(frame["code"])
        if frame.type == "ack" and frame["seq"] == seq:
            return "ok"


def test_hints_are_searched_off_the_loop_within_a_seat_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _hint_threads(monkeypatch)

    async def go() -> None:
        async with serving(limits=limits(hint_burst=2, hint_rate=0.001, computer_pace_s=0.05)) as server:
            c, _code = await table(server.url)
            await my_turn(c)
            assert [await _ask_hint(c, seq) for seq in (1, 2, 3)] == ["ok", "ok", "no_hint"]
            assert len(seen) == 2 and all(name != threading.current_thread().name for name in seen), seen
            assert all(name.startswith("big2-computer") for name in seen)
            await c.close()
    run(go())


def test_an_address_shares_one_hint_budget_over_all_its_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    _hint_threads(monkeypatch)

    async def go() -> None:
        async with serving(limits=limits(hint_burst=5, hint_rate=0.001, address_hint_burst=3,
                                         address_hint_rate=0.001, computer_pace_s=0.05)) as server:
            tables = [await table(server.url) for _ in range(2)]
            other, _ = await table(server.url, "127.0.0.2")
            for c, _code in tables:
                await my_turn(c)
            await my_turn(other)
            first, second = tables[0][0], tables[1][0]
            assert [await _ask_hint(first, s) for s in (1, 2)] == ["ok", "ok"]
            assert [await _ask_hint(second, s) for s in (1, 2)] == ["ok", "no_hint"]
            assert await _ask_hint(other, 1) == "ok"  # another address has its own
            for c in (first, second, other):
                await c.close()
    run(go())


def test_frames_from_one_address_share_one_flood_budget() -> None:
    async def go() -> None:
        async with serving(limits=limits(rate=1000.0, burst=1000.0, address_rate=0.1, address_burst=10)) as server:
            a, b = await hello(server.url), await hello(server.url)
            for i in range(6):
                await a.send("ping", t=i)
                await a.expect("pong")
            for i in range(4):
                await b.send("ping", t=i)
                await b.expect("pong")
            await b.send("ping", t=9)  # the address's eleventh frame
            frames = await closed(b)
            assert [f["code"] for f in frames if f.type == "error"] == ["flood"]
            c = await hello(server.url, "127.0.0.2")  # another address is not touched
            await c.send("ping", t=1)
            await c.expect("pong")
            for x in (a, c):
                await x.close()
    run(go())


# -- 4. Abandoned lobby rooms ----------------------------------------------------------------


def test_one_address_may_open_only_so_many_rooms() -> None:
    async def go() -> None:
        async with serving(limits=limits(rooms_per_address=2)) as server:
            hosts = [(await table(server.url, start=False))[0] for _ in range(2)]
            c = await hello(server.url)
            await c.send("create_room", name="Third")
            assert (await c.expect("error"))["code"] == "busy"
            assert len(server.rooms) == 2
            other, _ = await table(server.url, "127.0.0.2", start=False)
            assert len(server.rooms) == 3
            for x in (*hosts, c, other):
                await x.close()
    run(go())


def test_an_empty_lobby_room_closes_and_a_started_one_waits() -> None:
    async def go() -> None:
        async with serving(limits=limits(empty_lobby_s=0.3, idle_room_s=600)) as server:
            lobby, lobby_code = await table(server.url, start=False)
            started, started_code = await table(server.url, "127.0.0.2")
            await lobby.close()
            await started.close()
            for _ in range(100):
                if lobby_code not in server.rooms:
                    break
                await asyncio.sleep(0.05)
            assert lobby_code not in server.rooms
            assert started_code in server.rooms  # its people may come back with their tokens
    run(go())


def test_through_a_trusted_proxy_each_forwarded_address_has_its_own_cap() -> None:
    async def through(url: str, forwarded: str) -> Client | None:
        try:
            ws = await ws_connect(url, open_timeout=5, compression=None,
                                  additional_headers={"X-Forwarded-For": f"203.0.113.9, {forwarded}"})
        except (WebSocketException, OSError):
            return None
        await ws.send(protocol.encode("hello", version=V, client="hostile"))
        return Client(ws, protocol.parse_server_frame(await ws.recv()))

    async def go() -> None:
        async with serving(limits=limits(connections_per_address=2, trusted_proxies=("127.0.0.1",))) as server:
            held = [await through(server.url, "10.0.0.1") for _ in range(2)]
            assert all(held)
            assert await through(server.url, "10.0.0.1") is None
            other = await through(server.url, "10.0.0.2")
            assert other is not None
            assert {c.address for c in server.connections} == {"10.0.0.1", "10.0.0.2"}
            for c in (*held, other):
                await c.close()  # type: ignore[union-attr]
    run(go())


def test_the_apps_link_turned_away_by_the_gate_is_told_why_and_stops_waiting() -> None:
    """The gate's cheap refusal (HTTP 503 before any handshake) reaches the person as a
    sentence and ends the wait: the app's link used to take it for a broken connection
    and retry for two minutes."""
    from big2.net.client import ServerRefused, connect
    from big2.net.link import RemoteLink
    from big2.net.sentences import SENTENCES

    assert "crowded" in SENTENCES

    async def go() -> None:
        async with serving(limits=limits(connections_per_address=1)) as server:
            held = await hello(server.url)
            with pytest.raises(ServerRefused) as info:
                await connect(server.url)
            assert info.value.code == "crowded"
            link = RemoteLink(server.url, name="Eve", create={"players": 4, "computers": 3, "hands": 1},
                              backoff=(0.05, 0.1))
            try:
                for _ in range(200):
                    if link.status == "closed":
                        break
                    await asyncio.sleep(0.05)
                assert link.status == "closed" and link.problem is not None and link.problem[0] == "crowded"
                assert link.reconnects == 0
            finally:
                link.close()
            await held.close()
    run(go())
