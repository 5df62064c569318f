"""The small leaks of trust a hostile client found (issue 42, items 5-11), each probed the
way that client probed it: real websocket clients on 127.0.0.1 against a real server,
a few frames each, no timing measured.

5. Wrong room codes: a right code does not wipe the misses; a person coming back with a
   token the room knows is never throttled by someone else's guesses from the address.
6. ``configure`` clears the others' ready marks: no set-up changed under them and a
   start at once.
7. There is no undo online: the server refuses it with ``no_undo`` (a sentence).
8. ``rules.name`` never carries the host's words: the server names the rules.
9. Error frames never echo the client's input and never pass the 400 characters the
   protocol declares; the version sentence names only a version a hello may carry.
10. Seat tokens rotate at each rejoin: the old one stops working once the new one is
    heard from; the app's link and its kept seat learn the new one.
11. Online deal numbers come from the operating system's generator, not a Twister whose
    outputs tell the next deals.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import connect as ws_connect

from big2.engine.dealnumber import DEAL_NUMBER_LIMIT
from big2.engine.presets import PRESETS
from big2.net import protocol
from big2.net.bot import SeatBot
from big2.net.client import Client, connect
from big2.net.hosted import HostedRoom
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits
from big2.net.tokens import Throttle
from big2.room import codec

from tests.waiting import until

from .conftest import FAST, run, serving

V = protocol.PROTOCOL_VERSION
QUICK = Limits(hello_timeout_s=2.0, housekeeping_s=0.2, computer_pace_s=0.0, reconnect_grace_s=5.0)
#: Every name a rule set may have on the wire: a preset's, or a preset's house rules.
RULE_NAMES = {p for p in PRESETS} | {f"{p} (house)" for p in PRESETS}


async def _host(url: str, **opts: Any) -> tuple[Client, dict[str, Any], dict[str, Any]]:
    c = await connect(url)
    await c.send("create_room", name="Ann", **opts)
    joined = (await c.expect("joined")).fields
    room = (await c.expect("room"))["room"]
    return c, joined, room


async def _join(url: str, code: str, name: str = "Bob", token: str | None = None) -> tuple[Client, dict[str, Any]]:
    c = await connect(url)
    await c.send("join_room", code=code, name=name, **({"token": token} if token else {}))
    return c, (await c.expect("joined")).fields


async def _answer(c: Client, frame_type: str, **fields: Any) -> str:
    """Send a frame; the type of the answer (``joined``) or the error's code."""
    await c.send(frame_type, **fields)
    got = await c.expect("joined", "error")
    return "joined" if got.type == "joined" else str(got["code"])


async def _raw_error(ws: Any) -> dict[str, Any]:
    """The next error frame as raw JSON (not through the client's checks, which would
    refuse an over-long message themselves)."""
    while True:
        data = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if data["type"] == "error":
            return data


async def _lobby_until(c: Client, check: Any) -> dict[str, Any]:
    while True:
        room = (await c.expect("room"))["room"]
        if check(room):
            return room


# -- 5. the wrong-code throttle ----------------------------------------------------------------


def test_joining_ones_own_room_between_guesses_does_not_wipe_the_misses() -> None:
    async def go() -> None:
        async with serving(limits=FAST, throttle=Throttle(free=2, base=30.0)) as server:
            eve, _, room = await _host(server.url)  # her own room, from the same address
            guesser = await connect(server.url)
            codes = [await _answer(guesser, "join_room", code="AAAA-AAAA", name="Eve"),
                     await _answer(guesser, "join_room", code="BBBB-BBBB", name="Eve"),
                     await _answer(guesser, "join_room", code=room["code"], name="Eve")]  # the right code
            await guesser.send("leave")
            await guesser.expect("left")
            codes += [await _answer(guesser, "join_room", code="CCCC-CCCC", name="Eve"),
                      await _answer(guesser, "join_room", code="DDDD-DDDD", name="Eve")]
            # Before: the right code started her afresh, two more free guesses and so on.
            assert codes == ["bad_code", "bad_code", "joined", "bad_code", "throttled"]
            for c in (eve, guesser):
                await c.close()
    run(go())


def test_a_person_coming_back_with_their_token_is_not_throttled_by_anothers_guesses() -> None:
    async def go() -> None:
        async with serving(limits=FAST, throttle=Throttle(free=1, base=30.0)) as server:
            ann, _, room = await _host(server.url)
            bob, joined = await _join(server.url, room["code"])
            await bob.close()
            # Someone else behind the same address (a NAT) guesses codes until throttled.
            eve = await connect(server.url)
            assert await _answer(eve, "join_room", code="AAAA-AAAA", name="Eve") == "bad_code"
            assert await _answer(eve, "join_room", code="BBBB-BBBB", name="Eve") == "bad_code"
            assert await _answer(eve, "join_room", code="CCCC-CCCC", name="Eve") == "throttled"
            # Bob comes back with his token: in, at once.
            back = await connect(server.url)
            assert await _answer(back, "join_room", code=room["code"], name="Bob", token=joined["token"]) == "joined"
            # A made-up token with the right code is throttled, as a wrong code is: the
            # answer does not tell a guesser the room exists.
            assert await _answer(eve, "join_room", code=room["code"], name="Eve", token="A" * 32) == "throttled"
            for c in (ann, back, eve):
                await c.close()
    run(go())


# -- 6. configure clears ready -----------------------------------------------------------------


def test_a_change_of_set_up_clears_the_others_ready_marks() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url, players=3, computers=1)
            bob, _ = await _join(server.url, room["code"])
            await bob.send("ready", ready=True)
            await _lobby_until(ann, lambda r: r["seats"][1]["ready"])
            await ann.send("configure", hands=1, preset="taiwan")
            seen = await _lobby_until(bob, lambda r: r["hands"] == 1)
            assert seen["seats"][1]["ready"] is False and seen["seats"][0]["ready"] is True
            await ann.send("start")  # at once, before Bob has seen the new set-up
            err = await ann.expect("error")
            assert err["code"] == "not_ready" and "Bob" in err["message"]
            # Setting what is already set changes nothing, and clears nothing.
            await bob.send("ready", ready=True)
            await _lobby_until(ann, lambda r: r["seats"][1]["ready"])
            await ann.send("configure", hands=1)
            await ann.send("start")
            assert (await ann.expect("state", "error")).type == "state"
            for c in (ann, bob):
                await c.close()
    run(go())


# -- 7. no undo online -------------------------------------------------------------------------


def test_undo_is_refused_online_even_alone_against_computers() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            ann, _, room = await _host(server.url, players=4, computers=3, hands=1)
            await ann.send("start")
            bot = SeatBot(ann)
            while True:  # play until Ann has played cards (a move one undo could take back)
                command = bot.decide()
                if command is not None:
                    await bot.send(command)  # (a pass when she cannot play)
                    while True:
                        frame = await ann.recv(timeout=10)
                        bot.take(frame)
                        if frame.type == "ack" and frame["seq"] == bot.seq:
                            break
                        assert frame.type != "error", frame.fields
                    if command["kind"] == "play":
                        break
                    continue
                bot.take(await ann.recv(timeout=10))
            code = room["code"]
            game = server.rooms[code].game
            moves = len(game.match.game.history)
            await ann.send("command", seq=99, command={"kind": "undo"})
            while True:
                frame = await ann.recv(timeout=10)
                assert not (frame.type == "ack" and frame["seq"] == 99), "the undo was taken"
                if frame.type == "error":
                    break
            assert frame["code"] == "no_undo" and frame["seq"] == 99
            assert protocol.ERROR_CODES["no_undo"]
            assert len(server.rooms[code].game.match.game.history) >= moves  # nothing taken back
            await ann.close()
    run(go())


def test_the_undo_refusal_has_a_sentence_for_the_player() -> None:
    from big2.net import sentences

    assert str(sentences.message("no_undo")) == "There is no undo in a game online."


# -- 8. rules.name ------------------------------------------------------------------------------


def test_the_rules_name_never_carries_the_hosts_words() -> None:
    evil = "\x00\x07evil\n\x1b[31mred\u202eright-to-left"

    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url, players=2)
            bob, _ = await _join(server.url, room["code"])
            for name, changed in ((evil, True), (evil, False), ("standard (house)", False)):
                rules = codec.to_json(PRESETS["standard"].rules)
                rules["$rules"]["name"] = name
                if changed:
                    rules["$rules"]["auto_pass"] = True
                await ann.send("configure", rules=rules)
                seen = await _lobby_until(bob, lambda r: r["rules"]["$rules"]["auto_pass"] is changed)
                assert seen["rules"]["$rules"]["name"] == ("standard (house)" if changed else "standard")
            await bob.send("ready", ready=True)
            await _lobby_until(ann, lambda r: r["seats"][1]["ready"])
            rules = codec.to_json(PRESETS["standard"].rules)
            rules["$rules"].update(name=evil, auto_pass=True)
            await ann.send("configure", rules=rules)
            await bob.send("ready", ready=True)
            await _lobby_until(ann, lambda r: r["seats"][1]["ready"] and r["rules"]["$rules"]["auto_pass"])
            await ann.send("start")
            state = codec.from_json((await bob.expect("state"))["state"])
            assert state.rules.name in RULE_NAMES and state.rules.name == "standard (house)"
            for c in (ann, bob):
                await c.close()
    run(go())


# -- 9. error frames -------------------------------------------------------------------------------


def test_error_frames_never_echo_the_input_nor_pass_400_characters() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, _room = await _host(server.url)
            await ann.send("configure", rules={"$rules": {"x" * 60_000: 1}})
            ws = ann.ws
            err = await _raw_error(ws)
            assert err["code"] == "bad_value" and len(err["message"]) <= 400 and "xxx" not in err["message"]
            await ann.send("configure", rules={"$rules": {"suit_order": "\x1b[31m" + "q" * 30_000}})
            err = await _raw_error(ws)
            assert len(err["message"]) <= 400 and "qqq" not in err["message"] and "\x1b" not in err["message"]
            for raw in ('{"type":"ping","\\u001b[31mEVIL":1}', '{"type":"EVIL\\u0007' + "z" * 1000 + '"}',
                        '{"type":"command","seq":1,"command":{"kind":"pass","EVIL":1}}'):
                await ws.send(raw)
                err = await _raw_error(ws)
                assert "EVIL" not in err["message"] and "zzz" not in err["message"], err
                assert protocol.parse_server_frame(json.dumps(err)).type == "error"
            await ann.close()
    run(go())


def test_a_hello_is_told_only_a_version_it_could_have_given() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            for version in ("1", "9" * 60_000, 2.5, [1], 10**40):
                async with ws_connect(server.url, max_size=2**20) as ws:
                    await ws.send(json.dumps({"type": "hello", "version": version}))
                    err = await _raw_error(ws)
                    assert err["code"] == "version" and len(err["message"]) <= 400, version
                    assert "game speaks version" not in err["message"] and "999" not in err["message"]
                    assert protocol.parse_server_frame(json.dumps(err)).type == "error"
    run(go())


def test_no_error_message_is_longer_than_the_protocol_declares() -> None:
    err = protocol.ProtocolError("bad_value", "y" * 10_000)
    assert len(err.frame()["message"]) <= protocol.MESSAGE_MAX == 400


# -- 10. seat tokens rotate ------------------------------------------------------------------------


def test_a_rejoin_gets_a_new_token_and_the_old_one_dies_once_the_new_one_is_heard_from() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url)
            code = room["code"]
            bob, first = await _join(server.url, code)
            t1 = first["token"]
            await bob.close()
            bob, again = await _join(server.url, code, token=t1)
            t2 = again["token"]
            assert t2 != t1 and again["seat"] == first["seat"]
            await bob.send("ping")  # heard from: t1 is no longer good
            await bob.expect("pong")
            await bob.close()
            thief = await connect(server.url)
            assert await _answer(thief, "join_room", code=code, name="Eve", token=t1) == "bad_token"
            bob, third = await _join(server.url, code, token=t2)
            assert third["token"] not in (t1, t2)
            for c in (ann, bob, thief):
                await c.close()
    run(go())


def test_a_joined_frame_lost_on_its_way_costs_no_seat() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url)
            code = room["code"]
            bob, first = await _join(server.url, code)
            t1 = first["token"]
            await bob.close()
            lost, again = await _join(server.url, code, token=t1)
            lost.ws.transport.abort()  # the connection drops: nothing sent after joined
            await asyncio.sleep(0.05)
            bob, third = await _join(server.url, code, token=t1)  # still good: t2 was never heard from
            t3 = third["token"]
            assert t3 not in (t1, again["token"])
            await bob.send("ping")
            await bob.expect("pong")
            await bob.close()
            for token, answer in ((again["token"], "bad_token"), (t1, "bad_token"), (t3, "joined")):
                c = await connect(server.url)
                assert await _answer(c, "join_room", code=code, name="Bob", token=token) == answer
                await c.close()
            await ann.close()
    run(go())


def test_the_apps_link_and_kept_seat_learn_the_new_token(tmp_path: Any) -> None:
    from big2.app.online import rejoin
    from big2.persistence import AppPaths

    paths = AppPaths.under(tmp_path)
    server = ServerThread(host="127.0.0.1", port=0, advertise=False, limits=QUICK)
    url = server.start()
    links: list[RemoteLink] = []
    try:
        ann = RemoteLink(url, name="Ann", create={"players": 2}, backoff=(0.1, 0.3))
        links.append(ann)
        assert until(lambda: ann.lobby is not None and ann.code is not None)
        ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.3))
        links.append(ben)
        assert until(lambda: ben.lobby is not None and ben.token is not None)
        keeper = rejoin.Keeper(lambda: None, paths)
        keeper.watch(ben)
        first = ben.token
        assert rejoin.peek(paths).token == first
        for _ in range(2):  # the connection drops twice; the link takes the seat back each time
            token = ben.token
            loop, client = ben._loop, ben._client
            assert loop is not None and client is not None
            loop.call_soon_threadsafe(client.ws.transport.abort)
            assert until(lambda: ben.token != token and ben.status == "connected", 20)
            assert until(lambda: rejoin.peek(paths) is not None and rejoin.peek(paths).token == ben.token)
        assert ben.token != first
        kept = rejoin.peek(paths)
        assert kept is not None
        ben.close()
        # After a restart, the kept token takes the seat back (and the first one no longer does).
        back = RemoteLink(url, name="Ben", code=kept.code, token=kept.token, backoff=(0.1, 0.3))
        links.append(back)
        assert until(lambda: back.status == "connected" and back.lobby is not None, 20)
        assert back.seat == 1
        old = RemoteLink(url, name="Ben", code=kept.code, token=first, backoff=(0.1, 0.3))
        links.append(old)
        assert until(lambda: old.problem is not None, 20) and old.problem[0] == "bad_token"
    finally:
        for link in links:
            link.close()
        server.stop()


def test_a_rotated_token_survives_the_rooms_move_to_another_process() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, _, room = await _host(server.url)
            code = room["code"]
            bob, first = await _join(server.url, code)
            await bob.close()
            bob, again = await _join(server.url, code, token=first["token"])
            state = server.rooms[code].to_state()
            copy = HostedRoom.restore(server, code, json.loads(json.dumps(state)))
            assert copy.knows(first["token"]) and copy.knows(again["token"])
            assert copy.seats[1].prev_hash == server.rooms[code].seats[1].prev_hash != ""
            assert HostedRoom.state_knows(state, again["token"]) and not HostedRoom.state_knows(state, "B" * 32)
            for c in (ann, bob):
                await c.close()
    run(go())


# -- 11. deal numbers from secrets ---------------------------------------------------------------


def test_online_deal_numbers_are_not_told_by_the_generators_state() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            ann, _, room = await _host(server.url, players=4, computers=3)
            await ann.send("start")
            await ann.expect("state")
            hosted = server.rooms[room["code"]]
            for rng in (hosted.game.match.session.rng,
                        HostedRoom.restore(server, hosted.code, hosted.to_state()).game.match.session.rng):
                twin = random.Random()
                twin.setstate(rng.getstate())  # what a save holds, or 624 outputs would tell
                predicted = [twin.randrange(DEAL_NUMBER_LIMIT) for _ in range(4)]
                drawn = [rng.randrange(DEAL_NUMBER_LIMIT) for _ in range(4)]  # as the session deals
                assert predicted != drawn
                assert isinstance(rng, random.SystemRandom)
            await ann.close()
    run(go())
