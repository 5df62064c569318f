"""The online-play server: asyncio + ``websockets``, one task per connection.

Life of a connection (:meth:`Server._handler`): the client's first frame must be a
``hello`` of :data:`~big2.net.protocol.PROTOCOL_VERSION` within ``hello_timeout_s``
(another version gets one ``error`` frame with code ``version`` and a sentence, then the
connection closes); the server answers ``welcome``. After that every frame goes through
:func:`~big2.net.protocol.parse_client_frame` and a token bucket (``rate`` frames a
second, ``burst`` at once): a frame the protocol refuses gets an ``error`` frame and
changes nothing; a fatal one (a frame over 64 KiB, a flood) closes the connection with
a reason. Nothing a client sends can raise out of the handler: a bug in a handler is
logged and answered with an ``internal`` error, and the next client is served as usual.

Rooms: ``create_room`` opens a :class:`~big2.net.hosted.HostedRoom` under a fresh code,
``join_room`` seats a person (a wrong code costs a :class:`~big2.net.tokens.Throttle`
delay per peer address; a seat token takes one's seat back). Every frame a room sends a
seat is built by the room for that seat; the server only delivers it. Each change to a
room is saved to the :mod:`directory <big2.net.directory>`; with Redis another process
can load a room whose process died and go on from the last saved move.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http
import logging
import os
import socket
import ssl
import time
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import protocol
from .directory import DirectoryError, MemoryDirectory, RoomDirectory
from .gate import Gate, GatedConnection, RateLog, TokenBucket, address_key
from .protocol import Frame, ProtocolError
from .hosted import HostedRoom, RoomError
from .limits import Limits
from .pool import ComputerPool
from .relay import Relay
from .tokens import Throttle, normalise_code

log = logging.getLogger("big2.net.server")

#: What the server calls itself in ``welcome``.
SERVER_NAME = "big2 serve"
#: How long a connection closed for breaking the protocol may take to answer the close.
CLOSE_WAIT_S = 0.5
#: asyncio.timeout (Python 3.11+), cheaper than wait_for; None before.
_timeout = getattr(asyncio, "timeout", None)


class Connection:
    """One client: its websocket, peer address, flood bucket, and the seat it holds."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        remote = ws.remote_address
        self.peer = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
        if getattr(ws, "forwarded", False):  # through a trusted proxy: the client's own address
            self.peer = str(ws.address)
        #: What per-address caps and budgets count this connection under.
        self.address = address_key(self.peer)
        #: Since when it is in no room (None: in one); closed after ``roomless_s``.
        self.roomless_since: float | None = time.monotonic()
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.client = ""
        self.room: HostedRoom | None = None
        self.seat: int | None = None
        self.closed = False
        #: (owner process, room code, relay id) while the room runs in another process.
        self.relayed: tuple[str, str, int] | None = None
        self.relay_joined = False

    async def send(self, frame: dict[str, Any]) -> None:
        """Send one frame; a client that cannot take it within the send timeout is closed
        (one stuck reader must not hold up the room)."""
        if not self.closed:
            await self.send_text(protocol.encode_frame(frame))

    async def send_text(self, text: str) -> None:
        """Send one frame already encoded (:func:`~big2.net.protocol.encode_frame`: a
        room encodes a frame several seats get once). Returns at once unless the
        client's socket is backed up; then it waits at most the send timeout, and a
        client still not reading is closed."""
        if self.closed:
            return
        try:
            if _timeout is not None:  # not wait_for: no task per frame (a send rarely waits)
                async with _timeout(self.limits.send_timeout_s):
                    await self.ws.send(text)
            else:  # Python 3.10
                await asyncio.wait_for(self.ws.send(text), self.limits.send_timeout_s)
        except (ConnectionClosed, TimeoutError, asyncio.TimeoutError, OSError):
            self.closed = True
            with contextlib.suppress(Exception):
                self.ws.transport.abort()

    async def send_texts(self, texts: list[str]) -> None:
        """Several frames already encoded, in order, written to the socket at once: a room
        sends each seat a move's events and snapshot together, and one system call
        instead of one a frame was the largest saving of the load test. Waits, and
        closes a client that does not read, as :meth:`send_text` does."""
        if self.closed or not texts:
            return
        ws = self.ws
        if len(texts) == 1 or getattr(ws, "send_in_progress", None) is not None or not hasattr(ws, "send_context"):
            for text in texts:
                await self.send_text(text)
            return
        try:
            if _timeout is not None:
                async with _timeout(self.limits.send_timeout_s):
                    await self._write_all(texts)
            else:  # Python 3.10
                await asyncio.wait_for(self._write_all(texts), self.limits.send_timeout_s)
        except (ConnectionClosed, TimeoutError, asyncio.TimeoutError, OSError):
            self.closed = True
            with contextlib.suppress(Exception):
                self.ws.transport.abort()

    async def _write_all(self, texts: list[str]) -> None:
        # The websockets connection's own steps for one text message (send_context checks
        # the state, then flushes and waits for a full buffer to drain), with every
        # frame's bytes joined into one write.
        ws = self.ws
        async with ws.send_context():
            for text in texts:
                ws.protocol.send_text(text.encode())
            chunks = ws.protocol.data_to_send()
            if all(chunks):
                ws.transport.write(b"".join(chunks))
            else:  # a half-close among them (never after text frames): as websockets does
                for chunk in chunks:
                    if chunk:
                        ws.transport.write(chunk)
                    elif ws.transport.can_write_eof():
                        ws.transport.write_eof()
                    else:
                        ws.transport.close()

    async def fail(self, error: ProtocolError, close_code: int = 1008) -> None:
        """Send the error frame, then close when it is fatal."""
        await self.send(error.frame())
        if error.fatal:
            self.closed = True
            # The close frame goes out at once; a client that has more frames in flight
            # may never read it and answer, so the handshake gets a short wait only.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(close_code, error.message[:120]), CLOSE_WAIT_S)
            with contextlib.suppress(Exception):
                self.ws.transport.abort()


#: The path a load balancer's health check asks for (see :meth:`Server._health`).
HEALTH_PATH = "/healthz"


def _process_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{os.urandom(4).hex()}"


class Server:
    """A ``big2 serve`` server. ``await start()`` binds (``port=0`` picks a free port, read
    :attr:`port` after), ``await stop()`` closes every connection and hands its rooms
    back to the directory, ``serve_forever()`` runs until cancelled."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 7531, ssl_context: ssl.SSLContext | None = None,
                 directory: RoomDirectory | None = None, limits: Limits | None = None,
                 throttle: Throttle | None = None) -> None:
        self.host = host
        self.port = port
        self.ssl_context = ssl_context
        self.limits = limits if limits is not None else Limits()
        self.directory: RoomDirectory = directory if directory is not None else MemoryDirectory(_process_id())
        self.throttle = throttle if throttle is not None else Throttle()
        self.rooms: dict[str, HostedRoom] = {}
        #: Where computers think and hints are searched (see :mod:`big2.net.pool`).
        self.executor = ComputerPool(self.limits)
        #: Log lines one a cause an interval; connections counted by address and in all.
        self.rate_log = RateLog(self.limits.log_interval_s)
        self.gate = Gate(self.limits, self.rate_log)
        #: Frame and hint budgets shared by every connection of one address.
        self.frame_buckets: dict[str, TokenBucket] = {}
        self.hint_buckets: dict[str, TokenBucket] = {}
        self._loop_handler: Any = None
        self.connections: set[Connection] = set()
        self._ws: WsServer | None = None
        self._housekeeping: asyncio.Task[None] | None = None
        self.relay: Relay | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self.on_change: Callable[[], None] | None = None  # called when rooms or their seats change
        self._stopping = False

    # -- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        if getattr(self.directory, "shared", False) and hasattr(self.directory, "redis"):
            self.relay = Relay(self)
            await self.relay.start()
        loop = asyncio.get_running_loop()
        self._loop_handler = (loop, loop.get_exception_handler())
        loop.set_exception_handler(self.rate_log.loop_handler)  # an accept storm: one line an interval
        self._ws = await serve(
            self._handler, self.host, self.port, ssl=self.ssl_context,
            max_size=self.limits.max_frame, max_queue=16, compression=None,
            ping_interval=20, ping_timeout=20, close_timeout=5, logger=self.rate_log.adapter(),
            process_request=self._health, create_connection=functools.partial(GatedConnection, gate=self.gate),
        )
        sock = next(iter(self._ws.sockets))
        self.port = int(sock.getsockname()[1])
        self._housekeeping = asyncio.create_task(self._housekeep())
        log.info("serving on %s://%s:%d (process %s)", "wss" if self.ssl_context else "ws",
                 self.host, self.port, self.directory.process_id)

    async def serve_forever(self) -> None:
        if self._ws is None:
            await self.start()
        assert self._ws is not None
        await self._ws.serve_forever()

    async def stop(self) -> None:
        self._stopping = True
        if self._housekeeping is not None:
            # Bounded, and never swallowing a cancellation of stop() itself: a housekeeping
            # step inside the Redis client may outlive its cancel (a test's stop took its
            # whole 120 s time limit that way).
            self._housekeeping.cancel()
            await asyncio.wait({self._housekeeping}, timeout=self.limits.stop_release_s)
        if self._ws is not None:
            self._ws.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._ws.wait_closed(), 10)
        if self.relay is not None:
            await self.relay.stop()
        rooms = list(self.rooms.values())
        for room in rooms:
            await room.shutdown()

        async def release(code: str) -> None:
            with contextlib.suppress(DirectoryError):
                await self.directory.release(code)

        # Hand the rooms back all at once, and within a bound: a stop must not hang on a
        # slow or exhausted directory (a room not released is taken over when its lease
        # runs out, as if this process had died).
        if rooms:
            done = asyncio.gather(*(release(room.code) for room in rooms))
            try:
                await asyncio.wait_for(done, self.limits.stop_release_s)
            except asyncio.TimeoutError:
                log.warning("stopping: %d rooms not handed back within %.0f s; their leases will run out",
                            len(rooms), self.limits.stop_release_s)
        self.rooms.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.directory.close(), self.limits.stop_release_s)
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._loop_handler is not None:
            loop, handler = self._loop_handler
            with contextlib.suppress(Exception):
                loop.set_exception_handler(handler)
            self._loop_handler = None

    @property
    def url(self) -> str:
        return f"{'wss' if self.ssl_context else 'ws'}://{self.host}:{self.port}"

    # -- connections -----------------------------------------------------------------------

    def _health(self, connection: Any, request: Any) -> Any:
        """``GET /healthz`` (a load balancer's health check, e.g. HAProxy's ``option
        httpchk``): 200 while this process serves, 503 once it is stopping. Any other
        request goes on to the websocket handshake."""
        if request.path.split("?", 1)[0] != HEALTH_PATH:
            if isinstance(connection, GatedConnection) and connection.address is None and \
                    not connection.forward(request.headers.get("X-Forwarded-For")):
                return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "too many connections\n")
            return None
        if self._stopping:
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "stopping\n")
        return connection.respond(http.HTTPStatus.OK, "ok\n")

    async def _handler(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits)
        self.connections.add(conn)
        try:
            if await self._greet(conn):
                await self._serve(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            conn.closed = True
            if conn.relayed is not None and self.relay is not None:
                await self._guard(self.relay.gone(conn))
            if conn.room is not None:
                room, conn.room = conn.room, None
                await self._guard(room.disconnected(conn))

    async def _greet(self, conn: Connection) -> bool:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_timeout_s)
        except asyncio.TimeoutError:
            await conn.fail(ProtocolError("timeout", "No hello came in time.", fatal=True))
            return False
        try:
            hello = protocol.parse_client_frame(raw, expect_hello=True)
        except ProtocolError as exc:
            exc.fatal = True
            await conn.fail(exc)
            return False
        conn.client = hello.get("client", "")
        await conn.send({"type": "welcome", "version": protocol.PROTOCOL_VERSION, "server": SERVER_NAME,
                         "max_frame": self.limits.max_frame})
        return True

    async def _serve(self, conn: Connection) -> None:
        async for raw in conn.ws:
            if not conn.bucket.take() or not self._address_frame(conn):
                await conn.fail(ProtocolError("flood", "Too many frames: the connection is closed.", fatal=True))
                return
            try:
                frame = protocol.parse_client_frame(raw)
            except ProtocolError as exc:
                await conn.fail(exc, 1009 if exc.code == "too_big" else 1008)
                if exc.fatal:
                    return
                continue
            await self._guard(self._dispatch(conn, frame), conn, frame)
            if conn.closed:
                return

    async def _guard(self, work: Awaitable[None], conn: Connection | None = None, frame: Frame | None = None) -> None:
        """Run a handler; whatever goes wrong is logged and told, never raised."""
        try:
            await work
        except ProtocolError as exc:
            if conn is not None:
                await conn.fail(exc)
        except RoomError as exc:
            if conn is not None:
                seq = frame.get("seq") if frame is not None and frame.type == "command" else None
                await conn.fail(ProtocolError(exc.code, exc.message, seq=seq, msg=exc.msg))
        except DirectoryError as exc:
            log.error("%s", exc)
            if conn is not None:
                await conn.fail(ProtocolError("unavailable", "The server cannot reach its room store; try again soon."))
        except ConnectionClosed:
            pass
        except Exception:
            kind = frame.type if frame else "disconnect"
            self.rate_log.log(logging.ERROR, f"handler: {kind}", "a handler failed on %s", kind, exc_info=True)
            if conn is not None:
                await conn.fail(ProtocolError("internal", "The server could not do that."))

    async def _dispatch(self, conn: Connection, frame: Frame) -> None:
        kind = frame.type
        if conn.room is not None:
            conn.room.heard(conn)  # its newest seat token arrived: the one before it stops working
        if kind == "ping":
            await conn.send({"type": "pong", **({"t": frame["t"]} if "t" in frame.fields else {})})
        elif kind == "create_room":
            await self._create(conn, frame)
        elif kind == "join_room":
            await self._join(conn, frame)
        elif getattr(conn, "relayed", None) is not None and self.relay is not None:
            await self.relay.forward(conn, frame)
        elif conn.room is None:
            raise ProtocolError("no_room", "Create or join a room first.")
        elif kind == "leave":
            room, conn.room = conn.room, None
            await room.leave(conn)
        else:
            await conn.room.handle(conn, frame)

    async def _create(self, conn: Connection, frame: Frame) -> None:
        if conn.room is not None or getattr(conn, "relayed", None) is not None:
            raise ProtocolError("in_room", "Leave this room before opening another.")
        self._may_open(conn)
        room = HostedRoom.create(self, name=frame["name"], players=frame.get("players", 4),
                                 computers=frame.get("computers", 0), preset=frame.get("preset"),
                                 level=frame.get("level"), hands=frame.get("hands", 4),
                                 turn_clock=frame.get("turn_clock", 0))
        for _ in range(20):
            if await self.directory.create(room.code, room.to_state()):
                break
            room.code = room.new_code()
        else:  # pragma: no cover - 20 collisions in 2**40 codes
            raise ProtocolError("unavailable", "No room code was free; try again.")
        room.brain.address = conn.address  # its computers spend this address's time
        self.rooms[room.code] = room
        self._changed()
        await room.seat_host(conn)

    # -- what one address may spend (see "Threat model" in docs/online.md) -----------------

    def _address_frame(self, conn: Connection) -> bool:
        """Spend one of the frame budget every connection of ``conn``'s address shares."""
        if self.gate.exempt(conn.address):
            return True
        bucket = self.frame_buckets.get(conn.address)
        if bucket is None:
            bucket = self.frame_buckets[conn.address] = TokenBucket(self.limits.address_rate,
                                                                    self.limits.address_burst)
        return bucket.take()

    def allow_hint(self, address: str) -> bool:
        """Spend one of the hint budget every seat of ``address`` shares."""
        if self.gate.exempt(address):
            return True
        bucket = self.hint_buckets.get(address)
        if bucket is None:
            bucket = self.hint_buckets[address] = TokenBucket(self.limits.address_hint_rate,
                                                              self.limits.address_hint_burst)
        return bucket.take()

    def _may_open(self, conn: Connection) -> None:
        """Refuse a new room past the rooms an address (or the server) may have open."""
        if len(self.rooms) >= self.limits.max_rooms:
            self.rate_log.log(logging.WARNING, "rooms: total", "refused a room: %d open, the cap", len(self.rooms))
            raise ProtocolError("busy", "The server has as many rooms open as it can hold; try again later.")
        if self.gate.exempt(conn.address):
            return
        held = sum(1 for room in self.rooms.values() if room.brain.address == conn.address)
        if held >= self.limits.rooms_per_address:
            self.rate_log.log(logging.WARNING, "rooms: address", "refused a room to %s: it has %d open",
                              conn.address, held)
            raise ProtocolError("busy", f"Your address has {held} rooms open here, the most it may; "
                                        f"leave one first.")

    async def _join(self, conn: Connection, frame: Frame) -> None:
        if conn.room is not None or getattr(conn, "relayed", None) is not None:
            raise ProtocolError("in_room", "Leave this room before joining another.")
        code = normalise_code(frame["code"])
        token = frame.get("token")
        wait = self.throttle.wait(conn.peer)
        # A person coming back with a token the room knows is never throttled (behind one
        # address, a NAT, someone else's wrong codes must not keep them out); any other
        # join is, with one answer whether the room exists or not.
        if wait > 0 and not await self._knows(code, token):
            raise ProtocolError("throttled", f"Too many wrong room codes: wait {wait:.0f} s and try again.")
        if code is not None and code not in self.rooms and self.relay is not None and isinstance(conn, Connection):
            owner = await self.runner(code)
            if owner is not None and owner != self.directory.process_id:
                # Another live process runs the room: relay to it (see big2.net.relay).
                await self.relay.join(conn, owner, code, frame["name"], token)
                return
        room = await self._find(code) if code is not None else None
        if room is None:
            delay = self.throttle.miss(conn.peer)
            later = f" Wait {delay:.0f} s before the next try." if delay >= 1 else ""
            raise ProtocolError("bad_code", "There is no room with that code." + later)
        try:
            await room.join(conn, frame["name"], token)
        except RoomError as exc:
            if exc.code == "bad_token" and not (token is not None and room.knows(token)):
                self.throttle.miss(conn.peer)  # (a token the room once gave is no guess)
            raise
        # A right code does not wipe the misses: joining one's own room between guesses
        # must not buy more of them.

    async def _knows(self, code: str | None, token: str | None) -> bool:
        """Whether ``token`` is, or was, a seat token of room ``code`` (run here or saved
        in the directory)."""
        if code is None or token is None:
            return False
        room = self.rooms.get(code)
        if room is not None:
            return room.knows(token)
        try:
            state = await self.directory.load(code)
        except DirectoryError:
            return False
        return isinstance(state, dict) and HostedRoom.state_knows(state, token)

    async def _find(self, code: str) -> HostedRoom | None:
        """The room ``code``: one this process runs, or one it takes over from the
        directory (its owner died and the lease ran out)."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        # One takeover per room: the room's people reconnect all at once, and two loads
        # of the same room would split them between two copies.
        lock = self._loading.setdefault(code, asyncio.Lock())
        try:
            async with lock:
                return await self._take_over(code)
        finally:
            if not lock.locked() and self._loading.get(code) is lock:
                del self._loading[code]

    async def _take_over(self, code: str) -> HostedRoom | None:
        room = self.rooms.get(code)
        if room is not None:  # another connection finished loading it meanwhile
            return room
        elsewhere = ProtocolError("elsewhere", "That room is run by another server process; try again in a moment.")
        owner = await self.runner(code)
        if owner is not None and owner != self.directory.process_id:
            raise elsewhere
        if not await self.directory.claim(code):
            if await self.directory.owner(code) is not None:
                raise elsewhere  # its owner renewed (or another process claimed it) since we looked
            return None
        state = await self.directory.load(code)
        if state is None:
            return None
        room = HostedRoom.restore(self, code, state)
        self.rooms[code] = room
        self._changed()
        log.info("took over room %s", code)
        await room.resumed()
        return room

    async def runner(self, code: str) -> str | None:
        """The live process that runs room ``code``: the owner of its lease, or, while
        that lease has lapsed, the process of its latest tenure if it is still alive (a
        process too busy to renew in time keeps its rooms; taking one from it would only
        move the room and its people for nothing). None when nobody runs it: the room
        may be taken over."""
        owner = await self.directory.owner(code)
        if owner is not None:
            return owner
        holder = await self.directory.holder(code)
        if holder is None or holder == self.directory.process_id:
            return holder
        if self.relay is not None and await self.relay.alive(holder):
            return holder
        return None

    # -- rooms -----------------------------------------------------------------------------

    async def save(self, room: HostedRoom) -> None:
        """Write ``room``'s state to the directory (after every change)."""
        if not await self.directory.save(room.code, room.to_state()):
            log.warning("room %s is owned by another process now; closing it here", room.code)
            await self.drop(room, "The room moved to another server; reconnect to go on.", release=False)

    async def drop(self, room: HostedRoom, reason: str, *, release: bool = True, forget: bool = False) -> None:
        """Stop running ``room`` here."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self._changed()
        await room.close(reason, moved=not release and not forget)
        if forget:
            await self.directory.delete(room.code)
        elif release:
            await self.directory.release(room.code)

    async def end_rooms(self, reason: str) -> None:
        """The game is over in every room run here (the app that hosts them leaves): each
        person gets ``left`` with ``ended`` (their app says the game ended for everyone,
        and keeps no seat for a rejoin) and the rooms are forgotten. Bounded in time, as
        :meth:`stop` is: a slow connection does not hold the host's Leave."""
        rooms = list(self.rooms.values())
        self.rooms.clear()
        if not rooms:
            return
        self._changed()

        async def end(room: HostedRoom) -> None:
            await room.close(reason, ended=True)
            with contextlib.suppress(DirectoryError):
                await self.directory.delete(room.code)

        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(end(r) for r in rooms)), self.limits.stop_release_s)

    def open_seats(self) -> int:
        """How many seats of the rooms run here wait for a person (what the local
        network's game lists show)."""
        return sum(1 for room in self.rooms.values() for slot in room.seats if slot.kind == "open")

    def seats_changed(self) -> None:
        """A room's seats changed (someone came, left, or a seat opened)."""
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            with contextlib.suppress(Exception):
                self.on_change()

    async def _housekeep(self) -> None:
        interval = min(self.limits.housekeeping_s, float(getattr(self.directory, "lease_s", 10.0)) / 3)
        while True:
            await asyncio.sleep(interval)
            try:
                await self._housekeep_once()
            except asyncio.CancelledError:
                raise
            except DirectoryError as exc:
                log.error("%s", exc)
            except Exception:
                log.exception("housekeeping failed")

    async def _housekeep_once(self) -> None:
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if room.idle_since is None:
                continue
            if now - room.idle_since > self.limits.idle_room_s or \
                    (not room.started and now - room.idle_since > self.limits.empty_lobby_s):
                self.rate_log.log(logging.INFO, "room closed", "room %s closed: nobody connected for %.0f s",
                                  room.code, now - room.idle_since)
                await self.drop(room, "Nobody was left in the room.", forget=True)
        await self._close_roomless(now)
        for buckets in (self.frame_buckets, self.hint_buckets):
            for address in [a for a, bucket in buckets.items() if bucket.full()]:
                del buckets[address]
        self.rate_log.flush()
        # The leases first: a slow or failing check of relayed rooms (one Redis read a
        # room, a thousand relayed people at 500 tables) must never let them run out.
        lost = await self.directory.renew(list(self.rooms))
        for code in lost:
            room = self.rooms.get(code)
            if room is not None:
                await self.drop(room, "The room moved to another server; reconnect to go on.", release=False)
        if self.relay is not None:
            await self.relay.check_owners()


    async def _close_roomless(self, now: float) -> None:
        """Close connections that have been in no room for ``roomless_s`` (they hold a
        descriptor and send nothing a room needs)."""
        late = []
        for conn in list(self.connections):
            if conn.room is not None or conn.relayed is not None or conn.closed:
                conn.roomless_since = None
            elif conn.roomless_since is None:
                conn.roomless_since = now
            elif now - conn.roomless_since > self.limits.roomless_s:
                conn.roomless_since = None
                self.rate_log.log(logging.INFO, "roomless", "closed a connection from %s: in no room for %.0f s",
                                  conn.address, self.limits.roomless_s)
                late.append(conn.fail(ProtocolError("timeout", "No room was joined in time.", fatal=True)))
        if late:  # at once: each waits a moment for its close to be answered
            await asyncio.gather(*late, return_exceptions=True)


#: The young generation's size before a collection, in a serving process (Python's
#: default is 700).
GC_YOUNG = 50000


def tune_gc() -> None:
    """For a process that does nothing but serve (``big2 serve``, the load test's bots),
    not the app: what start-up made (modules, the server) is collected once and frozen
    out of later collections, and a collection waits for 50,000 new objects instead of
    700. Nearly everything a server makes per move (frames, snapshots) is freed by
    reference counting; collecting every 700 allocations among the ~1M objects of 500
    tables cost a quarter of the server's time and pauses of 100-600 ms (measured with
    gc.callbacks), the worst of the load test's round trips."""
    import gc

    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


def make_ssl_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server TLS context from a certificate chain and its private key (PEM)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certfile, keyfile)
    return context


__all__ = ["Connection", "Limits", "Server", "TokenBucket", "make_ssl_context", "tune_gc"]
