"""Issue 43, item 15: without a sound device the game greeted a newcomer with eight
"ALSA lib …" lines in the terminal (libasound writes them from C while SDL probes the
audio drivers). The real game, started as a player starts it, now says nothing there
about sound beyond one line at most, and plays silent.

No sound card is forced with ``SDL_AUDIODRIVER=alsa`` and ``ALSA_CARD`` naming a card
that does not exist, so the test means the same on a machine that has one (on a machine
without one the plain start printed the same eight lines).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")


def test_the_game_starts_silent_and_quiet_without_a_sound_device(tmp_path):
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(BIG2_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa",
               ALSA_CARD="big2-no-such-card", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "big2", "--size", "800x600"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        # the game's log file says when the sound was tried (and the window is up by then)
        log = home / "data" / "logs" / "big2.log"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if log.exists() and "sound" in log.read_text(encoding="utf-8", errors="replace"):
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"the game did not get as far as its sound (exit code {proc.poll()})")
        time.sleep(0.5)  # a moment of the game running
        assert proc.poll() is None, "the game stopped without a sound device"
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=20)
    lines = err.splitlines()
    assert not [line for line in lines if "ALSA" in line], err
    assert len([line for line in lines if "sound" in line.lower() or "audio" in line.lower()]) <= 1, err
    assert "without sound" in log.read_text(encoding="utf-8")  # the log file keeps the reason


def test_quiet_stderr_drops_only_what_is_written_inside():
    """The descriptor is pointed back afterwards: what Python wrote before (buffered)
    and anything written after still reach the terminal."""
    code = ("import os, sys\n"
            "from big2.app.ui.sound import quiet_stderr\n"
            "sys.stderr.write('before\\n')\n"
            "with quiet_stderr():\n"
            "    os.write(2, b'hidden\\n')\n"
            "os.write(2, b'after\\n')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["before", "after"]
