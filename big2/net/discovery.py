"""Find games on the local network: mDNS / DNS-SD with ``zeroconf``.

A hosting server announces itself as an instance of :data:`SERVICE_TYPE`
(``_big2._tcp.local.``) named after the host's computer, with its port and a TXT record holding the protocol
version (``v``), how many rooms it runs (``rooms``), how many seats in them wait for a
person (``seats``) and, for a game a player hosts from the app, that player's name
(``host``). :class:`Advertiser` does that and keeps the record up to date;
:func:`browse` listens for ``timeout`` seconds and returns what answered, as
:class:`Found` values sorted by name. A TXT record comes from anyone on the network:
:func:`read_txt` takes only what is well formed (numbers in range, a name of printable
text no longer than a player's name may be) and drops the rest.

Both fail soft: where multicast is not allowed (some Wi-Fi, containers, firewalls),
:meth:`Advertiser.start` logs why and returns False and :func:`browse` returns ``[]`` —
people can always type an address and a room code instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..persistence.textcheck import text_problem
from .protocol import NAME_MAX, PROTOCOL_VERSION, clean_text

log = logging.getLogger("big2.net.discovery")

SERVICE_TYPE = "_big2._tcp.local."

#: The largest count a TXT record's ``rooms`` or ``seats`` may say (more is not believed).
COUNT_MAX = 100_000
#: The most bytes of a TXT value read (a DNS-SD string is at most 255).
VALUE_MAX = 255


@dataclass(frozen=True, order=True)
class Found:
    """A server that answered: its shown name, an address to reach it, its port, and
    what its TXT record said (None where it said nothing readable)."""

    name: str
    address: str
    port: int
    version: int | None = None
    rooms: int | None = None
    #: Seats waiting for a person in its rooms, and the name of the player who hosts it
    #: (None: a ``big2 serve`` with nobody hosting, or a server too old to say).
    seats: int | None = None
    host: str | None = None


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback (loopback when it has none)."""
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str):
                    addr = ipaddress.ip_address(ip.ip)
                    if not addr.is_loopback and not addr.is_link_local:
                        found.append(ip.ip)
    except Exception as exc:  # pragma: no cover - ifaddr fails on exotic systems
        log.info("cannot list network addresses: %s", exc)
    return sorted(set(found)) or ["127.0.0.1"]


def _instance_name(name: str, port: int) -> str:
    shown = clean_text(name).replace(".", " ")[:40] or "Big Two"
    return f"{shown} ({port})"


def _txt_value(props: Any, key: bytes) -> bytes | None:
    if not isinstance(props, dict):
        return None
    value = props.get(key)
    return value if isinstance(value, bytes) and len(value) <= VALUE_MAX else None


def _txt_int(props: Any, key: bytes) -> int | None:
    value = _txt_value(props, key)
    if value is None or not value.isdigit() or len(value) > 6:
        return None
    number = int(value)
    return number if number <= COUNT_MAX else None


def _txt_name(props: Any, key: bytes) -> str | None:
    value = _txt_value(props, key)
    if value is None:
        return None
    try:
        name = clean_text(value.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    if not name or len(name) > NAME_MAX or text_problem(name) is not None:
        return None
    return name


def read_txt(props: Any) -> dict[str, Any]:
    """What a TXT record's properties say, as :class:`Found`'s fields (``version``,
    ``rooms``, ``seats``, ``host``): each None where it is missing or not well formed."""
    return {"version": _txt_int(props, b"v"), "rooms": _txt_int(props, b"rooms"),
            "seats": _txt_int(props, b"seats"), "host": _txt_name(props, b"host")}


def _fit_bytes(text: str, limit: int) -> str:
    """``text`` cut (at a character) to at most ``limit`` bytes of UTF-8."""
    while len(text.encode("utf-8")) > limit:
        text = text[:-1]
    return text


class Advertiser:
    """Announce a server on the local network while it runs.

    ``rooms`` and ``seats`` are called for the TXT record's room count and free seats,
    ``host`` is the hosting player's name (None: nobody hosts, as on ``big2 serve``);
    :meth:`refresh_soon` re-announces what changed (call it when rooms open or close and
    when people come and go). ``addresses`` defaults to :func:`lan_addresses`,
    ``interfaces`` to every interface.
    """

    def __init__(self, *, name: str, port: int, rooms: Callable[[], int] = lambda: 0,
                 seats: Callable[[], int] = lambda: 0, host: str | None = None,
                 addresses: Sequence[str] | None = None, interfaces: Sequence[str] | None = None) -> None:
        self.name = name
        self.port = port
        self.rooms = rooms
        self.seats = seats
        self.host = host
        self.addresses = list(addresses) if addresses is not None else lan_addresses()
        self.interfaces = list(interfaces) if interfaces is not None else None
        self._zc: Any = None
        self._info: Any = None
        self._refresh: asyncio.Task[None] | None = None

    def _service_info(self) -> Any:
        from zeroconf.asyncio import AsyncServiceInfo

        instance = _instance_name(self.name, self.port)
        return AsyncServiceInfo(
            SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}", port=self.port,
            addresses=[socket.inet_aton(a) for a in self.addresses],
            properties=self.properties(),
            server=f"big2-{self.port}-{socket.gethostname().split('.')[0][:30]}.local.",
        )

    def properties(self) -> dict[str, str]:
        """The TXT record now."""
        props = {"v": str(PROTOCOL_VERSION), "rooms": str(self._count(self.rooms)),
                 "seats": str(self._count(self.seats))}
        host = clean_text(self.host or "")[:NAME_MAX]
        if host:
            props["host"] = _fit_bytes(host, VALUE_MAX - len("host="))
        return props

    @staticmethod
    def _count(get: Callable[[], int]) -> int:
        try:
            return max(0, min(int(get()), COUNT_MAX))
        except Exception:  # pragma: no cover - a broken callback must not stop the server
            return 0

    async def start(self) -> bool:
        """Announce; False (and a log line) where the network does not allow it."""
        try:
            from zeroconf import InterfaceChoice
            from zeroconf.asyncio import AsyncZeroconf

            self._zc = AsyncZeroconf(interfaces=self.interfaces or InterfaceChoice.All)
            self._info = self._service_info()
            await self._zc.async_register_service(self._info, allow_name_change=True)
        except Exception as exc:
            log.warning("cannot announce the server on the local network: %s", exc)
            await self.stop()
            return False
        log.info("announced as %r on the local network", self._info.name)
        return True

    def refresh_soon(self) -> None:
        """Re-announce the TXT record shortly, if it changed (several calls in a row make
        one update)."""
        if self._zc is None or (self._refresh is not None and not self._refresh.done()):
            return
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to update
            self._refresh = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        await asyncio.sleep(0.5)
        if self._zc is None or self._info is None or self._published() == self.properties():
            return
        try:
            self._info = self._service_info()
            await self._zc.async_update_service(self._info)
        except Exception as exc:
            log.info("cannot update the announcement: %s", exc)

    def _published(self) -> dict[str, str]:
        props = getattr(self._info, "properties", None) or {}
        return {k.decode(): v.decode() for k, v in props.items() if isinstance(k, bytes) and isinstance(v, bytes)}

    async def stop(self) -> None:
        """Withdraw the announcement (safe to call twice, or after a failed start)."""
        if self._refresh is not None:
            self._refresh.cancel()
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                await zc.async_unregister_service(self._info)
        except Exception as exc:
            log.info("cannot withdraw the announcement: %s", exc)
        finally:
            with contextlib.suppress(Exception):
                await zc.async_close()


async def browse(timeout: float = 2.0, *, interfaces: Sequence[str] | None = None) -> list[Found]:
    """The servers that answer within ``timeout`` seconds; ``[]`` where multicast is not
    allowed (logged)."""
    try:
        from zeroconf import InterfaceChoice, ServiceStateChange
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf
    except ImportError as exc:  # pragma: no cover - zeroconf is a dependency
        log.warning("cannot look for games: %s", exc)
        return []
    names: set[str] = set()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    zc: Any = None
    browser: Any = None
    found: dict[str, Found] = {}
    try:
        zc = AsyncZeroconf(interfaces=list(interfaces) if interfaces else InterfaceChoice.All)
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[on_change])
        await asyncio.sleep(timeout)
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if not await info.async_request(zc.zeroconf, 1000):
                continue
            addresses = info.parsed_addresses()
            if not addresses or not info.port:
                continue
            shown = clean_text(name[: -len(SERVICE_TYPE) - 1] if name.endswith("." + SERVICE_TYPE) else name)
            found[name] = Found(shown, addresses[0], int(info.port), **read_txt(info.properties))
    except Exception as exc:
        log.warning("cannot look for games on the local network: %s", exc)
        return []
    finally:
        if browser is not None:
            with contextlib.suppress(Exception):
                await browser.async_cancel()
        if zc is not None:
            with contextlib.suppress(Exception):
                await zc.async_close()
    return sorted(found.values())


def browse_blocking(timeout: float = 2.0, *, interfaces: Sequence[str] | None = None) -> list[Found]:
    """:func:`browse` for a thread with no event loop (the app's network thread)."""
    return asyncio.run(browse(timeout, interfaces=interfaces))
