"""A room saved as JSON and restored in another process goes on exactly as the original
would have: the same snapshot for every seat, the same moves by the computers, the same
scores — for every preset and 2 to 4 seats."""

from __future__ import annotations

import dataclasses
import json

import pytest

from big2.engine import preset_names
from big2.engine.presets import get_preset
from big2.net.roomstate import room_from_state, room_to_state
from big2.room.config import MatchConfig, SeatConfig
from big2.room.room import Room

PRESETS = sorted({get_preset(n).name for n in preset_names()})


def _computers(n: int, preset: str, seed: int) -> Room:
    seats = tuple(SeatConfig(f"c{i}", human=(i == 0), level="beginner") for i in range(n))
    room = Room(MatchConfig(seats=seats, rules=get_preset(preset).rules, hands=3, seed=seed), reveal_deal=False)
    room.start_hand()
    room.hold_seat(0)  # the person is away: the computer plays every seat
    return room


def _play(room: Room, moves: int) -> None:
    for _ in range(moves):
        for _ in range(3):
            if room.tick(0.0):
                break
        else:
            if room.match.game is not None and room.match.game.is_over and not room.match.session_over:
                room.start_hand()


def _view(room: Room, seat: int) -> dict:
    state = dataclasses.asdict(room.state_for(seat))
    state.pop("seq")  # counts this process's log, which starts afresh
    return state


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_saved_room_goes_on_exactly_as_the_original(preset: str, players: int) -> None:
    a = _computers(players, preset, seed=players * 31 + len(preset))
    _play(a, 17)
    saved = json.loads(json.dumps(room_to_state(a)))  # through JSON text, as Redis holds it
    b = room_from_state(saved)
    for seat in range(players):
        assert _view(b, seat) == _view(a, seat)
    _play(a, 40)
    _play(b, 40)
    for seat in range(players):
        assert _view(b, seat) == _view(a, seat)
    assert b.match.results == a.match.results


def test_a_person_takes_the_seat_back_from_the_computer() -> None:
    room = _computers(4, "standard", seed=5)
    assert not room.is_person(0)
    assert room.seat_back(0) and room.is_person(0)
    assert not room.seat_back(0)  # nothing held any more
    assert not room.seat_back(1)  # a computer's own seat is never a person's


def test_anything_but_a_saved_room_is_refused() -> None:
    with pytest.raises(ValueError):
        room_from_state({"v": 999})
