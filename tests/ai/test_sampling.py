"""Sampled worlds agree with everything the seat has seen."""

from __future__ import annotations

import random

from big2.ai import PlayerView
from big2.ai.sampling import Sampler, pass_notes
from big2.engine import PASS, Game, classify, parse_cards


def test_worlds_keep_counts_and_never_hold_seen_cards() -> None:
    rng = random.Random(2)
    for seed in range(20):
        game = Game.deal(random.Random(seed), players=2 + seed % 3)
        for _ in range(seed * 2):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.apply(moves[rng.randrange(len(moves))])
        if game.is_over:
            continue
        view = PlayerView.from_game(game, game.to_act)
        sampler = Sampler(view)
        for _ in range(5):
            hands, stock = sampler.draw(rng)
            assert hands[view.seat] == view.hand.mask
            seen = view.hand.mask | view.played_mask
            taken = 0
            for s, h in enumerate(hands):
                assert h.bit_count() == view.counts[s]
                if s != view.seat:
                    assert h & seen == 0
                assert h & taken == 0
                taken |= h
            assert len(stock) == view.stock_size


def test_a_pass_on_a_single_makes_a_spare_higher_card_unlikely() -> None:
    # North (2) passed on East's 9♠: a lone 10, J, Q, K or A would have beaten it, so
    # worlds giving North such a spare card are drawn less often.
    played = parse_cards("9s")
    nine = classify(played)
    assert nine is not None
    view = PlayerView.from_values(
        seat=3, hand="3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd 3c 4c", counts=[13, 12, 13, 13],
        played=["", played, "", ""], trick=nine.move, trick_owner=1, passed=[2],
        to_act=3, history=[(1, nine.move), (2, PASS)],
    )
    notes = pass_notes(view)
    assert [(n.seat, n.trick) for n in notes] == [(2, nine.move)]
    strong = Sampler(view, pass_weight=0.05)
    flat = Sampler(view, pass_weight=1.0)
    rng = random.Random(5)

    def lone_high(hand: int) -> bool:
        for r in range(7, 12):  # ranks 10..A: a lone one beats 9♠
            if ((hand >> (4 * r)) & 15).bit_count() == 1:
                return True
        return False

    a = sum(lone_high(strong.draw(rng)[0][2]) for _ in range(300))
    b = sum(lone_high(flat.draw(rng)[0][2]) for _ in range(300))
    assert a < b
