"""What a seat receives from its room: JSON-exact, and never another seat's hidden card.

Random sessions under every preset with 2 to 4 seats (people and computers mixed,
undo, hints, the computer taking a seat over): every snapshot and every event each
seat receives is written to JSON and read back equal, and none of them names a card
still hidden in another seat's hand — until that card is played or the hand is over.
The only exception is the three-player exchange, whose cards the loser and the winner
trade in the open between them.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from big2.engine.cards import CardSet
from big2.engine.combos import PASS, Combo, move_cards
from big2.engine.presets import get_rules, preset_names
from big2.room import codec
from big2.room import commands as C
from big2.room.config import HandResult, MatchConfig, SeatConfig
from big2.room.events import SeatExchanged, SeatExchangeStarted
from big2.room.room import Room
from big2.room.state import SeatState

CARD_FIELDS = {"card", "given", "returned", "exchange_card", "give_back_hint"}
MOVE_FIELDS = {"trick", "move"}


def cards_named(value, field: str = "") -> set[int]:
    """Every card a received value names (card sets, combinations, moves, single cards)."""
    if isinstance(value, CardSet):
        return set(value)
    if isinstance(value, Combo):
        return set(value.cards)
    if isinstance(value, HandResult):
        return set()  # checked apart: a record exists only once the hand is over
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        if field in CARD_FIELDS:
            return {value}
        if field in MOVE_FIELDS and value != PASS:
            return set(move_cards(value))
        return set()
    if isinstance(value, (tuple, list, frozenset)):
        if field == "history":
            return {c for _seat, move in value for c in (move_cards(move) if move != PASS else ())}
        out: set[int] = set()
        for v in value:
            out |= cards_named(v, field)
        return out
    if dataclasses.is_dataclass(value):
        out = set()
        for f in dataclasses.fields(value):
            if isinstance(value, SeatState) and f.name in ("hand", "revealed", "results"):
                continue  # the own hand; the others' only once the hand is over (checked below)
            out |= cards_named(getattr(value, f.name), f.name)
        return out
    return set()


def hidden_from(room: Room, seat: int, traded: set[int]) -> set[int]:
    """Cards in other seats' hands that ``seat`` may not know now."""
    game = room.match.game
    if game is None or game.is_over:
        return set()
    return {c for s in range(room.n_players) if s != seat for c in game.hand(s)} - traded


def config_for(preset: str, n: int, people: int, seed: int) -> MatchConfig:
    seats = tuple(SeatConfig(f"P{i}", human=i < people, level="beginner") for i in range(n))
    return MatchConfig(seats=seats, rules=get_rules(preset), hands=2, seed=seed)


def play_session(preset: str, n: int, people: int, seed: int, reveal_deal: bool) -> int:
    """Plays a session, checking every message; returns how many were checked."""
    room = Room(config_for(preset, n, people, seed), reveal_deal=reveal_deal)
    rng = random.Random(seed)
    cursors = [0] * n
    traded: list[set[int]] = [set() for _ in range(n)]
    serial = -1
    checked = 0
    room.start_hand()
    for _step in range(2000):
        if room.hand_serial != serial:
            serial, cursors = room.hand_serial, [0] * n
            traded = [set() for _ in range(n)]
        for seat in range(n):
            events, cursors[seat] = room.events_for(seat, cursors[seat])
            state = room.state_for(seat)
            for item in (*events, state):
                if isinstance(item, (SeatExchangeStarted, SeatExchanged)) and seat in (item.loser, item.winner):
                    traded[seat] |= {c for c in (getattr(item, "card", None), getattr(item, "given", None),
                                                 getattr(item, "returned", None)) if c is not None}
                text = codec.dumps(item)
                assert codec.loads(text) == item, f"{type(item).__name__} does not round-trip"
                leaked = cards_named(item) & hidden_from(room, seat, traded[seat])
                assert not leaked, f"seat {seat} was sent {sorted(leaked)} in {type(item).__name__}"
                checked += 1
            game = room.match.game
            if game is not None and not game.is_over:
                assert not state.revealed and not state.results[len(room.match.results):]
                assert state.hand == game.hand(seat)
                if not reveal_deal:
                    assert state.deal_number is None, "the deal number names every hand"
        game = room.match.game
        if room.match.session_over:
            return checked
        if game is None or game.is_over:
            assert room.command(0, C.NextHand()) is None
            continue
        if room.computer_to_act() is not None:
            room.tick(0.0)
            room.tick(0.0)
            continue
        seat = game.exchange[1] if game.exchange is not None else game.to_act
        roll = rng.random()
        if game.exchange is not None:
            cmd = C.GiveBack(rng.choice(list(game.hand(seat))))
        elif roll < 0.05:
            cmd = C.Undo()
        elif roll < 0.1:
            cmd = C.Hint()
        elif roll < 0.12:
            cmd = C.HandToComputer()
        else:
            move = rng.choice(list(game.legal_moves()))
            cmd = C.Pass() if move == PASS else C.Play(tuple(move_cards(move)))
        refusal = room.command(seat, cmd)
        assert refusal is None or isinstance(cmd, C.Undo), refusal
    raise AssertionError("the session did not end")


@settings(max_examples=40)
@given(
    preset=st.sampled_from(preset_names()),
    n=st.integers(2, 4),
    people=st.integers(0, 4),
    seed=st.integers(0, 10**6),
    reveal_deal=st.booleans(),
)
def test_no_seat_is_sent_a_hidden_card_and_every_message_round_trips(preset, n, people, seed, reveal_deal):
    assert play_session(preset, n, min(people, n), seed, reveal_deal) > 0


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_preset_and_seat_count(preset, n):
    assert play_session(preset, n, min(2, n), 1000 + n, reveal_deal=False) > 20
