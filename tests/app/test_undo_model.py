"""Undo in the room: a person's Play or Pass is recorded, ``Undo`` takes the hand back to
that decision, and the computers play on exactly as they did. Everything goes through the
room's commands (and ``tick`` for the computers), as a table or a server would."""

from __future__ import annotations

from big2.room import commands as cmd
from big2.room.config import MatchConfig, SeatConfig, default_seats
from big2.room.events import HandScored, MoveUndone
from big2.room.match import Match
from big2.room.room import Room
from big2.engine import PASS
from big2.engine.combos import move_cards


def _state(game):
    return (
        [sorted(game.hand(s)) for s in range(game.n_players)], list(game.history), game.to_act,
        game.trick_move, game.trick_owner, game.passed, [sorted(game.played_by(s)) for s in range(game.n_players)],
    )


def _room(config: MatchConfig) -> Room:
    room = Room(config)  # its computers think in this thread (InlineBrain)
    assert room.command(0, cmd.NextHand()) is None
    return room


def _computers_play(room: Room) -> list:
    """Give the computers time until a person is to act (or the hand is over); the moves
    they made, in order."""
    before = len(room.match.game.history)
    now = 0.0
    for _ in range(200):
        if room.computer_to_act() is None:
            break
        room.tick(now)
        now += 1.0
    assert room.computer_to_act() is None, "the computers stalled"
    return list(room.match.game.history[before:])


def _command_for(move) -> cmd.Play | cmd.Pass:
    return cmd.Pass() if move == PASS else cmd.Play(tuple(move_cards(move)))


def _person_moves(room: Room, k: int):
    legal = [m for m in room.match.game.legal_moves() if m != PASS] or [PASS]
    return legal[k % len(legal)]


def _undone(room: Room) -> list[MoveUndone]:
    return [e for e in room.log if isinstance(e, MoveUndone)]


def test_undo_takes_back_several_decisions_and_the_computers_play_on_identically() -> None:
    # beginners draw on their generators: a replay only matches if undo restores them
    seats = (SeatConfig("You", human=True),
             *(SeatConfig(n, human=False, level="beginner") for n in ("East", "North", "West")))
    room = _room(MatchConfig(seats=seats, seed=11, hands=1))
    match = room.match
    _computers_play(room)
    states, replies, mine = [], [], []
    for step in range(3):
        if match.game.is_over:
            break
        assert match.game.to_act == 0
        states.append(_state(match.game))
        move = _person_moves(room, step)
        mine.append(move)
        assert room.command(0, _command_for(move)) is None
        replies.append(_computers_play(room))
    assert room.state_for(0).undo_steps == len(states) >= 2 and not match.assisted
    # two steps back: the table is exactly as it was before the second-last decision
    assert room.command(0, cmd.Undo()) is None
    assert _state(match.game) == states[-1]
    assert room.state_for(0).undo_steps == len(states) - 1
    assert room.command(0, cmd.Undo()) is None
    assert _state(match.game) == states[-2] and match.assisted
    assert match.session.current is match.game
    # the seats heard of it: who took back, and how far
    undone = _undone(room)
    assert [(e.seat, e.moves) for e in undone] == [(0, len(states[-1][1])), (0, len(states[-2][1]))]
    assert undone[-1].steps_left == len(states) - 2 == room.state_for(0).undo_steps
    # the same moves again: the computers answer exactly as before
    for move, reply in zip(mine[-2:], replies[-2:]):
        assert room.command(0, _command_for(move)) is None
        assert _computers_play(room) == reply


def test_nothing_to_undo_leaves_the_table_alone() -> None:
    room = _room(MatchConfig(seed=3))
    _computers_play(room)
    before, log = _state(room.match.game), len(room.log)
    refusal = room.command(0, cmd.Undo())
    assert isinstance(refusal, cmd.Refusal)
    assert str(refusal) == "There is no move of yours to take back in this hand."
    assert _state(room.match.game) == before and len(room.log) == log and not room.match.assisted


def test_hot_seat_undo_is_off_unless_chosen() -> None:
    seats = (SeatConfig("Ann", human=True), SeatConfig("Bo", human=True), *default_seats(4)[2:])
    for chosen in (False, True):
        room = _room(MatchConfig(seats=seats, seed=5, undo_hot_seat=chosen))
        _computers_play(room)
        seat = room.match.game.to_act
        assert room.state_for(seat).undo_allowed is chosen
        before = _state(room.match.game)
        assert room.command(seat, _command_for(_person_moves(room, 0))) is None
        after = _state(room.match.game)
        refusal = room.command(seat, cmd.Undo())
        if chosen:
            assert refusal is None and _state(room.match.game) == before and room.match.assisted
        else:
            assert isinstance(refusal, cmd.Refusal) and str(refusal).startswith("Undo is off at this table")
            assert _state(room.match.game) == after and not room.match.assisted and not _undone(room)


def test_a_new_hand_forgets_the_steps_and_the_assist() -> None:
    room = _room(MatchConfig(seed=8, hands=2))
    match = room.match
    _computers_play(room)
    assert room.command(0, _command_for(_person_moves(room, 0))) is None
    assert room.command(0, cmd.Undo()) is None
    assert match.assisted
    # play the hand out: the person's lowest legal moves, the computers' own
    for _ in range(200):
        if match.game.is_over:
            break
        if match.game.to_act == 0:
            assert room.command(0, _command_for(match.game.legal_moves()[0])) is None
        _computers_play(room)
    scored = [e for e in room.log if isinstance(e, HandScored)]
    assert len(scored) == 1
    result = scored[0].result
    assert result.assisted and result.deal_number == match.session.records[-1].deal_number
    assert room.command(0, cmd.NextHand()) is None
    assert not match.assisted and len(match.undo) == 0 and room.state_for(0).undo_steps == 0


def test_play_a_deal_deals_that_number_first() -> None:
    from big2.engine import Game

    room = _room(MatchConfig(deal=1_234_567, hands=2))
    match = room.match
    again = Game.deal(1_234_567, players=4)
    assert [match.game.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]
    assert match.deal_number == 1_234_567 and room.state_for(0).deal_number == 1_234_567
    other = Match(MatchConfig(deal=1_234_567, hands=2))
    assert [r.getstate() for r in other.ai_rngs] == [r.getstate() for r in Match(MatchConfig(deal=1_234_567)).ai_rngs]
