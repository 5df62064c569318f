"""Online play: the ``big2 serve`` websocket server, its client side, and their tools.

Standard library plus ``websockets``, ``redis`` and ``zeroconf``; never pygame (a test
imports every module here with pygame blocked). Below it: :mod:`big2.room` (the game as
a service), the engine, the opponents and the save codec. The parts, a module each:

* :mod:`~big2.net.protocol` — the wire format: JSON text frames, the protocol version,
  the fields of every frame type, the error codes, and the one validator every frame
  from a client goes through.
* :mod:`~big2.net.tokens` — seat tokens, room codes, and the throttle on wrong codes.
* :mod:`~big2.net.server` — the asyncio server: connections, the flood limit, rooms;
  :mod:`~big2.net.limits` — its limits (frame size, flood rate, timeouts, pace).
* :mod:`~big2.net.lobby` — a hosted room's lobby: seats and who sits in them, ready,
  the host's set-up, reactions, Start; :mod:`~big2.net.hosted` — the room as the server
  hosts it: that lobby and the game it runs (the driver, the turn clock, saving). What
  a room needs of the server and of a connection are protocols in the lobby
  (``Host``, ``Client``), so neither imports the server back.
* :mod:`~big2.net.roomstate` — a whole room as JSON and back (for another process):
  :meth:`Room.to_dict <big2.room.room.Room.to_dict>` with the save files' codec.
* :mod:`~big2.net.brain` — computers think on worker threads, off the event loop;
  :mod:`~big2.net.characters` — their characters' pace and reactions, as in the app.
* :mod:`~big2.net.directory` — where rooms live: this process's memory, or Redis so
  several server processes share them; :mod:`~big2.net.relay` reaches a room another
  process runs.
* :mod:`~big2.net.discovery` — announce and find games on the local network (mDNS).
* :mod:`~big2.net.serve` — the ``big2 serve`` command line.
* :mod:`~big2.net.client` — an asyncio client; :mod:`~big2.net.link` — the app's
  :class:`~big2.net.link.RemoteLink` (its own thread, reconnects by itself).
* Tools: :mod:`~big2.net.bot` (a seat played by a program, checking for leaks),
  :mod:`~big2.net.fuzz` / :mod:`~big2.net.fuzzserver` (hostile frames),
  :mod:`~big2.net.loadtest` (tables of bots, figures).
"""
