"""Issue 30's "Done means": two real app instances (each its own process, headless, real
mouse events at the drawn cards and buttons) and a computer seat play a whole session
against ``big2 serve`` over loopback, with one app's connection dropped mid-hand: it
reconnects by itself and the session goes on. Then the same against two ``big2 serve``
processes sharing rooms through Redis, the room's process SIGKILLed mid-hand: both apps
reconnect to the other process and the hand goes on from the last move, nothing lost.

The apps are tests/online_player.py (see there how they get to the table and play);
tests/net/twoapps.py starts them and cuts connections.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from big2.net.spawn import spawn_server, stop_server

from .twoapps import ROOT, AppPlayer, Relay

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL, SDL's dummy driver in children"),
    # The table over a RemoteLink (joining a hand in play, answers that come later, the
    # Reconnecting… veil) is the online table's part: these tests need it.
    pytest.mark.skipif(not (ROOT / "big2" / "app" / "table" / "online.py").is_file(),
                       reason="needs the online table (big2/app/table/online.py)"),
]

#: A computer's move waits this long on the server: a dropped person is back (after
#: about 1.5 s) long before the hand can end without them.
PACE = "0.5"
ROOM = {"players": 3, "computers": 1, "hands": 2}


def _stop_server(proc: subprocess.Popen[bytes]) -> None:
    stop_server(proc)


def _port(url: str) -> int:
    m = re.search(r":(\d+)$", url)
    assert m, url
    return int(m.group(1))


def _same_session(ann: dict[str, Any], ben: dict[str, Any]) -> None:
    """Both apps finished the same two-hand session and saw the same scores."""
    for s in (ann, ben):
        assert s["ok"], json.dumps(s)
        assert s["session_over"] and s["hands"] == 2, s
        assert s["names"][:2] == ["Ann", "Ben"] and s["people"] == [True, True, False], s
        # each person played their own seat in both hands (no seat was given to the computer)
        assert s["my_moves"].get("1", 0) >= 1 and s["my_moves"].get("2", 0) >= 1, s
        assert s["totals"] == [sum(p[i] for p in s["points"]) for i in range(3)], s
        assert all(isinstance(d, int) for d in s["deal_numbers"]), s  # sent once each hand was scored
    assert (ann["seat"], ben["seat"]) == (0, 1)
    assert ann["points"] == ben["points"] and ann["winners"] == ben["winners"]
    assert ann["deal_numbers"] == ben["deal_numbers"]


def _came_back(s: dict[str, Any]) -> None:
    """The app lost its connection, showed Reconnecting… with its render loop going on
    (the network never blocks a frame), and it came back to the hand it was in with every move it had
    seen (checked against the server's first snapshot after the way back)."""
    statuses = s["statuses"]
    assert "reconnecting" in statuses and statuses[-1] in ("connected", "closed"), s
    assert statuses[statuses.index("reconnecting") + 1] == "connected", s
    assert s["reconnects"] >= 1 and s["loops_away"] > 0, s
    assert s["history_kept"] == [True], s
    assert s["reconnecting_drawn"], "the table did not show Reconnecting… while the link was away"


def test_two_apps_and_a_computer_play_a_session_and_one_app_drops_mid_hand(tmp_path: Path) -> None:
    server, url = spawn_server(tmp_path / "serve.log", "--computer-pace", PACE)
    relays = [Relay(_port(url)), Relay(_port(url))]
    players: list[AppPlayer] = []
    try:
        ann = AppPlayer("Ann", [relays[0].url], tmp_path / "ann.log", create=ROOM)
        players.append(ann)
        code = ann.wait_for(lambda line: line["type"] == "joined", 30, "hosting the room")["code"]
        ben = AppPlayer("Ben", [relays[1].url], tmp_path / "ben.log", code=code)
        players.append(ben)
        # Ben typed the address and the code into the Join form and clicked Ready
        assert ben.wait_for(lambda line: line["type"] == "joined", 30, "joining")["via"] == "join form"
        # Mid-hand (a few moves into the first hand), Ben's connection drops.
        ben.wait_for(lambda line: line["type"] == "progress" and line["hand"] == 1 and line["moves"] >= 2,
                     30, "the first hand's second move")
        relays[1].cut(hold=1.0)
        away = ben.wait_for(lambda line: line.get("status") == "reconnecting", 10, "Reconnecting")
        back = ben.wait_for(lambda line: line.get("status") == "connected", 15, "the way back", after=away)
        assert back["hand"] == 1  # back in the hand it left
        ann_s, ben_s = ann.summary(50), ben.summary(50)
    finally:
        for p in players:
            p.stop()
        for r in relays:
            r.close()
        _stop_server(server)
    _same_session(ann_s, ben_s)
    _came_back(ben_s)
    assert relays[1].refused >= 1  # Ben's first try was turned away: he had to try again
    assert ann_s["statuses"] == ["connected"] and ann_s["reconnects"] == 0
    log = (tmp_path / "serve.log").read_text(encoding="utf-8")
    assert "Traceback" not in log and server.returncode == 0, log[-3000:]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_two_apps_go_on_in_another_server_process_when_theirs_is_killed(redis_clean: str, tmp_path: Path) -> None:
    args = ("--redis", redis_clean, "--lease", "1", "--computer-pace", PACE)
    a, url_a = spawn_server(tmp_path / "a.log", *args)
    b, url_b = spawn_server(tmp_path / "b.log", *args)
    players: list[AppPlayer] = []
    try:
        ann = AppPlayer("Ann", [url_a, url_b], tmp_path / "ann.log", create=ROOM)
        players.append(ann)
        code = ann.wait_for(lambda line: line["type"] == "joined", 30, "hosting the room")["code"]
        ben = AppPlayer("Ben", [url_a, url_b], tmp_path / "ben.log", code=code)
        players.append(ben)
        ann.wait_for(lambda line: line["type"] == "progress" and line["hand"] == 1 and line["moves"] >= 2,
                     30, "the first hand's second move")
        os.kill(a.pid, signal.SIGKILL)  # the room's process, mid-hand
        a.wait(10)
        for p in players:
            p.wait_for(lambda line: line.get("status") == "connected" and line.get("url") == url_b, 20,
                       "reconnecting to the other process")
        ann_s, ben_s = ann.summary(50), ben.summary(50)
    finally:
        for p in players:
            p.stop()
        for proc in (a, b):
            _stop_server(proc)
    _same_session(ann_s, ben_s)
    for s in (ann_s, ben_s):
        _came_back(s)
        assert s["urls"][0] == url_a and s["urls"][-1] == url_b, s
    log_b = (tmp_path / "b.log").read_text(encoding="utf-8")
    assert "took over room" in log_b and "Traceback" not in log_b, log_b[-3000:]
    assert a.returncode == -signal.SIGKILL and b.returncode == 0
