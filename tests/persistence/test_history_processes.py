"""The history survives a killed writer and two writers at once (real processes)."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from big2.persistence.history import HISTORY_VERSION, History

WRITER = r"""
import sys, time
from pathlib import Path
from big2.persistence.history import History, Seat, HandResult

path, tag, count, then = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
opened = History.open(path, timeout=30.0)
assert opened.value.persistent, opened.notices
history = opened.value
sid = history.start_session([Seat(tag, True), Seat("Bot", False, "normal")],
                            rules_preset="standard", rules={"tag": tag})
if then == "barrier":   # start writing together with the other writer
    print("READY", flush=True)
    sys.stdin.readline()
n = 0
while count < 0 or n < count:
    n += 1
    history.record_hand(sid, HandResult(
        hand_number=n, rules_preset="standard", rules={}, winner_seat=n % 2,
        cards_left=[0, 7] if n % 2 == 0 else [7, 0], points=[7, -7] if n % 2 == 0 else [-7, 7],
        moves=[[n % 2, list(range(5))]] * 40, deal=[list(range(13)), list(range(13, 26))]))
    print(n, flush=True)   # n hands are committed
    if then == "barrier":
        time.sleep(0.002)  # a little play between hands, as in the app
if then == "hang":
    with history.transaction() as conn:
        conn.execute("INSERT INTO sessions (started_at, rules_preset, rules_json, seat_count)"
                     " VALUES ('x', 'uncommitted', '{}', 2)")
        conn.execute("UPDATE hand_seats SET points = 999")
        print("IN-TXN", flush=True)
        time.sleep(120)
history.close()
"""


def start_writer(path: Path, tag: str, count: int, then: str = "exit") -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), tag, str(count), then],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def check_database(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return conn


def hands_of(conn: sqlite3.Connection, tag: str) -> int:
    return int(conn.execute(
        "SELECT COUNT(*) FROM hands h JOIN session_seats ss ON ss.session_id = h.session_id "
        "JOIN players p ON p.id = ss.player_id WHERE p.name = ?", (tag,)).fetchone()[0])


def test_writer_killed_mid_transaction_keeps_every_committed_hand(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    proc = start_writer(path, "Mei", 25, then="hang")
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if line.strip() == "IN-TXN":
            break
    proc.kill()
    proc.wait(timeout=30)
    assert lines[-1] == "IN-TXN", proc.stderr.read() if proc.stderr else ""
    conn = check_database(path)
    assert hands_of(conn, "Mei") == 25
    assert conn.execute("SELECT COUNT(*) FROM sessions WHERE rules_preset = 'uncommitted'"
                        ).fetchone()[0] == 0
    assert conn.execute("SELECT MAX(points) FROM hand_seats").fetchone()[0] == 7
    conn.close()
    result = History.open(path)
    assert result.notices == () and result.source == "main"
    result.value.close()


def test_writer_killed_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(6)
    path = tmp_path / "history.sqlite3"
    for round_ in range(4):
        proc = start_writer(path, f"P{round_}", -1)
        assert proc.stdout is not None
        target = rng.randint(1, 40)
        acknowledged = 0
        for line in proc.stdout:
            acknowledged = int(line)
            if acknowledged >= target:
                break
        proc.kill()  # somewhere inside the next hand's write, or between writes
        proc.wait(timeout=30)
        assert acknowledged == target
        conn = check_database(path)
        kept = hands_of(conn, f"P{round_}")
        conn.close()
        assert kept >= acknowledged  # nothing committed is lost (one more may have landed)
    opened = History.open(path)
    assert opened.notices == ()
    opened.value.close()


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"  # both processes create and migrate it together
    procs = [start_writer(path, tag, 150, then="barrier") for tag in ("Ann", "Bob")]
    for proc in procs:
        assert proc.stdout is not None
        ready = proc.stdout.readline().strip()
        assert ready == "READY", proc.communicate(timeout=30)[1]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert out.split()[-1] == "150"
    conn = check_database(path)
    assert hands_of(conn, "Ann") == 150 and hands_of(conn, "Bob") == 150
    assert conn.execute("SELECT COUNT(*) FROM hand_seats").fetchone()[0] == 600
    assert conn.execute("PRAGMA user_version").fetchone()[0] == HISTORY_VERSION
    # the writers really overlapped: their hands interleave in commit order
    order = [row[0] for row in conn.execute(
        "SELECT p.name FROM hands h JOIN session_seats ss ON ss.session_id = h.session_id "
        "AND ss.seat = 0 JOIN players p ON p.id = ss.player_id ORDER BY h.id")]
    switches = sum(a != b for a, b in zip(order, order[1:]))
    conn.close()
    assert switches >= 2, "the two writers did not overlap"
