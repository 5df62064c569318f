"""Figures for docs/online.md's threat model (issue 42, items 1-3), against a real
``big2 serve`` started here (Linux loopback: 127.0.0.2 is another address)::

    python -m tools.hostile_figures cap [--storm 2000]
    python -m tools.hostile_figures abandoned [--rooms 12] [--wait 60] [--measure 30]
    python -m tools.hostile_figures hints [--sockets 100] [--seconds 30]

* ``cap``: one address (127.0.0.1) holds connections up to its cap, then knocks
  ``--storm`` times more; a newcomer from 127.0.0.2 connects and gets a pong: the time
  that takes, the refusals and the server's log size.
* ``abandoned``: ``--rooms`` rooms of three Master computers, started, handed to the
  computer and their sockets dropped; after ``--wait`` s the server's CPU share over
  ``--measure`` s, and the moves a newcomer's Normal table (127.0.0.2) made meanwhile.
* ``hints``: ``--sockets`` sockets from 127.0.0.1 flood hints (each ~17 a second, their
  own turn held, reconnecting when closed); an honest client at 127.0.0.2 (a process of
  its own) pings every 50 ms: its round trips' p50/p99 and the server's CPU share.

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import WebSocketException

from big2.net import protocol
from big2.net.client import Client
from big2.net.spawn import spawn_server, stop_server

V = protocol.PROTOCOL_VERSION


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _hello(url: str, src: str = "127.0.0.1", timeout: float = 10.0) -> Client:
    ws = await ws_connect(url, local_addr=(src, 0), open_timeout=timeout, compression=None,
                          max_size=protocol.MAX_SERVER_FRAME_BYTES)
    await ws.send(protocol.encode("hello", version=V, client="figures"))
    frame = protocol.parse_server_frame(await asyncio.wait_for(ws.recv(), timeout))
    if frame.type != "welcome":
        await ws.close()
        raise ConnectionError(str(frame.fields))
    return Client(ws, frame)


async def _table(url: str, src: str, level: str) -> Client:
    c = await _hello(url, src)
    await c.send("create_room", name="Figures", players=4, computers=3, level=level, hands=4)
    await c.expect("joined")
    await c.send("start")
    c.backlog.insert(0, await c.expect("state", timeout=10))
    return c


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


# -- cap ------------------------------------------------------------------------------------


async def _cap(url: str, log: Path, storm: int, cap: int) -> dict[str, Any]:
    held = []
    for _ in range(cap):
        held.append(await _hello(url))
    size_before = log.stat().st_size
    refused = 0
    start = time.monotonic()
    for _ in range(storm):
        try:
            c = await _hello(url, timeout=5)
        except (WebSocketException, OSError, asyncio.TimeoutError, ConnectionError):
            refused += 1
        else:
            held.append(c)
    storm_s = time.monotonic() - start
    t0 = time.monotonic()
    newcomer = await _hello(url, "127.0.0.2")
    await newcomer.send("ping", t=1)
    await newcomer.expect("pong")
    served_s = time.monotonic() - t0
    await asyncio.sleep(1.0)
    out = {"held": cap, "storm": storm, "refused": refused, "storm_s": round(storm_s, 2),
           "newcomer_served_ms": round(served_s * 1000, 1), "log_bytes_during_storm": log.stat().st_size - size_before}
    for c in (*held, newcomer):
        with contextlib.suppress(Exception):
            await c.close()
    return out


# -- abandoned ------------------------------------------------------------------------------


async def _abandoned(url: str, pid: int, rooms: int, wait: float, measure: float) -> dict[str, Any]:
    for _ in range(rooms):
        c = await _table(url, "127.0.0.1", "master")
        await c.send("command", seq=1, command={"kind": "hand_to_computer"})
        await c.expect("ack", timeout=30)
        await c.ws.close()
    dropped = time.monotonic()
    await asyncio.sleep(max(0.0, wait - 10))
    newcomer = await _table(url, "127.0.0.2", "normal")
    await newcomer.send("command", seq=1, command={"kind": "hand_to_computer"})
    moves = 0

    async def count() -> None:
        nonlocal moves
        while True:
            frame = await newcomer.recv(timeout=3600)
            if frame.type == "event" and frame["event"].get("$t") in ("Played", "Passed"):
                moves += 1

    counter = asyncio.create_task(count())
    await asyncio.sleep(max(0.0, wait - (time.monotonic() - dropped)))
    cpu0, t0, moves0 = _cpu_seconds(pid), time.monotonic(), moves
    await asyncio.sleep(measure)
    cpu = (_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    counter.cancel()
    out = {"rooms": rooms, "after_s": wait, "measured_s": measure, "server_cpu_percent": round(cpu * 100, 1),
           "newcomer_moves_in_window": moves - moves0}
    await newcomer.close()
    return out


# -- hints ----------------------------------------------------------------------------------


async def _flooder(url: str, stop: float, stats: dict[str, int]) -> None:
    while time.monotonic() < stop:
        try:
            c = await _hello(url, timeout=5)
        except (WebSocketException, OSError, asyncio.TimeoutError, ConnectionError):
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        try:
            await c.send("create_room", name="Flood", players=4, computers=3, level="beginner", hands=4)
            frame = await c.expect("joined", "error", timeout=10)
            if frame.type == "joined":
                await c.send("start")
                stats["rooms"] += 1
            seq = 0

            async def drain() -> None:
                while True:
                    await c.ws.recv()

            reader = asyncio.create_task(drain())
            try:
                while time.monotonic() < stop and not reader.done():
                    seq += 1
                    await c.send("command", seq=seq, command={"kind": "hint"})
                    stats["hints_sent"] += 1
                    await asyncio.sleep(1 / 17)
            finally:
                reader.cancel()
        except (WebSocketException, OSError, asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            stats["closed"] += 1
            with contextlib.suppress(Exception):
                await c.ws.close()
        await asyncio.sleep(0.2)


async def _honest(url: str, seconds: float) -> dict[str, Any]:
    c = await _hello(url, "127.0.0.2")
    rtts = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        await c.send("ping", t=1)
        await c.expect("pong", timeout=30)
        rtts.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(0.05)
    await c.close()
    return {"pings": len(rtts), "rtt_ms_p50": round(statistics.median(rtts), 2),
            "rtt_ms_p99": round(_pct(rtts, 99), 2), "rtt_ms_max": round(max(rtts), 2)}


async def _hints(url: str, pid: int, sockets: int, seconds: float) -> dict[str, Any]:
    stats = {"refused": 0, "rooms": 0, "hints_sent": 0, "closed": 0}
    stop = time.monotonic() + seconds + 5
    flooders = [asyncio.create_task(_flooder(url, stop, stats)) for _ in range(sockets)]
    await asyncio.sleep(3)  # the flood under way
    cpu0, t0 = _cpu_seconds(pid), time.monotonic()
    honest = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tools.hostile_figures", "_honest", "--url", url, "--seconds", str(seconds),
        stdout=subprocess.PIPE)
    out, _ = await honest.communicate()
    cpu = (_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    await asyncio.gather(*flooders, return_exceptions=True)
    return {"sockets": sockets, "seconds": seconds, **stats, "server_cpu_percent": round(cpu * 100, 1),
            **json.loads(out)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.hostile_figures", description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("cap", "abandoned", "hints", "_honest"))
    parser.add_argument("--storm", type=int, default=2000)
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--wait", type=float, default=60.0)
    parser.add_argument("--measure", type=float, default=30.0)
    parser.add_argument("--sockets", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--url", default="")
    args = parser.parse_args(argv)
    if args.what == "_honest":
        print(json.dumps(asyncio.run(_honest(args.url, args.seconds))))
        return 0
    from big2.net.limits import Limits

    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "serve.log"
        proc, url = spawn_server(log, "--log-level", "info", "--computer-pace", "0.6")
        try:
            if args.what == "cap":
                result = asyncio.run(_cap(url, log, args.storm, Limits().connections_per_address))
            elif args.what == "abandoned":
                result = asyncio.run(_abandoned(url, proc.pid, args.rooms, args.wait, args.measure))
            else:
                result = asyncio.run(_hints(url, proc.pid, args.sockets, args.seconds))
            result["log_bytes_total"] = log.stat().st_size
        finally:
            stop_server(proc)
    result["load_average"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
