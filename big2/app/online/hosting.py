"""The game server a hosting player's app runs: one per app, on threads of its own.

:func:`of` gives the app's :class:`Hosting` (made on first use). :meth:`Hosting.begin`
starts a :class:`~big2.net.hostthread.ServerThread` on a worker thread and returns at
once, so the window keeps drawing while the server opens its port and announces itself;
the screen polls :attr:`Hosting.url` / :attr:`Hosting.problem`. A server already running
is kept (a second room opens on it). :meth:`Hosting.stop` closes it: the lobby calls it
when the host leaves, and the app calls it when it closes (:func:`of` registers that).

What the lobby shows friends: :meth:`Hosting.share_addresses` (``ws://192.168.1.20:7531``
…, the addresses other computers reach this one at) and the link's
``lobby["code_shown"]``.

:data:`LISTEN` is where the server listens: every address on the usual port, announced
on the local network. Tests set it to loopback, any free port, not announced.
"""

from __future__ import annotations

import errno
import logging
import threading
from typing import Any

from ...i18n import _, verbatim

log = logging.getLogger(__name__)

#: (host, port, announce on the LAN): where a hosted game listens.
LISTEN: tuple[str, int, bool] = ("0.0.0.0", 7531, True)


class Hosting:
    """The app's game server: not started, starting, running (:attr:`url`) or failed
    (:attr:`problem`, a sentence)."""

    def __init__(self, listen: tuple[str, int, bool] | None = None) -> None:
        self.listen = listen or LISTEN
        self.server: Any = None  # the ServerThread
        self.url: str | None = None
        self.problem = ""
        #: The name it is announced under (see :meth:`begin`).
        self.name: str | None = None
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        return self.url is not None and self.server is not None and self.server.running

    @property
    def starting(self) -> bool:
        return self._worker is not None and self._worker.is_alive()

    def begin(self, name: str | None = None) -> None:
        """Start the server unless it runs or is starting; returns at once. ``name``:
        what the local network's game lists show for it (the host's player name; the
        computer's name when None)."""
        with self._lock:
            if self.running or self.starting:
                return
            self.url, self.problem, self.name = None, "", name
            self._worker = threading.Thread(target=self._start, name="big2-hosting", daemon=True)
            self._worker.start()

    def _start(self) -> None:
        from big2.net.hostthread import ServerThread

        host, port, advertise = self.listen
        server = ServerThread(host=host, port=port, advertise=advertise, name=self.name, person=self.name)
        try:
            url = server.start()
        except OSError as exc:
            log.warning("the game server could not start: %s", exc)
            self.problem = port_problem(exc)
            return
        except Exception as exc:  # noqa: BLE001 - a sentence, never a crash
            log.exception("the game server could not start")
            self.problem = _("The game server could not start ({reason}).").format(reason=verbatim(str(exc)))
            return
        self.server = server
        self.url = url

    def share_addresses(self) -> list[str]:
        """The addresses friends type to reach this game (LAN addresses, loopback last)."""
        if self.server is None or self.url is None:
            return []
        try:
            return list(self.server.share_addresses())
        except Exception:  # noqa: BLE001 - no list of addresses: the local one still works
            log.exception("cannot list this computer's addresses")
            return [self.url]

    @property
    def announced(self) -> bool:
        """Whether the game is announced on the local network (Join lists it)."""
        return bool(self.server is not None and self.server.advertised)

    def stop(self) -> None:
        """Close every connection and stop the server (nothing happens when none runs)."""
        worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(20)
        server, self.server, self.url = self.server, None, None
        if server is not None:
            server.stop()


    def stop_soon(self) -> None:
        """:meth:`stop` on a worker thread (it may wait for a start to finish)."""
        threading.Thread(target=self.stop, name="big2-hosting-stop", daemon=True).start()


def port_problem(exc: OSError) -> str:
    """The sentence for a server that could not open its port."""
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("This computer did not allow the game to open a network port, so it cannot host. "
                 "Check its firewall, or join a game instead.")
    if exc.errno == errno.EADDRNOTAVAIL:
        return _("The game could not listen on this computer's network address, so it cannot host. "
                 "Check the network connection and try again.")
    return _("The game server could not open a network port ({reason}). Try again, or join a game instead.").format(
        reason=verbatim(str(exc.strerror or exc)))


def of(app: Any) -> Hosting:
    """The app's :class:`Hosting`, made on first use (and stopped when the app closes)."""
    found = getattr(app, "hosting", None)
    if found is None:
        found = app.hosting = Hosting()
        closing = getattr(app, "at_close", None)
        if closing is not None:
            closing.append(found.stop)
    return found


def runs_for(app: Any, link: Any) -> bool:
    """Whether ``link``'s room is on the game server this app runs (its player hosts it:
    when they leave, the game ends for everyone, as the Host form says)."""
    found = getattr(app, "hosting", None)
    return found is not None and found.running and found.url is not None and getattr(link, "url", None) == found.url


def stop(app: Any) -> None:
    """Stop the app's game server, if it runs one (the host left the room)."""
    found = getattr(app, "hosting", None)
    if found is not None:
        found.stop()
