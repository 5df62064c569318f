"""The server's limits, one frozen value: frame size, flood rate, timeouts, the pace of
the computers, how long a dropped person's seat waits, and what one address may hold
and spend (connections, rooms, hints, computer time).

Its own module, below :mod:`big2.net.server` and the rooms it runs
(:mod:`big2.net.hosted` reads the pace and the grace), so that a room needs nothing of
the server's module; :mod:`big2.net.server` still offers it as ``Limits``.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol


@dataclass(frozen=True)
class Limits:
    """The server's limits. Defaults suit a public server; tests shrink them."""

    max_frame: int = protocol.MAX_FRAME_BYTES
    rate: float = 20.0          # frames a second, sustained, per connection
    burst: float = 40.0         # frames at once
    hello_timeout_s: float = 10.0
    send_timeout_s: float = 10.0
    idle_room_s: float = 600.0  # a room nobody is connected to is closed after this
    housekeeping_s: float = 2.0
    stop_release_s: float = 5.0  # how long a stop may spend handing rooms back to the directory
    computer_pace_s: float = 0.6  # a computer's move waits this long after the last move
    computer_threads: int = 2
    #: How long a person's seat waits for them after their connection dropped (or after
    #: this process took their room over) before a computer plays for them.
    reconnect_grace_s: float = 10.0

    # -- what one address may hold and spend (see "Threat model" in docs/online.md) ------
    #: Connections open at once from one address (an IPv6 address counts by its /64).
    connections_per_address: int = 64
    #: Connections open at once in all; the descriptor limit (RLIMIT_NOFILE, its soft
    #: limit raised to the hard one by ``big2 serve``) less ``descriptor_reserve`` caps it
    #: further.
    max_connections: int = 10000
    #: Descriptors kept free for everything but connections (the listening sockets,
    #: Redis, logs, a refused connection's own moment).
    descriptor_reserve: int = 128
    #: A connection in no room (it never joined one, or left it) is closed after this.
    roomless_s: float = 30.0
    #: Frames a second (and at once) from all the connections of one address together.
    address_rate: float = 100.0
    address_burst: float = 200.0
    #: Rooms one address may have open at once, and rooms in all.
    rooms_per_address: int = 16
    max_rooms: int = 10000
    #: A room whose game has not started, with nobody connected, is closed after this.
    empty_lobby_s: float = 45.0
    #: Hints: per seat ``hint_burst`` at once, then one every ``1 / hint_rate`` seconds;
    #: per address (all its seats together) the same with the ``address_hint_`` values.
    hint_rate: float = 0.2
    hint_burst: float = 5.0
    address_hint_rate: float = 2.0
    address_hint_burst: float = 20.0
    #: Seconds of computer search (moves and hints, thread CPU time) one address's rooms
    #: may use in ``computer_window_s``; past it their computers play at the cheapest
    #: level until the window frees up.
    computer_s_per_address: float = 60.0
    computer_window_s: float = 60.0
    #: One log line per cause per this many seconds, with a count of the rest.
    log_interval_s: float = 10.0
    #: Addresses of trusted reverse proxies: a connection from one is counted under the
    #: last address of its ``X-Forwarded-For`` header.
    trusted_proxies: tuple[str, ...] = ()
    #: Addresses no per-address cap or budget applies to (the load test's own bots).
    exempt: tuple[str, ...] = ()
