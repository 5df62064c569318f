"""The hand review: where a seat lost points, decision by decision.

For every *decision* of the reviewed seat in a finished hand (a turn where it had more
than one legal move), the Expert's search, from that seat's own view at that moment
(a :class:`~big2.ai.view.PlayerView`: its cards and what was public, never a hidden
card), plays the move that was made and the search's own candidates in the same
sampled deals, and estimates what each is worth: the seat's expected points for the
hand under the table's scoring (the standard penalty table when none is given), no
bonus for going out first. The best-scored move is the search's **best move**; the
**loss** of the decision is how many points the played move scored below it (0 when
the played move is the best).

A decision is **costly** when its loss is at least the review's threshold
(:data:`COSTLY`, in points) and clearly more than the sampling noise (twice the
standard error of the paired difference); it is **good** when the move played is the
search's best. :class:`HandReview` sums them up ("3 costly decisions, about 4.5
points") and is what other features read (an achievement for "a hand with no costly
decision" asks :attr:`HandReview.costly`); :meth:`HandReview.to_json` and
:meth:`HandReview.from_json` keep it with the hand in the score history.

Two ways in: :func:`review_hand` reviews a whole hand in this thread (the command line,
tools, tests; it can report progress and be cancelled between decisions), and
:func:`review_decision`, one decision from a view, is what the app runs in its worker
process, decision by decision. :func:`reason` gives the sentence for the better move
(the hint's explanations, :func:`big2.ai.hint.explain`). :func:`play_hand` plays a deal
headless with computer levels, for ``big2 review --deal`` and the measurements.

Deterministic for a fixed ``iterations`` and ``seed``; with a time ``budget`` (seconds
per decision, the Expert's 1 s by default) it depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from big2.engine import PASS, Game, Move
from big2.engine.cards import FULL_MASK
from big2.engine.messages import Message
from big2.engine.scoring import Scoring

from .base import make_opponent
from .expert import EXPERT_BUDGET, Expert, hand_points
from .hint import explain
from .normal import Decision, Why
from .view import PlayerView, legal_moves

#: Points a decision must lose (against the search's best move) to be costly.
COSTLY: Final = 1.0
#: Standard errors of the paired difference a costly loss must also exceed (noise).
NOISE_Z: Final = 2.0
#: Candidates the review's search plays besides the move made.
CANDIDATES: Final = 8
#: The version of the review's reckoning kept with a cached review: a cache from
#: another version is reviewed again.
VERSION: Final = 1


class ReviewSearch(Expert):
    """The Expert's search scoring a playout by the seat's own points for the hand (the
    table's scoring; no bonus for going out first, none for the session's standing),
    with no margin read from the table: a neutral judge of every move it is shown."""

    def __init__(self, **options: Any) -> None:
        opts: dict[str, Any] = {"fit_margin": 0.0, "win_bonus": 0.0, "standing_bonus": 0.0,
                                "max_candidates": CANDIDATES, "name": "review"}
        opts.update(options)
        super().__init__(**opts)

    def playout_value(self, view: PlayerView) -> Callable[[Sequence[int], int], float]:
        me = view.seat
        scoring = _scoring(view)

        def value(hands: Sequence[int], winner: int) -> float:
            counts = [h.bit_count() for h in hands]
            return float(hand_points(counts, winner, scoring, hands if scoring else None)[me])

        return value


def _scoring(view: PlayerView) -> Scoring | None:
    """The view's scoring scheme, None for the standard penalty table."""
    scoring = view.scoring
    return None if scoring is None or scoring == Scoring() else scoring


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision of the reviewed seat: the position ``step`` (moves made before it)
    where ``played`` was made, the search's ``best`` move, their expected points
    (``played_value``, ``best_value``), the standard error ``se`` of their paired
    difference and the sampled ``worlds`` behind them. ``why``, ``plan``, ``kept`` and
    ``threat`` are the best move's reasons (a :class:`~big2.ai.normal.Decision`'s), for
    :func:`reason`."""

    step: int
    played: Move
    best: Move
    played_value: float
    best_value: float
    se: float = 0.0
    worlds: int = 0
    why: str = Why.SEARCHED.value
    plan: tuple[Move, ...] = ()
    kept: tuple[Move, ...] = ()
    threat: int | None = None

    @property
    def loss(self) -> float:
        """Points the played move is worth less than the best one (never below 0)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def good(self) -> bool:
        """The move played is the search's best."""
        return self.played == self.best

    def costly(self, threshold: float = COSTLY) -> bool:
        """The loss is at least ``threshold`` points and clearly beyond the noise."""
        return not self.good and self.loss >= threshold and self.loss >= NOISE_Z * self.se

    def decision(self) -> Decision:
        """The best move as a :class:`~big2.ai.normal.Decision` (for the hint's sentence)."""
        return Decision(self.best, Why(self.why), self.plan, self.kept, self.threat,
                        self.worlds if self.why == Why.SEARCHED.value else 0)

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played, "best": self.best,
                "played_value": self.played_value, "best_value": self.best_value,
                "se": self.se, "worlds": self.worlds, "why": self.why,
                "plan": list(self.plan), "kept": list(self.kept), "threat": self.threat}

    @classmethod
    def from_json(cls, data: Any) -> Verdict:
        """A verdict from :meth:`to_json`'s data; ``ValueError`` for anything else."""
        if not isinstance(data, dict):
            raise ValueError("a verdict is an object")
        try:
            why = str(data.get("why", Why.SEARCHED.value))
            Why(why)
            threat = data.get("threat")
            return cls(
                step=_int(data["step"]), played=_int(data["played"]), best=_int(data["best"]),
                played_value=float(data["played_value"]), best_value=float(data["best_value"]),
                se=float(data.get("se", 0.0)), worlds=_int(data.get("worlds", 0)), why=why,
                plan=tuple(_int(m) for m in data.get("plan", ())),
                kept=tuple(_int(m) for m in data.get("kept", ())),
                threat=None if threat is None else _int(threat))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a verdict could not be read: {exc}") from None


def _int(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a whole number")
    return value


@dataclass(frozen=True, slots=True)
class HandReview:
    """The review of one seat's decisions in one hand.

    ``verdicts`` in the order played; ``threshold`` the points a costly decision loses at
    least; ``settings`` how hard the search looked (``"1s"``, ``"160w"``: a cache made
    with other settings is not reused); ``complete`` False when it was cancelled part
    way (then only the decisions reviewed so far are in it)."""

    seat: int
    verdicts: tuple[Verdict, ...]
    threshold: float = COSTLY
    settings: str = ""
    complete: bool = True
    version: int = field(default=VERSION)

    @property
    def costly(self) -> tuple[Verdict, ...]:
        """The costly decisions (see :meth:`Verdict.costly`)."""
        return tuple(v for v in self.verdicts if v.costly(self.threshold))

    @property
    def good(self) -> tuple[Verdict, ...]:
        """The decisions made as the search would."""
        return tuple(v for v in self.verdicts if v.good)

    @property
    def costly_loss(self) -> float:
        """The points the costly decisions lost together."""
        return sum(v.loss for v in self.costly)

    @property
    def total_loss(self) -> float:
        """The points every decision lost together."""
        return sum(v.loss for v in self.verdicts)

    @property
    def mean_loss(self) -> float:
        """Points lost per decision (0 for a hand with no decision)."""
        return self.total_loss / len(self.verdicts) if self.verdicts else 0.0

    def at(self, step: int) -> Verdict | None:
        """The verdict of the decision at position ``step`` (None: not a decision)."""
        return next((v for v in self.verdicts if v.step == step), None)

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "seat": self.seat, "threshold": self.threshold,
                "settings": self.settings, "complete": self.complete,
                "verdicts": [v.to_json() for v in self.verdicts]}

    @classmethod
    def from_json(cls, data: Any) -> HandReview:
        """A review from :meth:`to_json`'s data; ``ValueError`` for anything else
        (including a review made by another version of the reckoning)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a review of this version")
        items = data.get("verdicts")
        if not isinstance(items, list):
            raise ValueError("a review lists its verdicts")
        try:
            threshold = float(data.get("threshold", COSTLY))
        except (TypeError, ValueError):
            raise ValueError("the threshold is a number") from None
        if not math.isfinite(threshold):
            raise ValueError("the threshold is a number")
        return cls(seat=_int(data.get("seat")), verdicts=tuple(Verdict.from_json(v) for v in items),
                   threshold=threshold, settings=str(data.get("settings", "")),
                   complete=bool(data.get("complete", True)))


def settings_name(budget: float | None, iterations: int | None) -> str:
    """How hard a review looked, as :attr:`HandReview.settings` keeps it."""
    if iterations is not None:
        return f"{iterations}w"
    return f"{budget if budget is not None else EXPERT_BUDGET:g}s"


def played_move(positions: Sequence[Game], step: int) -> tuple[int, Move]:
    """The seat and the move made at position ``step`` (``step + 1`` is the one after)."""
    seat, move = positions[step + 1].history[-1]
    return int(seat), int(move)


def decisions(positions: Sequence[Game], seat: int) -> list[int]:
    """The positions where ``seat`` made a move with more than one legal move to choose
    from (a forced move, the only legal play or a pass with nothing to beat, is none)."""
    out = []
    for step in range(len(positions) - 1):
        game = positions[step]
        if game.to_act != seat or played_move(positions, step)[0] != seat:
            continue
        if len(game.legal_moves()) > 1:
            out.append(step)
    return out


def view_at(positions: Sequence[Game], step: int, seat: int, *,
            scoring: Scoring | None = None) -> PlayerView:
    """What ``seat`` knew at position ``step``."""
    return PlayerView.from_game(positions[step], seat, scoring=scoring)


_searches: dict[tuple[float | None, int | None], ReviewSearch] = {}


def review_decision(view: PlayerView, played: Move, step: int, *, budget: float | None = None,
                    iterations: int | None = None, seed: int = 0) -> Verdict:
    """The verdict on ``played`` for the seat to act in ``view`` (position ``step``).

    The search plays ``played`` and its own candidates (Normal's move first) in the same
    sampled deals, for ``budget`` seconds (the Expert's 1 s by default) or exactly
    ``iterations`` deals (deterministic with ``seed``). Safe to run in a worker process
    (it keeps its search objects per process, one decision at a time)."""
    key = (budget, iterations)
    search = _searches.get(key)
    if search is None:
        search = _searches[key] = ReviewSearch(
            time_budget=budget if budget is not None else EXPERT_BUDGET, iterations=iterations)
    rng = random.Random(f"big2-review/{seed}/{step}")
    moves = legal_moves(view)
    if played not in moves:
        raise ValueError("the move played is not legal in this view")
    base = search.normal.decide(view, rng, moves)
    hand = view.hand.mask
    out = next((m for m in moves if m != PASS and m & FULL_MASK == hand), None)
    if out is not None:  # going out ends the hand: its points are known, no deal to sample
        counts = [0 if s == view.seat else c for s, c in enumerate(view.counts)]
        won = float(hand_points(counts, view.seat, _scoring(view))[view.seat])
        if played & FULL_MASK == hand:
            return _verdict(step, played, played, won, won, 0.0, 0, Why.GO_OUT.value)
        mine = search.evaluate(view, rng, [played])[0][1]
        return _verdict(step, played, out, sum(mine) / len(mine), won,
                        _standard_error([won - v for v in mine]), len(mine), Why.GO_OUT.value)
    cands = [played] + [m for m in search.candidates(view, moves, base.move) if m != played]
    scored = search.evaluate(view, rng, cands)
    full = len(scored[0][1])
    alive = [(m, v) for m, v in scored if len(v) == full]
    mine = scored[0][1]
    best, values = max(alive, key=lambda mv: (sum(mv[1]) / max(full, 1), mv[0] == played))
    diffs = [b - a for a, b in zip(mine, values)]
    se = _standard_error(diffs)
    mean = sum(mine) / max(full, 1)
    best_mean = sum(values) / max(full, 1)
    if best == base.move:
        why, plan, kept, threat = base.why.value, base.plan, base.kept, base.threat
    else:
        why, plan, kept, threat = Why.SEARCHED.value, base.plan, (), None
    return _verdict(step, played, best, mean, best_mean, se, full, why, tuple(plan), tuple(kept), threat)


def _verdict(step: int, played: Move, best: Move, value: float, best_value: float, se: float,
             worlds: int, why: str, plan: tuple[Move, ...] = (), kept: tuple[Move, ...] = (),
             threat: int | None = None) -> Verdict:
    """A verdict with its figures rounded as the cache keeps them (so a review read back
    equals the one made)."""
    return Verdict(step, played, best, round(value, 4), round(best_value, 4), round(se, 4), worlds,
                   why, plan, kept, threat)


def _standard_error(diffs: Sequence[float]) -> float:
    w = len(diffs)
    if w < 2:
        return 0.0
    mean = sum(diffs) / w
    var = sum((d - mean) ** 2 for d in diffs) / (w - 1)
    return math.sqrt(var / w)


def review_hand(
    positions: Sequence[Game], seat: int, *, budget: float | None = None,
    iterations: int | None = None, seed: int = 0, scoring: Scoring | None = None,
    threshold: float = COSTLY, progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> HandReview:
    """Review every decision of ``seat`` in a finished hand (``positions``: the start,
    then one after each move, as :func:`big2.persistence.handlog.replay` gives them).

    ``progress(done, total)`` is called after each decision; ``cancelled()`` is asked
    before each one, and a True stops the review (``complete`` False)."""
    steps = decisions(positions, seat)
    out: list[Verdict] = []
    for i, step in enumerate(steps):
        if cancelled is not None and cancelled():
            return HandReview(seat, tuple(out), threshold, settings_name(budget, iterations), False)
        view = view_at(positions, step, seat, scoring=scoring)
        out.append(review_decision(view, played_move(positions, step)[1], step, budget=budget,
                                   iterations=iterations, seed=seed))
        if progress is not None:
            progress(i + 1, len(steps))
    return HandReview(seat, tuple(out), threshold, settings_name(budget, iterations))


def reason(positions: Sequence[Game], verdict: Verdict, seat: int,
           names: Sequence[str] | None = None) -> Message:
    """One sentence saying why the best move of ``verdict`` is good (the hint's
    explanation from the seat's view at that moment; ``names`` as for the hint)."""
    return explain(view_at(positions, verdict.step, seat), verdict.decision(), names)


def play_hand(number: int, levels: Sequence[str], *, rules: Any = None,
              iterations: int | None = None, budget: float | None = None,
              seed: int = 0) -> list[Game]:
    """Deal ``number`` to ``len(levels)`` seats and play it out headless, each seat the
    computer of its level (Expert and Master at ``iterations`` worlds a move, or
    ``budget`` seconds); every position, the start first, as a replay has them."""
    kwargs: dict[str, Any] = {"players": len(levels)}
    if rules is not None:
        kwargs["rules"] = rules
    game = Game.deal(number, **kwargs)
    players = []
    for level in levels:
        options: dict[str, Any] = {}
        if level in ("expert", "master"):
            if iterations is not None:
                options["iterations"] = iterations
            elif budget is not None:
                options["time_budget"] = budget
        players.append(make_opponent(level, **options))
    rngs = [random.Random(f"big2-review-play/{seed}/{number}/{s}") for s in range(len(levels))]
    positions = [game.copy()]
    while not game.is_over:
        s = game.to_act
        game.make(players[s].choose(PlayerView.from_game(game, s), rngs[s]))
        positions.append(game.copy())
    return positions


def describe_move(move: Move, rules: Any) -> str:
    """A move as text (``pass`` or the cards), for the command line."""
    if move == PASS:
        return "pass"
    from big2.engine import format_play

    return format_play(move & FULL_MASK, rules)
