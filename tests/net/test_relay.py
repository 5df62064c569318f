"""Any process reaches any room: with two servers sharing Redis, a person who connects
to the process that does not run the room is relayed to the one that does (Redis
pub/sub), plays their own seat only, and takes it back with their token."""

from __future__ import annotations

import asyncio
import json
import contextlib
from collections.abc import AsyncIterator

from big2.net.bot import SeatBot, hands_overlap
from big2.net.client import connect
from big2.net.directory import RedisDirectory
from big2.net.server import Limits, Server

from .conftest import run

QUICK = Limits(hello_timeout_s=2.0, housekeeping_s=0.2, computer_pace_s=0.0)


@contextlib.asynccontextmanager
async def two_servers(url: str) -> AsyncIterator[tuple[Server, Server]]:
    servers = [Server(host="127.0.0.1", port=0, limits=QUICK,
                      directory=RedisDirectory.from_url(url, f"proc-{name}", lease_s=1.0, prefix="relay:"))
               for name in "ab"]
    for s in servers:
        await s.start()
    try:
        yield servers[0], servers[1]
    finally:
        for s in servers:
            await s.stop()


def test_a_person_on_another_process_plays_through_the_relay(redis_clean: str) -> None:
    async def go() -> None:
        async with two_servers(redis_clean) as (a, b):
            host = await connect(a.url)
            await host.send("create_room", name="Ann", players=4, computers=2, hands=2)
            ann = SeatBot(host, deals=True)
            ann.take(await host.expect("joined"))
            code = (await host.expect("room"))["room"]["code"]
            assert code in a.rooms and code not in b.rooms
            guest = await connect(b.url)
            await guest.send("join_room", code=code, name="Bob")
            bob = SeatBot(guest)
            bob.take(await guest.expect("joined"))
            assert bob.seat == 1
            lobby = (await guest.expect("room"))["room"]
            assert lobby["you"] == 1 and lobby["seats"][1]["name"] == "Bob"
            await guest.send("ready", ready=True)
            for _ in range(50):
                await host.send("start")
                try:
                    ann.take(await host.expect("state", timeout=0.5))
                    break
                except Exception:  # noqa: BLE001 - Bob's ready is still on its way
                    continue
            assert code not in b.rooms  # still run by a only
            await asyncio.gather(ann.play(hands=1, timeout=60), bob.play(hands=1, timeout=60))
            assert ann.scored == bob.scored == 1 and not ann.errors and not bob.errors
            assert ann.leaks == bob.leaks == 0 and not hands_overlap([ann, bob])
            assert bob.moves > 0  # Bob's own commands were taken
            # Bob drops and comes back through b with his token: the same seat.
            token = bob.token
            await guest.close()
            await asyncio.sleep(0.2)
            assert not a.rooms[code].seats[1].conn
            again = await connect(b.url)
            await again.send("join_room", code=code, name="x", token=token)
            assert (await again.expect("joined"))["seat"] == 1
            for c in (host, again):
                await c.close()
    run(go(), timeout=120)


def test_people_coming_back_all_at_once_find_one_room_not_two(redis_clean: str) -> None:
    async def go() -> None:
        async with two_servers(redis_clean) as (a, b):
            host = await connect(a.url)
            await host.send("create_room", name="P0", players=4, hands=2)
            tokens = [(await host.expect("joined"))["token"]]
            code = (await host.expect("room"))["room"]["code"]
            others = []
            for i in range(1, 4):
                c = await connect(a.url)
                await c.send("join_room", code=code, name=f"P{i}")
                tokens.append((await c.expect("joined"))["token"])
                await c.send("ready", ready=True)
                others.append(c)
            await asyncio.sleep(0.2)
            await host.send("start")
            await host.expect("state")
            await a.stop()  # its rooms are handed back to Redis

            async def back(token: str) -> int:
                c = await connect(b.url)
                await c.send("join_room", code=code, name="x", token=token)
                seat = (await c.expect("joined"))["seat"]
                await c.expect("state")
                return seat

            seats = await asyncio.gather(*(back(t) for t in tokens))
            assert sorted(seats) == [0, 1, 2, 3]
            room = b.rooms[code]
            assert all(slot.conn is not None for slot in room.seats)
            assert all(room.game.is_person(s) for s in range(4))  # all four play again
    run(go(), timeout=60)


def test_when_the_rooms_process_dies_its_relayed_people_are_told_and_take_it_over(redis_clean: str) -> None:
    async def go() -> None:
        async with two_servers(redis_clean) as (a, b):
            host = await connect(a.url)
            await host.send("create_room", name="Ann", players=4, computers=2, hands=2)
            await host.expect("joined")
            code = (await host.expect("room"))["room"]["code"]
            guest = await connect(b.url)
            await guest.send("join_room", code=code, name="Bob")
            token = (await guest.expect("joined"))["token"]
            await guest.send("ready", ready=True)
            await asyncio.sleep(0.2)
            await host.send("start")
            await host.expect("state")
            # a dies without a word: no more renewals, no relay, no release.
            a._housekeeping.cancel()
            await a.relay.stop()
            a.rooms.clear()
            # Within the lease (1 s) and a housekeeping round, b tells Bob the room moved...
            left = await guest.expect("left", timeout=10)
            assert "moved" in left["reason"]
            # ... and Bob, reconnecting to b, finds the room taken over there, his seat his.
            again = await connect(b.url)
            await again.send("join_room", code=code, name="Bob", token=token)
            assert (await again.expect("joined", timeout=10))["seat"] == 1
            await again.expect("state")
            assert code in b.rooms and b.rooms[code].game.is_person(1)
            await again.close()
    run(go(), timeout=60)


class _FakeConn:
    def __init__(self, owner: str, code: str, cid: int) -> None:
        self.relayed = (owner, code, cid)
        self.sent: list[dict] = []
        self.closed_with: int | None = None
        self.ws = self

    async def send(self, frame: dict) -> None:
        self.sent.append(frame)

    async def send_texts(self, texts: list[str]) -> None:
        self.sent.append({"texts": list(texts)})

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = code


def test_the_owner_check_reads_each_room_once_and_survives_a_person_let_go_meanwhile() -> None:
    """At 500 tables the check of relayed rooms' owners is long: a connection let go
    while a read was awaited is skipped (it used to raise and stop the housekeeping,
    leases and all), each room's owner is read once, and only people whose room moved
    are told and closed."""
    from big2.net.relay import Relay

    async def go() -> None:
        moved, stays, gone = _FakeConn("dead", "ROOMAAAA", 1), _FakeConn("alive", "ROOMBBBB", 2), _FakeConn("dead", "ROOMAAAA", 3)
        reads: list[str] = []

        class Directory:
            async def owner(self, code: str) -> str | None:  # as Server.runner answers
                reads.append(code)
                await asyncio.sleep(0)
                gone.relayed = None  # let go (e.g. its client left) while this read waited
                return {"ROOMAAAA": "other", "ROOMBBBB": "alive"}[code]

        relay = Relay.__new__(Relay)
        server = type("S", (), {})()
        server.runner = Directory().owner  # which live process runs each room
        relay.server = server
        relay.local = {1: moved, 2: stays, 3: gone}
        await relay.check_owners()
        assert sorted(reads) == ["ROOMAAAA", "ROOMBBBB"]
        assert moved.relayed is None and moved.closed_with == 1012 and moved.sent[0]["type"] == "left"
        assert stays.relayed == ("alive", "ROOMBBBB", 2) and not stays.sent and stays.closed_with is None
        assert not gone.sent and gone.closed_with is None
        assert set(relay.local) == {2, 3}

    run(go())


def test_housekeeping_renews_the_leases_even_when_the_owner_check_fails() -> None:
    async def go() -> None:
        server = Server(host="127.0.0.1", port=0, limits=Limits())
        renewed: list[list[str]] = []

        async def renew(codes):  # type: ignore[no-untyped-def]
            renewed.append(list(codes))
            return set()

        class BrokenRelay:
            async def check_owners(self) -> None:
                raise RuntimeError("a relayed connection went wrong")

        server.directory.renew = renew  # type: ignore[method-assign]
        server.relay = BrokenRelay()  # type: ignore[assignment]
        try:
            await server._housekeep_once()
        except RuntimeError:
            pass
        assert renewed == [[]]
        server.executor.shutdown(wait=False)

    run(go())


def test_a_relayed_seats_frames_of_a_move_cross_as_one_message_and_one_write() -> None:
    """The owner publishes a move's frames for a relayed seat in one message (it was one
    publish a frame), and the edge hands them to the socket together."""
    from big2.net.relay import Relay, RelayedConnection

    frames = ['{"type":"event","n":1}', '{"type":"state","n":2}']
    published: list[tuple[str, dict]] = []

    class Owner:
        async def publish(self, edge: str, message: dict) -> int:
            published.append((edge, message))
            return 1

    async def go() -> None:
        vconn = RelayedConnection(Owner(), "edge-1", 7, "peer")  # type: ignore[arg-type]
        await vconn.send_texts(frames)
        assert published == [("edge-1", {"cid": 7, "texts": frames})]
        relay = Relay.__new__(Relay)
        conn = _FakeConn("owner", "ROOMAAAA", 7)
        relay.local = {7: conn}
        await relay._to_local(json.loads(json.dumps(published[0][1])))
        assert conn.sent == [{"texts": frames}]

    run(go())
