"""Fuzz a live server: hostile frames over real websockets, then the room must be intact
and playable (``python -m big2.net.fuzz --server``).

A server on a free loopback port runs a room with two people (bots) and two computers,
its hand dealt. Then:

* every frame goes to the server from a **stranger** (a connection in no room; when the
  server closes it, for a frame over 64 KiB say, a new one takes its place);
* every frame the validator refuses (without closing) also goes from each **seated**
  person: refused frames must change nothing, so afterwards the room's saved state must
  be exactly what it was;
* then the two people play the hand to its end — the room is still playable — and a
  new client is still served.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from websockets.exceptions import ConnectionClosed

from . import protocol
from .bot import SeatBot
from .client import Client, connect
from .protocol import ProtocolError
from .server import Limits, Server


def _utf8(raw: str | bytes) -> bool:
    try:
        if isinstance(raw, str):
            raw.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


async def _send(client: Client, raw: str | bytes) -> None:
    """Send ``raw`` as it is: text as a text frame even when it is not valid UTF-8 (a
    lone surrogate), bytes as a binary frame."""
    if isinstance(raw, str) and not _utf8(raw):
        await client.ws.send(raw.encode("utf-8", "surrogatepass"), text=True)
    else:
        await client.send_raw(raw)


def _refused_quietly(raw: str | bytes) -> bool:
    """Whether the validator refuses ``raw`` without closing the connection (and the
    websocket layer takes it: valid UTF-8)."""
    if not _utf8(raw):
        return False
    try:
        protocol.parse_client_frame(raw)
    except ProtocolError as exc:
        return not exc.fatal
    return False


async def _drain(client: Client, bot: SeatBot | None = None) -> None:
    """Read whatever the server sent (answers to the fuzz frames) without blocking; a
    seated person's bot takes its frames (its snapshot stays current)."""
    while True:
        try:
            raw = await asyncio.wait_for(client.ws.recv(), 0.001)
        except (asyncio.TimeoutError, ConnectionClosed):
            return
        if bot is not None:
            bot.take(protocol.parse_server_frame(raw))


async def fuzz_server(raws: Sequence[str | bytes]) -> dict[str, Any]:
    """Run the fuzz against a fresh in-process server; a report of counts and checks."""
    # (every fuzzing client is on this computer: no per-address cap or budget for them)
    limits = Limits(rate=1e9, burst=1e9, computer_pace_s=0.0, hello_timeout_s=5.0, exempt=("127.0.0.1",))
    server = Server(host="127.0.0.1", port=0, limits=limits)
    await server.start()
    report: dict[str, Any] = {"sent": 0, "sent_seated": 0, "reconnects": 0}
    try:
        host = await connect(server.url)
        await host.send("create_room", name="Ann", players=4, computers=2)
        ann = SeatBot(host, deals=True)
        ann.take(await host.expect("joined"))
        code = (await host.expect("room"))["room"]["code"]
        guest = await connect(server.url)
        await guest.send("join_room", code=code, name="Bob")
        bob = SeatBot(guest)
        bob.take(await guest.expect("joined"))
        await guest.send("ready", ready=True)
        await host.expect("room")
        await asyncio.sleep(0.05)
        await host.send("start")
        room = server.rooms[code]
        for _ in range(100):
            if room.game is not None:
                break
            await asyncio.sleep(0.01)
        # Let the computers move until a person must act: the room then waits, still.
        for _ in range(500):
            g = room.game.match.game if room.game else None
            if g is not None and room.game.computer_to_act() is None:
                break
            await asyncio.sleep(0.01)
        before = json.dumps(room.to_state(), sort_keys=True)

        stranger = await connect(server.url)
        for i, raw in enumerate(raws):
            try:
                await _send(stranger, raw)
                report["sent"] += 1
            except ConnectionClosed:
                stranger = await connect(server.url)
                report["reconnects"] += 1
                await _send(stranger, raw)
                report["sent"] += 1
            if _refused_quietly(raw):
                for seated in (host, guest):
                    await seated.send_raw(raw)
                    report["sent_seated"] += 1
            if i % 200 == 0:
                await _drain(stranger)
                await _drain(host, ann)
                await _drain(guest, bob)
        await asyncio.sleep(0.2)
        await _drain(host, ann)
        await _drain(guest, bob)
        after = json.dumps(room.to_state(), sort_keys=True)
        report["intact"] = before == after and code in server.rooms
        # Playable: both people finish the hand through the same server.
        for bot in (ann, bob):
            bot._acted_on = None
        await asyncio.wait_for(asyncio.gather(ann.play(hands=1, timeout=60), bob.play(hands=1, timeout=60)), 90)
        report["playable"] = ann.scored == 1 and bob.scored == 1
        fresh = await connect(server.url)
        await fresh.send("ping", t=1)
        report["still_serving"] = (await fresh.expect("pong"))["t"] == 1
        report["intact"] = bool(report["intact"] and report["playable"] and report["still_serving"])
        for c in (fresh, stranger, host, guest):
            await c.close()
    finally:
        await server.stop()
    return report
