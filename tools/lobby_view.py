"""Open the online lobby over a real server, for looking at it (and screenshots).

    python tools/lobby_view.py [--size 1280x720] [--as host|guest] [--language CODE]

Starts a game server on a thread (127.0.0.1, any free port), opens a room as Ann (the
host) with a computer seat, seats Bob as a friend, and shows the lobby of the one chosen
(``--as``) in a window; the other marks ready and sends a reaction, so the lobby shows
them. With ``shoot.sh``::

    /work/shared/tools/shoot.sh /tmp/shots "BIG2_HOME=/tmp/h .venv/bin/python tools/lobby_view.py --as guest" wait:4 shot:guest
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _wait(check, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise SystemExit("the server did not answer in time")
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--as", dest="role", choices=("host", "guest"), default="host")
    ap.add_argument("--language", default=None)
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))

    from big2.app.app import App
    from big2.app.settings import AppSettings
    from big2.net.hostthread import ServerThread
    from big2.net.link import RemoteLink

    hosting = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = hosting.start()
    ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 1, "hands": 4})
    _wait(lambda: ann.lobby is not None)
    bob = RemoteLink(url, name="Bob", code=ann.code)
    _wait(lambda: bob.lobby is not None and len([s for s in bob.lobby["seats"] if s["kind"] == "person"]) == 2)
    ann.configure(preset="taiwan", turn_clock=30)
    _wait(lambda: bob.lobby["preset"] == "taiwan")
    if args.role == "host":
        bob.ready(True)
        bob.react("nice")
        me, other, hosted = ann, bob, hosting
    else:
        ann.react("good_game")
        me, other, hosted = bob, ann, None
    time.sleep(0.3)
    if args.language:  # before the window: its controls' fonts follow the language
        from big2 import i18n

        i18n.set_language(args.language)
    app = App(size=(w, h), settings=AppSettings(animation="off"))
    try:
        app.open()
        app.push("lobby", me, hosting=hosted)
        return app.run()
    finally:
        other.close()
        me.close()
        hosting.stop()


if __name__ == "__main__":
    raise SystemExit(main())
