"""Helpers for the two-app tests: a real app instance as a child process
(tests/online_player.py) and a loopback relay whose connections a test can cut.

:class:`AppPlayer` starts ``python -m tests.online_player`` and reads its JSON lines on a
thread; :meth:`AppPlayer.wait_for` waits (bounded) for a line that matches, and
:meth:`AppPlayer.summary` for its summary. :meth:`AppPlayer.stop` kills the child if it
has not ended a few seconds later: call it in ``finally``.

:class:`Relay` forwards TCP from a port of its own to the server's: an app connected
through it loses its connection when the test calls :meth:`Relay.cut` (as when a
network fails), and new connections are refused for a while, so the app has to try again.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class AppPlayer:
    """One app instance playing at the table as ``name``: it hosts (``create``) or joins
    (``code``) the room at ``urls`` (the first, then the others in turn), or does what
    ``args`` (more of tests/online_player.py's options) say. Its home (``BIG2_HOME``) is
    ``home-<name>`` beside ``log``: an app started again under the same name finds what
    the last one kept."""

    def __init__(self, name: str, urls: list[str], log: Path, *, create: dict[str, Any] | None = None,
                 code: str | None = None, people: int = 2, seconds: float = 45.0,
                 args: list[str] | tuple[str, ...] = ()) -> None:
        cmd = [sys.executable, "-m", "tests.online_player", "--name", name, "--seconds", str(seconds),
               "--people", str(people)]
        for url in urls:
            cmd += ["--url", url]
        if create is not None:
            cmd += ["--create", json.dumps(create)]
        if code is not None:
            cmd += ["--code", str(code)]
        cmd += list(args)
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
        env.update(BIG2_HOME=str(log.parent / f"home-{name}"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.name = name
        self.log = log
        self.lines: list[dict[str, Any]] = []
        self._changed = threading.Condition()
        with open(log, "wb") as err:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=err, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        seen = self.log.with_suffix(".out").open("w", encoding="utf-8")  # every line, for a post-mortem
        for raw in self.proc.stdout:
            seen.write(raw)
            seen.flush()
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            with self._changed:
                self.lines.append(line)
                self._changed.notify_all()
        seen.close()
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, match: Callable[[dict[str, Any]], bool], seconds: float, what: str, *,
                 after: dict[str, Any] | None = None) -> dict[str, Any]:
        """The first line that ``match``es (later than the line ``after``), waiting at
        most ``seconds``; AssertionError (with the app's last lines and its log) when
        none comes."""
        end = time.monotonic() + seconds
        with self._changed:
            while True:
                start = 0 if after is None else next(i for i, line in enumerate(self.lines) if line is after) + 1
                found = next((line for line in self.lines[start:] if match(line)), None)
                if found is not None:
                    return found
                left = end - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self._reader.is_alive()):
                    raise AssertionError(f"{self.name}: {what} did not happen; last lines: {self.lines[-3:]}\n"
                                         + self.log.read_text(encoding="utf-8", errors="replace")[-3000:])
                self._changed.wait(min(left, 0.5))

    def summary(self, seconds: float) -> dict[str, Any]:
        return self.wait_for(lambda line: line["type"] == "summary", seconds, "the summary")

    def kill(self) -> None:
        """SIGKILL the app's own process (the python running it, no wrapper between), as
        when a computer crashes, and wait for it to be gone."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self._reader.join(10)

    def lines_of(self, kind: str) -> list[dict[str, Any]]:
        with self._changed:
            return [line for line in self.lines if line["type"] == kind]

    def release(self) -> None:
        """Close the app's stdin: an app that lingers (``--linger``) closes now."""
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()

    def stop(self, grace: float = 5.0) -> None:
        """Let the app finish closing for up to ``grace`` seconds, then kill it."""
        self.release()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(grace)
        if self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class Relay:
    """TCP from 127.0.0.1:``port`` (a free one) to 127.0.0.1:``target``."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = int(self.sock.getsockname()[1])
        self.url = f"ws://127.0.0.1:{self.port}"
        self.cuts = 0
        self.refused = 0
        self._refuse_until = 0.0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                near, _ = self.sock.accept()
            except OSError:
                return
            if time.monotonic() < self._refuse_until:
                self.refused += 1
                near.close()
                continue
            try:
                far = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:
                near.close()
                continue
            far.settimeout(None)
            with self._lock:
                self._open += [near, far]
            threading.Thread(target=self._pump, args=(near, far), daemon=True).start()
            threading.Thread(target=self._pump, args=(far, near), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self, hold: float) -> None:
        """Drop every connection through the relay now, and refuse new ones for ``hold``
        seconds."""
        self._refuse_until = time.monotonic() + hold
        self.cuts += 1
        with self._lock:
            open_now, self._open = self._open, []
        for s in open_now:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self._closed = True
        self.cut(0)
        self.sock.close()
