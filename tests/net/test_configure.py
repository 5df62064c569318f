"""The host sets the game up in the lobby (``configure``): rules, scoring, length, level,
clock and the number of seats; everyone sees it; bad values, other people and a started
game change nothing; the set-up is saved with the room and read back."""

from __future__ import annotations

import dataclasses
import json

from big2.engine.presets import get_preset
from big2.engine.rules import Direction
from big2.net.client import Client, connect
from big2.net.hosted import HostedRoom
from big2.room import codec

from .conftest import FAST, run, serving


async def _room_of_two(url: str) -> tuple[Client, Client, dict]:
    """Ann hosts a room of four (two computers), Bob joins; both have read the lobby."""
    ann = await connect(url)
    await ann.send("create_room", name="Ann", players=4, computers=2)
    await ann.expect("joined")
    room = (await ann.expect("room"))["room"]
    bob = await connect(url)
    await bob.send("join_room", code=room["code"], name="Bob")
    await bob.expect("joined")
    await bob.expect("room")
    await ann.expect("room")
    return ann, bob, room


async def _latest_room(client: Client) -> dict:
    return (await client.expect("room"))["room"]


async def _room_where(client: Client, check) -> dict:
    """The first lobby ``client`` is sent that passes ``check`` (earlier ones are skipped)."""
    while True:
        room = await _latest_room(client)
        if check(room):
            return room


def _house_rules() -> object:
    taiwan = get_preset("taiwan").rules
    return dataclasses.replace(taiwan, direction=Direction.CLOCKWISE, name=f"{taiwan.name} (house)")


def test_the_host_sets_the_game_up_and_everyone_sees_it_and_plays_it() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, bob, room = await _room_of_two(server.url)
            assert room["preset"] == "standard" and room["scoring"] == get_preset("standard").scoring
            assert codec.from_json(room["rules"]) == get_preset("standard").rules and room["target"] is None
            # A preset alone brings its rules and its scoring.
            await ann.send("configure", preset="taiwan")
            seen = await _latest_room(bob)
            assert seen["preset"] == "taiwan" and seen["scoring"] == get_preset("taiwan").scoring
            assert codec.from_json(seen["rules"]) == get_preset("taiwan").rules
            # Then a house rule, another scoring, length, level, clock and three seats.
            house = _house_rules()
            await ann.send("configure", rules=codec.to_json(house), scoring="one-per-card", hands=8, target=50,
                           level="beginner", turn_clock=30, players=3)
            seen = await _latest_room(bob)
            assert codec.from_json(seen["rules"]) == house
            assert (seen["scoring"], seen["hands"], seen["target"], seen["level"], seen["turn_clock"],
                    seen["players"]) == ("one-per-card", 8, 50, "beginner", 30, 3)
            assert [s["kind"] for s in seen["seats"]] == ["person", "person", "computer"]
            assert (await _room_where(ann, lambda r: r["hands"] == 8)) == {**seen, "you": 0}
            # The game starts with exactly that set-up.
            await bob.send("ready", ready=True)
            await ann.expect("room")
            await ann.send("start")
            state = codec.from_json((await bob.expect("state"))["state"])
            assert state.rules == house and state.scoring == "one-per-card"
            assert (state.hands, state.target, state.n_players) == (8, 50, 3)
            assert server.rooms[room["code"]].game.config.seats[2].level == "beginner"
            for c in (ann, bob):
                await c.close()
    run(go())


def test_more_seats_open_and_fewer_need_the_cut_seats_free() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, bob, room = await _room_of_two(server.url)
            await ann.send("seat", seat=2, computer=False)
            await ann.expect("room")
            cy = await connect(server.url)
            await cy.send("join_room", code=room["code"], name="Cy")
            assert (await cy.expect("joined"))["seat"] == 2
            await _room_where(ann, lambda r: r["seats"][2]["kind"] == "person")
            await ann.send("configure", players=2)  # Cy sits at seat 3 of 4
            err = await ann.expect("error")
            assert err["code"] == "seat_taken" and "Cy" in err["message"]
            assert server.rooms[room["code"]].players == 4
            await ann.send("configure", players=3)  # the computer at seat 4 goes
            seats = (await _room_where(ann, lambda r: r["players"] == 3))["seats"]
            assert [s["kind"] for s in seats] == ["person", "person", "person"]
            await ann.send("configure", players=4)  # a new seat is open for a person
            seats = (await _room_where(ann, lambda r: r["players"] == 4))["seats"]
            assert [s["kind"] for s in seats] == ["person", "person", "person", "open"]
            for c in (ann, bob, cy):
                await c.close()
    run(go())


def test_bad_values_are_refused_with_a_sentence_and_change_nothing() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, bob, room = await _room_of_two(server.url)
            hosted = server.rooms[room["code"]]
            before = hosted.to_state()
            rules = codec.to_json(get_preset("standard").rules)
            bad = [
                ({"preset": "no-such-rules"}, "bad_preset"),
                ({"rules": {"$rules": {"direction": "sideways"}}}, "bad_value"),
                ({"rules": {"$rules": {"no_such_rule": True}}}, "bad_value"),
                ({"rules": {"$t": "SeatState"}}, "bad_value"),
                ({"rules": {"$rules": {**rules["$rules"], "cards_per_player": 17}}, "preset": "standard"}, "bad_value"),
                ({"scoring": "whatever"}, "bad_value"),
                ({"level": "godlike"}, "bad_level"),
                ({"turn_clock": 45}, "bad_value"),
                # a good value with a bad one: neither is taken
                ({"hands": 16, "level": "godlike"}, "bad_level"),
                ({"players": 1}, "out_of_range"),
                ({"hands": 0}, "out_of_range"),
                ({"color": "red"}, "extra_field"),
            ]
            for fields, code in bad:
                await ann.send("configure", **fields)
                err = await ann.expect("error")
                assert err["code"] == code, (fields, err.fields)
                assert err["message"].endswith("."), err["message"]
            assert hosted.to_state() == before
            # and the room still takes a good one
            await ann.send("configure", hands=16)
            assert (await _latest_room(bob))["hands"] == 16
            for c in (ann, bob):
                await c.close()
    run(go())


def test_only_the_host_configures_and_only_before_the_start() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, bob, room = await _room_of_two(server.url)
            hosted = server.rooms[room["code"]]
            await bob.send("configure", preset="taiwan")
            assert (await bob.expect("error"))["code"] == "not_host"
            assert hosted.preset == "standard"
            await bob.send("ready", ready=True)
            await ann.expect("room")
            await ann.send("start")
            await ann.expect("state")
            await ann.send("configure", hands=1)
            assert (await ann.expect("error"))["code"] == "started"
            assert hosted.hands == 4 and hosted.game.config.hands == 4
            for c in (ann, bob):
                await c.close()
    run(go())


def test_the_set_up_is_saved_with_the_room_and_read_back() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann, bob, room = await _room_of_two(server.url)
            house = _house_rules()
            await ann.send("configure", preset="taiwan", rules=codec.to_json(house), scoring="pairwise", hands=999,
                           target=100, level="expert", turn_clock=20, players=3)
            await ann.expect("room")
            hosted = server.rooms[room["code"]]
            saved = json.loads(json.dumps(hosted.to_state()))  # through JSON text, as Redis holds it
            back = HostedRoom.restore(server, "RESTORED", saved)
            assert back.lobby(0) == {**hosted.lobby(0), "code": "RESTORED", "code_shown": back.lobby(0)["code_shown"],
                                     "seats": [{**s, "connected": False} for s in hosted.lobby(0)["seats"]]}
            assert back._config() == hosted._config()
            assert back._config().rules == house and back._config().target == 100
            # A room saved before the lobby could set the game up plays its preset.
            old = {k: v for k, v in saved.items() if k not in ("rules", "scoring", "target")} | {"v": 1}
            older = HostedRoom.restore(server, "OLDER", old)
            assert older.rules == get_preset("taiwan").rules and older.scoring == get_preset("taiwan").scoring
            assert older.target is None
            for c in (ann, bob):
                await c.close()
    run(go())
