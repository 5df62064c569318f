"""The guided first game's script is a legal hand that ends with the person going out."""

from __future__ import annotations

from big2.app.guide.tutorial import STEPS, Tutorial, new_game
from big2.engine import PASS, CardSet
from big2.engine.cards import FULL_MASK


def test_the_script_is_a_legal_hand_the_person_wins() -> None:
    game = new_game()
    tutorial = Tutorial(game)
    assert game.to_act == 0 and all(len(game.hand(s)) == 13 for s in range(4))
    while not tutorial.finished:
        seat, cards = tutorial.expected()
        assert game.to_act == seat
        if seat == 0:
            assert tutorial.check(cards) is None and tutorial.lesson()
            game.play(cards, seat=0) if cards else game.pass_turn(seat=0)
        else:
            move = tutorial.computer_move()
            assert (move & FULL_MASK) == cards.mask or (move == PASS and not cards)
            game.make(move, seat=seat)
    assert game.winner == 0 and len(game.history) == len(STEPS)
    assert tutorial.lesson().startswith("You went out first")


def test_other_plays_are_refused_with_the_lessons_sentence() -> None:
    tutorial = Tutorial(new_game())
    assert tutorial.check(CardSet.parse("3d")) == "In this lesson, play 3♦ 3♠: press H to lift it, then Enter."
    assert tutorial.check(CardSet()) is not None
    lessons = " ".join(s.lesson for s in STEPS)
    for topic in ("rank", "♦ < ♣ < ♥ < ♠", "lowest card", "pair", "Following", "pass", "Control",
                  "straight", "flush", "full house", "triple", "Singles", "Finishing"):
        assert topic in lessons, topic
