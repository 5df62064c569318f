"""Room.states_json (every seat's snapshot, the shared fields encoded once, as the server
sends them) is, put together, exactly codec.to_json(state_for(seat)) for every seat at
every step of a session: every preset, 2 to 4 seats, the exchange, hands over, between
hands, after a seat is held, given back and renamed."""

from __future__ import annotations

import dataclasses

import pytest

from big2.engine import preset_names
from big2.engine.presets import get_preset
from big2.room import codec
from big2.room.config import MatchConfig, SeatConfig
from big2.room.room import Room
from tests.room.test_saving import _step

PRESETS = sorted({get_preset(n).name for n in preset_names()})


def _check(room: Room) -> int:
    seats = list(range(room.n_players))
    shared, own = room.states_json(seats)
    assert set(own) == set(seats)
    for seat in seats:
        assert not set(shared) & set(own[seat])
        encoded = {**shared, **own[seat]}
        assert encoded == codec.to_json(room.state_for(seat)), f"seat {seat}"
        assert codec.from_json(encoded) == room.state_for(seat)
    return len(seats)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seats_encoded_snapshot_is_its_own_snapshot(preset: str, players: int) -> None:
    rules = dataclasses.replace(get_preset(preset).rules, three_player_exchange=True) if players == 3 \
        else get_preset(preset).rules
    seats = tuple(SeatConfig(f"p{i}", human=i < 2, level="beginner") for i in range(players))
    room = Room(MatchConfig(seats=seats, rules=rules, hands=3, seed=players * 7 + len(preset)), reveal_deal=False)
    room.start_hand()
    checked = 0
    steps = 0
    while _step(room):
        checked += _check(room)
        steps += 1
        if steps == 10:
            room.hold_seat(1)
            checked += _check(room)
        if steps == 20:
            room.seat_back(1)
            room.rename(0, "Renamed")
            checked += _check(room)
    assert room.match.session_over and len(room.match.results) == 3
    assert checked > 100
