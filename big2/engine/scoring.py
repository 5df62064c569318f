"""Scoring of a finished hand: pure functions over what each seat has left.

Points are signed: a penalty is negative, so a session's running totals add up plainly
and the highest total leads.

Describe the hand with a :class:`HandOutcome`, pick a :class:`Scoring` (a preset from
:data:`SCORING_PRESETS` via :func:`scoring_preset`, or your own), then
:func:`score_hand` gives the points per seat and :func:`score_breakdown` the whole
working for the results screen, including the payments that change hands (which
:mod:`big2.engine.chips` settles in chips).

How every scheme works, in three steps:

1. *Penalty* of each seat with cards: its cards (or their values, :class:`Basis`) times
   the :class:`Multiplier` for its count, times the optional doublings (×2 per two held,
   ×2 for all when the winner went out on twos), plus Indonesian honour penalties;
   then times ``unit``. The winner's penalty is 0.
2. *Settlement* (:class:`Settlement`) turns penalties into points: penalty points kept
   as they are, the winner collecting them, every pair settling the difference, the
   Taiwan loser paying a fixed amount, Pusoy Dos positive points, finish-order points.
3. *Liability*: when the outcome names a ``liable`` seat (it ignored the assistant rule
   and the next player won), that seat pays everyone's losses and collects nothing.

Where the seeds leave a point open the choice is written on the enum member or field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field

from .cards import CardSet
from .messages import Message, msg, msg_n
from .scoring_scheme import SCORING_ALIASES, SCORING_PRESETS, Scoring, scoring_preset
from .scoring_tables import (
    TWO_RANK,
    Basis,
    Honours,
    Multiplier,
    MultiplyBy,
    ScoringError,
    Settlement,
    count_honours,
)

__all__ = [
    "Basis", "HandOutcome", "Honours", "Multiplier", "MultiplyBy", "Payment",
    "SCORING_ALIASES", "SCORING_PRESETS", "ScoreBreakdown", "Scoring", "ScoringError",
    "SeatScore", "Settlement", "count_honours", "payments_from_points", "penalty_per_card",
    "score_breakdown", "score_hand", "scoring_preset", "settle_pairwise",
    "standard_penalties",
]


# -- the original minimal API (other modules call these) ---------------------------------

def penalty_per_card(cards_left: int) -> int:
    """The standard penalty table (seed 004): 1 a card up to 9, 2 for 10-12, 3 for 13+.

    A player with more than 13 cards (two- and three-player deals) pays as for 13.
    """
    if cards_left <= 9:
        return 1
    if cards_left <= 12:
        return 2
    return 3


def standard_penalties(cards_left: Sequence[int]) -> tuple[int, ...]:
    """Points for each seat under the standard penalty table: ``-penalty`` or 0.

    >>> standard_penalties([0, 5, 10, 13])
    (0, -5, -20, -39)
    """
    return tuple(-n * penalty_per_card(n) if n else 0 for n in cards_left)


def settle_pairwise(totals: Sequence[int]) -> tuple[int, ...]:
    """What each seat wins or pays when every pair settles the difference of totals.

    With penalties as negative totals, seat ``i`` receives ``totals[i] - totals[j]`` from
    every other seat ``j``; the result sums to zero.

    >>> settle_pairwise([0, -5, -10, -3])
    (18, -2, -22, 6)
    """
    n = len(totals)
    return tuple(sum(totals[i] - totals[j] for j in range(n)) for i in range(n))


# -- the outcome of a hand ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HandOutcome:
    """Everything scoring needs to know about a finished hand, per seat.

    ``cards_left`` is required; ``remaining`` (the cards themselves) is needed by card
    values, ×2 per two held, counting honours and the Taiwan tie-break, and must agree
    with ``cards_left`` when given. ``finish_order`` lists seats in the order they went
    out, winner first (complete when the table played on); empty means just the winner.
    ``starter`` played the first card of the deal (needed by starter-only doubling).
    ``last_play`` is the winner's final play. ``dealt`` is the cards each seat held
    after the deal, leftovers taken included (default 13 each). ``played_any`` says
    whether each seat played a card; when None, a seat still holding at least what it
    was dealt is taken to have played none (give it explicitly with the draw variants,
    where a seat can end with more cards than it was dealt).
    ``liable`` ignored the assistant rule and the next player won (set it only then).
    ``dragon``: the winner was dealt a dragon; every other seat scores as holding 13
    cards never played (39 under the penalty table). ``honours`` overrides the honour
    hands counted from ``remaining``. ``loser`` overrides the Taiwan loser choice.
    """

    cards_left: tuple[int, ...]
    winner: int
    _: KW_ONLY
    remaining: tuple[CardSet, ...] | None = None
    finish_order: tuple[int, ...] = ()
    starter: int | None = None
    last_play: CardSet = field(default_factory=CardSet)
    dealt: tuple[int, ...] | None = None
    played_any: tuple[bool, ...] | None = None
    liable: int | None = None
    dragon: bool = False
    honours: tuple[Honours, ...] | None = None
    loser: int | None = None

    def __post_init__(self) -> None:
        n = len(self.cards_left)
        if not 2 <= n <= 4:
            raise ScoringError(f"a hand has 2 to 4 seats, not {n}")
        seats = range(n)
        for name in ("winner", "starter", "liable", "loser"):
            seat = getattr(self, name)
            if seat is not None and seat not in seats:
                raise ScoringError(f"{name} seat {seat} is not one of the {n} seats")
        if any(c < 0 for c in self.cards_left):
            raise ScoringError(f"cards left cannot be negative: {self.cards_left}")
        if self.cards_left[self.winner]:
            raise ScoringError(f"the winner (seat {self.winner}) still holds cards")
        for name in ("remaining", "dealt", "played_any", "honours"):
            value = getattr(self, name)
            if value is not None and len(value) != n:
                raise ScoringError(f"{name} has {len(value)} entries for {n} seats")
        if self.remaining is not None:
            counts = tuple(len(h) for h in self.remaining)
            if counts != self.cards_left:
                raise ScoringError(f"remaining cards {counts} disagree with {self.cards_left}")
        order = self.finish_order
        if order and (order[0] != self.winner or len(set(order)) != len(order)
                      or any(s not in seats or self.cards_left[s] for s in order)):
            raise ScoringError(
                f"finish order {order} must start with the winner and list seats "
                "that went out, once each"
            )
        if self.liable is not None and self.liable == self.winner:
            raise ScoringError("the winner cannot be liable for the others' losses")
        if self.loser is not None and self.loser == self.winner:
            raise ScoringError("the winner cannot be the loser")

    @classmethod
    def from_hands(
        cls,
        remaining: Sequence[CardSet],
        winner: int,
        *,
        finish_order: tuple[int, ...] = (),
        starter: int | None = None,
        last_play: CardSet | None = None,
        dealt: tuple[int, ...] | None = None,
        played_any: tuple[bool, ...] | None = None,
        liable: int | None = None,
        dragon: bool = False,
        honours: tuple[Honours, ...] | None = None,
        loser: int | None = None,
    ) -> HandOutcome:
        """An outcome from the cards each seat holds; ``cards_left`` is counted."""
        hands = tuple(remaining)
        return cls(
            tuple(len(h) for h in hands), winner, remaining=hands,
            finish_order=finish_order, starter=starter,
            last_play=last_play if last_play is not None else CardSet(), dealt=dealt,
            played_any=played_any, liable=liable, dragon=dragon, honours=honours, loser=loser,
        )

    @property
    def n_players(self) -> int:
        return len(self.cards_left)

    @property
    def dealt_counts(self) -> tuple[int, ...]:
        return self.dealt if self.dealt is not None else (13,) * len(self.cards_left)

    def never_played(self, seat: int) -> bool:
        """Whether ``seat`` ended the hand without playing a card (a dragon counts)."""
        if seat == self.winner:
            return False
        if self.dragon:
            return True
        if self.played_any is not None:
            return not self.played_any[seat]
        return self.cards_left[seat] >= self.dealt_counts[seat]

    def hand(self, seat: int, need: str) -> CardSet:
        """The cards ``seat`` holds; raises naming ``need`` when they were not given."""
        if self.remaining is None:
            raise ScoringError(f"{need} needs the cards each seat holds (remaining)")
        return self.remaining[seat]


# -- the result --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Payment:
    """``amount`` (> 0) points that ``payer`` owes ``payee`` for the hand."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's line on the results screen.

    ``counted`` is the cards (or card values) counted before the multiplier (13 for a
    dragon's victims); ``multiplier`` is everything multiplied in (table and doublings);
    ``honours`` the honour penalty; ``penalty`` = (counted × multiplier + honours) × unit;
    ``notes`` say in words why (e.g. ``"×2 for 11 cards"``, ``"×4 for 2 twos held"``), as
    :class:`~big2.engine.messages.Message` values (``str()`` of one is the English).
    """

    seat: int
    cards_left: int
    counted: int
    multiplier: int
    honours: int
    penalty: int
    points: int
    notes: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The full working of a scored hand.

    ``payments`` are what changes hands if the table settles the hand in money or chips,
    one net payment per pair at most, in seat-pair order: the real payments of the
    winner-only, pairwise and loser-pays schemes; for the others (penalty points,
    Pusoy Dos, finish order) every pair settles the difference of their points, which
    over a session adds up to settling the totals at the end. ``loser`` is the seat
    that paid under loser-pays scoring (None otherwise).
    """

    scoring: Scoring
    seats: tuple[SeatScore, ...]
    payments: tuple[Payment, ...]
    loser: int | None = None

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.points for s in self.seats)

    @property
    def zero_sum(self) -> bool:
        return self.scoring.zero_sum


# -- the engine --------------------------------------------------------------------------

def score_hand(outcome: HandOutcome, scoring: Scoring = Scoring()) -> tuple[int, ...]:
    """Points per seat for ``outcome`` under ``scoring``.

    Signed; they sum to zero exactly when ``scoring.zero_sum`` (winner-only, pairwise,
    loser-pays). Raises :class:`ScoringError` when the scheme needs something the
    outcome lacks (the cards for card values, twos, honours or a Taiwan tie; the
    starter for starter-only doubling).
    """
    return score_breakdown(outcome, scoring).points


def score_breakdown(outcome: HandOutcome, scoring: Scoring = Scoring()) -> ScoreBreakdown:
    """The points of every seat with their working, and the payments of the hand."""
    settlement = scoring.settlement
    if settlement is Settlement.POSITIVE:
        return _positive(outcome, scoring)
    if settlement is Settlement.FINISH_ORDER:
        return _finish_order(outcome, scoring)
    if settlement is Settlement.LOSER_PAYS:
        return _loser_pays(outcome, scoring)
    lines = [_seat_penalty(outcome, scoring, seat) for seat in range(outcome.n_players)]
    penalties = [line.penalty for line in lines]
    liable = outcome.liable
    if settlement is Settlement.PENALTIES:
        points = [-p for p in penalties]
        if liable is not None:
            # The liable seat takes every loser's penalty points onto its own score.
            points = [0] * outcome.n_players
            points[liable] = -sum(penalties)
        payments = payments_from_points(points)
    else:
        if settlement is Settlement.WINNER_ONLY:
            payments = tuple(
                Payment(seat, outcome.winner, p) for seat, p in enumerate(penalties) if p > 0
            )
        elif scoring.multiply_by is MultiplyBy.PAIR_DIFFERENCE:
            payments = _difference_payments(outcome, scoring, lines)
        else:
            payments = payments_from_points([-p for p in penalties])
        if liable is not None:
            payments = _redirect(payments, liable, outcome.n_players)
        points = _net(payments, outcome.n_players)
    seats = tuple(
        SeatScore(
            seat, outcome.cards_left[seat], line.counted, line.multiplier, line.honours,
            line.penalty, points[seat],
            line.notes + ((msg("liable: pays everyone's losses"),) if seat == liable else ()),
        )
        for seat, line in enumerate(lines)
    )
    return ScoreBreakdown(scoring, seats, payments)


def payments_from_points(points: Sequence[int]) -> tuple[Payment, ...]:
    """The payments by which every pair settles the difference of their points.

    >>> payments_from_points([0, -3])
    (Payment(payer=1, payee=0, amount=3),)
    """
    n = len(points)
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            d = points[i] - points[j]
            if d > 0:
                out.append(Payment(j, i, d))
            elif d < 0:
                out.append(Payment(i, j, -d))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Line:
    counted: int = 0
    count: int = 0
    #: Everything multiplied in; ``extra`` is the part outside the table.
    multiplier: int = 1
    extra: int = 1
    honours: int = 0
    penalty: int = 0
    never_played: bool = False
    notes: tuple[Message, ...] = ()


def _seat_penalty(o: HandOutcome, s: Scoring, seat: int) -> _Line:
    """Step 1 of the module docstring for one seat."""
    count = 13 if o.dragon and seat != o.winner else o.cards_left[seat]
    if count == 0:
        return _Line()
    notes: list[Message] = []
    if o.dragon:
        notes.append(msg("beaten by a dragon: counts as 13 cards never played"))
    never = o.never_played(seat)
    counted = count if s.basis is Basis.CARDS else s.basis.worth(o.hand(seat, "card values"))
    table = 1
    if s.multiply_by is MultiplyBy.EACH_PLAYER:
        table = s.table.factor(count, never_played=never)
        if s.starter_only and seat != _starter(o):
            table = 1
        if table > 1:
            notes.append(msg("×{times} for never playing a card", times=table)
                         if s.table is Multiplier.BIG_2 and never
                         else msg_n("×{times} for {n} card", "×{times} for {n} cards", count, times=table))
    extra = 1
    if s.double_per_two:
        twos = sum(1 for c in o.hand(seat, "doubling per two held") if c >> 2 == TWO_RANK)
        if twos:
            extra *= 2 ** twos
            notes.append(msg_n("×{times} for {n} two held", "×{times} for {n} twos held", twos,
                               times=2 ** twos))
    if s.double_on_all_twos and o.last_play and all(c >> 2 == TWO_RANK for c in o.last_play):
        extra *= 2
        notes.append(msg("×2: the winner went out on twos"))
    honours = 0
    if s.honours:
        held = (o.honours[seat] if o.honours is not None
                else count_honours(o.hand(seat, "honour scoring")))
        honours = held.penalty
        if honours:
            notes.append(msg("honours: {held} (+{points})", held=held.words(), points=honours))
    penalty = (counted * table * extra + honours) * s.unit
    return _Line(counted, count, table * extra, extra, honours, penalty, never, tuple(notes))


def _starter(o: HandOutcome) -> int:
    if o.starter is None:
        raise ScoringError("doubling only for the starter needs the outcome's starter")
    return o.starter


def _difference_payments(o: HandOutcome, s: Scoring, lines: list[_Line]
                         ) -> tuple[Payment, ...]:
    """Anthony Kam's pairwise payments: the difference of counts picks the multiplier."""
    out = []
    n = o.n_players
    for i in range(n):
        for j in range(i + 1, n):
            hi, lo = (i, j) if lines[i].count >= lines[j].count else (j, i)
            diff = lines[hi].count - lines[lo].count
            never = lines[hi].never_played and lines[lo].count == 0
            table = s.table.factor(diff, never_played=never)
            if s.starter_only and hi != _starter(o):
                table = 1
            value = (diff * table * lines[hi].extra + lines[hi].honours - lines[lo].honours)
            value *= s.unit
            if value > 0:
                out.append(Payment(hi, lo, value))
            elif value < 0:
                out.append(Payment(lo, hi, -value))
    return tuple(out)


def _redirect(payments: Sequence[Payment], liable: int, n: int) -> tuple[Payment, ...]:
    """The liable seat pays what everyone else would have received; it collects nothing."""
    owed = [0] * n
    for p in payments:
        if p.payee != liable:
            owed[p.payee] += p.amount
    return tuple(Payment(liable, seat, a) for seat, a in enumerate(owed) if a > 0)


def _net(payments: Sequence[Payment], n: int) -> list[int]:
    points = [0] * n
    for p in payments:
        points[p.payer] -= p.amount
        points[p.payee] += p.amount
    return points


def _plain(o: HandOutcome, s: Scoring, points: Sequence[int],
           notes: Sequence[tuple[Message, ...]], *, loser: int | None = None,
           payments: tuple[Payment, ...] | None = None) -> ScoreBreakdown:
    """A breakdown for the schemes without per-card penalties."""
    seats = tuple(
        SeatScore(seat, o.cards_left[seat], o.cards_left[seat], 1, 0, 0, points[seat],
                  notes[seat])
        for seat in range(o.n_players)
    )
    if payments is None:
        payments = payments_from_points(points)
    return ScoreBreakdown(s, seats, payments, loser)


def _positive(o: HandOutcome, s: Scoring) -> ScoreBreakdown:
    twos = sum(1 for c in o.last_play if c >> 2 == TWO_RANK)
    points = [0] * o.n_players
    points[o.winner] = s.unit * 2 ** twos
    notes: list[tuple[Message, ...]] = [()] * o.n_players
    if twos:
        notes[o.winner] = (msg_n("×{times} for {n} two in the winning play",
                                 "×{times} for {n} twos in the winning play", twos, times=2 ** twos),)
    return _plain(o, s, points, notes)


def _finish_order(o: HandOutcome, s: Scoring) -> ScoreBreakdown:
    """Places: the finish order, then the rest by fewer cards (ties share the better place)."""
    n = o.n_players
    order = list(o.finish_order or (o.winner,))
    rest = sorted((seat for seat in range(n) if seat not in order),
                  key=lambda seat: (13 if o.dragon else o.cards_left[seat], seat))
    place = {seat: i for i, seat in enumerate(order)}
    for i, seat in enumerate(rest):
        prev = rest[i - 1] if i else None
        tied = prev is not None and (o.dragon or o.cards_left[prev] == o.cards_left[seat])
        place[seat] = place[prev] if tied and prev is not None else len(order) + i
    values = list(s.place_points[:n - 1]) + [s.place_points[-1]]
    points = [values[place[seat]] * s.unit for seat in range(n)]
    notes = [(msg("place {place}", place=place[seat] + 1),) for seat in range(n)]
    return _plain(o, s, points, notes)


def _loser_pays(o: HandOutcome, s: Scoring) -> ScoreBreakdown:
    n = o.n_players
    loser = o.loser if o.loser is not None else _taiwan_loser(o)
    payer = o.liable if o.liable is not None else loser
    points = [0] * n
    points[payer] -= s.unit
    points[o.winner] += s.unit
    notes: list[tuple[Message, ...]] = [()] * n
    notes[loser] = (msg("loser: most cards left"),)
    if o.liable is not None:
        notes[o.liable] = notes[o.liable] + (msg("liable: pays the loser's payment"),)
    return _plain(o, s, points, notes, loser=loser,
                  payments=(Payment(payer, o.winner, s.unit),))


def _taiwan_loser(o: HandOutcome) -> int:
    """Most cards left; a tie goes to the tied seat whose highest card is lower."""
    counts = [13 if o.dragon else c for c in o.cards_left]
    counts[o.winner] = -1
    most = max(counts)
    tied = [seat for seat in range(o.n_players) if counts[seat] == most]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda seat: (o.hand(seat, "a tie for loser").highest(), seat))
