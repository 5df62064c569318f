"""Whole hands over the wire: people and computers play a room on the server, each seat
sees only what it may, a command acts for the sender's own seat only, and a dropped
person's seat is played by the computer until they come back with their token."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from big2.engine.cards import CardSet
from big2.engine.combos import move_cards
from big2.engine.events import Dealt, Drew, HandEnded, Played
from big2.net.bot import SeatBot, cards_named, hands_overlap
from big2.net.client import connect
from big2.net.server import Limits
from big2.room import codec, personas
from big2.room.commands import COMMANDS
from big2.room.events import CardsExchanged, ExchangeStarted, HandScored, SeatDealt
from big2.room.state import SeatState

from big2.net import protocol

from .conftest import run, serving

QUICK = Limits(hello_timeout_s=2.0, housekeeping_s=0.2, computer_pace_s=0.0, reconnect_grace_s=0.2)


def test_the_wire_commands_are_the_rooms_commands() -> None:
    assert set(protocol.COMMAND_KINDS) == set(COMMANDS) - {"leave"}


def test_the_bots_leak_check_reads_every_card_a_frame_names() -> None:
    state = codec.to_json(SeatState(seat=0, names=("a", "b"), people=(True, True), levels=("normal",) * 2,
                                    hand=CardSet([1, 2]), exchange_card=40, counts=(2, 3)))
    assert cards_named(state) == {1, 2, 40}


async def _table(url: str, people: int, players: int = 4, **opts: Any) -> tuple[list[SeatBot], str]:
    host = await connect(url)
    await host.send("create_room", name="P0", players=players, computers=players - people, **opts)
    bots = [SeatBot(host, deals=True)]
    bots[0].take(await host.expect("joined"))
    code = (await host.expect("room"))["room"]["code"]
    for i in range(1, people):
        c = await connect(url)
        await c.send("join_room", code=code, name=f"P{i}")
        bot = SeatBot(c)
        bot.take(await c.expect("joined"))
        await c.send("ready", ready=True)
        bots.append(bot)
    for _ in range(10):
        await host.send("start")
        try:
            bots[0].take(await host.expect("state", timeout=1))
            break
        except Exception:  # noqa: BLE001 - a ready frame not yet taken: try again
            await asyncio.sleep(0.1)
    return bots, code


def _cards_in(value: Any) -> set[int]:
    """Every card a decoded frame names in a card set, or in a field that holds one card."""
    found: set[int] = set()
    if isinstance(value, CardSet):
        found |= set(value)
    elif isinstance(value, (tuple, list, frozenset)):
        for v in value:
            found |= _cards_in(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            v = getattr(value, name)
            if name in ("exchange_card", "give_back_hint", "card", "given", "returned") and isinstance(v, int):
                found.add(v)
            else:
                found |= _cards_in(v)
    return found


def _check_no_leak(bot: SeatBot, log: list[Any]) -> int:
    """No frame the seat got before the hand ended named a card of another seat's unplayed
    hand. ``log`` is the room's own (unredacted) log of that hand. Returns frames checked."""
    seat = bot.seat
    assert seat is not None
    dealt = next(e for e in log if isinstance(e, Dealt))
    own = set(dealt.hands[seat])
    for e in log:
        if isinstance(e, Drew) and e.seat == seat:
            own |= set(e.cards)
        if isinstance(e, (CardsExchanged, ExchangeStarted)) and seat in (e.loser, e.winner):
            own |= {c for c in (getattr(e, "card", None), getattr(e, "given", None), getattr(e, "returned", None))
                    if c is not None}
    public: set[int] = set()
    checked = 0
    for frame in bot.frames:
        if frame.type == "event":
            event = codec.from_json(frame["event"])
            if isinstance(event, (HandEnded, HandScored)):
                break
            if isinstance(event, Played):
                public |= set(move_cards(event.combo.move))
            seen = _cards_in(event)
        elif frame.type == "state":
            state = codec.from_json(frame["state"])
            assert isinstance(state, SeatState)
            if state.hand_over:
                break
            assert state.deal_number is None  # withheld until the hand is scored
            seen = _cards_in(state)
        else:
            continue
        checked += 1
        leaked = seen - own - public
        assert not leaked, f"seat {seat} saw {sorted(leaked)} in {frame.type}"
    return checked


@pytest.mark.parametrize("preset", ["standard", "taiwan", "pusoy-dos", "indonesia", "hong-kong"])
def test_two_people_and_two_computers_play_a_hand_and_nobody_sees_a_hidden_card(preset: str) -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, preset=preset, hands=2)
            room = server.rooms[code]
            await asyncio.gather(*(b.play(hands=1, timeout=60) for b in bots))
            log = [e for e in room.game.log]
            assert any(isinstance(e, HandScored) for e in log)
            for bot in bots:
                assert bot.errors == [], bot.errors
                assert bot.scored == 1
                assert _check_no_leak(bot, log) > 5
                assert bot.leaks == 0  # the bot's own check agrees
            assert not hands_overlap(bots) and all(len(b.dealt) >= 13 for b in bots)
            # The record, with its deal number, arrives once the hand is scored.
            scored = next(codec.from_json(f["event"]) for f in bots[0].frames
                          if f.type == "event" and f["event"]["$t"] == "HandScored")
            assert scored.result.deal_number is not None
            for b in bots:
                await b.client.close()
    run(go(), timeout=120)


def test_three_players_with_the_exchange() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, players=3, preset="standard", hands=3)
            room = server.rooms[code]
            await asyncio.gather(*(b.play(hands=2, timeout=90) for b in bots))
            assert all(b.scored >= 2 and not b.errors for b in bots)
            for b in bots:
                await b.client.close()
            assert room.game.match.results
    run(go(), timeout=150)


def test_a_command_acts_for_the_senders_seat_only_and_a_refusal_changes_nothing() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2)
            room = server.rooms[code]
            a, b = bots
            for _ in range(500):  # until the room waits for a person (computers done)
                if room.game.computer_to_act() is None:
                    break
                await asyncio.sleep(0.01)
            to_act = room.game.match.game.to_act
            # Whoever is not to act tries to play: refused with the engine's sentence.
            idle = a if to_act != a.seat else b
            before = (len(room.game.log), room.game.match.game.to_act)
            card = sorted(room.game.match.game.hand(idle.seat))[0]
            await idle.client.send("command", seq=9, command={"kind": "play", "cards": [card]})
            err = await idle.client.expect("error")
            assert err["code"] == "refused" and err["seq"] == 9 and err["message"].endswith(".")
            assert "$msg" in err["msg"] and codec.from_json(err["msg"]).id
            assert (len(room.game.log), room.game.match.game.to_act) == before
            # A card from another seat's hand is refused too: the engine checks the sender's hand.
            mover = a if idle is b else b
            other = next(iter(room.game.match.game.hand(idle.seat)))
            await mover.client.send("command", seq=10, command={"kind": "play", "cards": [other]})
            assert (await mover.client.expect("error"))["code"] == "refused"
            assert len(room.game.log) == before[0]
            for bot in bots:
                await bot.client.close()
    run(go())


def test_a_dropped_person_is_played_by_the_computer_and_takes_the_seat_back() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, hands=3)
            room = server.rooms[code]
            a, b = bots
            token = next(f["token"] for f in b.frames if f.type == "joined")
            await b.client.close()
            # The hand goes on without b: the computer plays b's turns.
            for _ in range(100):
                if b.seat in room.game.match._computer_for_hand or b.seat in room.game._left:
                    break
                await asyncio.sleep(0.02)
            assert not room.game.is_person(b.seat)
            # The computers play on (b's turns too) until the hand waits for a, who does not
            # play yet: the hand cannot end before b is back.
            for _ in range(250):
                g = room.game.match.game
                if g.to_act == a.seat and not g.is_over:
                    break
                await asyncio.sleep(0.02)
            assert not room.game.match.game.is_over
            # b comes back with the token: their seat, a fresh snapshot, their own cards.
            c = await connect(server.url)
            await c.send("join_room", code=code, name="anyone", token=token)
            back = SeatBot(c)
            back.take(await c.expect("joined"))
            assert back.seat == b.seat
            while back.state is None:
                back.take(await c.recv())
            assert back.state.seat == b.seat
            # A snapshot, not a replay of the hand so far.
            assert [f.type for f in back.frames[:2]] == ["joined", "state"]
            assert set(back.state.hand) == set(room.game.match.game.hand(b.seat))
            assert not room.game.match.game.is_over and room.game.is_person(b.seat)
            assert b.seat not in back.state.by_computer
            a_task = asyncio.create_task(a.play(hands=1, timeout=60))
            await asyncio.gather(a_task, back.play(hands=1, timeout=60))
            assert a.scored == 1 and back.scored == 1 and not back.errors
            # The reconnected person played moves of their own after coming back.
            assert any(f.type == "ack" for f in back.frames)
            await a.client.close()
            await c.close()
    run(go(), timeout=120)


def test_a_person_away_when_the_hand_ends_becomes_a_computer_seat() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, hands=3)
            room = server.rooms[code]
            a, b = bots
            token = next(f["token"] for f in b.frames if f.type == "joined")
            await b.client.close()
            await a.play(hands=1, timeout=60)
            assert room.seats[b.seat].kind == "computer"
            c = await connect(server.url)
            await c.send("join_room", code=code, name="B", token=token)
            assert (await c.expect("error"))["code"] == "bad_token"
            # The next hand: the computer holds that seat from the deal on.
            await a.client.send("command", seq=99, command={"kind": "next_hand"})
            await a.client.expect("ack")
            assert not room.game.is_person(b.seat)
            await a.client.close()
            await c.close()
    run(go(), timeout=120)


def test_the_turn_clock_passes_or_plays_for_a_person_who_waits() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=1, turn_clock=20)
            room = server.rooms[code]
            room.turn_clock = 0.3  # the host's choice is checked at create; shortened for the test
            room.wake()
            history = len(room.game.match.game.history)
            for _ in range(200):
                if len(room.game.match.game.history) > history + 4:
                    break
                await asyncio.sleep(0.02)
            me = bots[0].seat
            assert any(seat == me for seat, _ in room.game.match.game.history[history:]), "the clock never moved"
            await bots[0].client.close()
    run(go(), timeout=60)


def test_after_the_session_the_host_starts_a_rematch_with_the_same_seats() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, hands=1)
            room = server.rooms[code]
            await asyncio.gather(*(b.play(hands=1, timeout=60) for b in bots))
            assert all(b.session_over for b in bots)
            first = room.game
            await bots[1].client.send("start")
            assert (await bots[1].client.expect("error"))["code"] == "not_host"
            await bots[0].client.send("start")
            for b in bots:
                b.session_over = False
                b.scored = 0
            await asyncio.gather(*(b.play(hands=1, timeout=60) for b in bots))
            assert room.game is not first and room.game.match.results[0].number == 1
            assert all(b.scored == 1 and not [e for e in b.errors if e["code"] != "not_host"] for b in bots)
            assert [s.kind for s in room.seats] == ["person", "person", "computer", "computer"]
            for b in bots:
                await b.client.close()
    run(go(), timeout=150)


def test_the_host_gives_a_seat_the_computer_took_to_a_new_person() -> None:
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=2, hands=3)
            room = server.rooms[code]
            a, b = bots
            await b.client.close()
            await a.play(hands=1, timeout=60)  # b is still away when the hand ends
            assert room.seats[b.seat].kind == "computer"
            # Only the host may open it; a computer's own seat stays a computer's.
            await a.client.send("seat", seat=3, computer=False)
            assert (await a.client.expect("error"))["code"] == "started"
            await a.client.send("seat", seat=b.seat, computer=False)
            lobby = (await a.client.expect("room"))["room"]
            while lobby["seats"][b.seat]["kind"] != "open":
                lobby = (await a.client.expect("room"))["room"]
            cy = await connect(server.url)
            await cy.send("join_room", code=code, name="Cy")
            cybot = SeatBot(cy)
            cybot.take(await cy.expect("joined"))
            assert cybot.seat == b.seat
            # The seat is Cy's now, by name too: in the snapshot each of them is sent at
            # once and in the lobby (it was "P1", the person who left it).
            cybot.take(await cy.expect("state"))
            assert cybot.state.names[b.seat] == "Cy" and cybot.state.is_person(b.seat)
            while True:
                frame = await a.client.expect("state", "room", "event")
                a.take(frame)
                if frame.type == "state" and frame["state"]["names"][b.seat] == "Cy":
                    break
            # the computers are characters of the room's level, as they were named in the lobby
            assert a.state.names[:2] == ("P0", "Cy")
            assert a.state.names[2:] == tuple(p.name for p in personas.pick([room.level] * 2, taken={"P0", "P1"}))
            assert room.game.state_for(3).names[b.seat] == "Cy"
            await a.client.send("command", seq=50, command={"kind": "next_hand"})
            a.scored = 0
            await asyncio.gather(a.play(hands=1, timeout=60), cybot.play(hands=1, timeout=60))
            assert cybot.scored == 1 and cybot.moves > 0 and not cybot.errors
            assert room.game.is_person(b.seat)
            await a.client.close()
            await cy.close()
    run(go(), timeout=150)


def test_each_seat_is_sent_exactly_its_own_snapshot_after_every_move() -> None:
    """The server builds the snapshots of all seats at once (their shared part encoded
    once): what each seat reads is exactly its own state_for, move after move."""
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=4)  # only people: nothing moves unasked
            room = server.rooms[code]
            checked = 0
            for _ in range(12):
                for bot in bots:
                    while bot.state is None or bot.state.seq != len(room.game.log):
                        bot.take(await bot.client.recv())
                    assert bot.state == room.game.state_for(bot.seat)
                    assert len(bot.state.hand) == bot.state.counts[bot.seat] > 0
                    checked += 1
                before = len(room.game.log)
                acted = [await bot.act() for bot in bots]
                assert sum(acted) == 1  # the seat to act, and only it
                while len(room.game.log) == before:  # the server took the move
                    await asyncio.sleep(0.01)
            assert checked == 48 and not any(b.errors for b in bots)
            for bot in bots:
                await bot.client.close()
    run(go(), timeout=60)


def test_the_bot_finds_a_card_it_may_not_know_in_any_snapshot_field() -> None:
    """The bot reads each snapshot's changed fields only; a leak in any of them, the
    one-card fields included, is still found, and a clean snapshot is not blamed."""
    bot = SeatBot(None, keep_frames=False)  # type: ignore[arg-type] - it only reads here
    bot.take(protocol.Frame("joined", {"seat": 0, "token": "t", "code": "C"}))
    mine = CardSet([0, 5, 9])
    bot.take(protocol.Frame("event", {"event": codec.to_json(SeatDealt(0, mine, (3, 3, 3, 3), 0))}))
    base = SeatState(seat=0, names=("a", "b", "c", "d"), people=(True,) * 4, levels=("normal",) * 4,
                     hand_number=1, in_hand=True, hand=mine, counts=(3, 3, 3, 3), to_act=0)
    clean = codec.to_json(base)
    bot.take(protocol.Frame("state", {"state": clean}))
    bot.take(protocol.Frame("state", {"state": dict(clean, seq=1)}))
    assert bot.leaks == 0
    for field, value in (("give_back_hint", 40), ("exchange_card", 41),
                         ("revealed", codec.to_json((CardSet([42]),))), ("hand", codec.to_json(CardSet([0, 5, 43])))):
        bot.take(protocol.Frame("state", {"state": dict(clean, **{field: value})}))
    assert bot.leaks == 4
    assert [cards for _, cards in bot.leak_details] == [[40], [41], [42], [43]]


def test_asking_for_a_hand_another_person_already_dealt_is_answered_quietly() -> None:
    """Two people press Next hand; the second finds the hand dealt: an ack, no refusal
    (their table shows the new hand from the frames it already got), nothing changed."""
    async def go() -> None:
        async with serving(limits=QUICK) as server:
            bots, code = await _table(server.url, people=1, hands=2)
            room = server.rooms[code]
            (a,) = bots
            # the other person dealt already: a hand is in play (here the first one)
            serial = room.game.hand_serial
            await a.client.send("command", seq=77, command={"kind": "next_hand"})
            while True:
                frame = await a.client.recv(timeout=5)
                assert frame.type != "error", frame.fields
                if frame.type == "ack":
                    assert frame["seq"] == 77
                    break
            assert room.game.hand_serial == serial  # no hand dealt (the computers may have moved)
            await a.client.close()
    run(go(), timeout=60)
