"""Issue 10, item 10: with no display at all, big2 says so in one sentence and exits
non-zero, instead of opening an invisible window that never closes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY/WAYLAND_DISPLAY are X11/Wayland's")
def test_no_display_is_one_sentence_and_a_failing_exit(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["BIG2_HOME"] = str(tmp_path / "home")
    done = subprocess.run([sys.executable, "-m", "big2"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("big2: no display was found") and lines[0].endswith(".")
    assert not (tmp_path / "home").exists()  # nothing written either
