"""Undo's model: back to a person's decision, and the computers replay identically."""

from __future__ import annotations

from big2.ai import PlayerView
from big2.room.config import MatchConfig, SeatConfig, default_seats
from big2.room.match import Match
from big2.app.table.opponents import decide
from big2.engine import PASS, HandEnded


def _state(game):
    return (
        [sorted(game.hand(s)) for s in range(game.n_players)], list(game.history), game.to_act,
        game.trick_move, game.trick_owner, game.passed, [sorted(game.played_by(s)) for s in range(game.n_players)],
    )


def _computers_play(match: Match) -> list:
    """Let the computers move (as the table's Thinker does) until the person is to act."""
    game, moves = match.game, []
    while not game.is_over and not match.is_human(game.to_act):
        seat = game.to_act
        seed = match.ai_rngs[seat].getrandbits(64)
        move = decide(PlayerView.from_game(game, seat), match.level(seat), seed)
        game.make(move, seat=seat)
        moves.append((seat, move))
    return moves


def _person_moves(match: Match, k: int):
    legal = [m for m in match.game.legal_moves() if m != PASS] or [PASS]
    return legal[k % len(legal)]


def test_undo_takes_back_several_decisions_and_the_computers_play_on_identically() -> None:
    match = Match(MatchConfig(seed=11, hands=1))
    match.new_hand()
    _computers_play(match)
    states, replies, mine = [], [], []
    for step in range(3):
        if match.game.is_over:
            break
        states.append(_state(match.game))
        match.undo.record(match, match.game.to_act)
        move = _person_moves(match, step)
        mine.append(move)
        match.game.make(move, seat=0)
        replies.append(_computers_play(match))
    assert len(match.undo) == len(states) >= 2 and not match.assisted
    # two steps back: the table is exactly as it was before the second-last decision
    match.undo.undo(match)
    assert _state(match.game) == states[-1]
    match.undo.undo(match)
    assert _state(match.game) == states[-2] and match.assisted
    assert match.session.current is match.game
    # the same moves again: the computers answer exactly as before
    for move, reply in zip(mine[-2:], replies[-2:]):
        match.undo.record(match, match.game.to_act)
        match.game.make(move, seat=0)
        assert _computers_play(match) == reply


def test_nothing_to_undo_leaves_the_table_alone() -> None:
    match = Match(MatchConfig(seed=3))
    match.new_hand()
    before = _state(match.game)
    assert match.undo.undo(match) is None and _state(match.game) == before and not match.assisted


def test_hot_seat_undo_is_off_unless_chosen() -> None:
    seats = (SeatConfig("Ann", human=True), SeatConfig("Bo", human=True), *default_seats(4)[2:])
    for chosen in (False, True):
        match = Match(MatchConfig(seats=seats, seed=5, undo_hot_seat=chosen))
        match.new_hand()
        _computers_play(match)
        match.undo.record(match, match.game.to_act)
        assert match.undo.can_undo(match) is chosen


def test_a_new_hand_forgets_the_steps_and_the_assist() -> None:
    match = Match(MatchConfig(seed=8, hands=2))
    match.new_hand()
    _computers_play(match)
    match.undo.record(match, match.game.to_act)
    match.undo.undo(match)
    assert match.assisted
    game = match.game
    events = ()
    while not game.is_over:
        events = game.make(game.legal_moves()[0])
    result = match.record(next(e for e in events if isinstance(e, HandEnded)))
    assert result.assisted and result.deal_number == match.session.records[-1].deal_number
    match.new_hand()
    assert not match.assisted and len(match.undo) == 0


def test_play_a_deal_deals_that_number_first() -> None:
    from big2.engine import Game

    match = Match(MatchConfig(deal=1_234_567, hands=2))
    match.new_hand()
    again = Game.deal(1_234_567, players=4)
    assert [match.game.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]
    assert match.deal_number == 1_234_567
    other = Match(MatchConfig(deal=1_234_567, hands=2))
    assert [r.getstate() for r in other.ai_rngs] == [r.getstate() for r in Match(MatchConfig(deal=1_234_567)).ai_rngs]
