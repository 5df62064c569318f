"""An online table in a real window, over a real server on loopback: for screenshots and
for looking at what the table shows online.

    python -m tools.online_table --show turn|reconnecting|away|clock|reactions|left|host-left|menu-host-left [--size 1280x720] [--language fil]

A :class:`~big2.net.hostthread.ServerThread` on a free port; "Ann" (this window) hosts a
room of four — Ann, "Ben" and two computers — and Ben joins from a link this script
plays (his lowest legal move). Then, once it is Ann's turn:

* ``turn``: nothing happens (Ann's turn, as it comes);
* ``reconnecting``: Ann's connection is cut and not made again (the veil stays);
* ``away``: Ben's app stops: the server's computer holds his seat (a 60 s turn clock
  runs for Ann meanwhile);
* ``clock``: a 20 s turn clock; Ann waits, so its last 5 s turn urgent;
* ``reactions``: Ben sends "Nice!" every few seconds (shown by his seat);
* ``left``: Ben leaves the room for good (his app's Leave): the computer plays his seat
  and his plate says he left;
* ``host-left``: the server stops as an in-app host's does when she leaves (the game
  ends for everyone): Ann's table says the game is over.
* ``menu-host-left``: as ``host-left``, 5 s later: time to open the Menu (Esc) first and
  see what it offers once the game ended under it.

Nothing is stored (a temporary home unless ``BIG2_HOME`` is set).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", choices=("turn", "reconnecting", "away", "clock", "reactions", "left", "host-left",
                                               "menu-host-left"), default="away")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    os.environ.setdefault("BIG2_HOME", tempfile.mkdtemp(prefix="big2-online-"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from big2 import i18n
    from big2.app.app import App
    from big2.app.settings import AppSettings
    from tests.app.online.tablenet import drop, start_online

    i18n.set_language(args.language)
    clock = {"away": 60, "clock": 20}.get(args.show, 0)
    app = App(size=(w, h), settings=AppSettings(pace="fast"))
    app.open()  # first: the table opens as the session starts, as the lobby opens it
    net = start_online(hands=4, turn_clock=clock, pace=0.4)
    table = _table(app, net.ann)
    stop = threading.Event()

    def ben() -> None:  # Ben's own app, in short: he plays his turns
        while not stop.is_set() and app.top is not table:  # once Ann's table shows the deal
            time.sleep(0.05)
        time.sleep(0.5)
        while not stop.is_set():
            net.ben_moves()
            time.sleep(0.05)

    def trouble() -> None:
        while not stop.is_set() and not (net.ann.state and net.ann.state.to_act == 0 and net.ann.state.in_hand):
            time.sleep(0.05)
        time.sleep(0.8)
        if args.show == "reconnecting":
            net.ann.backoff = (3600.0, 3600.0)
            drop(net.ann)
        elif args.show == "away":
            net.ben.close()
        elif args.show == "left":
            net.ben.leave()
        elif args.show in ("host-left", "menu-host-left"):
            if args.show == "menu-host-left":
                time.sleep(5.0)
            net.server.stop(end_games=True)
        elif args.show == "reactions":
            while not stop.is_set():
                net.ben.react("nice")
                time.sleep(3.0)
        app.post_wake()

    player = threading.Thread(target=ben, daemon=True)
    player.start()
    threading.Thread(target=trouble, daemon=True).start()
    try:
        return app.run(table)
    finally:
        stop.set()
        app.close()
        net.server.stop()


def _table(app, link):
    from big2.app.rooms import open_table

    return open_table(app, link)


if __name__ == "__main__":
    raise SystemExit(main())
