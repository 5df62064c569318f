"""Online computers have their character's temperament (issue 44), as at a table in the
app: their pace is the server's times the character's (counted on the room's clock, here
a fake one), and they react at the same moments and rates as the app's characters, in
the ``reaction`` frame a person's reaction comes in."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest

from big2.net import characters
from big2.net.bot import SeatBot
from big2.net.characters import MOST_S, RoomReactions, think_delay
from big2.net.client import connect
from big2.net.server import Limits
from big2.room import codec, personas, reacting
from big2.room.brain import decide
from big2.room.config import MatchConfig, SeatConfig
from big2.room.events import SeatDealt
from big2.room.link import LocalLink
from big2.room.match import Match
from big2.room.reacting import Reactor
from big2.room.room import Room

from .conftest import run, serving

PACE = 0.6


def _room(names: list[str], *, human: tuple[int, ...] = (), seed: int = 3, hands: int = 1, brain: Any = None) -> Room:
    seats = tuple(SeatConfig(name, human=i in human, level="beginner") for i, name in enumerate(names))
    return Room(match=Match(MatchConfig(seats=seats, seed=seed, hands=hands)), brain=brain)


@pytest.mark.parametrize("persona", personas.PERSONAS, ids=lambda p: p.name)
def test_each_characters_move_waits_the_servers_pace_times_its_temperament(persona):
    room = _room([persona.name] * 4)
    room.start_hand()
    now = 100.0
    for _move in range(6):
        assert room.computer_to_act() is not None
        delay = think_delay(room, PACE)
        assert delay == pytest.approx(PACE * persona.temperament.pace)
        assert not room.tick(now, delay, delay)  # asked now (the level decides at once here)
        assert not room.tick(now + delay - 1e-6, delay, delay)  # ready, but not yet its time
        assert room.tick(now + delay, delay, delay)  # at its pace to the instant
        now += delay + 0.25


def test_the_pace_never_adds_to_a_levels_think_time_and_is_bounded():
    class SlowBrain:
        """A level that thinks until the test says (a Master's three seconds)."""

        def __init__(self) -> None:
            self.futures: list[Future] = []

        def think(self, view: Any, level: str, seed: int) -> Future:
            fut: Future = Future()
            self.futures.append(fut)
            self._decide = lambda: decide(view, level, seed)
            return fut

        def shutdown(self) -> None:
            pass

    brain = SlowBrain()
    room = _room(["Professor Tan"] * 4, brain=brain)  # deliberate: 1.5 times the pace
    room.start_hand()
    delay = think_delay(room, PACE)
    assert delay == pytest.approx(0.9)
    assert not room.tick(0.0, delay, delay)
    assert not room.tick(delay, delay, delay)  # its time came, its move has not
    brain.futures[-1].set_result(brain._decide())
    assert room.tick(3.0, delay, delay)  # the move comes when the search ends, nothing added
    # bounded: at most MOST_S, or the server's own pace when that is longer
    assert think_delay(room, 9.0) == MOST_S
    assert think_delay(room, 12.0) == 12.0


def test_a_persons_seat_the_computer_holds_keeps_the_servers_pace():
    room = _room(["Nena", "Siti", "Jun", "Marco"], human=(0, 1, 2, 3))  # people who chose those names
    room.start_hand()
    seat = room.match.game.to_act
    room.hold_seat(seat)
    assert room.computer_to_act() == seat
    assert think_delay(room, PACE) == PACE


def test_the_rooms_characters_react_as_a_table_in_the_app_would():
    """Over whole hands, with the rolls as they are: the room's reactions are exactly
    those a table's reactor hears from a seat's events with the same seed."""
    names = ["Nena", "Marco", "Madam Wong", "Jun"]  # cheerful, showman, icy, cautious
    room = _room(names, seed=11, hands=2)
    link = LocalLink(room)
    server = RoomReactions(seed=1234)
    table = Reactor(names, [False] * 4)
    said: list[tuple[int, str]] = []
    shown: list[tuple[int, str]] = []
    for _hand in range(2):
        room.start_hand()
        for _step in range(2000):
            said += server.heard(room)
            for event in link.poll():
                if isinstance(event, SeatDealt):  # as big2/app/table/reactions.py does
                    table.seat_names(link.state.names, link.state.people)
                    table.hand_started(link.state.hand_number, 1234)
                    continue
                shown += table.heard(event)
            if link.state.hand_over:
                break
            room.tick(0.0)
        said += server.heard(room)
        assert link.state.hand_over
    assert said == shown
    assert said, "a cheerful Nena and a showman Marco say something in two hands"
    assert all(seat != 2 for seat, _r in said)  # Madam Wong is icy
    assert server.heard(room) == []  # each once


def test_a_chatty_computer_reacts_online_a_quiet_one_does_not(monkeypatch):
    """A person (a bot client) plays a hand against Nena (cheerful), then one against
    Madam Wong (icy). Every roll comes up here, so a temperament that may speak does."""
    monkeypatch.setattr(reacting, "roll", lambda *key: 0.0)
    paces: list[tuple[str, float]] = []
    real_tick = Room.tick

    def tick(self: Room, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> bool:
        seat = self.computer_to_act()
        if seat is not None:
            paces.append((self.config.seats[seat].name, pace))
        return real_tick(self, now, pace, exchange_pace)

    monkeypatch.setattr(Room, "tick", tick)

    async def hand(server: Any, character: str) -> tuple[list[Any], list[dict[str, Any]], int, int]:
        client = await connect(server.url)
        await client.send("create_room", name="Ann", players=2, computers=1, level="beginner", hands=1)
        joined = await client.expect("joined")
        room = server.rooms[joined["code"]]
        room.seats[1].name = character  # a seat may be given a character of another level
        bot = SeatBot(client)
        bot.take(joined)
        await client.send("start")
        await bot.play(hands=1, timeout=60)
        await client.send("ping")  # whatever the hand's last moves brought comes before the pong
        while True:
            frame = await client.recv(timeout=30)
            if frame.type == "pong":
                break
            bot.take(frame)
        await client.close()
        events = [f.fields for f in bot.frames if f.type == "event"]
        return bot.frames, events, room.reactions.seed, room.game.match.hand_number

    async def go() -> None:
        async with serving(limits=Limits(computer_pace_s=0.05, hello_timeout_s=2.0)) as server:
            frames, events, seed, number = await hand(server, "Nena")
            heard = [(f["seat"], f["reaction"]) for f in frames if f.type == "reaction"]
            # what the app's table would have said, from this seat's own events
            table = Reactor(["Ann", "Nena"], [True, False])
            expected: list[tuple[int, str]] = []
            for data in events:
                event = codec.from_json(data["event"])
                if isinstance(event, SeatDealt):
                    table.hand_started(number, seed)
                    continue
                expected += table.heard(event)
            assert heard == expected
            assert heard and all(seat == 1 for seat, _r in heard)
            assert paces and all(p == pytest.approx(0.05 * 0.7) for name, p in paces if name == "Nena")

            frames, _events, _seed, _number = await hand(server, "Madam Wong")
            assert [f for f in frames if f.type == "reaction"] == []
    run(go(), timeout=120)


def test_the_delay_is_the_personas_pace_factor():
    """The online pace and the app's read the same number (personas.pace_factor)."""
    room = _room(["Siti", "Ah Keung", "Mei Lin", "Jun"])
    room.start_hand()
    name = room.config.seats[room.computer_to_act()].name
    assert characters.think_delay(room, 1.0) == pytest.approx(personas.pace_factor(name))
