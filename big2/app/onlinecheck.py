"""The online part of ``big2 --self-test``: what online play needs is in this build, and a
computer hand plays through a room hosted here over loopback.

:func:`missing` names each part online play needs that cannot be loaded (the ``ssl``
module and its OpenSSL library, ``websockets``, ``zeroconf`` and its compiled parts,
big2's own network modules), one sentence each: a frozen build that left one out fails
here, clearly, instead of when a player first hosts a game.

:func:`play_hand` hosts a room with :class:`big2.net.hostthread.ServerThread` on
127.0.0.1 (any free port), joins it with a :class:`big2.net.link.RemoteLink` as one
person and three computers, shows the room at the app's real table, hands the person's
seat to the computer as a player does from the table, and waits until the hand is
scored. It returns the problems found and, when there are none, a line of figures.
The server and the link are stopped whatever happens.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

#: Modules online play loads, and what each one is for (in the failure's sentence).
NEEDED = (
    ("ssl", "secure connections (wss://)"),
    ("websockets.asyncio.client", "connecting to a game"),
    ("websockets.asyncio.server", "hosting a game"),
    ("zeroconf", "finding games on the local network"),
    ("zeroconf.asyncio", "finding games on the local network"),
    ("big2.net.link", "the link from the table to a room"),
    ("big2.net.hostthread", "hosting a game"),
    ("big2.net.discovery", "finding games on the local network"),
)


def missing() -> list[str]:
    """One sentence for each module online play needs that does not load here (and for
    an ``ssl`` module whose OpenSSL library cannot make a client context)."""
    problems = []
    for name, why in NEEDED:
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - any failure to load is the finding
            problems.append(f"online play cannot work in this build: the module {name} (for {why}) "
                            f"does not load ({exc!r})")
    if not problems:
        import ssl

        try:
            ssl.create_default_context()
        except Exception as exc:  # noqa: BLE001
            problems.append(f"online play cannot work in this build: OpenSSL cannot make a client context ({exc!r})")
    return problems


def versions() -> str:
    """The versions of the network libraries in use, for the self-test's line."""
    import ssl

    import websockets
    import zeroconf

    return f"websockets {websockets.__version__}, zeroconf {zeroconf.__version__}, {ssl.OPENSSL_VERSION}"


def play_hand(app: Any, *, timeout: float = 60.0) -> tuple[list[str], str]:
    """Host a room here, join it, let the computer play the person's seat for one hand at
    the app's table; (problems, figures line)."""
    from big2.net.hostthread import ServerThread
    from big2.net.link import RemoteLink
    from big2.net.server import Limits

    started = time.perf_counter()
    frames = app.frames
    problems: list[str] = []
    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=Limits(computer_pace_s=0.0))
    link = None
    try:
        url = server.start()
        link = RemoteLink(url, name="Self-test", create={"players": 4, "computers": 3, "hands": 1},
                          on_message=app.post_wake)
        end = time.perf_counter() + timeout

        def wait(done: Any, what: str) -> bool:
            while not done():
                if link.status == "closed" or time.perf_counter() > end:
                    problems.append(f"online: {what} (link {link.status}, {link.problem})")
                    return False
                link.poll()
                time.sleep(0.01)
            return True

        if not wait(lambda: link.lobby is not None, "the hosted room never answered"):
            return problems, ""
        link.start()
        if not wait(lambda: link.state is not None, "the hosted game never started"):
            return problems, ""
        while app.stack:
            app.pop()
        table = app.push("table", link)
        table.hand_seat_to_computer()  # as the table's own control does
        scored = app.run_until(lambda: bool(table.state.results), timeout=max(1.0, end - time.perf_counter()))
        state = table.state
        if not scored:
            problems.append(f"online: the hand was not scored in {timeout:.0f} s "
                            f"(link {link.status}, {link.problem}, {len(state.history)} moves seen)")
            return problems, ""
        r = state.results[0]
        if r.cards_left[r.winner] != 0:
            problems.append("online: the winner still holds cards")
        if sum(r.points) != sum(state.totals):
            problems.append("online: totals do not add up")
        if r.deal_number is None:
            problems.append("online: the scored hand has no deal number")
        line = (f"self-test online ok: {state.names[r.winner]} won in {len(state.history)} moves over {url}, "
                f"{app.frames - frames} frames, {link.reconnects} reconnects, {time.perf_counter() - started:.1f} s "
                f"({versions()})")
        return problems, line
    except Exception as exc:  # noqa: BLE001 - reported as a problem, with its reason
        problems.append(f"online: failed with {exc!r}")
        return problems, ""
    finally:
        while app.stack:  # the table closes its link
            app.pop()
        if link is not None:
            link.close()
        server.stop()


__all__ = ["NEEDED", "missing", "play_hand", "versions"]
