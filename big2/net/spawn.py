"""Start ``big2 serve`` as a child process and wait until it listens (load tests, tests).

:func:`spawn_server` runs ``python -m big2 serve --port 0 ARGS…`` with its output going to
``log``, and returns the process and the address it printed ("listening on ws://…"). A
server that exits or stays silent for ``timeout`` seconds is killed, and
``RuntimeError`` carries its log. :func:`stop_server` stops one as Ctrl+C does (it hands
its rooms back), killing it when it does not stop in time.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path


def spawn_server(log: Path, *args: str, timeout: float = 20.0) -> tuple[subprocess.Popen[bytes], str]:
    """A ``big2 serve`` child on a free port, and its ``ws://`` (or ``wss://``) address."""
    out = open(log, "wb")  # noqa: SIM115 - the child writes it while it lives
    proc = subprocess.Popen([sys.executable, "-m", "big2", "serve", "--port", "0", *args], stdout=out, stderr=out)
    out.close()  # the child has its own copy
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = re.search(r"listening on (wss?://\S+)", log.read_text(encoding="utf-8", errors="replace"))
        if m:
            return proc, m.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("big2 serve did not start:\n" + log.read_text(encoding="utf-8", errors="replace"))


def stop_server(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop a :func:`spawn_server` child as Ctrl+C does; kill it if it is still running
    after ``timeout`` seconds. Nothing happens to one that has already exited."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
