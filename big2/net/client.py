"""An asyncio client of ``big2 serve``: connect, say hello, send frames, read frames.

:func:`connect` opens the websocket, sends ``hello`` with
:data:`~big2.net.protocol.PROTOCOL_VERSION` and waits for ``welcome``; a server that
refuses raises :class:`ServerRefused` with the server's sentence. Every frame read is
checked by :func:`~big2.net.protocol.parse_server_frame`. Used by the tests, the load
test and the fuzzer; the app runs one on its network thread.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import InvalidStatus

from . import protocol
from .protocol import Frame


#: asyncio.timeout (Python 3.11+), cheaper than wait_for; None before.
_timeout = getattr(asyncio, "timeout", None)


class ServerRefused(Exception):
    """The server answered with an error frame (``code``, sentence) or closed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Client:
    """A connection that has been welcomed. ``frames`` read but not yet taken by
    :meth:`expect` wait in :attr:`backlog`."""

    def __init__(self, ws: ClientConnection, welcome: Frame) -> None:
        self.ws = ws
        self.welcome = welcome
        self.backlog: list[Frame] = []

    async def send(self, frame_type: str, **fields: Any) -> None:
        await self.ws.send(protocol.encode(frame_type, **fields))

    async def send_raw(self, raw: str | bytes) -> None:
        await self.ws.send(raw)

    async def recv(self, timeout: float = 5.0) -> Frame:
        """The next frame (from the backlog first)."""
        if self.backlog:
            return self.backlog.pop(0)
        if _timeout is not None:  # not wait_for: no task per frame
            async with _timeout(timeout):
                raw = await self.ws.recv()
        else:  # Python 3.10
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
        return protocol.parse_server_frame(raw)

    async def expect(self, *types: str, timeout: float = 5.0) -> Frame:
        """The next frame of one of ``types``; frames of other types stay in the backlog
        (an ``error`` frame is returned when asked for, else raised as ServerRefused)."""
        for i, frame in enumerate(self.backlog):
            if frame.type in types:
                return self.backlog.pop(i)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"no {'/'.join(types)} frame within {timeout} s")
            raw = await asyncio.wait_for(self.ws.recv(), left)
            frame = protocol.parse_server_frame(raw)
            if frame.type in types:
                return frame
            if frame.type == "error":
                raise ServerRefused(frame["code"], frame["message"])
            self.backlog.append(frame)

    async def close(self) -> None:
        await self.ws.close()


async def connect(url: str, *, client: str = "big2", version: int = protocol.PROTOCOL_VERSION,
                  ssl_context: ssl.SSLContext | None = None, timeout: float = 10.0) -> Client:
    """A welcomed connection to the server at ``url`` (``ws://`` or ``wss://``).

    Raises :class:`ServerRefused` for the server's ``error`` answer to hello, and with the
    code ``crowded`` when the server's gate turns the connection away before the
    handshake (HTTP 503: this address holds as many connections as it may)."""
    kwargs: dict[str, Any] = {"max_size": protocol.MAX_SERVER_FRAME_BYTES, "compression": None,
                              "open_timeout": timeout}
    if ssl_context is not None:
        kwargs["ssl"] = ssl_context
    try:
        ws = await ws_connect(url, **kwargs)
    except InvalidStatus as exc:
        if exc.response.status_code == 503:  # the server's gate: this network holds too many connections
            raise ServerRefused("crowded", "The server holds as many connections from this address as it takes.") from exc
        raise
    try:
        await ws.send(protocol.encode("hello", version=version, client=client))
        frame = protocol.parse_server_frame(await asyncio.wait_for(ws.recv(), timeout))
    except BaseException:
        await ws.close()
        raise
    if frame.type == "error":
        await ws.close()
        raise ServerRefused(frame["code"], frame["message"])
    if frame.type != "welcome":
        await ws.close()
        raise ServerRefused("bad_frame", f"The server answered hello with {frame.type}.")
    return Client(ws, frame)
