"""Sampled worlds agree with everything the seat has seen."""

from __future__ import annotations

import random

from big2.ai import PlayerView
from big2.ai.sampling import Sampler, lead_notes, pass_notes
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


def _led_eight_view() -> PlayerView:
    """West (0) opened with 3♦, everyone passed, and West then led 8♠ (9 cards) with nobody close
    to going out: a planning player leads its weakest combination, so West probably held
    no lone card below the 8 and no pair."""
    three, eight = classify(parse_cards("3d")), classify(parse_cards("8s"))
    assert three is not None and eight is not None
    return PlayerView.from_values(
        seat=1, hand="4d 5c 6h 7d 9c Tc Jh Qh Ks Ac 2d 3c 5d", counts=[8, 13, 13, 13],
        played=[parse_cards("3d 8s"), "", "", ""], trick=eight.move, trick_owner=0, passed=[],
        to_act=1,
        history=[(0, three.move), (1, PASS), (2, PASS), (3, PASS), (0, eight.move)],
    )


def test_a_free_lead_of_a_single_makes_lower_spare_cards_and_pairs_unlikely() -> None:
    view = _led_eight_view()
    notes = lead_notes(view)
    assert [(n.seat, n.size) for n in notes] == [(0, 1)]  # the opening lead says nothing
    sampler = Sampler(view, lead_weight=0.25, pass_weight=1.0, play_weight=1.0)
    rest = [c for c in range(52) if view.unseen_mask >> c & 1]

    def world(west: str) -> list[int]:
        w = parse_cards(west).mask
        others = [c for c in rest if not w >> c & 1]
        return [w, view.hand.mask, sum(1 << c for c in others[:13]),
                sum(1 << c for c in others[13:26])]

    # Cards above the 8, no two of a rank but the 2s: the lead explained.
    assert sampler.weight(world("9d Th Jd Qd Kd Ah 2c 2h")) == 1.0
    assert sampler.weight(world("4c Th Jd Qd Kd Ah 2c 2h")) == 0.25  # a lone 4
    assert sampler.weight(world("9d 9h Jd Qd Kd Ah 2c 2h")) == 0.25  # a pair of 9s
    assert sampler.weight(world("8d Th Jd Qd Kd Ah 2c 2h")) == 0.25  # broke a pair of 8s


def test_leads_with_a_2_or_that_nothing_can_beat_say_nothing() -> None:
    three, two = classify(parse_cards("3d")), classify(parse_cards("2s"))
    assert three is not None and two is not None
    view = PlayerView.from_values(
        seat=1, hand="4d 5c 6h 7d 9c Tc Jh Qh Ks Ac 2d 3c 5d", counts=[11, 13, 13, 13],
        played=[parse_cards("3d 2s"), "", "", ""], trick=two.move, trick_owner=0, passed=[],
        to_act=1,
        history=[(0, three.move), (1, PASS), (2, PASS), (3, PASS), (0, two.move)],
    )
    assert lead_notes(view) == []
