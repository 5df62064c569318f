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


def test_the_generators_are_packed_and_the_old_word_lists_still_read() -> None:
    """A room is saved after every move; its five generators were 90 % of it as JSON
    numbers. Packed they take half; a room saved with the numbers still goes on."""
    from big2.persistence.sessioncodec import save_payload

    a = _computers(4, "standard", seed=9)
    _play(a, 11)
    saved = room_to_state(a)
    assert len(json.dumps(saved, separators=(",", ":"))) < 24_000
    for state in (saved["payload"]["session"]["rng"], *saved["payload"]["rngs"].values()):
        assert isinstance(state[1], str) and len(state[1]) < 3400
    old = json.loads(json.dumps(saved))
    old["payload"] = save_payload(a.match.session, rngs={f"seat-{i}": r for i, r in enumerate(a.match.ai_rngs)})
    assert isinstance(old["payload"]["rngs"]["seat-0"][1], list)  # the numbers, as before
    for restored in (room_from_state(json.loads(json.dumps(saved))), room_from_state(old)):
        _play(restored, 30)
        b = room_from_state(json.loads(json.dumps(saved)))
        _play(b, 30)
        for seat in range(4):
            assert _view(restored, seat) == _view(b, seat)
    bad = json.loads(json.dumps(saved))
    bad["payload"]["rngs"]["seat-0"][1] = "not base64!"
    with pytest.raises(ValueError):
        room_from_state(bad)
