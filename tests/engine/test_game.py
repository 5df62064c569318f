"""One hand: turns, tricks, checked moves with readable refusals, and events."""

from __future__ import annotations

import random

import pytest

from big2.engine import (
    PASS,
    CardParseError,
    CardSet,
    Dealt,
    Game,
    GameOver,
    HandEnded,
    IllegalMove,
    LastCard,
    NotYourTurn,
    Passed,
    Played,
    TrickWon,
    TurnStarted,
    classify,
    move_cards,
    parse_cards,
)

# West (seat 3) holds 3♦ and leads; hands are small so a hand ends quickly.
HANDS = [
    "8h 8c 5s Ks",       # South
    "4c 4h 6d 7d",       # East
    "5d 5c 2s Qh",       # North
    "3d 9s 9d",          # West
]


def snapshot(g: Game) -> tuple[object, ...]:
    return (
        tuple(g.hand(s) for s in range(g.n_players)), g.to_act, g.trick, g.trick_owner,
        g.passed, list(g.history), g.is_over, g.must_include, tuple(g.legal_moves()),
    )


def new_game() -> Game:
    return Game([parse_cards(h) for h in HANDS])


def refused(g: Game, message: str, action: object) -> None:
    before = snapshot(g)
    with pytest.raises(IllegalMove) as info:
        action()  # type: ignore[operator]
    assert str(info.value) == message
    assert snapshot(g) == before


def test_holder_of_three_of_diamonds_leads_and_must_include_it() -> None:
    g = new_game()
    assert g.to_act == 3 and g.leading and g.must_include == 0
    assert all(0 in move_cards(m) for m in g.legal_moves())
    assert PASS not in g.legal_moves()
    refused(g, "The first play must include 3♦.", lambda: g.play("9s 9d"))
    refused(g, "It is West's turn.", lambda: g.play("8h 8c", seat=0))
    refused(g, "You are leading this trick, so you cannot pass: play any combination.", g.pass_turn)
    refused(g, "You do not hold 2♠.", lambda: g.play("2s"))
    refused(g, "West does not hold 2♠.", lambda: g.play("2s", seat=3))
    refused(g, "3♦ 9♦ is not a pair: both cards must have the same rank.", lambda: g.play("3d 9d"))
    refused(g, "Choose the cards to play.", lambda: g.play([]))


def test_a_whole_trick_with_the_issue_sentences() -> None:
    g = new_game()
    events = g.play("3d")
    assert events == (Played(3, classify("3d"), 2), TurnStarted(0, False))  # type: ignore[arg-type]
    assert g.pass_turn() == (Passed(0), TurnStarted(1, False))
    g.pass_turn()
    # Passing does not stop you playing later in the same trick: South passed already.
    events = g.pass_turn()
    assert events == (Passed(2), TrickWon(3), TurnStarted(3, True))
    assert g.leading and g.to_act == 3 and g.passed == frozenset()
    g.play("9s 9d")
    assert len(g.hand(3)) == 0
    assert g.is_over and g.winner == 3


def test_following_errors() -> None:
    g = Game([parse_cards(h) for h in ["8h 8c 5s Ks", "4c 4h 6d 7d", "5d 5c 2s Qh", "3d 9s 9d Ac"]])
    g.play("3d")
    for _ in range(3):
        g.pass_turn()
    g.play("9s 9d")
    assert g.trick is not None and g.trick_owner == 3
    refused(g, "8♥ 8♣ does not beat 9♠ 9♦.", lambda: g.play("8h 8c"))
    refused(g, "Play 2 cards or pass.", lambda: g.play("Ks"))
    refused(g, "Choose the cards to play, or pass.", lambda: g.play([]))
    with pytest.raises(CardParseError):
        g.play("9x")
    assert g.pass_turn()[0] == Passed(0)
    refused(g, "4♥ 4♣ does not beat 9♠ 9♦.", lambda: g.play("4c 4h"))
    g.pass_turn()
    g.pass_turn()
    assert g.to_act == 3 and g.leading


def test_last_card_and_hand_end_events() -> None:
    g = Game([parse_cards(h) for h in ["3d 4d", "5d 6d", "7d 8d", "9d Td"]])
    assert g.play("3d") == (Played(0, classify("3d"), 1), LastCard(0), TurnStarted(1, False))  # type: ignore[arg-type]
    g.play("5d")
    g.play("7d")
    g.play("9d")
    g.pass_turn()
    g.pass_turn()
    g.pass_turn()
    events = g.play("Td")
    assert events[0] == Played(3, classify("Td"), 0)  # type: ignore[arg-type]
    assert events[-1] == HandEnded(3, (1, 1, 1, 0), (-1, -1, -1, 0), (3,))
    refused(g, "The hand is over: West went out.", g.pass_turn)
    assert isinstance(pytest.raises(GameOver, g.pass_turn).value, IllegalMove)
    assert len(g.legal_moves()) == 0


def test_not_your_turn_is_an_illegal_move() -> None:
    g = new_game()
    with pytest.raises(NotYourTurn):
        g.pass_turn(seat=1)


def test_start_events_show_the_deal() -> None:
    g = Game.deal(random.Random(7))
    dealt, turn = g.start_events()
    assert isinstance(dealt, Dealt) and isinstance(turn, TurnStarted)
    assert [len(h) for h in dealt.hands] == [13] * 4
    assert 0 in dealt.hands[dealt.first] and turn.seat == dealt.first and turn.leading


def test_same_seed_same_deal() -> None:
    a, b = Game.deal(random.Random(123)), Game.deal(random.Random(123))
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    c = Game.deal(random.Random(124))
    assert [a.hand(s) for s in range(4)] != [c.hand(s) for s in range(4)]


def test_make_and_apply_agree() -> None:
    rng = random.Random(3)
    g = Game.deal(random.Random(99))
    h = g.copy()
    while not g.is_over:
        moves = g.legal_moves()
        m = moves[rng.randrange(len(moves))]
        g.make(m)
        h.apply(m)
        assert snapshot(g) == snapshot(h)


@pytest.mark.parametrize(
    "hands, error",
    [
        (["3d 4d", "3d 5d"], "dealt twice"),
        (["3d"], "2, 3 or 4 players"),
        (["3d", ""], "at least one card"),
    ],
)
def test_bad_deals_are_refused(hands: list[str], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        Game([parse_cards(h) if h else CardSet() for h in hands])


def test_from_position_rebuilds_a_mid_hand_state() -> None:
    g = Game.deal(random.Random(11))
    rng = random.Random(5)
    for _ in range(9):
        moves = g.legal_moves()
        g.apply(moves[rng.randrange(len(moves))])
    if g.is_over:
        pytest.skip("hand ended early")
    h = Game.from_position(
        [g.hand(s) for s in range(4)], to_act=g.to_act, trick=g.trick_move,
        trick_owner=g.trick_owner, passed=sorted(g.passed),
        played=[g.played_by(s) for s in range(4)], must_include=g.must_include,
    )
    assert list(h.legal_moves()) == list(g.legal_moves())
    assert h.passed == g.passed and h.trick == g.trick and h.card_counts == g.card_counts
    with pytest.raises(ValueError, match="owner"):
        Game.from_position([g.hand(s) for s in range(4)], to_act=0, trick=h.legal_moves()[0] or 1, trick_owner=0)
