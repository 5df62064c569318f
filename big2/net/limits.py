"""The server's limits, one frozen value: frame size, flood rate, timeouts, the pace of
the computers and how long a dropped person's seat waits.

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
