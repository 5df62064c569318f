"""A server process too busy to renew its rooms' leases in time keeps them, as long as no
other process claimed them meanwhile (the directory's tenures). Before, a lapsed lease
made the next save fail and the room close, so a process that had just taken over
hundreds of rooms from a dead one dropped them again, its people reconnected, and it fell
further behind: at 500 tables the load test lost every room of the killed process."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from big2.net.bot import SeatBot
from big2.net.client import ServerRefused, connect
from big2.net.directory import RedisDirectory

from .conftest import FAST, run, serving

LEASE_S = 0.4


def test_a_lapsed_lease_nobody_claimed_keeps_the_room_and_its_hand(redis_clean: str) -> None:
    limits = dataclasses.replace(FAST, computer_pace_s=0.0)

    async def go() -> None:
        da = RedisDirectory.from_url(redis_clean, "proc-a", lease_s=LEASE_S, prefix="busy:")
        db = RedisDirectory.from_url(redis_clean, "proc-b", lease_s=LEASE_S, prefix="busy:")
        async with serving(directory=da, limits=limits) as a, serving(directory=db, limits=limits) as b:
            ann_ws = await connect(a.url)
            await ann_ws.send("create_room", name="Ann", players=4, computers=3, hands=1)
            ann = SeatBot(ann_ws, deals=True)
            ann.take(await ann_ws.expect("joined"))
            code = (await ann_ws.expect("room"))["room"]["code"]
            await ann_ws.send("start")
            # Until it is Ann's turn: the computers' moves before it each save the room,
            # and a save takes the lease again (on a loaded machine one fell in the stall)
            while ann.state is None or ann.state.to_act != ann.seat:
                ann.take(await ann_ws.recv(timeout=10))
            # Process A stalls: no renewal for longer than the lease.
            a._housekeeping.cancel()
            await asyncio.sleep(LEASE_S * 2)
            assert await db.owner(code) is None
            # A friend who comes in through process B meanwhile reaches the room where
            # it runs (relayed to A), instead of B taking it from A.
            cy_ws = await connect(b.url)
            await cy_ws.send("join_room", code=code, name="Cy")
            with pytest.raises(ServerRefused) as refused:
                await cy_ws.expect("joined")
            assert refused.value.code == "started"  # A answered: its hand is under way
            assert code not in b.rooms and await db.holder(code) == "proc-a"
            await cy_ws.close()
            # Its next save takes the lease again; the room goes on in A, to the score.
            await ann.play(hands=1, timeout=60)
            assert ann.scored == 1 and not ann.errors
            assert not any(f.type == "left" for f in ann.frames)
            assert code in a.rooms and await db.owner(code) == "proc-a"
            assert not await db.claim(code) and code not in b.rooms
            await ann_ws.close()
        await da.close()
        await db.close()

    run(go(), timeout=90)
