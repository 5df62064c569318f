"""The server over loopback with real websocket clients: hello, versions, bad frames,
floods, and the lobby of a room (create, join, codes, tokens, seats, leaving)."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from big2.net import protocol
from big2.net.client import Client, ServerRefused, connect
from big2.net.server import Limits, TokenBucket
from big2.net.tokens import Throttle, format_code

from .conftest import FAST, run, serving

V = protocol.PROTOCOL_VERSION


async def _closed(ws: object) -> tuple[int | None, str]:
    """Read until the server closes; the close code and reason."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 5)  # type: ignore[attr-defined]
    except ConnectionClosed as exc:
        return (exc.rcvd.code if exc.rcvd else None), (exc.rcvd.reason if exc.rcvd else "")


async def _still_serves(url: str) -> None:
    c = await connect(url)
    await c.send("ping", t=7)
    assert (await c.expect("pong"))["t"] == 7
    await c.close()


def test_hello_gets_a_welcome_and_ping_a_pong() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            c = await connect(server.url, client="test 1")
            assert c.welcome.fields == {"version": V, "server": "big2 serve", "max_frame": 65536}
            await c.send("ping")
            assert (await c.expect("pong")).fields == {}
            await c.close()
    run(go())


def test_another_version_gets_one_sentence_then_the_connection_closes() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            with pytest.raises(ServerRefused) as info:
                await connect(server.url, version=V + 1)
            assert info.value.code == "version"
            assert info.value.message.count(".") == 1 and str(V + 1) in info.value.message
            async with ws_connect(server.url) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 0, "shape": "of the past"}))
                err = protocol.parse_server_frame(await ws.recv())
                assert err.type == "error" and err["code"] == "version"
                code, reason = await _closed(ws)
                assert code == 1008 and "version" in reason
            await _still_serves(server.url)
    run(go())


def test_the_first_frame_must_be_hello_and_come_in_time() -> None:
    async def go() -> None:
        async with serving(limits=Limits(hello_timeout_s=0.3)) as server:
            async with ws_connect(server.url) as ws:
                await ws.send('{"type":"ping"}')
                assert protocol.parse_server_frame(await ws.recv())["code"] == "not_hello"
                assert (await _closed(ws))[0] == 1008
            async with ws_connect(server.url) as ws:
                assert protocol.parse_server_frame(await ws.recv())["code"] == "timeout"
                assert (await _closed(ws))[0] == 1008
            await _still_serves(server.url)
    run(go())


def test_bad_frames_get_an_error_frame_and_the_connection_goes_on() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            c = await connect(server.url)
            for raw, code in (("{oops", "bad_json"), ("[]", "not_object"), ('{"type":"warp"}', "unknown_type"),
                              ('{"type":"ready","ready":"yes"}', "wrong_type"), ('{"type":"ready","ready":true}', "no_room"),
                              (b"\x00\x01", "binary"), ('{"type":"hello","version":%d}' % V, "hello_again")):
                await c.send_raw(raw)
                err = await c.expect("error")
                assert err["code"] == code, raw
            await c.send("ping", t=1)
            assert (await c.expect("pong"))["t"] == 1
            await c.close()
    run(go())


def test_a_frame_over_64_kib_closes_the_connection_and_the_next_client_is_served() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            c = await connect(server.url)
            await c.send_raw('{"type":"ping","pad":"' + "x" * 70_000 + '"}')
            code, reason = await _closed(c.ws)
            assert code == 1009 and reason
            await _still_serves(server.url)
    run(go())


def test_a_flood_gets_an_error_frame_then_a_close_with_a_reason() -> None:
    async def go() -> None:
        async with serving(limits=Limits(rate=5.0, burst=10.0)) as server:
            c = await connect(server.url)
            for i in range(40):
                try:
                    await c.send("ping", t=i)
                except ConnectionClosed:
                    break
            frames = []
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    frames.append(protocol.parse_server_frame(await asyncio.wait_for(c.ws.recv(), 5)))
            assert [f.type for f in frames].count("pong") <= 11
            assert frames[-1].type == "error" and frames[-1]["code"] == "flood"
            assert info.value.rcvd is not None and info.value.rcvd.code == 1008 and "Too many" in info.value.rcvd.reason
            await _still_serves(server.url)
    run(go())


def test_the_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(2.0, 3.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()
    now[0] += 100
    assert sum(bucket.take() for _ in range(10)) == 3


async def _host(url: str, name: str = "Ann", **opts: object) -> tuple[Client, dict, dict]:
    c = await connect(url)
    await c.send("create_room", name=name, **opts)
    joined = (await c.expect("joined")).fields
    room = (await c.expect("room"))["room"]
    return c, joined, room


def test_a_room_is_created_joined_and_everyone_sees_the_lobby() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, joined, room = await _host(server.url, players=3, computers=1, preset="taiwan")
            assert joined["seat"] == 0 and len(joined["token"]) >= 22
            assert room["code"] == joined["code"] and room["code_shown"] == format_code(room["code"])
            assert room["you"] == 0 and room["host"] == 0 and room["preset"] == "taiwan"
            assert [s["kind"] for s in room["seats"]] == ["person", "open", "computer"]
            bob = await connect(server.url)
            await bob.send("join_room", code=room["code_shown"].lower(), name="\u202eBob\x07")
            assert (await bob.expect("joined"))["seat"] == 1
            seen = (await bob.expect("room"))["room"]
            assert seen["you"] == 1 and seen["seats"][1] == {"kind": "person", "name": "Bob", "connected": True,
                                                             "ready": False}
            assert (await ann.expect("room"))["room"]["seats"][1]["name"] == "Bob"
            # The room is full now.
            cy = await connect(server.url)
            await cy.send("join_room", code=room["code"], name="Cy")
            assert (await cy.expect("error"))["code"] == "full"
            # Only the host sets seats and starts; nobody starts before everyone is ready.
            await bob.send("seat", seat=2, computer=False)
            assert (await bob.expect("error"))["code"] == "not_host"
            await ann.send("start")
            err = await ann.expect("error")
            assert err["code"] == "not_ready" and "Bob" in err["message"]
            await bob.send("ready", ready=True)
            assert (await ann.expect("room"))["room"]["seats"][1]["ready"] is True
            await ann.send("reaction", reaction="nice")
            assert (await bob.expect("reaction")).fields == {"seat": 0, "reaction": "nice"}
            for c in (ann, bob, cy):
                await c.close()
    run(go())


def test_a_dropped_person_takes_the_seat_back_with_the_token_and_only_with_it() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url)
            bob = await connect(server.url)
            await bob.send("join_room", code=room["code"], name="Bob")
            token = (await bob.expect("joined"))["token"]
            await bob.close()
            seats = (await ann.expect("room"))["room"]["seats"]
            while seats[1]["connected"]:
                seats = (await ann.expect("room"))["room"]["seats"]
            assert seats[1]["name"] == "Bob"
            bob2 = await connect(server.url)
            await bob2.send("join_room", code=room["code"], name="Whoever", token=token)
            back = await bob2.expect("joined")
            assert back["seat"] == 1 and back["token"] != token  # a new token at each rejoin
            assert (await bob2.expect("room"))["room"]["seats"][1] == {"kind": "person", "name": "Bob",
                                                                       "connected": True, "ready": False}
            # A made-up token takes no seat.
            eve = await connect(server.url)
            await eve.send("join_room", code=room["code"], name="Eve", token="A" * 32)
            assert (await eve.expect("error"))["code"] == "bad_token"
            for c in (ann, bob2, eve):
                await c.close()
    run(go())


def test_wrong_codes_are_slowed_down_per_peer() -> None:
    async def go() -> None:
        async with serving(limits=FAST, throttle=Throttle(free=2, base=30.0)) as server:
            ann, _, room = await _host(server.url)
            eve = await connect(server.url)
            codes = []
            for guess in ("AAAA-AAAA", "not a code", "BBBB-BBBB", "CCCC-CCCC"):
                await eve.send("join_room", code=guess, name="Eve")
                codes.append((await eve.expect("error"))["code"])
            assert codes == ["bad_code", "bad_code", "bad_code", "throttled"]
            # Even the right code waits now: guessing is slowed, not just wrong guesses.
            await eve.send("join_room", code=room["code"], name="Eve")
            assert (await eve.expect("error"))["code"] == "throttled"
            await eve.close()
            await ann.close()
    run(go())


def test_leaving_opens_the_seat_and_a_host_who_leaves_hands_the_room_on() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url)
            bob = await connect(server.url)
            await bob.send("join_room", code=room["code"], name="Bob")
            await bob.expect("joined")
            await ann.send("leave")
            assert (await ann.expect("left"))["reason"]
            view = (await bob.expect("room"))["room"]
            while view["host"] != 1:
                view = (await bob.expect("room"))["room"]
            assert view["seats"][0]["kind"] == "open"
            await ann.send("ready", ready=True)
            assert (await ann.expect("error"))["code"] == "no_room"
            await bob.send("leave")
            await bob.expect("left")
            await asyncio.sleep(0.05)
            assert room["code"] not in server.rooms  # everyone left: the room is gone
            await bob.send("join_room", code=room["code"], name="Bob")
            assert (await bob.expect("error"))["code"] == "bad_code"
            await ann.close()
            await bob.close()
    run(go())


def test_a_room_nobody_is_connected_to_expires() -> None:
    async def go() -> None:
        async with serving(limits=Limits(idle_room_s=0.3, housekeeping_s=0.1)) as server:
            ann, _, room = await _host(server.url)
            await ann.close()
            for _ in range(50):
                if room["code"] not in server.rooms:
                    break
                await asyncio.sleep(0.05)
            assert room["code"] not in server.rooms
            assert await server.directory.load(room["code"]) is None
    run(go())


def test_frames_sent_together_arrive_whole_and_in_order() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            client = await connect(server.url)
            (conn,) = server.connections
            texts = [protocol.encode_frame({"type": "pong", "t": i}) for i in range(50)]
            await conn.send_texts(texts[:1])
            await conn.send_texts(texts[1:])
            got = [await client.recv() for _ in range(50)]
            assert [f.type for f in got] == ["pong"] * 50
            assert [f["t"] for f in got] == list(range(50))
            await client.close()
    run(go())


def test_a_client_that_stops_reading_is_closed_after_the_send_timeout() -> None:
    """One stuck reader must not hold up its room: frames sent together wait at most the
    send timeout, then the connection is closed, and the server serves others."""
    async def go() -> None:
        async with serving(limits=Limits(hello_timeout_s=2.0, send_timeout_s=0.5)) as server:
            ws = await ws_connect(server.url, max_queue=1, compression=None)  # it reads nothing more
            await ws.send(protocol.encode("hello", version=protocol.PROTOCOL_VERSION, client="stuck"))
            await asyncio.sleep(0.2)
            (conn,) = server.connections
            big = protocol.encode_frame({"type": "pong", "t": 1, "pad": "x" * 60_000})
            loop = asyncio.get_running_loop()
            start = loop.time()
            while not conn.closed:
                assert loop.time() - start < 20, "the stuck client was never closed"
                await conn.send_texts([big] * 20)
            assert conn.closed
            await _still_serves(server.url)
            await ws.close()
    run(go())
