"""HAProxy on loopback in front of several ``big2 serve --redis`` processes, for the
failover test and the load test (``python -m big2.net.loadtest --haproxy``): the
configuration shipped in ``packaging/server/haproxy.cfg`` (of a source checkout), with
only its lines marked ``# test:`` rewritten (the frontend binds a free loopback port
without TLS, the connection cap suits a test machine, the servers are the spawned
processes' ports). Needs Debian's ``haproxy`` on the PATH (or in /usr/sbin)."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

#: The shipped configuration, in a source checkout (not part of an installed package).
SHIPPED = Path(__file__).resolve().parents[2] / "packaging" / "server" / "haproxy.cfg"


def haproxy_exe() -> str | None:
    """The haproxy program, or None when it is not installed."""
    return shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def config_for(front: int, backends: list[int]) -> str:
    """The shipped configuration with the test's ports (see the module notes)."""
    out = []
    for line in SHIPPED.read_text(encoding="utf-8").splitlines():
        if "# test: maxconn" in line:
            line = "    maxconn 1000"  # a test machine's descriptor limit
        elif "# test: bind" in line:
            line = f"    bind 127.0.0.1:{front}"
        elif (m := re.search(r"# test: server (\d+)", line)) is not None:
            n = int(m.group(1))
            line = f"    server big2-{n} 127.0.0.1:{backends[n - 1]} check"
        out.append(line)
    text = "\n".join(out) + "\n"
    if text.count("127.0.0.1:") != 1 + len(backends):
        raise RuntimeError(f"{SHIPPED} lost its '# test:' marks")
    return text


@dataclass
class Balancer:
    proc: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def healthy(self) -> bool:
        """Whether a health request through the balancer reaches a live process."""
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1) as answer:
                return answer.status == 200
        return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def start_haproxy(folder: Path, backends: list[int]) -> Balancer:
    """HAProxy (foreground, its own process) on a free port in front of ``backends``;
    waits until it answers. Raises RuntimeError with its log when it does not start."""
    exe = haproxy_exe()
    if exe is None:
        raise RuntimeError("haproxy is not installed (Debian: apt install haproxy)")
    port = free_port()
    cfg = folder / "haproxy.cfg"
    cfg.write_text(config_for(port, backends), encoding="utf-8")
    log = open(folder / "haproxy.log", "wb")  # noqa: SIM115 - the child writes it while it lives
    proc = subprocess.Popen([exe, "-db", "-f", str(cfg)], stdout=log, stderr=log)
    log.close()
    balancer = Balancer(proc, port)
    end = time.monotonic() + 15
    while time.monotonic() < end and proc.poll() is None:
        if balancer.healthy():
            return balancer
        time.sleep(0.1)
    balancer.stop()
    raise RuntimeError("haproxy did not start:\n" + (folder / "haproxy.log").read_text(errors="replace"))
