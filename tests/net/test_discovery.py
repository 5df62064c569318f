"""Finding games on the local network (mDNS / DNS-SD): a server announced on loopback is
found with its port, protocol version and room count; where multicast cannot work the
calls fail soft (False / an empty list), never raise."""

from __future__ import annotations

import logging

import pytest

from big2.net import protocol
from big2.net.discovery import SERVICE_TYPE, Advertiser, Found, browse, lan_addresses

from .conftest import run


def test_a_game_announced_on_loopback_is_found_with_its_port_version_and_rooms() -> None:
    async def go() -> list[Found] | None:
        ad = Advertiser(name="Ann's laptop", port=7599, rooms=lambda: 2, addresses=["127.0.0.1"],
                        interfaces=["127.0.0.1"])
        if not await ad.start():
            return None
        try:
            return await browse(1.5, interfaces=["127.0.0.1"])
        finally:
            await ad.stop()

    found = run(go())
    if found is None:
        pytest.skip("this sandbox does not allow multicast on loopback")
    if not found:
        pytest.skip("no mDNS answer came back on loopback here (multicast blocked)")
    ours = [f for f in found if f.port == 7599]
    assert ours == [Found("Ann's laptop (7599)", "127.0.0.1", 7599, protocol.PROTOCOL_VERSION, 2)]
    assert SERVICE_TYPE == "_big2._tcp.local."


def test_where_multicast_cannot_work_it_fails_soft(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> tuple[bool, list[Found]]:
        ad = Advertiser(name="x", port=7598, addresses=["127.0.0.1"], interfaces=["203.0.113.77"])
        started = await ad.start()
        await ad.stop()
        await ad.stop()  # twice is fine
        return started, await browse(0.2, interfaces=["203.0.113.77"])

    with caplog.at_level(logging.WARNING, logger="big2.net.discovery"):
        started, found = run(go())
    assert started is False and found == []
    assert any("local network" in r.getMessage() for r in caplog.records)


def test_lan_addresses_are_ipv4_and_never_empty() -> None:
    addrs = lan_addresses()
    assert addrs and all(a.count(".") == 3 for a in addrs)
