"""``big2 serve`` on the command line: it starts headless, serves, stops cleanly on
Ctrl+C (SIGINT), serves TLS with --certfile/--keyfile, and refuses bad options with a
sentence."""

from __future__ import annotations

import shutil
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from big2.net.client import connect
from big2.net.spawn import spawn_server

from .conftest import run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")


def _serve(log: Path, *args: str) -> tuple[subprocess.Popen[bytes], str]:
    return spawn_server(log, *args)


def _stop(proc: subprocess.Popen[bytes]) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_serve_runs_headless_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    proc, url = _serve(tmp_path / "log")

    async def hello() -> dict:
        c = await connect(url)
        await c.send("create_room", name="Ann")
        joined = (await c.expect("joined")).fields
        await c.close()
        return joined

    assert run(hello())["seat"] == 0
    assert _stop(proc) == 0
    text = (tmp_path / "log").read_text()
    assert "stopping" in text and "Traceback" not in text


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_serve_speaks_tls_with_a_certificate_and_key(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    proc, url = _serve(tmp_path / "log", "--certfile", str(cert), "--keyfile", str(key))
    try:
        assert url.startswith("wss://")
        verify = ssl.create_default_context(cafile=str(cert))

        async def hello() -> str:
            c = await connect(url, ssl_context=verify)
            server = c.welcome["server"]
            await c.close()
            return server

        assert run(hello()) == "big2 serve"
        # A client that does not trust the certificate does not get in.
        with pytest.raises(ssl.SSLError):
            run(connect(url, ssl_context=ssl.create_default_context()))
    finally:
        assert _stop(proc) == 0


def test_bad_options_get_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    for args, needle in ((["--port", "70000"], "from 0 to 65535"), (["--certfile", "x.pem"], "needs both"),
                         (["--redis", "redis://127.0.0.1:1/0"], "could not be reached"),
                         (["--redis=bogus://x"], "starts with redis://")):
        out = subprocess.run([sys.executable, "-m", "big2", "serve", *args], capture_output=True, text=True,
                             timeout=30, check=False)
        assert out.returncode in (1, 2), args
        assert needle in out.stderr and "Traceback" not in out.stderr, out.stderr
