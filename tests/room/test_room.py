"""The room's commands: refusals change nothing, undo, the computer taking a seat,
the next hand, the withheld deal number, a failing computer."""

from __future__ import annotations

from concurrent.futures import Future

from big2.engine.combos import PASS, move_cards
from big2.persistence.gamecodec import game_to_dict
from big2.room import codec
from big2.room import commands as C
from big2.room.config import MatchConfig, SeatConfig
from big2.room.events import ComputerStumbled, HandScored, HintGiven, MoveUndone, SeatHanded
from big2.room.link import LocalLink
from big2.room.room import Room


def solo(seed: int = 7, **kw) -> tuple[Room, LocalLink]:
    room = Room(MatchConfig(seed=seed, **kw))
    link = LocalLink(room)
    room.start_hand()
    return room, link


def until_my_turn(room: Room, link: LocalLink) -> None:
    for _ in range(200):
        link.poll()
        if link.state.my_turn:
            return
        room.tick(0.0)
    raise AssertionError("the person's turn never came")


def test_a_refused_command_changes_nothing_and_says_why():
    room, link = solo()
    until_my_turn(room, link)
    before = (game_to_dict(room.match.game), len(room.log), codec.dumps(link.state))
    not_held = next(c for c in range(52) if c not in link.state.hand)
    refusal = link.send(C.Play((not_held,)))
    assert isinstance(refusal, C.Refusal) and "hold" in str(refusal.message)
    other = (link.seat + 1) % 4
    assert room.command(other, C.Pass()) is not None  # a computer's seat: not the person's to move
    assert room.command(9, C.Pass()) is not None
    assert (game_to_dict(room.match.game), len(room.log), codec.dumps(link.state)) == before


def test_undo_goes_back_to_the_persons_decision():
    room, link = solo(seed=11)
    until_my_turn(room, link)
    while room.match.game.no_legal_play:  # a forced pass is no decision: nothing to go back to
        assert link.send(C.Pass()) is None and link.state.undo_steps == 0
        until_my_turn(room, link)
    mine = link.state
    move = next(m for m in room.match.game.legal_moves())
    assert link.send(C.Play(tuple(move_cards(move))) if move != PASS else C.Pass()) is None
    for _ in range(6):
        room.tick(0.0)
    assert link.state.undo_steps == 1
    assert link.send(C.Undo()) is None
    events = link.poll()
    assert isinstance(events[-1], MoveUndone) and events[-1].seat == link.seat
    state = link.state
    assert state.hand == mine.hand and state.history == mine.history and state.my_turn
    assert isinstance(link.send(C.Undo()), C.Refusal)  # nothing more to take back


def test_the_computer_takes_a_seat_and_the_hand_ends_scored():
    room, link = solo(seed=3)
    until_my_turn(room, link)
    assert link.send(C.HandToComputer()) is None
    assert link.seat in link.state.by_computer
    seen = []
    for _ in range(400):
        seen += link.poll()
        if link.state.hand_over:
            break
        room.tick(0.0)
    seen += link.poll()
    assert any(isinstance(e, SeatHanded) for e in seen)
    scored = [e for e in seen if isinstance(e, HandScored)]
    assert len(scored) == 1 and scored[0].result.number == 1
    assert link.state.results == (scored[0].result,)
    assert link.send(C.NextHand()) is None
    assert link.state.hand_number == 2 and link.seat not in link.state.by_computer


def test_the_deal_number_is_withheld_until_the_hand_is_scored():
    room = Room(MatchConfig(seats=(SeatConfig("A", True), SeatConfig("B", True), SeatConfig("C", False)), seed=5),
                reveal_deal=False)
    room.start_hand()
    assert room.state_for(0).deal_number is None and room.state_for(1).deal_number is None
    for _ in range(500):
        game = room.match.game
        if game.is_over:
            break
        seat = game.exchange[1] if game.exchange else game.to_act
        if room.is_person(seat):
            room.command(seat, C.HandToComputer())
        room.tick(0.0)
    assert room.match.game.is_over
    assert room.state_for(0).deal_number == room.match.results[-1].deal_number is not None


def test_a_hint_reaches_only_the_seat_that_asked():
    room = Room(MatchConfig(seats=(SeatConfig("A", True), SeatConfig("B", True)), seed=2))
    room.start_hand()
    seat = room.match.game.to_act
    assert room.command(seat, C.Hint()) is None
    mine, _ = room.events_for(seat, 0)
    theirs, _ = room.events_for(1 - seat, 0)
    assert any(isinstance(e, HintGiven) for e in mine)
    assert not any(isinstance(e, HintGiven) for e in theirs)


class BrokenBrain:
    def think(self, view, level, seed):
        fut: Future = Future()
        fut.set_exception(RuntimeError("the worker died"))
        return fut

    def shutdown(self):
        pass


def test_a_failing_computer_is_stood_in_for_and_the_game_goes_on():
    told = []
    room = Room(MatchConfig(seed=4), brain=BrokenBrain(), on_stumble=lambda *a: told.append(a))
    link = LocalLink(room)
    room.start_hand()
    until_my_turn(room, link) if room.match.game.to_act != 0 else None
    link.send(C.HandToComputer())
    for _ in range(400):
        if room.match.game.is_over:
            break
        room.tick(0.0)
    assert room.match.game.is_over
    assert told and told[0][2:] == ("normal", "beginner")
    assert any(isinstance(e, ComputerStumbled) for e in link.poll())


def test_no_position_is_kept_for_undo_where_undo_is_off():
    seats = (SeatConfig("A", True), SeatConfig("B", True), SeatConfig("C", False), SeatConfig("D", False))
    room = Room(MatchConfig(seats=seats, seed=9))  # several people, undo not chosen
    room.start_hand()
    for _ in range(60):
        game = room.match.game
        if game.is_over:
            break
        seat = game.to_act
        if room.is_person(seat):
            move = next(iter(game.legal_moves()))
            room.command(seat, C.Play(tuple(move_cards(move))) if move != PASS else C.Pass())
        else:
            room.tick(0.0)
    assert len(room.match.undo) == 0 and room.state_for(0).undo_steps == 0
    assert isinstance(room.command(0, C.Undo()), C.Refusal)
