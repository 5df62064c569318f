"""A link on its way into a room: seated, refused, or the server out of reach. No pygame.

:class:`Entering` watches a :class:`~big2.net.link.RemoteLink` the screen just made,
without ever waiting on it: the screen calls :meth:`Entering.check` from its update, and
it answers None (still connecting), ``"in"`` (seated: the link has its token and the
room's lobby frame), or ``"failed"`` with :attr:`Entering.sentence` saying why in the
player's language — a refusal's code through :mod:`.errors`, a server that did not answer
(the link went on to reconnect before ever getting in), or no answer in
:data:`TIMEOUT` seconds. A failed link is closed (on a worker thread, so the frame does
not wait for it).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from ...i18n import _, verbatim
from . import errors

#: Seconds to wait for a room before giving up (a connect attempt alone takes up to 10).
TIMEOUT = 20.0


class Entering:
    """Watches ``link`` get into its room; ``where`` is the address shown in sentences."""

    def __init__(self, link: Any, where: str, *, timeout: float = TIMEOUT) -> None:
        self.link = link
        self.where = where
        self.deadline = time.monotonic() + timeout
        self.sentence = ""
        self.code = ""
        self.outcome: str | None = None

    def check(self) -> str | None:
        """None while connecting; ``"in"`` once seated; ``"failed"`` (see :attr:`sentence`)."""
        if self.outcome is not None:
            return self.outcome
        link = self.link
        if link.lobby is not None and link.token:
            self.outcome = "in"
            return self.outcome
        problem = link.problem
        if problem is not None and problem[0] == "connection" and not link.token:
            problem = None  # nothing ever connected: no connection "broke"; no game answered
        if link.status in ("closed", "reconnecting") and problem is not None:
            self.code = problem[0]
            self.fail(errors.problem(problem))
        elif link.status in ("closed", "reconnecting"):  # the first try did not reach a server
            self.code = "unreachable"
            self.fail(_("No game answered at {address}. Check the address, and that the host's game is "
                        "still open and on the same network.").format(address=verbatim(self.where)))
        elif time.monotonic() > self.deadline:
            self.code = "timeout"
            self.fail(_("The game at {address} did not answer in time. Check the address and try again.").format(
                address=verbatim(self.where)))
        return self.outcome

    def fail(self, sentence: str) -> None:
        self.sentence = sentence
        self.outcome = "failed"
        close_soon(self.link)

    def cancel(self) -> None:
        """The player gave up waiting: the link is closed."""
        if self.outcome is None:
            self.outcome = "cancelled"
            close_soon(self.link)


def close_soon(link: Any) -> None:
    """Close ``link`` on a worker thread (closing waits for its thread to end)."""
    threading.Thread(target=link.close, name="big2-link-close", daemon=True).start()
