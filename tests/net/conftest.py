"""Fixtures for the online-play tests: a server on a free loopback port, and a real
``redis-server`` (``BIG2_TEST_REDIS`` when CI started one, else a private one started
here, else the test is skipped with the reason)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from big2.net.server import Limits, Server


@contextlib.asynccontextmanager
async def serving(**kwargs: object) -> AsyncIterator[Server]:
    """A started server on 127.0.0.1 and a free port; stopped afterwards."""
    server = Server(host="127.0.0.1", port=0, **kwargs)  # type: ignore[arg-type]
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def run(coro: object, timeout: float = 60) -> object:
    """Run a test's coroutine to the end (no plugin needed), with a time limit."""
    async def limited() -> object:
        return await asyncio.wait_for(coro, timeout)  # type: ignore[arg-type]

    return asyncio.run(limited())


def wait_until(check: object, timeout: float = 15.0) -> bool:
    """Poll ``check()`` (a thread's or another process's doing) until true or ``timeout``."""
    end = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


FAST = Limits(hello_timeout_s=2.0, housekeeping_s=0.2, reconnect_grace_s=0.2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis URL for the tests: database 0 is emptied before each user of it."""
    url = os.environ.get("BIG2_TEST_REDIS")
    proc = None
    if not url:
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.skip("no redis-server here (CI starts one and sets BIG2_TEST_REDIS)")
        port = _free_port()
        folder: Path = tmp_path_factory.mktemp("redis")
        proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                 "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"redis://127.0.0.1:{port}/0"
        end = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            if time.monotonic() > end or proc.poll() is not None:
                proc.kill()
                pytest.skip("redis-server did not start")
            time.sleep(0.05)
    try:
        yield url
    finally:
        if proc is not None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(5)


@pytest.fixture
def redis_clean(redis_url: str) -> str:
    """``redis_url`` with its database emptied first."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        client.flushdb()
    finally:
        client.close()
    return redis_url
