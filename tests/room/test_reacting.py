"""The characters' reactions (big2.room.reacting): as their temperament says, and the
same every time a game with the same seed is played."""

from __future__ import annotations

from big2.engine.cards import CardSet
from big2.engine.combos import Combo, Kind
from big2.engine.events import HandEnded, Played, TrickWon
from big2.room import personas
from big2.room.config import MatchConfig, SeatConfig
from big2.room.events import SeatDealt
from big2.room.link import LocalLink
from big2.room.reacting import Reactor, roll
from big2.room.room import Room


def _game(seed: int, hands: int = 2) -> list[tuple[int, int, str]]:
    """The reactions heard at seat 0 over ``hands`` hands of a computer game."""
    seats = personas.seat_configs(["beginner", "skilled", "normal", "beginner"])  # Nena, Marco, Ah Keung, Jun
    room = Room(MatchConfig(seats=seats, seed=seed, hands=hands))
    link = LocalLink(room)
    reactor = Reactor(link.state.names, link.state.people)
    heard: list[tuple[int, int, str]] = []
    for _hand in range(hands):
        room.start_hand()
        for _step in range(2000):
            for event in link.poll():
                if isinstance(event, SeatDealt):
                    reactor.hand_started(link.state.hand_number, link.state.deal_number)
                heard += [(link.state.hand_number, seat, said) for seat, said in reactor.heard(event)]
            if link.state.hand_over:
                break
            room.tick(0.0)
        assert link.state.hand_over
    return heard


def test_the_same_seed_brings_the_same_reactions_and_another_seed_others():
    first = _game(11)
    assert first, "a cheerful Nena and a showman Marco say something in two hands"
    assert _game(11) == first
    assert _game(12) != first
    # only characters with something to say for the moment speak
    names = [p.name for p in personas.pick(["beginner", "skilled", "normal", "beginner"])]
    for _hand, seat, said in first:
        assert said in personas.REACTION_IDS
        assert personas.named(names[seat]).temperament.chance > 0


def _big(seat: int) -> Played:
    cards = CardSet.parse("3d 3c 3h 4s 4d")
    return Played(seat, Combo(Kind.FULL_HOUSE, cards, 0), 8)


def test_temperaments_decide_how_often_and_what():
    names = ["You", "Nena", "Madam Wong", "Marco"]
    reactor = Reactor(names, [True, False, False, False], seed=5)
    heard: list[tuple[int, str]] = []
    for hand in range(40):
        reactor.hand_started(hand)
        heard += reactor.heard(_big(3)) + reactor.heard(TrickWon(1)) + reactor.heard(TrickWon(0))
    by_seat = {seat: [said for s, said in heard if s == seat] for seat in range(4)}
    assert by_seat[0] == [] and by_seat[2] == []  # the person, and icy Madam Wong, never
    assert set(by_seat[3]) == {"nice"}  # the showman at his own big play
    assert 40 * 0.4 < len(by_seat[3]) < 40 * 0.95  # often (0.7)
    assert "nice" in by_seat[1]  # cheerful Nena wins a trick happily, or answers Marco
    # a calm character (Mei Lin) only says good game when she loses the hand
    calm = Reactor(["You", "Mei Lin"], [True, False], seed=1)
    said = []
    for hand in range(60):
        calm.hand_started(hand)
        said += calm.heard(_big(1)) + calm.heard(TrickWon(1))
        said += calm.heard(HandEnded(0, (0, 5), (0, 5), (0, 1)))
    assert {s for _seat, s in said} == {"good_game"} and 0 < len(said) < 20


def test_a_roll_is_fixed_by_its_key():
    assert roll(1, 2, "x") == roll(1, 2, "x") and 0 <= roll(1, 2, "x") < 1
    assert roll(1, 2, "x") != roll(1, 3, "x")


def test_a_person_named_like_a_character_never_reacts():
    reactor = Reactor(["Nena", "Jun"], [True, False], seed=3)
    for hand in range(30):
        reactor.hand_started(hand)
        assert all(seat != 0 for seat, _said in reactor.heard(TrickWon(0)) + reactor.heard(_big(0)))
    assert SeatConfig("Nena", human=True).human
