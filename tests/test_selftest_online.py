"""``big2 --self-test`` has an online part: a room hosted in the app on loopback, a
computer hand played through it at the table; and a build without what online play
needs (ssl, say) fails the self-test with a sentence that names it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BIG2_HOME"}
    env.update(HOME=str(tmp_path), BIG2_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_the_self_test_plays_a_hand_through_a_room_it_hosts(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "big2", "--self-test"], env=_env(tmp_path), cwd=ROOT,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("self-test ok:") for line in lines), out.stdout
    online = [line for line in lines if line.startswith("self-test online ok:")]
    assert len(online) == 1, out.stdout
    m = re.search(r"won in (\d+) moves over ws://127\.0\.0\.1:(\d+), (\d+) frames", online[0])
    assert m, online[0]
    moves, port, frames = map(int, m.groups())
    assert moves >= 13 and port > 0 and frames > 0  # 13 cards at least leave the winner's hand
    assert "OpenSSL" in online[0] and "websockets" in online[0] and "zeroconf" in online[0]


def test_a_build_without_ssl_fails_the_self_test_and_says_so(tmp_path: Path) -> None:
    """As a frozen app that left ``ssl`` out: the module cannot be imported."""
    code = ("import sys; sys.modules['ssl'] = None; sys.modules['_ssl'] = None\n"
            "from big2.app import self_test; sys.exit(self_test())")
    out = subprocess.run([sys.executable, "-c", code], env=_env(tmp_path), cwd=ROOT,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "self-test online ok" not in out.stdout
    assert "the module ssl (for secure connections (wss://)) does not load" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_missing_names_nothing_where_everything_loads() -> None:
    from big2.app import onlinecheck

    assert onlinecheck.missing() == []
