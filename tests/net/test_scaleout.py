"""Several ``big2 serve`` processes sharing rooms through a real redis-server: a room's
process is killed (SIGKILL) mid-hand, its people reconnect to another process with their
seat tokens, and the hand goes on from the last move, nothing lost."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from big2.net.bot import SeatBot
from big2.net.client import ServerRefused, connect
from big2.net.spawn import spawn_server, stop_server

from .conftest import run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def _start(redis_url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    return spawn_server(log, "--redis", redis_url, "--lease", "1", "--computer-pace", "0.05")


async def _rejoin(url: str, code: str, token: str) -> SeatBot:
    """Reconnect to ``url`` until it has taken the room over (the dead owner's lease
    must run out first)."""
    end = asyncio.get_running_loop().time() + 15
    while True:
        c = await connect(url)
        await c.send("join_room", code=code, name="again", token=token)
        try:
            bot = SeatBot(c, deals=True)
            bot.take(await c.expect("joined"))
            return bot
        except ServerRefused as exc:
            await c.close()
            assert exc.code == "elsewhere", exc.code
            if asyncio.get_running_loop().time() > end:
                raise
            await asyncio.sleep(0.2)


def test_a_killed_server_loses_no_move_and_the_hand_goes_on_in_another(redis_clean: str, tmp_path: Path) -> None:
    a, url_a = _start(redis_clean, tmp_path / "a.log")
    b, url_b = _start(redis_clean, tmp_path / "b.log")
    try:
        async def go() -> None:
            host = await connect(url_a)
            await host.send("create_room", name="Ann", players=4, computers=3, hands=2)
            ann = SeatBot(host, deals=True)
            ann.take(await host.expect("joined"))
            token = next(f["token"] for f in ann.frames if f.type == "joined")
            code = (await host.expect("room"))["room"]["code"]
            await host.send("start")
            # Play until a few moves are made, then kill the room's process.
            while ann.state is None or len(ann.state.history) < 6 or ann.state.to_act == ann.seat:
                await ann.act()
                ann.take(await host.recv(timeout=20))
            seen = ann.state.history
            os.kill(a.pid, signal.SIGKILL)
            a.wait(10)
            await asyncio.sleep(0.1)
            back = await _rejoin(url_b, code, token)
            while back.state is None:
                back.take(await back.client.recv(timeout=10))
            assert back.seat == ann.seat
            # Every move Ann saw is still there, in order; her hand is what it was.
            assert back.state.history[: len(seen)] == seen
            assert set(back.state.hand) <= set(ann.state.hand)
            await back.play(hands=1, timeout=60)
            assert back.scored == 1 and not back.errors
            await back.client.close()
            await host.close()

        run(go(), timeout=120)
    finally:
        for p in (a, b):
            stop_server(p)
    assert b.returncode == 0, (tmp_path / "b.log").read_text()
    assert "took over room" in (tmp_path / "b.log").read_text()
