"""A room saved with :meth:`Room.to_dict` and rebuilt with :meth:`Room.from_dict` goes on
exactly as the original: mid-hand, mid-exchange and between hands, with people and
computers; a person away and back (:meth:`Room.hold_seat` / :meth:`Room.seat_back`);
a seat that changes its name (:meth:`Room.rename`)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from big2.engine.combos import PASS, move_cards
from big2.engine.rules import STANDARD
from big2.net.roomstate import SAVE_FILES
from big2.room import commands as C
from big2.room.config import MatchConfig, SeatConfig
from big2.room.events import SeatHanded
from big2.room.room import ROOM_STATE_VERSION, Room
from big2.room.seatrules import legal_moves

EXCHANGE = dataclasses.replace(STANDARD, three_player_exchange=True)


def _room(players: int = 4, people: tuple[int, ...] = (0,), rules=STANDARD, seed: int = 11, hands: int = 4) -> Room:
    seats = tuple(SeatConfig(f"s{i}", human=i in people, level="beginner") for i in range(players))
    room = Room(MatchConfig(seats=seats, rules=rules, hands=hands, seed=seed), reveal_deal=False)
    room.start_hand()
    return room


def _step(room: Room) -> bool:
    """One move at the table: a computer's (through tick), or a person's (their lowest
    legal play, or the suggested give-back); the next hand once one is over. False when
    the session is over."""
    m = room.match
    game = m.game
    if game is None or game.is_over:
        if m.session_over:
            return False
        room.start_hand()
        return True
    if room.computer_to_act() is not None:
        for _ in range(3):
            if room.tick(0.0):
                return True
        raise AssertionError("the computer did not move")
    if game.exchange is not None:
        seat = game.exchange[1]
        assert room.command(seat, C.GiveBack(game.suggest_give_back())) is None
        return True
    seat = game.to_act
    state = room.state_for(seat)
    moves = [mv for mv in legal_moves(state) if mv != PASS]
    command = C.Play(tuple(move_cards(moves[0]))) if moves else C.Pass()
    assert room.command(seat, command) is None
    return True


def _play(room: Room, moves: int) -> None:
    for _ in range(moves):
        if not _step(room):
            return


def _view(room: Room, seat: int) -> dict:
    state = dataclasses.asdict(room.state_for(seat))
    state.pop("seq")  # counts this process's log, which starts afresh
    return state


def _same(a: Room, b: Room) -> None:
    for seat in range(a.n_players):
        assert _view(b, seat) == _view(a, seat)
    assert b.match.results == a.match.results
    assert b.held_seats == a.held_seats and b.match.held_for_hand == a.match.held_for_hand


def _through_json(room: Room) -> Room:
    data = json.loads(json.dumps(room.to_dict(SAVE_FILES)))  # as the server's store holds it
    return Room.from_dict(data, SAVE_FILES)


@pytest.mark.parametrize("moves", [0, 9, 23])
def test_a_room_saved_mid_hand_plays_on_identically(moves: int) -> None:
    a = _room(people=(0, 2))
    _play(a, moves)
    assert a.match.game is not None and not a.match.game.is_over
    b = _through_json(a)
    assert b.log == [] and b.hand_serial == a.hand_serial + 1  # a new log: seats start from a snapshot
    assert b.trick_plays() == a.trick_plays()
    _same(a, b)
    _play(a, 120)
    _play(b, 120)
    _same(a, b)
    assert a.match.results, "at least one hand was scored after the restore"


def test_a_room_saved_mid_exchange_plays_on_identically() -> None:
    a = _room(players=3, people=(1,), rules=EXCHANGE, seed=3)
    while not a.match.game.is_over:
        _step(a)
    a.start_hand()
    game = a.match.game
    assert game.exchange is not None, "the second hand of three players opens with the exchange"
    b = _through_json(a)
    assert b.match.game.exchange == game.exchange
    loser, winner = game.exchange
    assert b.state_for(winner).exchange_card == a.state_for(winner).exchange_card is not None
    _same(a, b)
    _play(a, 60)
    _play(b, 60)
    _same(a, b)


def test_a_room_saved_between_hands_deals_the_same_next_hand() -> None:
    a = _room(people=(0,), seed=29)
    while not a.match.game.is_over:
        _step(a)
    assert a.match.results and not a.match.session_over
    b = _through_json(a)
    _same(a, b)
    a.start_hand()
    b.start_hand()
    _same(a, b)
    _play(a, 40)
    _play(b, 40)
    _same(a, b)


def test_a_person_away_is_played_by_the_computer_until_they_are_back() -> None:
    room = _room(people=(0, 1))
    assert room.hold_seat(1)
    assert not room.is_person(1) and 1 in room.held_seats
    assert isinstance(room.log[-1], SeatHanded) and room.log[-1].seat == 1
    count = len(room.log)
    assert room.hold_seat(1) and len(room.log) == count  # held already: nothing new to hear
    assert not room.hold_seat(2)  # a computer's own seat is no person's
    saved = _through_json(room)  # still held after a restore
    assert not saved.is_person(1) and 1 in saved.held_seats
    assert room.seat_back(1) and room.is_person(1) and not room.held_seats
    assert not room.seat_back(1)  # nothing held any more
    assert not room.seat_back(2)


def test_a_seat_held_between_hands_stays_the_computers_in_the_next_hand() -> None:
    room = _room(people=(0, 1), seed=5)
    while not room.match.game.is_over:
        _step(room)
    assert room.hold_seat(1)
    room.start_hand()
    assert not room.is_person(1)
    assert room.state_for(0).by_computer == (1,)
    assert room.seat_back(1) and room.is_person(1)


def test_a_renamed_seat_is_named_so_in_every_snapshot_and_the_later_hands() -> None:
    room = _room(people=(0, 1), seed=13)
    _play(room, 5)
    room.rename(1, "Zed")
    assert all(room.state_for(s).names[1] == "Zed" for s in range(4))
    assert room.state_for(0).names[0] == "s0"
    restored = _through_json(room)
    assert restored.state_for(2).names == ("s0", "Zed", "s2", "s3")
    while not room.match.game.is_over:
        _step(room)
    room.start_hand()
    assert room.match.game.names[1] == "Zed" and room.state_for(3).names[1] == "Zed"
    with pytest.raises(ValueError):
        room.rename(7, "Nobody")


def test_a_saved_room_of_another_version_or_shape_is_refused_with_the_reason() -> None:
    room = _room()
    data = room.to_dict(SAVE_FILES)
    assert data["v"] == ROOM_STATE_VERSION == 1
    with pytest.raises(ValueError, match="version 2"):
        Room.from_dict({**data, "v": 2}, SAVE_FILES)
    broken = dict(data)
    del broken["seats"]
    with pytest.raises(ValueError):
        Room.from_dict(broken, SAVE_FILES)
    with pytest.raises(ValueError):
        Room.from_dict([1, 2], SAVE_FILES)


def test_a_room_saved_by_the_first_version_still_loads() -> None:
    """Rooms saved before the room had a save of its own (no "deal" key) load as they were."""
    room = _room(people=(0, 2))
    _play(room, 7)
    data = json.loads(json.dumps(room.to_dict(SAVE_FILES)))
    old_keys = {"v", "payload", "seats", "hands", "target", "seed", "scoring", "undo_hot_seat", "results",
                "computer_for_hand", "left", "assisted", "reveal_deal", "hand_serial", "hand_start"}
    assert set(data) == old_keys | {"deal"}
    del data["deal"]
    old = Room.from_dict(data, SAVE_FILES)
    _same(room, old)
