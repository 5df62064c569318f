"""The guided first game's script is a legal hand that ends with the person going out,
played through the lesson's room: the person's seat sends the lesson's plays, the
scripted computers answer."""

from __future__ import annotations

from big2.app.guide.lessonroom import lesson_link
from big2.app.guide.tutorial import STEPS, Tutorial
from big2.engine import CardSet
from big2.room import commands as cmd


def test_the_script_is_a_legal_hand_the_person_wins() -> None:
    link = lesson_link()
    room = link.room
    tutorial = Tutorial(lambda: link.state)
    assert link.send(cmd.NextHand()) is None
    state = link.state
    assert state.to_act == 0 and len(state.hand) == 13 and state.counts == (13, 13, 13, 13)
    for _ in range(len(STEPS) * 3):
        if tutorial.finished:
            break
        seat, cards = tutorial.expected()
        assert link.state.to_act == seat
        if seat == 0:
            assert tutorial.check(cards) is None and tutorial.lesson()
            assert link.send(cmd.Play(tuple(cards)) if cards else cmd.Pass()) is None
        else:
            room.tick(0.0)  # asks the script
            room.tick(0.0)  # and plays it
            link.poll()
            made = link.state.history[-1]
            assert made[0] == seat and (made[1] & ((1 << 52) - 1)) == cards.mask
    assert link.state.winner == 0 and len(link.state.history) == len(STEPS)
    assert tutorial.lesson().startswith("You went out first")


def test_other_plays_are_refused_with_the_lessons_sentence() -> None:
    link = lesson_link()
    link.send(cmd.NextHand())
    tutorial = Tutorial(lambda: link.state)
    assert tutorial.check(CardSet.parse("3d")) == "In this lesson, play 3♦ 3♠: press H to lift it, then Enter."
    assert tutorial.check(CardSet()) is not None
    lessons = " ".join(s.lesson for s in STEPS)
    for topic in ("rank", "♦ < ♣ < ♥ < ♠", "lowest card", "pair", "Following", "pass", "Control",
                  "straight", "flush", "full house", "triple", "Singles", "Finishing"):
        assert topic in lessons, topic
