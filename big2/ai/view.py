"""What one seat may know: the only input an opponent or a hint ever gets.

A :class:`PlayerView` holds the seat's own hand and public facts (card counts, cards
played, the trick, passes, history, rules, scores) and nothing else. Build it from a live
game with :meth:`PlayerView.from_game`, or from plain values with
:meth:`PlayerView.from_values` so a program outside this game can seat our opponents.

:func:`view_game` turns a view back into an engine :class:`~big2.engine.Game` for move
generation: the other seats get *placeholder* cards (the unseen cards dealt in a fixed
order), so that game is only good for the legal moves of the seat to act, never for
guessing what the others hold; :func:`legal_moves` lists those moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from big2.engine import PASS, STANDARD, CardSet, Direction, Game, Move, Rules
from big2.engine.cards import FULL_MASK, CardsLike, to_cardset
from big2.engine.scoring import Scoring


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat ``seat`` may know about a hand in progress.

    ``played[s]`` are the cards seat ``s`` has played; ``trick`` is the move to beat
    (``PASS`` when ``to_act`` leads) and ``trick_owner`` who made it; ``passed`` the seats
    that passed since. ``must_include`` is the card the first play must hold (None once it
    is made). ``scores`` are session totals (zeros when unknown), ``history`` the public
    ``(seat, move)`` list. ``clockwise`` is this hand's direction (seats are numbered
    anticlockwise), ``out`` the seats already out in order (play-on rules) and
    ``stock_size`` the undealt cards left to draw (stock rules). ``scoring`` is the
    table's scoring scheme when known (None: the standard penalty table); the Expert
    plays for it. ``hands_left`` is how many hands the session still has after this one
    (None: no set number) and ``target`` the total at which it ends (None: none); with
    them the Expert plays the session's last hand for first place. Card sets are
    :class:`~big2.engine.CardSet` values.
    """

    seat: int
    hand: CardSet
    counts: tuple[int, ...]
    played: tuple[CardSet, ...]
    to_act: int
    trick: Move = PASS
    trick_owner: int | None = None
    passed: frozenset[int] = frozenset()
    must_include: int | None = None
    rules: Rules = STANDARD
    scores: tuple[int, ...] = ()
    history: tuple[tuple[int, Move], ...] = field(default=(), repr=False)
    clockwise: bool = False
    out: tuple[int, ...] = ()
    stock_size: int = 0
    scoring: Scoring | None = None
    hands_left: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        n = len(self.counts)
        if n not in (2, 3, 4):
            raise ValueError(f"a view needs 2 to 4 seats, got {n}")
        if len(self.played) != n:
            raise ValueError("played needs one card set per seat")
        if not 0 <= self.seat < n or not 0 <= self.to_act < n:
            raise ValueError("seat and to_act must be seats at the table")
        if self.counts[self.seat] != len(self.hand):
            raise ValueError("the seat's count must equal the size of its hand")
        if self.hand.mask & self.played_mask:
            raise ValueError("a card cannot be both in the hand and played")
        if self.scores and len(self.scores) != n:
            raise ValueError("scores need one total per seat")
        if self.hands_left is not None and self.hands_left < 0:
            raise ValueError("hands_left cannot be negative")
        if self.target is not None and self.target < 1:
            raise ValueError("the target score must be at least 1 point")

    # -- constructors ----------------------------------------------------------------

    @classmethod
    def from_game(
        cls,
        game: Game,
        seat: int,
        *,
        scores: Sequence[int] | None = None,
        scoring: Scoring | None = None,
        hands_left: int | None = None,
        target: int | None = None,
    ) -> PlayerView:
        """The view of ``seat`` in ``game`` (reads only what that seat may see);
        ``scores`` are the session totals and ``scoring`` the table's scheme, if known;
        ``hands_left`` (after this one) and ``target`` say when the session ends."""
        n = game.n_players
        return cls(
            seat=seat,
            hand=game.hand(seat),
            counts=game.card_counts,
            played=tuple(game.played_by(s) for s in range(n)),
            to_act=game.to_act,
            trick=game.trick_move,
            trick_owner=game.trick_owner,
            passed=game.passed,
            must_include=game.must_include,
            rules=game.rules,
            scores=tuple(scores) if scores is not None else (0,) * n,
            history=tuple(game.history),
            clockwise=bool(getattr(game, "clockwise", False)),
            out=tuple(getattr(game, "finish_order", ())),
            stock_size=int(getattr(game, "stock_size", 0)),
            scoring=scoring,
            hands_left=hands_left,
            target=target,
        )

    @classmethod
    def from_values(
        cls,
        *,
        seat: int,
        hand: CardsLike,
        counts: Sequence[int],
        played: Sequence[CardsLike] | None = None,
        to_act: int | None = None,
        trick: CardsLike | Move = PASS,
        trick_owner: int | None = None,
        passed: Iterable[int] = (),
        must_include: int | None = None,
        rules: Rules = STANDARD,
        scores: Sequence[int] | None = None,
        history: Sequence[tuple[int, Move]] = (),
        clockwise: bool | None = None,
        out: Sequence[int] = (),
        stock_size: int = 0,
        hands_left: int | None = None,
        target: int | None = None,
    ) -> PlayerView:
        """A view from plain values, for seating our opponents at another program's table.

        ``hand``/``played`` take card text (``"3d 4c"``), card ints or CardSets; ``trick``
        takes a move int or the cards of the play to beat. ``to_act`` defaults to ``seat``;
        ``clockwise`` to the rules' direction (give it for tables that alternate).
        Raises ``ValueError`` when the values contradict each other.
        """
        from big2.engine import classify

        n = len(counts)
        if isinstance(trick, int):
            trick_move = trick
        else:
            combo = classify(_cardset(trick), rules)
            if combo is None and len(_cardset(trick)):
                raise ValueError("the trick is not a combination")
            trick_move = combo.move if combo is not None else PASS
        if trick_move != PASS and trick_owner is None:
            raise ValueError("a trick needs its owner")
        return cls(
            seat=seat,
            hand=_cardset(hand),
            counts=tuple(counts),
            played=tuple(_cardset(p) for p in played) if played else (CardSet(),) * n,
            to_act=seat if to_act is None else to_act,
            trick=trick_move,
            trick_owner=trick_owner if trick_move != PASS else None,
            passed=frozenset(passed),
            must_include=must_include,
            rules=rules,
            scores=tuple(scores) if scores is not None else (0,) * n,
            history=tuple(history),
            clockwise=(rules.direction is Direction.CLOCKWISE) if clockwise is None else clockwise,
            out=tuple(out),
            stock_size=stock_size,
            hands_left=hands_left,
            target=target,
        )

    # -- derived facts ---------------------------------------------------------------

    @property
    def n_players(self) -> int:
        return len(self.counts)

    @property
    def leading(self) -> bool:
        """True when the seat to act starts a new trick (and may not pass)."""
        return self.trick == PASS

    @property
    def played_mask(self) -> int:
        """Mask of every card played by anyone so far."""
        m = 0
        for p in self.played:
            m |= p.mask
        return m

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: held by others or not dealt at all."""
        return FULL_MASK & ~(self.hand.mask | self.played_mask)

    def next_seat(self, seat: int) -> int:
        """The next seat still in the hand after ``seat``, in this hand's direction."""
        n = len(self.counts)
        step = -1 if self.clockwise else 1
        s = (seat + step) % n
        while s in self.out and s != seat:
            s = (s + step) % n
        return s

    def opponents(self) -> list[int]:
        """The other seats still in the hand, in playing order starting after this one."""
        n = len(self.counts)
        step = -1 if self.clockwise else 1
        seats = [(self.seat + step * i) % n for i in range(1, n)]
        return [s for s in seats if s not in self.out] or seats


def _cardset(cards: CardsLike) -> CardSet:
    """Cards from text, ints or a CardSet; empty text is the empty set."""
    if isinstance(cards, str) and not cards.strip():
        return CardSet()
    return to_cardset(cards)


def view_game(
    view: PlayerView, hands: Sequence[int] | None = None, stock: Sequence[int] | None = None
) -> Game:
    """An engine game for the view's position (the seat to act must hold cards).

    With ``hands`` (one card mask per seat, e.g. a sampled world) and ``stock`` the game is
    that world; without, the other seats and the stock get placeholder cards, so only
    the legal moves of ``view.to_act`` (when it is ``view.seat``) mean anything.
    """
    n = len(view.counts)
    if hands is None:
        pool = [c for c in range(52) if view.unseen_mask >> c & 1]
        filled: list[int] = []
        for s in range(n):
            if s == view.seat:
                filled.append(view.hand.mask)
                continue
            k = view.counts[s]
            mask = 0
            for c in pool[:k]:
                mask |= 1 << c
            del pool[:k]
            filled.append(mask)
        hands = filled
        stock = pool[: view.stock_size]
    return Game.from_position(
        [CardSet.from_mask(h) for h in hands],
        to_act=view.to_act,
        rules=view.rules,
        trick=view.trick,
        trick_owner=view.trick_owner,
        passed=sorted(view.passed),
        played=list(view.played),
        must_include=view.must_include,
        clockwise=view.clockwise,
        out=list(view.out),
        stock=list(stock or ()),
    )


def legal_moves(view: PlayerView) -> list[Move]:
    """The legal moves of the seat to act, as the engine lists them (PASS last)."""
    if view.to_act != view.seat:
        raise ValueError(f"seat {view.seat} is not the seat to act ({view.to_act})")
    return list(view_game(view).legal_moves())
