"""Chips: Low On Cash in seed 000's settling order, the rake, tournaments."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from big2.engine.chips import (
    ChipSettlement,
    Tournament,
    payment_order,
    settle_chips,
    settling_pairs,
)
from big2.engine.scoring import HandOutcome, Payment, score_breakdown, scoring_preset

from .test_scoring import any_scheme, outcomes

# Seed 000's example: A 3, B 0 (winner), C 1, D 4; play to the left, A B C D round the table.
EXAMPLE = score_breakdown(HandOutcome((3, 0, 1, 4), 1), scoring_preset("pairwise"))
A, B, CC, D = 0, 1, 2, 3


def test_payment_order_follows_seed_000() -> None:
    order = payment_order(B, 4)
    assert order == (B, CC, D, A)
    # "B vs C, B vs D, B vs A, C vs D, C vs A, D vs A".
    assert settling_pairs(order) == ((B, CC), (B, D), (B, A), (CC, D), (CC, A), (D, A))
    assert payment_order(1, 4, step=-1) == (1, 0, 3, 2)
    assert payment_order(2, 3) == (2, 0, 1)
    with pytest.raises(ValueError):
        payment_order(4, 4)


def test_rich_table_pays_in_full() -> None:
    result = settle_chips([50] * 4, EXAMPLE.payments, order=payment_order(B, 4))
    assert result.changes == (-4, 8, 4, -8)
    assert result.unpaid == () and result.rake == (0, 0, 0, 0)
    # Transfers go in settling order: B's pairs first.
    assert [t.payee for t in result.transfers[:3]] == [B, B, B]


def test_stake() -> None:
    result = settle_chips([100] * 4, EXAMPLE.payments, order=payment_order(B, 4), stake=10)
    assert result.changes == (-40, 80, 40, -80)


def test_low_on_cash_example() -> None:
    # A 2 chips, B 1, C 10, D 3.
    result = settle_chips([2, 1, 10, 3], EXAMPLE.payments, order=payment_order(B, 4))
    # B v C: C pays B 1, and B has now won all B had: B is done for the hand, so D's 4
    # and A's 3 to B are waived. C v D: D pays C 3 and is out of chips. C v A: A pays
    # C 2 and is out. D v A: both done.
    assert result.transfers == (Payment(CC, B, 1), Payment(D, CC, 3), Payment(A, CC, 2))
    assert result.unpaid == (Payment(D, B, 4), Payment(A, B, 3), Payment(D, A, 1))
    assert result.after == (0, 2, 14, 0)


def test_done_players_neither_pay_nor_collect() -> None:
    # Seat 2 (1 chip) wins its 1 chip from seat 0 and is done: its later debt to seat 1
    # is waived although it now holds 2 chips.
    payments = [Payment(1, 0, 2), Payment(0, 2, 3), Payment(2, 1, 4)]
    result = settle_chips([5, 5, 1], payments, order=(0, 1, 2))
    assert result.transfers == (Payment(1, 0, 2), Payment(0, 2, 1))
    assert result.unpaid == (Payment(0, 2, 2), Payment(2, 1, 4))
    assert result.after == (6, 3, 2)


def test_settling_order_matters() -> None:
    payments = [Payment(0, 1, 5), Payment(0, 2, 5)]
    first = settle_chips([5, 10, 10], payments, order=(1, 2, 0))
    second = settle_chips([5, 10, 10], payments, order=(2, 1, 0))
    assert first.after == (0, 15, 10)
    assert second.after == (0, 10, 15)


def test_broke_player_exchanges_nothing() -> None:
    result = settle_chips([0, 5, 5, 5], EXAMPLE.payments, order=payment_order(B, 4))
    assert all(A not in (t.payer, t.payee) for t in result.transfers)
    assert result.after[A] == 0


def test_without_low_on_cash_bankrolls_can_go_negative() -> None:
    result = settle_chips([2, 1, 10, 3], EXAMPLE.payments, order=payment_order(B, 4),
                          low_on_cash=False)
    assert result.after == (-2, 9, 14, -5)


def test_rake_is_five_percent_of_winnings_rounded_down() -> None:
    result = settle_chips([100] * 4, EXAMPLE.payments, order=payment_order(B, 4), stake=10,
                          rake_percent=5)
    assert result.rake == (0, 4, 2, 0)
    assert result.after == (60, 176, 138, 20)
    assert sum(result.after) == 400 - 6
    small = settle_chips([100] * 4, EXAMPLE.payments, order=payment_order(B, 4),
                         rake_percent=5)
    assert small.rake == (0, 0, 0, 0)  # 5 % of 8 chips rounds down to 0


def test_payments_between_the_same_pair_are_netted() -> None:
    result = settle_chips([10, 10], [Payment(0, 1, 7), Payment(1, 0, 3)], order=(0, 1))
    assert result.transfers == (Payment(0, 1, 4),)


@pytest.mark.parametrize("kwargs, message", [
    ({"order": (0, 1, 2)}, "settling order"),
    ({"order": (0, 1, 2, 2)}, "settling order"),
    ({"order": (0, 1, 2, 3), "stake": 0}, "stake"),
    ({"order": (0, 1, 2, 3), "rake_percent": 101}, "rake"),
])
def test_bad_settlements(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        settle_chips([5] * 4, EXAMPLE.payments, **kwargs)  # type: ignore[arg-type]


def test_bad_payments_and_bankrolls() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        settle_chips([-1, 5], [], order=(0, 1))
    with pytest.raises(ValueError, match="not a payment"):
        settle_chips([5, 5], [Payment(0, 0, 1)], order=(0, 1))
    with pytest.raises(ValueError, match="not a payment"):
        settle_chips([5, 5], [Payment(0, 2, 1)], order=(0, 1))


# -- tournaments ------------------------------------------------------------------------------

def test_tournament_busts_and_shrinks_the_table() -> None:
    t = Tournament.start(4, 5)
    assert t.seated == (0, 1, 2, 3) and not t.is_over and t.champion is None
    # Hand 1: seed 000's example; D pays 8 but has 5.
    t, result = t.settle(EXAMPLE.payments, order=payment_order(B, 4))
    assert isinstance(result, ChipSettlement)
    # B collects 1 from C and 4 from D, has won the 5 it had and is done; D's last chip
    # goes to C, then A pays C 2.
    assert t.chips == (3, 10, 7, 0) and t.hands_played == 1
    assert t.seated == (0, 1, 2)
    # Hand 2 is dealt to players 0, 1, 2 as seats 0, 1, 2; seat 2 (player 2) wins and
    # can win only the 7 it had: 3 from A (all A has), then 4 from B.
    hand = score_breakdown(HandOutcome((13, 13, 0), 2), scoring_preset("winner-only"))
    t, result = t.settle(hand.payments, order=payment_order(2, 3))
    assert result.after[D] == 0 and result.changes[D] == 0
    assert t.chips == (0, 6, 14, 0) and t.seated == (1, 2)
    # Hand 3, two players: player 2 (seat 1) wins; player 1 (seat 0) pays all 6 it has.
    hand = score_breakdown(HandOutcome((13, 0), 1), scoring_preset("winner-only"))
    t, result = t.settle(hand.payments, order=payment_order(1, 2))
    assert t.is_over and t.champion == 2 and t.chips == (0, 0, 20, 0)
    with pytest.raises(ValueError, match="over"):
        t.settle([], order=(0,))


def test_tournament_maps_seats_to_players() -> None:
    t = Tournament((10, 0, 10, 10))
    assert t.seated == (0, 2, 3)
    # Seat 1 of this hand is player 2.
    t2, result = t.settle([Payment(0, 1, 3)], order=(1, 2, 0))
    assert t2.chips == (7, 0, 13, 10)
    assert result.transfers == (Payment(0, 2, 3),)
    with pytest.raises(ValueError, match="3 players are in"):
        t.settle([], order=(0, 1, 2, 3))


def test_tournament_checks() -> None:
    with pytest.raises(ValueError):
        Tournament.start(5, 10)
    with pytest.raises(ValueError):
        Tournament.start(4, 0)
    with pytest.raises(ValueError):
        Tournament((5, -1))


# -- properties -------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(outcomes(), any_scheme, st.data())
def test_low_on_cash_keeps_everyone_solvent(outcome: HandOutcome, s: object, data: st.DataObject
                                            ) -> None:
    b = score_breakdown(outcome, s)  # type: ignore[arg-type]
    n = outcome.n_players
    bankrolls = data.draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    order = data.draw(st.permutations(range(n)))
    rake = data.draw(st.sampled_from([0, 5, 10]))
    stake = data.draw(st.integers(1, 3))
    r = settle_chips(bankrolls, b.payments, order=order, stake=stake, rake_percent=rake)
    assert all(c >= 0 for c in r.after)
    assert sum(r.after) == sum(bankrolls) - sum(r.rake)
    for before, after, paid in zip(r.before, r.after, r.rake):
        moved = after + paid - before
        assert -before <= moved <= before  # no one wins or loses more than they had
        assert paid == (moved * rake // 100 if moved > 0 else 0)
    # With deep pockets Low On Cash changes nothing: every payment is made in full.
    total = sum(p.amount for p in b.payments) * stake
    rich = settle_chips([total] * n, b.payments, order=order, stake=stake)
    assert rich.unpaid == ()
    assert rich.changes == settle_chips([0] * n, b.payments, order=order, stake=stake,
                                        low_on_cash=False).after


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 4), st.integers(1, 40), st.data())
def test_tournaments_conserve_chips_and_end(players: int, chips: int, data: st.DataObject
                                            ) -> None:
    t = Tournament.start(players, chips)
    for _ in range(400):
        if t.is_over:
            break
        n = len(t.seated)
        winner = data.draw(st.integers(0, n - 1))
        left = tuple(0 if seat == winner else data.draw(st.integers(1, 13)) for seat in range(n))
        b = score_breakdown(HandOutcome(left, winner), scoring_preset("chudadi"))
        t, r = t.settle(b.payments, order=payment_order(winner, n))
        assert sum(t.chips) == players * chips
        assert all(c >= 0 for c in t.chips)
    if t.is_over:
        assert t.champion is not None and t.chips[t.champion] == players * chips
