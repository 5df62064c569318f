"""Chips: a bankroll per player, Low On Cash, the rake and tournaments (seed 000).

A hand's payments come from :func:`big2.engine.scoring.score_breakdown` (its
``payments``: at most one net payment per pair of seats). :func:`settle_chips` moves
them as chips, ``stake`` chips a point:

- **Low On Cash** (seed 000): no player wins or loses more than they had at the start of
  the hand. Pairs settle in the order 1v2, 1v3, 1v4, 2v3, 2v4, 3v4, where the players
  are numbered from the winner on in the direction of play (seed 000's example: B won,
  play to the left, B v C, B v D, B v A, C v D, C v A, D v A); :func:`payment_order`
  builds that numbering. A payment is cut to what the payer still has and to what the
  payee may still win; once a player has run out of chips, or has won as much as they
  had at the start, no more chips change hands with them this hand (what is not paid is
  waived, listed in ``unpaid``).
- **Rake** (seed 000: "a fixed rake of 5% (non-capped) will be charged from every
  player for every hand played"). The seed does not say 5 % *of what*; our reading:
  5 % of each player's winnings for the hand, rounded down, taken after the payments.
  Losers pay no rake, so the rake can never take anyone below zero or break Low On
  Cash, and "every player" means every player who wins, every hand; no cap.
- **Tournaments** (seed 000): :class:`Tournament` keeps the chips of every player; a
  player at 0 chips is out. How the engine treats a busted seat: the next hand is dealt
  only to the players still in (``Tournament.seated``), in their original seating
  order, as a 3- or 2-player game under the table's rules for that many players; seat
  ``i`` of that hand is player ``seated[i]``. The tournament ends when one player is left
  (``champion``). Seed 000 has the winner of the previous hand lead every later hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .scoring import Payment

__all__ = ["ChipSettlement", "Tournament", "payment_order", "settle_chips", "settling_pairs"]


def payment_order(winner: int, n_players: int, *, step: int = 1) -> tuple[int, ...]:
    """Seats as players 1, 2, 3, 4 for settling: the winner, then on in play order.

    ``step`` is +1 when play passes to the next seat number (the engine's usual
    ``(seat + 1) % n``) and -1 when it runs the other way.
    """
    if step not in (1, -1):
        raise ValueError(f"step is 1 or -1, not {step}")
    if not 0 <= winner < n_players:
        raise ValueError(f"winner seat {winner} is not one of {n_players} seats")
    return tuple((winner + step * k) % n_players for k in range(n_players))


def settling_pairs(order: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The pairs in settling order: 1v2, 1v3, 1v4, 2v3, 2v4, 3v4 over ``order``."""
    return tuple(
        (order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))
    )


@dataclass(frozen=True, slots=True)
class ChipSettlement:
    """How one hand moved chips.

    ``transfers`` are the chips actually moved, in settling order; ``unpaid`` what Low On
    Cash waived; ``rake`` what each player paid the house. Chips are conserved:
    ``sum(after) == sum(before) - sum(rake)``.
    """

    before: tuple[int, ...]
    transfers: tuple[Payment, ...]
    unpaid: tuple[Payment, ...]
    rake: tuple[int, ...]
    after: tuple[int, ...]

    @property
    def changes(self) -> tuple[int, ...]:
        """Each player's chips after minus before (rake included)."""
        return tuple(a - b for a, b in zip(self.after, self.before))


def settle_chips(
    bankrolls: Sequence[int],
    payments: Sequence[Payment],
    *,
    order: Sequence[int],
    stake: int = 1,
    low_on_cash: bool = True,
    rake_percent: int = 0,
) -> ChipSettlement:
    """Move a hand's ``payments`` (in points) as chips between ``bankrolls``.

    ``order`` numbers the seats for settling (see :func:`payment_order`); it must list
    every seat once. Payments between the same two seats are netted first. Without
    ``low_on_cash`` every payment is made in full and bankrolls may go below zero (a
    table playing on credit).
    """
    n = len(bankrolls)
    before = tuple(bankrolls)
    if sorted(order) != list(range(n)):
        raise ValueError(f"settling order {tuple(order)} must list the {n} seats once each")
    if stake < 1 or not 0 <= rake_percent <= 100:
        raise ValueError("the stake is at least 1 chip and the rake 0 to 100 per cent")
    if low_on_cash and any(b < 0 for b in before):
        raise ValueError(f"Low On Cash needs bankrolls of 0 or more, not {before}")
    # Net what each pair owes: owed[(a, b)] > 0 means a pays b.
    owed: dict[tuple[int, int], int] = {}
    for p in payments:
        if not (0 <= p.payer < n and 0 <= p.payee < n) or p.payer == p.payee or p.amount < 0:
            raise ValueError(f"{p!r} is not a payment between two of the {n} seats")
        key = (min(p.payer, p.payee), max(p.payer, p.payee))
        sign = 1 if p.payer < p.payee else -1
        owed[key] = owed.get(key, 0) + sign * p.amount * stake
    chips = list(before)
    won = [0] * n
    closed = [low_on_cash and b == 0 for b in before]
    transfers: list[Payment] = []
    unpaid: list[Payment] = []
    for a, b in settling_pairs(order):
        net = owed.get((min(a, b), max(a, b)), 0)
        if net == 0:
            continue
        payer, payee = (min(a, b), max(a, b)) if net > 0 else (max(a, b), min(a, b))
        amount = abs(net)
        moved = amount
        if low_on_cash:
            moved = 0 if closed[payer] or closed[payee] else min(
                amount, chips[payer], before[payee] - won[payee]
            )
        if moved:
            chips[payer] -= moved
            chips[payee] += moved
            won[payer] -= moved
            won[payee] += moved
            transfers.append(Payment(payer, payee, moved))
        if moved < amount:
            unpaid.append(Payment(payer, payee, amount - moved))
        if low_on_cash:
            # Out of money, or won as much as they had: no more exchanges this hand.
            closed[payer] = closed[payer] or chips[payer] == 0
            closed[payee] = closed[payee] or won[payee] >= before[payee]
    rake = tuple(w * rake_percent // 100 if w > 0 else 0 for w in won)
    after = tuple(c - r for c, r in zip(chips, rake))
    return ChipSettlement(before, tuple(transfers), tuple(unpaid), rake, after)


@dataclass(frozen=True, slots=True)
class Tournament:
    """Chips per player through a tournament; a player at 0 chips is out (seed 000).

    Player ids are fixed for the whole tournament (0 to ``len(chips) - 1``); each hand is
    played by ``seated`` only. Low On Cash always applies (nobody can owe chips).
    """

    chips: tuple[int, ...]
    stake: int = 1
    rake_percent: int = 0
    hands_played: int = 0

    def __post_init__(self) -> None:
        if not 2 <= len(self.chips) <= 4 or any(c < 0 for c in self.chips):
            raise ValueError(f"a tournament is 2-4 players with chips of 0 or more: {self.chips}")

    @classmethod
    def start(cls, players: int, chips_each: int, *, stake: int = 1,
              rake_percent: int = 0) -> Tournament:
        """A tournament of ``players`` players with ``chips_each`` chips each."""
        if chips_each < 1:
            raise ValueError("each player starts with at least 1 chip")
        return cls((chips_each,) * players, stake=stake, rake_percent=rake_percent)

    @property
    def seated(self) -> tuple[int, ...]:
        """Players still in (with chips), in seating order: seat ``i`` is ``seated[i]``."""
        return tuple(p for p, c in enumerate(self.chips) if c > 0)

    @property
    def is_over(self) -> bool:
        return len(self.seated) <= 1

    @property
    def champion(self) -> int | None:
        """The last player with chips, once the tournament is over."""
        return self.seated[0] if len(self.seated) == 1 else None

    def settle(self, payments: Sequence[Payment], *, order: Sequence[int]
               ) -> tuple[Tournament, ChipSettlement]:
        """Settle one hand played by :attr:`seated`.

        ``payments`` and ``order`` use the hand's seats (0 to ``len(seated) - 1``), as
        the scoring of that hand gives them; the settlement returned is in player ids
        (busted players included, unchanged).
        """
        if self.is_over:
            raise ValueError("the tournament is over")
        seated = self.seated
        if len(order) != len(seated):
            raise ValueError(f"the hand had {len(order)} seats but {len(seated)} players are in")
        to_player = [Payment(seated[p.payer], seated[p.payee], p.amount) for p in payments]
        in_order = [seated[s] for s in order]
        out = [p for p in range(len(self.chips)) if p not in seated]
        # Busted players settle last and have nothing to exchange.
        result = settle_chips(self.chips, to_player, order=in_order + out, stake=self.stake,
                              low_on_cash=True, rake_percent=self.rake_percent)
        return replace(self, chips=result.after, hands_played=self.hands_played + 1), result
