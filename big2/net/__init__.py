"""Online play: the ``big2 serve`` websocket server and what it is built from.

Standard library plus ``websockets``, ``redis`` and ``zeroconf``; never pygame (a test
imports every module here with pygame blocked). The parts, each a module:

* :mod:`~big2.net.protocol` — the wire format: JSON text frames, the protocol version, the
  fields of every frame type, and the validator every frame from a client goes through.
* :mod:`~big2.net.tokens` — seat tokens, room codes, and the throttle that slows down a
  peer guessing codes.
* :mod:`~big2.net.directory` — where rooms live: in this process's memory, or in Redis
  so several server processes share them.
* :mod:`~big2.net.server` — the asyncio server: connections, the flood limit, rooms.
* :mod:`~big2.net.discovery` — advertise and find games on the local network (mDNS).
* :mod:`~big2.net.serve` — the ``big2 serve`` command line.
"""
