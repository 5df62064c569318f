"""A ``big2 serve`` server inside another program, on a thread of its own: what the app
runs when a player hosts a game. No pygame.

:class:`ServerThread` starts a :class:`~big2.net.server.Server` (rooms kept in memory)
in an asyncio loop on its own thread, so hosting never blocks a frame. :meth:`start`
returns once it listens (or raises ``OSError`` with the reason it could not);
:attr:`url` is the address this machine reaches it at (``ws://127.0.0.1:PORT`` when it
listens on every address) and :meth:`share_addresses` the addresses friends type
(``ws://192.168.1.20:PORT``…). With ``advertise`` it announces itself on the local
network (mDNS/DNS-SD) under ``name``, saying the hosting player (``person``), its rooms
and free seats, where the network allows it; a network that does not is no
error. :meth:`stop` closes every connection and ends the thread; it is safe to call twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from typing import Any

from .discovery import lan_addresses
from .server import Limits, Server

log = logging.getLogger("big2.net.host")

#: The port a hosted game tries first (friends type it less often when it is the usual one).
DEFAULT_PORT = 7531


#: The ``left`` frame's words when the app hosting the game leaves (the app shows its
#: own sentence for a game that ``ended``).
HOST_LEFT = "The host left, so the game is over."


class ServerThread:
    """A server on ``host``:``port`` (0: any free port) run on a daemon thread."""

    def __init__(self, *, host: str = "0.0.0.0", port: int = DEFAULT_PORT, advertise: bool = True,
                 name: str | None = None, person: str | None = None, limits: Limits | None = None) -> None:
        self.host = host
        self.port = port
        self.advertise = advertise
        self.name = name or socket.gethostname()
        #: The player who hosts it, for the local network's game lists (None: nobody).
        self.person = person
        self.limits = limits
        self.server: Server | None = None
        self.advertised = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._end_games = True
        self._thread: threading.Thread | None = None

    # -- the caller's side ------------------------------------------------------------

    def start(self, timeout: float = 15.0) -> str:
        """Start serving; the local address once it listens. ``OSError`` when it cannot
        (the port is taken and no other could be had, say)."""
        if self._thread is not None:
            raise RuntimeError("the server thread was already started")
        self._thread = threading.Thread(target=self._run, name="big2-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            self.stop()
            raise OSError("the game server did not start in time")
        if self._error is not None:
            self._thread.join(5)
            error = self._error
            raise error if isinstance(error, OSError) else OSError(str(error))
        return self.url

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self._error is None

    @property
    def url(self) -> str:
        """This machine's address of the server."""
        if self.server is None:
            raise RuntimeError("the server is not running")
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "", "::") else self.host
        return f"ws://{shown}:{self.server.port}"

    def share_addresses(self) -> list[str]:
        """Addresses other computers reach the server at: each LAN address when it listens
        on all of them (loopback last, for a second copy on this machine)."""
        if self.server is None:
            return []
        port = self.server.port
        if self.host not in ("0.0.0.0", "", "::"):
            return [f"ws://{self.host}:{port}"]
        found = [a for a in lan_addresses() if not a.startswith("127.")]
        return [f"ws://{a}:{port}" for a in found] + [f"ws://127.0.0.1:{port}"]

    def rooms(self) -> int:
        return 0 if self.server is None else len(self.server.rooms)

    def stop(self, timeout: float = 10.0, *, end_games: bool = True) -> None:
        """Close every connection and end the thread (nothing happens when not running).
        The games here end for everyone, who are told so (``left`` with ``ended``);
        ``end_games=False`` goes without a word, as a server that crashed (for tests)."""
        self._end_games = end_games
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # -- the thread --------------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start() or logged
            if not self._ready.is_set():
                self._error = exc
            else:
                log.exception("the hosted game server stopped with an error")
        finally:
            self._ready.set()
            with contextlib.suppress(Exception):
                _cancel_rest(loop)
            with contextlib.suppress(Exception):
                loop.close()

    async def _listen(self) -> Server:
        """A started server: on :attr:`port`, or any free port when that one is taken."""
        last: OSError | None = None
        for port in ((self.port, 0) if self.port else (0,)):
            server = Server(host=self.host, port=port, limits=self.limits)
            try:
                await server.start()
                return server
            except OSError as exc:
                last = exc
                with contextlib.suppress(Exception):
                    await server.stop()
        assert last is not None
        raise last

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self.server = await self._listen()
        advertiser: Any = None
        if self.advertise:
            try:
                from .discovery import Advertiser

                everywhere = self.host in ("0.0.0.0", "", "::")
                advertiser = Advertiser(name=self.name, port=self.server.port,
                                        rooms=lambda: 0 if self.server is None else len(self.server.rooms),
                                        seats=lambda: 0 if self.server is None else self.server.open_seats(),
                                        host=self.person,
                                        addresses=None if everywhere else [self.host])
                self.advertised = bool(await advertiser.start())
                if self.advertised:
                    self.server.on_change = advertiser.refresh_soon
            except Exception:  # noqa: BLE001 - no multicast here: the address still works
                log.info("the hosted game is not announced on this network", exc_info=True)
                advertiser = None
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            if advertiser is not None:
                with contextlib.suppress(Exception):
                    await advertiser.stop()
            # the app that hosts the game leaves: the game ends for everyone, who are told
            # so (a server of its own hands its rooms on instead: big2 serve, --redis)
            if self._end_games:
                with contextlib.suppress(Exception):
                    await self.server.end_rooms(HOST_LEFT)
            await self.server.stop()


def _cancel_rest(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is still pending on ``loop`` (zeroconf's broadcasts, a room's driver)
    and let it finish, so the loop closes without warnings."""
    rest = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in rest:
        task.cancel()
    if rest:
        loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())


__all__ = ["DEFAULT_PORT", "ServerThread"]
