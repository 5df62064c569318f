"""Engine messages: stable ids with parameters, English by default, carried by refusals."""

from __future__ import annotations

import random

import pytest

from big2.engine import Game, GameOver, IllegalMove, Message, NotYourTurn, msg, msg_n, msg_p


def test_a_message_is_its_english_sentence() -> None:
    m = msg("It is {name}'s turn.", name="Mei")
    assert str(m) == "It is Mei's turn." and m.id == "It is {name}'s turn."
    assert m == msg("It is {name}'s turn.", name="Mei") and hash(m) == hash(msg("It is {name}'s turn.", name="Mei"))
    assert m.kwargs == {"name": "Mei"}


def test_plural_messages_choose_the_english_form_and_offer_n() -> None:
    left = lambda n: msg_n("{n} card left", "{n} cards left", n, who="Mei")  # noqa: E731
    assert [str(left(n)) for n in (0, 1, 2, 1000)] == [
        "0 cards left", "1 card left", "2 cards left", "1,000 cards left"]
    assert left(2).kwargs == {"n": 2, "who": "Mei"}
    with pytest.raises(ValueError):
        Message("x", plural="xs")


def test_nested_messages_and_contexts() -> None:
    m = msg("{who} passes.", who=msg_p("seat", "South"))
    assert str(m) == "South passes." and m.kwargs["who"] == Message("South", context="seat")
    assert m.format(lambda inner: inner.id.upper()) == "SOUTH passes."
    with pytest.raises(TypeError):
        msg("{x}", x=1.5)  # type: ignore[arg-type]


def test_refusals_carry_their_message() -> None:
    game = Game.deal(random.Random(3))
    with pytest.raises(IllegalMove) as leading:
        game.pass_turn()
    assert leading.value.message == msg(
        "You are leading this trick, so you cannot pass: play any combination.")
    assert str(leading.value) == str(leading.value.message)
    someone_else = (game.to_act + 1) % game.n_players
    with pytest.raises(NotYourTurn) as turn:
        game.pass_turn(seat=someone_else)
    assert turn.value.message == msg("It is {name}'s turn.", name=game.names[game.to_act])
    with pytest.raises(IllegalMove) as empty:
        game.play([])
    assert empty.value.message.id == "Choose the cards to play."


def test_a_plain_text_refusal_still_has_a_message() -> None:
    error = IllegalMove("Not now.")
    assert error.message == Message("Not now.") and str(error) == "Not now."
    assert isinstance(GameOver(msg("The hand is over: {name} went out.", name="Mei")).message, Message)
