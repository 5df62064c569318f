"""Finding games on the local network (mDNS / DNS-SD): a server announced on loopback is
found with its port, protocol version, room count, free seats and hosting player, and
the announcement follows the lobby as people come; a TXT record is hostile input, read
without ever raising; where multicast cannot work the calls fail soft (False / an empty
list), never raise."""

from __future__ import annotations

import logging

import pytest

from big2.net import protocol
from big2.net.discovery import SERVICE_TYPE, Advertiser, Found, browse, lan_addresses, read_txt

from .conftest import run, wait_until


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
    assert ours == [Found("Ann's laptop (7599)", "127.0.0.1", 7599, protocol.PROTOCOL_VERSION, 2, 0, None)]
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


def test_the_hosting_player_and_free_seats_are_announced_and_kept_up_to_date() -> None:
    """A server hosted by Ann with a four-seat room says "Ann" and 3 free seats; when Ben
    takes a seat the announcement says 2 (the lobby's change reaches the record)."""
    from big2.net.hostthread import ServerThread
    from big2.net.link import RemoteLink

    server = ServerThread(host="127.0.0.1", port=0, advertise=True, name="Ann's laptop", person="Ann")
    server.start()
    ann = ben = None
    try:
        if not server.advertised:
            pytest.skip("this sandbox does not allow multicast on loopback")
        ann = RemoteLink(server.url, name="Ann", create={"players": 4, "computers": 0})
        assert wait_until(lambda: ann.lobby is not None), ann.problem
        port = int(server.url.rsplit(":", 1)[1])

        def ours() -> Found | None:
            import asyncio

            found = asyncio.run(browse(1.0, interfaces=["127.0.0.1"]))
            return next((f for f in found if f.port == port), None)

        first = None
        for _ in range(3):
            first = ours()
            if first is not None and first.seats == 3:
                break
        if first is None:
            pytest.skip("no mDNS answer came back on loopback here (multicast blocked)")
        assert (first.host, first.rooms, first.seats) == ("Ann", 1, 3)
        ben = RemoteLink(server.url, name="Ben", code=ann.lobby["code"])
        assert wait_until(lambda: ann.lobby["seats"][1]["name"] == "Ben")
        later = None
        for _ in range(5):
            later = ours()
            if later is not None and later.seats == 2:
                break
        assert later is not None and (later.host, later.rooms, later.seats) == ("Ann", 1, 2)
    finally:
        for link in (ann, ben):
            if link is not None:
                link.close()
        server.stop()


def test_a_txt_record_is_read_as_hostile_input() -> None:
    good = {b"v": str(protocol.PROTOCOL_VERSION).encode(), b"rooms": b"2", b"seats": b"3", b"host": "Ann".encode()}
    assert read_txt(good) == {"version": protocol.PROTOCOL_VERSION, "rooms": 2, "seats": 3, "host": "Ann"}
    nothing = {"version": None, "rooms": None, "seats": None, "host": None}
    for props in (None, [], "v=1", {}, {b"v": None, b"rooms": None, b"seats": None, b"host": None},
                  {"v": "1", "rooms": "2", "seats": "3", "host": "Ann"},  # str keys: not what zeroconf gives
                  {b"v": 1, b"rooms": 2.0, b"seats": [3], b"host": ["Ann"]},
                  {b"v": b"-1", b"rooms": b" 2", b"seats": b"3e5", b"host": b""},
                  {b"v": b"\xd9\xa3", b"rooms": b"99999999999999", b"seats": b"1" * 300, b"host": b"\xff\xfe"},
                  {b"host": b"\xed\xa0\x80"},  # a lone surrogate, as UTF-8 cannot carry it
                  {b"host": b"\x00\x07\x1b[2J"},  # nothing but control characters (and "[2J")
                  {b"host": ("A" * 25).encode()},  # longer than a player's name may be
                  {b"host": ("\u00e9" * 200).encode()},  # longer than a TXT value may be
                  {b"host": "\u202e\u200b".encode()}):  # formatting characters only
        got = read_txt(props)
        assert got["version"] is None and got["rooms"] is None and got["seats"] is None
        assert got["host"] in (None, "[2J"), props
    # What is left of a name once control and formatting characters go is shown.
    assert read_txt({b"host": "A\x00n\u202en\n".encode()})["host"] == "Ann"
    assert read_txt({b"rooms": b"100001"})["rooms"] is None and read_txt({b"rooms": b"0"})["rooms"] == 0


def test_the_announcement_says_what_it_is_asked_and_no_more() -> None:
    ad = Advertiser(name="x", port=7597, rooms=lambda: 2, seats=lambda: -4, host="Ann\x00 " + "\u00e9" * 40,
                    addresses=["127.0.0.1"])
    props = ad.properties()
    assert props["rooms"] == "2" and props["seats"] == "0"
    assert props["host"] == "Ann " + "\u00e9" * 20 and len(props["host"]) == protocol.NAME_MAX
    back = read_txt({k.encode(): v.encode() for k, v in props.items()})
    assert back["host"] == props["host"]
    assert "host" not in Advertiser(name="x", port=7597, addresses=["127.0.0.1"]).properties()
