"""The room directory: ownership by lease, saves only by the owner, takeover after the
owner's lease runs out — in memory and against a real redis-server."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from big2.net.directory import DirectoryError, MemoryDirectory, RedisDirectory, open_directory

from .conftest import run


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _contract(make: Callable[[str], object], expire: Callable[[], Awaitable[None]]) -> None:
    """What every directory must do; ``expire`` lets every lease run out."""
    a = make("proc-a")
    b = make("proc-b")
    state = {"seats": ["Ann", None], "n": 1, "text": "café 🂡"}
    assert await a.create("ROOM0001", state)
    assert not await b.create("ROOM0001", {"other": True})  # the code is taken
    assert await a.load("ROOM0001") == state and await b.load("ROOM0001") == state
    assert await a.owner("ROOM0001") == "proc-a" and await b.holder("ROOM0001") == "proc-a"
    assert not await b.claim("ROOM0001")  # owned and alive
    assert not await b.save("ROOM0001", {"n": 666})  # only the owner writes
    assert await a.save("ROOM0001", {"n": 2})
    assert (await b.load("ROOM0001")) == {"n": 2}
    assert await a.renew(["ROOM0001"]) == set()
    assert await b.renew(["ROOM0001"]) == {"ROOM0001"}
    assert await b.load("NOSUCH01") is None and not await b.claim("NOSUCH01")
    # The owner is too busy to renew in time and nobody claims the room meanwhile: it
    # still holds it (its save and its renewal take the lease again).
    await expire()
    assert await a.owner("ROOM0001") is None and await b.holder("ROOM0001") == "proc-a"
    assert await a.save("ROOM0001", {"n": 2})
    assert await a.owner("ROOM0001") == "proc-a"
    await expire()
    assert await a.renew(["ROOM0001"]) == set() and await a.owner("ROOM0001") == "proc-a"
    assert not await b.claim("ROOM0001")
    # The owner dies: its lease runs out, another process takes over and saves.
    await expire()
    assert await a.owner("ROOM0001") is None
    assert await b.claim("ROOM0001")
    assert await b.owner("ROOM0001") == "proc-b" and await a.holder("ROOM0001") == "proc-b"
    assert not await a.save("ROOM0001", {"n": -1})  # the old owner, back from a pause, cannot write
    assert await a.renew(["ROOM0001"]) == {"ROOM0001"}
    assert await b.save("ROOM0001", {"n": 3})
    assert await a.load("ROOM0001") == {"n": 3}
    # The new owner's lease lapses too: the old owner's lapsed tenure stays over, it can
    # neither save nor renew without claiming again (and loading what b wrote).
    await expire()
    assert not await a.save("ROOM0001", {"n": -2}) and await a.renew(["ROOM0001"]) == {"ROOM0001"}
    assert await a.load("ROOM0001") == {"n": 3}
    assert await b.save("ROOM0001", {"n": 4})  # b still may: nobody claimed since
    await b.release("ROOM0001")
    assert await a.holder("ROOM0001") is None
    assert not await b.save("ROOM0001", {"n": -3})  # let go: no saving without a claim
    assert await b.owner("ROOM0001") is None and await a.claim("ROOM0001")
    assert "ROOM0001" in await a.codes()
    await a.delete("ROOM0001")
    assert await b.load("ROOM0001") is None and await a.codes() == []
    await a.close()
    await b.close()


def test_the_memory_directory_keeps_the_contract() -> None:
    clock = Clock()
    shared: dict[str, MemoryDirectory] = {}

    def make(pid: str) -> MemoryDirectory:
        d = MemoryDirectory(pid, lease_s=5.0, clock=clock)
        if shared:  # one store, seen by both "processes"
            first = next(iter(shared.values()))
            d._states = first._states
            d._owners = first._owners
            d._tenures = first._tenures
            d._holders = first._holders
        shared[pid] = d
        return d

    async def expire() -> None:
        clock.now += 6

    run(_contract(make, expire))


def test_the_redis_directory_keeps_the_contract(redis_clean: str) -> None:
    async def go() -> None:
        def make(pid: str) -> RedisDirectory:
            return RedisDirectory.from_url(redis_clean, pid, lease_s=0.3, prefix="test:")

        async def expire() -> None:
            await asyncio.sleep(0.45)

        await _contract(make, expire)
    run(go())


def test_redis_keys_live_under_the_prefix_and_hold_json(redis_clean: str) -> None:
    import redis

    async def go() -> None:
        d = RedisDirectory.from_url(redis_clean, "p1", prefix="big2test:")
        await d.create("ABCDEFGH", {"x": [1, 2]})
        await d.close()
    run(go())
    client = redis.Redis.from_url(redis_clean, decode_responses=True)
    try:
        keys = sorted(client.keys("*"))
        assert keys == ["big2test:holder:ABCDEFGH", "big2test:owner:ABCDEFGH", "big2test:room:ABCDEFGH",
                        "big2test:rooms", "big2test:tenure:ABCDEFGH"]
        assert client.get("big2test:room:ABCDEFGH") == '{"x":[1,2]}'
        assert 0 < client.pttl("big2test:owner:ABCDEFGH") <= 10_000
        assert client.get("big2test:tenure:ABCDEFGH") == "1" and client.get("big2test:holder:ABCDEFGH") == "p1"
        assert client.pttl("big2test:tenure:ABCDEFGH") > 10_000  # kept as long as the room
    finally:
        client.close()


def test_an_unreachable_redis_is_a_directory_error_with_a_sentence() -> None:
    async def go() -> None:
        d = RedisDirectory.from_url("redis://127.0.0.1:1/0", "p")
        with pytest.raises(DirectoryError) as info:
            await d.ping()
        assert "Redis" in str(info.value)
        await d.close()
    run(go())
    with pytest.raises(DirectoryError):
        open_directory("http://example.invalid", "p")
    assert isinstance(open_directory(None, "p"), MemoryDirectory)
