"""What one address may hold: the connection gate, the descriptor limit, and logs that
a storm cannot flood.

* :func:`address_key`: the address a client is counted under (IPv4 as it is, an IPv6
  address by its /64, which one subscriber usually holds whole; an IPv4-mapped IPv6
  address as the IPv4 one).
* :class:`Gate` counts open connections by address and in all; :class:`GatedConnection`
  asks it as the TCP connection is made, before a byte is read: a connection over a cap
  gets a fixed ``503`` answer written once and the socket closed, with no handshake, no
  task and no log line of its own (the refusals are counted, and told once an interval).
  A connection through a trusted proxy is counted under its ``X-Forwarded-For`` address
  when its request arrives (:meth:`Gate.admit_forwarded`).
* :func:`raise_descriptor_limit` lifts the soft ``RLIMIT_NOFILE`` to the hard one;
  :func:`connection_cap` keeps the total below it.
* :class:`TokenBucket`: ``rate`` a second up to ``burst`` (frames, hints; per
  connection, seat or address).
* :class:`RateLog` lets one line a cause through each interval and counts the rest (the
  next line, or :meth:`RateLog.flush`, says how many); :meth:`RateLog.loop_handler` does
  the same for asyncio's own errors (an accept loop out of descriptors logs
  "socket.accept() out of system resource" with a traceback on every try).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection

from .limits import Limits

log = logging.getLogger("big2.net.server")

#: What a refused connection is told, written once before its socket closes.
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 22\r\n"
           b"Retry-After: 30\r\nConnection: close\r\n\r\ntoo many connections\r\n")


def address_key(ip: str) -> str:
    """The address ``ip`` is counted under: IPv4 as it is, IPv6 by its /64."""
    try:
        addr = ipaddress.ip_address(ip.split("%", 1)[0])
    except ValueError:
        return ip
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


def raise_descriptor_limit() -> tuple[int, int] | None:
    """Raise this process's soft descriptor limit to the hard one; the (soft, hard)
    limits after, or None where there is no such limit (Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < target:
        for want in (target, 10240):  # macOS refuses more than OPEN_MAX for a soft limit
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
                break
            except (ValueError, OSError):
                continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def connection_cap(limits: Limits) -> int:
    """Connections this process may hold in all: ``max_connections``, and below the
    soft descriptor limit by ``descriptor_reserve``."""
    cap = limits.max_connections
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return cap
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY:
        cap = min(cap, max(1, soft - limits.descriptor_reserve))
    return cap


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` spends one if there is one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self) -> bool:
        """Whether it has refilled to ``burst`` (nobody spent any for a while)."""
        return self.tokens + (self.clock() - self.stamp) * self.rate >= self.burst


class RateLog:
    """At most one log line per cause per ``interval`` seconds; the ones held back are
    counted and told with the next line of that cause (or by :meth:`flush`)."""

    def __init__(self, interval: float, logger: logging.Logger = log,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.logger = logger
        self.clock = clock
        #: cause -> (when its last line went out, lines held back since)
        self._seen: dict[str, tuple[float, int]] = {}

    def allow(self, cause: str) -> int | None:
        """Whether a line of ``cause`` may go out now: the count held back before it
        (0 or more), or None when this one is held back too."""
        now = self.clock()
        last = self._seen.get(cause)
        if last is None or now - last[0] >= self.interval:
            self._seen[cause] = (now, 0)
            return 0 if last is None else last[1]
        self._seen[cause] = (last[0], last[1] + 1)
        return None

    def log(self, level: int, cause: str, message: str, *args: Any, exc_info: Any = None) -> None:
        held = self.allow(cause)
        if held is None:
            return
        if held:
            if not args:
                message = message.replace("%", "%%")
            message += " (and %d more like it in the last %.0f s)"
            args = (*args, held, self.interval)
        self.logger.log(level, message, *args, exc_info=exc_info)

    def adapter(self) -> logging.LoggerAdapter[logging.Logger]:
        """The logger, rate-limited by message: for ``websockets``, which logs every
        failed opening handshake with a traceback."""
        return _RateAdapter(self)

    def flush(self) -> None:
        """Tell the counts of causes whose interval is over and that held lines back."""
        now = self.clock()
        for cause, (stamp, held) in list(self._seen.items()):
            if now - stamp >= self.interval:
                if held:
                    self.logger.warning("%s: %d more in the last %.0f s", cause, held, now - stamp)
                del self._seen[cause]

    def loop_handler(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An asyncio exception handler: the default one, one call per message an
        interval (the rest counted)."""
        cause = str(context.get("message") or "asyncio error")
        held = self.allow("asyncio: " + cause)
        if held is None:
            return
        if held:
            context = {**context, "message": f"{cause} (and {held} more in the last {self.interval:.0f} s)"}
        loop.default_exception_handler(context)


class _RateAdapter(logging.LoggerAdapter):  # type: ignore[type-arg]
    def __init__(self, rate_log: RateLog) -> None:
        super().__init__(rate_log.logger, {})
        self.rate_log = rate_log

    def log(self, level: int, msg: Any, *args: Any, **kwargs: Any) -> None:
        if not self.isEnabledFor(level):
            return
        self.rate_log.log(level, f"websockets: {msg}", str(msg), *args, exc_info=kwargs.get("exc_info"))


class Gate:
    """Open connections, by address and in all, against the caps of ``limits``."""

    def __init__(self, limits: Limits, rate_log: RateLog) -> None:
        self.limits = limits
        self.cap = connection_cap(limits)
        self.rate_log = rate_log
        self.total = 0
        self.by_address: dict[str, int] = {}
        #: Refusals so far, by cause ("address" or "total").
        self.refused: dict[str, int] = {"address": 0, "total": 0}
        self._exempt = {address_key(a) for a in limits.exempt}
        self.proxies = frozenset(limits.trusted_proxies)

    def _refuse(self, cause: str, key: str) -> str:
        self.refused[cause] += 1
        if cause == "address":
            self.rate_log.log(logging.WARNING, "refused: address", "refused a connection from %s: it holds %d",
                              key, self.by_address.get(key, 0))
        else:
            self.rate_log.log(logging.WARNING, "refused: total", "refused a connection: %d open, the cap", self.total)
        return cause

    def admit(self, key: str | None) -> str | None:
        """Count a new connection (under ``key``; None: not by address yet); the cause
        when it must be refused instead (then nothing is counted)."""
        if self.total >= self.cap:
            return self._refuse("total", key or "?")
        if key is not None and not self.admit_address(key):
            return "address"
        self.total += 1
        return None

    def admit_address(self, key: str) -> bool:
        """Count a connection under ``key``; False (nothing counted) over its cap."""
        if key in self._exempt:
            return True
        held = self.by_address.get(key, 0)
        if held >= self.limits.connections_per_address:
            self._refuse("address", key)
            return False
        self.by_address[key] = held + 1
        return True

    def release(self, key: str | None, *, total: bool = True) -> None:
        if total:
            self.total -= 1
        if key is None or key in self._exempt:
            return
        held = self.by_address.get(key, 0) - 1
        if held > 0:
            self.by_address[key] = held
        else:
            self.by_address.pop(key, None)

    def exempt(self, key: str) -> bool:
        return key in self._exempt


class GatedConnection(ServerConnection):
    """A websocket connection that asks the server's :class:`Gate` as the TCP connection
    is made: one over a cap gets :data:`REFUSAL` and is closed at once."""

    def __init__(self, *args: Any, gate: Gate, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gate = gate
        self.refused = False
        #: The address this connection is counted under (None: not yet, through a proxy).
        self.address: str | None = None
        self.forwarded = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        ip = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        key = None if ip in self.gate.proxies else address_key(ip)
        if self.gate.admit(key) is not None:
            self.refused = True
            try:
                transport.write(REFUSAL)  # type: ignore[attr-defined]
            finally:
                transport.close()
            return
        self.address = key
        super().connection_made(transport)

    def forward(self, forwarded_for: str | None) -> bool:
        """Through a trusted proxy: count this connection under the last address of its
        ``X-Forwarded-For`` (or the proxy's own); False when that address is full."""
        peer = self.transport.get_extra_info("peername")
        ip = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if forwarded_for:
            ip = forwarded_for.rsplit(",", 1)[-1].strip() or ip
        key = address_key(ip)
        if not self.gate.admit_address(key):
            return False
        self.address, self.forwarded = key, True
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self.gate.release(self.address)
        super().connection_lost(exc)


__all__ = ["Gate", "GatedConnection", "RateLog", "REFUSAL", "TokenBucket", "address_key", "connection_cap",
           "raise_descriptor_limit"]
