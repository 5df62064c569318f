"""The card tracker shows only what its seat could know, under every preset."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from big2.ai import PlayerView
from big2.ai.tracker import track
from big2.engine import PRESETS, CardSet, Game, Leftovers, parse_cards
from big2.engine.cards import FULL_MASK, SUIT_CHARS


def _position(number: int, preset: str, players: int, steps: int, chooser: int) -> Game:
    rules = PRESETS[preset].rules
    if rules.cards_per_player * players > 52:
        rules = PRESETS["standard"].rules
    game = Game.deal(number, rules=rules, players=players)
    if game.exchange is not None:
        game.give_back(game.suggest_give_back())
    rng = random.Random(chooser)
    for _ in range(steps):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.make(moves[rng.randrange(len(moves))])
    return game


def _hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """The same public position with the hidden cards (other hands, stock) moved around."""
    other = game.copy()
    hidden = [c for s in range(game.n_players) if s != seat for c in game.hand(s)]
    hidden += list(game._stock)  # noqa: SLF001 - the test reaches in to move hidden cards
    rng.shuffle(hidden)
    hands = list(other._hands)  # noqa: SLF001
    i = 0
    for s in range(game.n_players):
        if s != seat:
            k = len(game.hand(s))
            mask = 0
            for c in hidden[i:i + k]:
                mask |= 1 << c
            hands[s] = mask
            i += k
    other._hands = hands  # noqa: SLF001
    other._stock = hidden[i:]  # noqa: SLF001
    return other


@settings(max_examples=120, deadline=None)
@given(
    number=st.integers(0, 2**32 - 1), preset=st.sampled_from(sorted(PRESETS)),
    players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 50), chooser=st.integers(0, 999),
)
@example(number=7, preset="standard", players=2, steps=0, chooser=0)
@example(number=7, preset="big-2", players=3, steps=10, chooser=1)
def test_the_tracker_never_shows_a_card_the_seat_could_not_know(
    number: int, preset: str, players: int, steps: int, chooser: int
) -> None:
    game = _position(number, preset, players, steps, chooser)
    for seat in range(players):
        tracker = track(PlayerView.from_game(game, seat))
        # the same answer whatever the hidden cards are: it cannot reveal them
        for trial in range(3):
            moved = _hide_differently(game, seat, random.Random(trial))
            assert track(PlayerView.from_game(moved, seat)) == tracker
        own = game.hand(seat).mask
        played = 0
        for s in range(players):
            played |= game.played_by(s).mask
        hidden = FULL_MASK & ~own & ~played
        assert tracker.unseen.mask == hidden
        assert tracker.in_other_hands == sum(len(game.hand(s)) for s in range(players) if s != seat)
        in_hands = sum(len(game.hand(s)) for s in range(players))
        assert tracker.out_of_play == 52 - in_hands - played.bit_count()
        # the grid: every card once, rows 2 down to 3, columns in the preset's suit order
        rows = tracker.rows()
        cells = [cell for row in rows for cell in row.cells]
        assert sorted(c.card for c in cells) == list(range(52))
        assert {c.card for c in cells if c.unseen} == set(tracker.unseen)
        assert [row.name for row in rows][:2] == ["2", "A"]
        order = game.rules.suit_order
        assert [c.card & 3 for c in rows[0].cells] == [SUIT_CHARS.index(s) for s in order]


def test_unused_cards_in_a_two_player_game_are_counted_not_named() -> None:
    rules = PRESETS["standard"].rules
    assert rules.leftovers is Leftovers.UNUSED
    game = Game.deal(99, rules=rules, players=2)
    tracker = track(PlayerView.from_game(game, 0))
    assert len(tracker.unseen) == 39 and tracker.in_other_hands == 13
    assert tracker.out_of_play == 26
    assert str(tracker.summary()) == "39 cards not seen yet; 26 of them are not in anyone's hand."


def test_rows_say_what_unseen_cards_could_still_form() -> None:
    rules = PRESETS["taiwan"].rules  # no triples in this deck
    view = PlayerView.from_values(seat=0, hand=parse_cards("2s 2h Ac"), counts=[3, 13, 13, 13],
                                  played=["", "Ks", "", ""], rules=rules, to_act=1)
    rows = {row.name: row for row in track(view).rows()}
    assert rows["2"].unseen == 2 and rows["2"].could_form == "pair"
    assert rows["A"].unseen == 3 and rows["A"].could_form == "pair"  # no triples in Taiwan
    assert rows["K"].unseen == 3
    assert rows["Q"].could_form == "four"
    standard = track(PlayerView.from_values(seat=0, hand=parse_cards("Ac"), counts=[1, 13, 13, 13]))
    assert {r.name: r for r in standard.rows()}["A"].could_form == "triple"
    assert CardSet.parse("Ac") <= CardSet.full_deck() - standard.unseen
