"""Reach a room run by another server process: frames relayed through Redis pub/sub.

With several ``big2 serve`` processes behind one address, a client may connect to any of
them. When it joins a room that another live process owns, the process it reached (the
**edge**) does not take the room; it relays:

* edge → owner, on the owner's channel ``PREFIXproc:OWNER``: ``join`` (the client's
  name and token), each room frame the client sends (already checked by the protocol's
  validator at the edge), and ``gone`` when the client disconnects;
* owner → edge, on the edge's channel: every frame the room sends that seat, and
  ``close`` when the owner closes the seat's connection.

On the owner the client is a :class:`RelayedConnection`, which the room treats as any
other connection: it acts for its own seat only and gets only its own frames. When the
owner dies, the edge sees the room's owner change (or vanish) within a housekeeping
round and closes its relayed connections with a reason; the clients reconnect, and the
process they reach takes the room over from Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .lobby import Client
from .protocol import Frame, ProtocolError

if TYPE_CHECKING:  # pragma: no cover
    from .lobby import RoomLobby

log = logging.getLogger("big2.net.relay")


class EdgeClient(Client, Protocol):
    """A client of this process (the server's :class:`~big2.net.server.Connection`) as
    the edge sees it: a room's client, and the room elsewhere it is relayed to."""

    ws: Any
    #: (owner process, room code, relay id) while the room runs in another process.
    relayed: tuple[str, str, int] | None
    relay_joined: bool


class RelayHost(Protocol):
    """What the relay needs of the server it belongs to (:class:`~big2.net.server.Server`):
    its room store (Redis), the rooms it runs, who runs a room, and its handling of a
    frame, run as it runs its own clients'."""

    directory: Any

    @property
    def rooms(self) -> Mapping[str, RoomLobby]: ...

    async def runner(self, code: str) -> str | None: ...

    async def _guard(self, work: Awaitable[None], conn: Client | None = None, frame: Frame | None = None) -> None: ...

    async def _dispatch(self, conn: Client, frame: Frame) -> None: ...


class RelayedConnection:
    """On the owner: a client connected to another process (``edge``), as a room sees it."""

    def __init__(self, relay: "Relay", edge: str, cid: int, peer: str) -> None:
        self.relay = relay
        self.edge = edge
        self.cid = cid
        self.peer = peer
        self.room: Any = None
        self.seat: int | None = None
        self.closed = False

    async def send(self, frame: dict[str, Any]) -> None:
        if not self.closed:
            await self.relay.publish(self.edge, {"cid": self.cid, "frame": frame})

    async def send_text(self, text: str) -> None:
        """A frame the room encoded already (its snapshots and events): passed on as text."""
        if not self.closed:
            await self.relay.publish(self.edge, {"cid": self.cid, "text": text})

    async def send_texts(self, texts: list[str]) -> None:
        """A move's frames for this seat (events, then the snapshot): one message, so
        the edge writes them to the socket at once, as the owner does its own."""
        if not self.closed and texts:
            await self.relay.publish(self.edge, {"cid": self.cid, "texts": texts})

    async def fail(self, error: ProtocolError, close_code: int = 1008) -> None:
        await self.send(error.frame())
        if error.fatal:
            self.closed = True
            await self.relay.publish(self.edge, {"cid": self.cid, "close": error.message[:120]})


class Relay:
    """A server process's end of the relay (both roles: edge and owner)."""

    def __init__(self, server: RelayHost) -> None:
        self.server = server
        directory: Any = server.directory
        self.redis = directory.redis
        self.prefix = directory.prefix
        self.me = directory.process_id
        self._ids = itertools.count(1)
        #: Edge: local connections relayed elsewhere, by connection id.
        self.local: dict[int, EdgeClient] = {}
        #: Owner: connections from other processes, by (edge, connection id).
        self.remote: dict[tuple[str, int], RelayedConnection] = {}
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    def channel(self, process: str) -> str:
        return f"{self.prefix}proc:{process}"

    async def start(self) -> None:
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel(self.me))
        self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait({self._task}, timeout=5.0)  # bounded; a cancel of stop() goes through
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()

    async def publish(self, process: str, message: dict[str, Any]) -> int:
        """Send ``message`` to ``process``; how many processes heard it (0: it is dead)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        try:
            return int(await self.redis.publish(self.channel(process), text))
        except Exception as exc:  # noqa: BLE001 - Redis down: the clients reconnect
            log.error("cannot relay to %s: %s", process, exc)
            return 0

    async def alive(self, process: str) -> bool:
        """Whether ``process`` is running (it listens on its channel); False when Redis
        cannot say."""
        try:
            counts = await self.redis.pubsub_numsub(self.channel(process))
        except Exception as exc:  # noqa: BLE001 - Redis down: as good as dead
            log.error("cannot ask whether %s is alive: %s", process, exc)
            return False
        return any(int(n) > 0 for _channel, n in counts)

    # -- edge ------------------------------------------------------------------------------

    async def join(self, conn: EdgeClient, owner: str, code: str, name: str, token: str | None) -> None:
        """Relay ``conn``'s join of room ``code`` to its owner."""
        cid = next(self._ids)
        conn.relayed = (owner, code, cid)
        conn.relay_joined = False
        self.local[cid] = conn
        heard = await self.publish(owner, {"op": "join", "edge": self.me, "cid": cid, "code": code, "name": name,
                                           "token": token, "peer": conn.peer})
        if not heard:  # the owner died and its lease has not run out yet
            self.local.pop(cid, None)
            conn.relayed = None
            raise ProtocolError("elsewhere", "That room's server has stopped; try again in a moment.")

    async def forward(self, conn: EdgeClient, frame: Frame) -> None:
        owner, _code, cid = conn.relayed
        await self.publish(owner, {"op": "frame", "edge": self.me, "cid": cid,
                                   "frame": {"type": frame.type, **frame.fields}})

    async def gone(self, conn: EdgeClient) -> None:
        relayed = getattr(conn, "relayed", None)
        if relayed is None:
            return
        owner, _code, cid = relayed
        self.local.pop(cid, None)
        conn.relayed = None
        await self.publish(owner, {"op": "gone", "edge": self.me, "cid": cid})

    async def check_owners(self) -> None:
        """Close relayed connections whose room's owner died or moved (not one only late
        renewing its lease: see :meth:`Server.runner`): their clients reconnect and reach
        the room wherever it runs now."""
        owners: dict[str, str | None] = {}  # one read a room, not one a person
        for cid, conn in list(self.local.items()):
            relayed = conn.relayed
            if relayed is None or self.local.get(cid) is not conn:
                continue  # let go while an earlier read was awaited
            owner, code, _ = relayed
            if code not in owners:
                owners[code] = await self.server.runner(code)
            if owners[code] != owner and conn.relayed is relayed:
                self.local.pop(cid, None)
                conn.relayed = None
                await conn.send({"type": "left", "reason": "The room moved to another server; reconnect to go on.",
                                 "reconnect": True})
                with contextlib.suppress(Exception):
                    await conn.ws.close(1012, "the room moved")

    async def _to_local(self, message: dict[str, Any]) -> None:
        conn = self.local.get(int(message.get("cid", -1)))
        if conn is None:
            return
        if "close" in message:
            self.local.pop(conn.relayed[2], None)
            conn.relayed = None
            with contextlib.suppress(Exception):
                await conn.ws.close(1008, str(message["close"])[:120])
            return
        text = message.get("text")
        if isinstance(text, str):  # a snapshot or an event, encoded by the room
            await conn.send_text(text)
            return
        texts = message.get("texts")
        if isinstance(texts, list) and all(isinstance(t, str) for t in texts):
            await conn.send_texts(texts)
            return
        frame = message.get("frame")
        if not isinstance(frame, dict):
            return
        kind = frame.get("type")
        if kind == "joined":
            conn.relay_joined = True
        elif kind == "left" or (kind == "error" and not conn.relay_joined):
            # The seat is let go (or was never taken): the connection is free again.
            self.local.pop(conn.relayed[2], None)
            conn.relayed = None
        await conn.send(frame)

    # -- owner -----------------------------------------------------------------------------

    async def _from_edge(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        key = (str(message.get("edge")), int(message.get("cid", -1)))
        if op == "join":
            vconn = RelayedConnection(self, key[0], key[1], str(message.get("peer", "?")))
            self.remote[key] = vconn
            room = self.server.rooms.get(str(message.get("code")))
            if room is None:
                await vconn.fail(ProtocolError("bad_code", "There is no room with that code."))
                self.remote.pop(key, None)
                return
            await self.server._guard(room.join(vconn, str(message.get("name", "")), message.get("token")), vconn)
            if vconn.room is None:
                self.remote.pop(key, None)
        elif op == "frame":
            vconn = self.remote.get(key)
            data = message.get("frame")
            if vconn is None or not isinstance(data, dict):
                return
            frame = Frame(str(data.get("type")), {k: v for k, v in data.items() if k != "type"})
            await self.server._guard(self.server._dispatch(vconn, frame), vconn, frame)
            if vconn.room is None:
                self.remote.pop(key, None)
        elif op == "gone":
            vconn = self.remote.pop(key, None)
            if vconn is not None and vconn.room is not None:
                room, vconn.room = vconn.room, None
                vconn.closed = True
                await self.server._guard(room.disconnected(vconn))

    async def _listen(self) -> None:
        while True:
            try:
                # One parse per message, no timer each (get_message with a timeout armed
                # one per message: a busy owner relays thousands a second).
                async for note in self._pubsub.listen():
                    await self._take(note)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the subscription broke: listen again
                log.exception("relay listening failed")
            await asyncio.sleep(0.1)

    async def _take(self, note: Any) -> None:
        """One message from the channel; a bad one is logged and dropped."""
        try:
            # (not "msg": Babel 2.19 reads msg["…"] as a text to translate)
            data = json.loads(note["data"])
            if not isinstance(data, dict):
                return
            if "op" in data:
                await self._from_edge(data)
            else:
                await self._to_local(data)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - one bad message must not stop the relay
            log.exception("relay message failed")
