"""Expert and Master: information-set Monte Carlo search over sampled deals.

For each iteration it samples one *world*: the unseen cards dealt to the other seats,
each getting exactly the number of cards it holds, drawn more often when they agree with
what the seats did in public (:mod:`big2.ai.sampling`: what they led, what they beat
and with what, when they passed). Every candidate move still in the race is played in
that same world and the hand finished by every seat playing by Normal's rules
(:mod:`big2.ai.fastplay` on the lean rule sets; the plainer hand-plan policy
:class:`~big2.ai.playout.PlanPolicy` through the engine otherwise). On the fast path
the seat's own later decisions in those playouts are searched too, by a small tree
shared by the worlds that reach the same hand, trick and card counts
(:mod:`big2.ai.owntree`), so a candidate is judged by what the seat can still make of
it, not by Normal's play alone.

A playout is scored by the table's objective (:func:`outcome_value`): the seat's points
for the hand minus the average of the other seats' points, under the view's scoring
scheme (the standard penalty table when the view has none), so a lost hand costs every
card left and a won hand earns what the others lose, plus :data:`WIN_BONUS` points for
going out first. On the hand that can end the session (the view's ``hands_left`` is 0,
or its ``target`` is reached in the playout) a playout also earns :data:`STANDING_BONUS`
for leaving the seat first in the session. The move with the best mean is chosen,
Normal's choice winning ties (another must beat it by ``confidence`` standard errors of
the paired difference, 0 by default, and by ``margin`` points, 0 for the Expert;
every move is scored on the same worlds).
Candidates clearly behind the leader are dropped as worlds accumulate (successive
elimination), so later worlds cost fewer playouts.

Candidates are Normal's choice (tried first; it wins ties), passing, and the plan's
other combinations and the cheapest and strongest plays of each size, at most
``max_candidates``. It is anytime: it stops at ``time_budget`` seconds (checked after
every playout, stopping early by the longest gap seen between checks in this and,
fading, earlier decisions), or after exactly ``iterations`` worlds when that is given,
which with a seeded rng makes it deterministic. Master is the same search with a
longer budget (:data:`MASTER_BUDGET`).

How far the search trusts its model of the others is read from the table: its first
worlds also check the others' decisions since its last turn against Normal's rules
(:mod:`big2.ai.modelfit`), and the more they miss, the larger the margin by which a
move must beat Normal's (up to :data:`FIT_MARGIN` points at a table of Experts, none at
a table of Normals).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from big2.engine import PASS, Move, move_key
from big2.engine.cards import FULL_MASK, CardSet
from big2.engine.scoring import HandOutcome, Scoring, ScoringError, score_hand, standard_penalties
from big2.engine.session import target_reached

from .fastplay import POLICIES, FastPlayout
from .modelfit import ModelFit
from .normal import Decision, Normal, Why
from .owntree import EXPLORATION as TREE_EXPLORATION
from .owntree import VISITS as TREE_VISITS
from .owntree import OwnTree
from .playout import PlanPolicy
from .sampling import Sampler
from .view import PlayerView, legal_moves, view_game
from .worldrace import WorldRace


def _trained_on(rules: object) -> bool:
    from .skilled import trained_on

    return trained_on(rules)  # type: ignore[arg-type]

#: The Expert's default seconds per move, and the Master's.
EXPERT_BUDGET: Final = 1.0
MASTER_BUDGET: Final = 3.0
#: ``playout="value"`` scores in the network's terms (1 for going out first, else minus
#: the standard penalty / 39) times this: a lost hand costs its penalty in points.
VALUE_SCALE: Final = 39.0
#: Points a playout adds for going out first, on top of the table's points: the points
#: objective alone made the Expert shed cards rather than win (33% against three Normals
#: at 160 worlds a move; 43% with this bonus, points about the same).
WIN_BONUS: Final = 8.0
#: Points a playout adds for finishing the session first when the hand ends it (split
#: in a tie): on the last hand a place is what counts, not the hand's points.
STANDING_BONUS: Final = 30.0
#: The ``fit_margin`` of the Expert and the Master: points by which a move's mean must
#: beat Normal's move to replace it when the others play as far from Normal's rules as
#: Experts do (in proportion below that, none at a table of Normals; see
#: :mod:`big2.ai.modelfit`). The playouts model the others by Normal's rules; against
#: players they fit badly a small edge is more likely the model's error than the
#: move's. A fixed margin of 1 point gained points against Experts but cost wins
#: against Normals; read from the table it keeps both (docs/research/opponents-log.md, seventh pass).
FIT_MARGIN: Final = 1.0
#: The playout policies that use the network (besides :data:`~big2.ai.fastplay.POLICIES`):
#: ``net`` every seat plays it, ``netself`` only the searching seat's own later turns
#: (the others Normal's rules), ``value`` its value after one round, ``adaptive`` every
#: seat plays it where the table misfits Normal's rules (:data:`ADAPT_MISFIT`), Normal's
#: rules elsewhere.
NET_POLICIES: Final = ("net", "netself", "value", "adaptive")
#: ``playout="adaptive"`` plays the network where the seat's reading of the others
#: (:meth:`big2.ai.modelfit.ModelFit.misfit`) is at least this: a table of Normals reads
#: 0 nearly always, one of Experts 0.3 and more from its second hand (see
#: docs/research/training.md, "Playouts chosen by the table").
ADAPT_MISFIT: Final = 0.15


def hand_points(
    cards_left: Sequence[int], winner: int, scoring: Scoring | None = None,
    remaining: Sequence[int] | None = None,
) -> Sequence[int]:
    """Every seat's points for a finished hand: the standard penalty table's without
    ``scoring``, else that scheme's (the cards in ``remaining`` masks are given to
    schemes that look at them; a scheme that needs more than a playout knows falls back
    to the penalty table)."""
    if scoring is not None:
        try:
            outcome = HandOutcome(
                tuple(cards_left), winner,
                remaining=tuple(CardSet.from_mask(m) for m in remaining) if remaining else None,
            )
            return score_hand(outcome, scoring)
        except (ScoringError, ValueError):
            pass
    return standard_penalties(cards_left)


def outcome_value(
    seat: int, cards_left: Sequence[int], winner: int, scoring: Scoring | None = None,
    remaining: Sequence[int] | None = None,
) -> float:
    """What a finished hand is worth to ``seat``: its points minus the others' average
    (points as :func:`hand_points` gives them)."""
    return _against_table(hand_points(cards_left, winner, scoring, remaining), seat)


def _against_table(points: Sequence[int], seat: int) -> float:
    """``seat``'s points minus the other seats' average."""
    return points[seat] - (sum(points) - points[seat]) / (len(points) - 1)


def first_share(totals: Sequence[int], seat: int) -> float:
    """``seat``'s share of first place by ``totals`` (1, 1/k in a k-way tie, else 0)."""
    best = max(totals)
    if totals[seat] != best:
        return 0.0
    return 1.0 / sum(1 for t in totals if t == best)


def session_ends(totals: Sequence[int], hands_left: int | None, target: int | None) -> bool:
    """Whether the session is over with ``totals`` after this hand (see
    :class:`big2.engine.Session`: no hands left, or a total at the target)."""
    if hands_left is not None and hands_left <= 0:
        return True
    return target_reached(totals, target)


class Expert(WorldRace):
    """The Expert level (and, with a longer budget, the Master).

    Options: ``time_budget`` seconds (default 1.0), ``iterations`` (fixed number of
    sampled worlds; overrides the budget and makes it deterministic for a seeded rng),
    ``max_candidates`` moves searched, ``confidence`` (standard errors by which a move
    must beat Normal's choice to replace it), ``margin`` (points of the objective by
    which it must beat it too, 0 by default), ``fit_margin`` (points added to that
    margin in proportion to how far the others' play is from Normal's rules, which the
    playouts assume: :attr:`fit` reads it, per seat, fading over a few hands; 0 turns
    the reading off; :data:`FIT_MARGIN` by default), ``prune`` (standard errors behind the
    leader at which a candidate is dropped; 0 keeps every candidate), ``settle``
    (standard errors: with fixed ``iterations``, stop early once the leader is that far
    ahead of every other live candidate, from :data:`~big2.ai.worldrace.SETTLE_MIN`
    worlds on, checked every :data:`~big2.ai.worldrace.SETTLE_EVERY`; 0, the default,
    always plays every world: for a teacher that spends its worlds where the choice is
    close; the race itself is :class:`~big2.ai.worldrace.WorldRace`), ``inference``
    (weight worlds by the seats' public play, see :mod:`big2.ai.sampling`),
    ``lead_weight`` (how much less likely a world is per lead it makes suspicious;
    1.0 reads no leads), ``playout`` (``"normal"``: every seat in the playouts follows
    Normal's rules; ``"plan"``: the plain plan policy, see :mod:`big2.ai.fastplay`;
    ``"net"``: every seat plays the shipped network, no tree (batched on card masks,
    :mod:`big2.ai.learned.netplay`, on the engine's lean path; on the engine off it),
    Normal's rules where the network did not train; ``"netself"``: the network plays
    this seat's own later turns and Normal's rules the others' (on the lean path; the
    plain Expert's playouts off it); ``"adaptive"``: ``"net"``'s playouts where the
    others misfit Normal's rules (:attr:`fit` at least :data:`ADAPT_MISFIT`), the plain
    Expert's elsewhere; ``"value"``: the others play the network
    until the seat is to act again, and the network's value of its best move there
    ends the playout, see :data:`VALUE_SCALE`),
    ``tree`` (search our own later decisions in the playouts, :mod:`big2.ai.owntree`;
    ``tree_visits`` and ``tree_exploration`` are its settings),
    ``standing_bonus`` (points a playout earns for finishing the session first on the
    hand that can end it, :data:`STANDING_BONUS`; 0 turns it off; needs the view's
    ``scores`` and ``hands_left`` or ``target``),
    ``net_candidates`` (how many of the shipped network's best moves join the
    candidates, right after Normal's; 0: none) and ``net_default`` (the network's best
    move, not Normal's, is the one the others must beat), both only on rules the network
    trained on (:func:`big2.ai.skilled.trained_on`); ``net`` a network to use instead
    of the shipped one, ``net_batch`` (False: ``"net"`` playouts run on the engine one
    at a time even on the lean path, the older and slower way, for benches),
    ``objective`` (``"points"``: the table's points, see :func:`outcome_value`;
    ``"wins"``: 1 for going out first plus ``points_weight`` a point, the old value),
    ``name`` and ``clock`` (a ``perf_counter``-like function).
    """

    def __init__(
        self,
        *,
        time_budget: float = EXPERT_BUDGET,
        iterations: int | None = None,
        max_candidates: int = 8,
        confidence: float = 0.0,
        margin: float = 0.0,
        fit_margin: float = FIT_MARGIN,
        prune: float = 2.5,
        settle: float = 0.0,
        inference: bool = True,
        pass_weight: float = 0.35,
        lead_weight: float = 1.0,
        objective: str = "points",
        points_weight: float = 1 / 60,
        win_bonus: float = WIN_BONUS,
        playout: str = "normal",
        tree: bool = True,
        tree_visits: int = TREE_VISITS,
        tree_exploration: float = TREE_EXPLORATION,
        standing_bonus: float = STANDING_BONUS,
        net_candidates: int = 0,
        net_default: bool = False,
        net: object | None = None,
        net_batch: bool = True,
        name: str = "expert",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if time_budget <= 0:
            raise ValueError("the time budget must be positive")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if objective not in ("points", "wins"):
            raise ValueError("the objective is 'points' or 'wins'")
        self.name = name
        self.time_budget = time_budget
        self.iterations = iterations
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.margin = margin
        self.fit_margin = fit_margin
        #: How far the others play from Normal's rules (read when ``fit_margin`` is set).
        self.fit = ModelFit()
        #: The margin the last search used, and whether its playouts were the network's.
        self.last_margin = margin
        self.last_net = False
        self.prune = prune
        if settle < 0:
            raise ValueError("settle cannot be negative")
        self.settle = settle
        self.inference = inference
        self.pass_weight = pass_weight
        self.lead_weight = lead_weight
        self.objective = objective
        self.points_weight = points_weight
        self.win_bonus = win_bonus
        if playout not in POLICIES + NET_POLICIES:
            raise ValueError("the playout policy is one of "
                             f"{', '.join(POLICIES + NET_POLICIES)}")
        self.playout = playout
        self.tree = tree
        self.tree_visits = tree_visits
        self.tree_exploration = tree_exploration
        self.standing_bonus = standing_bonus
        if net_candidates < 0:
            raise ValueError("net_candidates cannot be negative")
        self.net_candidates = net_candidates
        self.net_default = net_default
        self._net = net
        self.net_batch = net_batch
        self.clock = clock
        self.normal = Normal()
        #: Worlds sampled and playouts run for the last decision (for tests, benches).
        self.last_iterations = 0
        self.last_playouts = 0
        #: The tree of our later decisions built by the last search (None without one).
        self.last_tree: OwnTree | None = None
        self._stall = 0.0
        self._fast: dict[object, FastPlayout] = {}
        self._netplay: dict[object, object] = {}

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat to act, within the time budget."""
        return self.decide(view, rng).move

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        """The searched move; the reason is Normal's when the search agrees with it."""
        start = self.clock()
        self.last_iterations = self.last_playouts = 0
        self.last_tree = None
        moves = legal_moves(view)
        base = self.normal.decide(view, rng, moves)
        if len(moves) == 1 or base.why is Why.GO_OUT:
            return base
        first, prior = base.move, []
        if (self.net_candidates or self.net_default) and _trained_on(view.rules):
            prior = self._net_ranking(view, moves)
            if self.net_default:
                first = prior[0]
        cands = self.candidates(view, moves, first, prior[:self.net_candidates])
        if len(cands) == 1:
            return base if first == base.move else Decision(first, Why.SEARCHED, base.plan)
            return base
        best = self._search(view, rng, cands, start)
        if best == base.move:
            return base
        return Decision(best, Why.SEARCHED, base.plan, worlds=self.last_iterations)

    def _network(self) -> object:
        """The network given, or the shipped one (loaded on first use)."""
        if self._net is None:
            from .learned.net import shipped_net

            self._net = shipped_net()
        return self._net

    def _net_ranking(self, view: PlayerView, moves: list[Move]) -> list[Move]:
        """``moves`` best first by the shipped network (the session blanked, as trained)."""
        q = self._network().scores(view, moves, session=False)  # type: ignore[attr-defined]
        return [moves[i] for i in sorted(range(len(moves)), key=lambda i: -q[i])]

    def candidates(self, view: PlayerView, moves: list[Move], first: Move,
                   prior: Sequence[Move] = ()) -> list[Move]:
        """The moves worth searching, ``first`` (Normal's pick) first, then ``prior``
        (the network's best moves, when it is asked), then the plan's."""
        plan = self.normal.planner(view.rules).plan(view.hand.mask).combos
        legal = set(moves)
        out = [first]
        extra: list[Move] = list(prior)
        if not view.leading:
            extra.append(PASS)
        extra.extend(c for c in plan if c in legal)
        by_size: dict[int, list[Move]] = {}
        for m in moves:
            if m != PASS:
                by_size.setdefault((m & FULL_MASK).bit_count(), []).append(m)
        for group in by_size.values():
            group.sort(key=move_key)
            extra.extend((group[0], group[-1]))
        for group in by_size.values():  # then the second cheapest and strongest
            if len(group) > 3:
                extra.extend((group[1], group[-2]))
        for m in extra:
            if len(out) >= self.max_candidates:
                break
            if m not in out:
                out.append(m)
        return out

    # -- the search --------------------------------------------------------------------

    def playout_value(self, view: PlayerView) -> Callable[[Sequence[int], int], float]:
        """What a finished playout is worth to the seat: ``(hands, winner) -> value``
        (``hands`` the card masks left; see the module and :data:`STANDING_BONUS`)."""
        me = view.seat
        n = view.n_players
        objective_points = self.objective == "points"
        pw = self.points_weight
        bonus = self.win_bonus
        scoring = view.scoring
        if scoring is not None and scoring == Scoring():
            scoring = None
        totals = view.scores if view.scores else (0,) * n
        # The session's standing counts in playouts that end it.
        standing = self.standing_bonus
        if view.hands_left != 0 and view.target is None:
            standing = 0.0

        def value(hands: Sequence[int], winner: int) -> float:
            counts = [h.bit_count() for h in hands]
            if objective_points:
                pts = hand_points(counts, winner, scoring, hands if scoring else None)
                v = _against_table(pts, me)
                if winner == me:
                    v += bonus
                if standing:
                    after = [t + p for t, p in zip(totals, pts)]
                    if session_ends(after, view.hands_left, view.target):
                        v += standing * first_share(after, me)
                return v
            pts = standard_penalties(counts)
            return (1.0 if winner == me else 0.0) + pts[me] * pw

        return value

    def _playout_fn(self, view: PlayerView) -> Callable[[list[int], list[int], Move], float]:
        """A function playing candidate ``move`` in a world: ``(hands, stock, move) -> value``."""
        me = view.seat
        n = view.n_players
        value = self.playout_value(view)

        if self.playout == "net" and _trained_on(view.rules):
            return self._net_playout_fn(view, value)
        if self.playout == "value" and _trained_on(view.rules):
            return self._value_playout_fn(view)
        fast = self._fast_for(view)
        if fast is not None:
            run = fast.run
            step = n - 1 if view.clockwise else 1
            trick0 = view.trick
            owner0 = view.trick_owner if view.trick_owner is not None else me
            passes0 = len(view.passed)

            tree = OwnTree(fast._beater, visits=self.tree_visits,
                           exploration=self.tree_exploration) if self.tree else None
            self.last_tree = tree
            choose = tree.choose if tree else None

            def play_fast(hands: list[int], stock: list[int], move: Move) -> float:
                del stock
                h = list(hands)
                if tree:
                    tree.start()
                if move == PASS:
                    passes = passes0 + 1
                    if passes >= n - 1:
                        winner = run(h, owner0, PASS, owner0, 0, step, None, choose, me)
                    else:
                        winner = run(h, (me + step) % n, trick0, owner0, passes, step,
                                     None, choose, me)
                else:
                    h[me] ^= move & FULL_MASK
                    winner = run(h, (me + step) % n, move, me, 0, step, None, choose, me)
                v = value(h, winner)
                if tree:
                    tree.backup(v)
                return v

            return play_fast

        policy = PlanPolicy(self.normal.planner(view.rules))

        def play_engine(hands: list[int], stock: list[int], move: Move) -> float:
            g = view_game(view, hands, stock)
            g.apply(move)
            policy.play_out(g)
            w = g.winner if g.winner is not None else me
            return value([g.hand_mask(s) for s in range(n)], w)

        return play_engine

    def _fast_for(self, view: PlayerView) -> FastPlayout | None:
        """The mask playouts for ``view``'s rules (kept per rule set), or None where they
        do not apply (see :meth:`FastPlayout.supports`; someone out; a stock)."""
        if not FastPlayout.supports(view.rules) or view.out or view.stock_size:
            return None
        fast = self._fast.get(view.rules)
        if fast is None:
            fast = self._fast[view.rules] = FastPlayout(  # the network's off its rules: Normal's
                self.normal.planner(view.rules),
                policy="normal" if self.playout in NET_POLICIES else self.playout)
        return fast

    def _net_playout_fn(
        self, view: PlayerView, value: Callable[[Sequence[int], int], float]
    ) -> Callable[[list[int], list[int], Move], float]:
        """Playouts on the engine with every seat playing the network's move from its own
        view of the sampled world (``playout="net"`` off the lean path, or with
        ``net_batch=False``; :func:`big2.ai.netsearch.engine_net_playouts`)."""
        from .netsearch import engine_net_playouts

        return engine_net_playouts(view, self._network(), value)  # type: ignore[arg-type]

    def _value_playout_fn(self, view: PlayerView) -> Callable[[list[int], list[int], Move], float]:
        """``playout="value"``: the network's value at the seat's next turn ends the
        playout, in the network's terms times :data:`VALUE_SCALE`
        (:func:`big2.ai.netsearch.value_playouts`)."""
        from .netsearch import value_playouts

        return value_playouts(view, self._network(), VALUE_SCALE)  # type: ignore[arg-type]

    def _net_batch(
        self, view: PlayerView, misfit: float = 0.0
    ) -> Callable[[Sequence[tuple[list[int], list[int]]], Sequence[Move]], list[float]] | None:
        """Batched network playouts for ``view``'s table (``playout="net"`` on rules the
        network trained on that are on the engine's lean path, and ``"netself"``; None
        otherwise): a function playing every move of ``moves`` in every world of
        ``worlds`` and giving the values world by world, move by move
        (:func:`big2.ai.netsearch.batched_net_playouts`: every seat plays the network's
        move from its own view, as the engine playouts do, at a twelfth of their cost;
        with ``"netself"`` only this seat does, the others play by Normal's rules;
        ``"adaptive"`` is ``"net"`` when ``misfit`` is at least :data:`ADAPT_MISFIT`)."""
        mode = self.playout
        if mode == "adaptive":
            mode = "net" if misfit >= ADAPT_MISFIT else "normal"
        if (mode not in ("net", "netself") or not view.rules.plain or view.out
                or not _trained_on(view.rules)
                or (mode == "net" and not self.net_batch)):
            return None
        from .learned.netplay import NetPlayout
        from .netsearch import batched_net_playouts

        key = (view.rules, view.n_players, view.clockwise, view.stock_size)
        npo = self._netplay.get(key)
        if npo is None:
            if len(self._netplay) > 8:
                self._netplay.clear()
            npo = self._netplay[key] = NetPlayout(
                self._network(), view.rules, view.n_players, view.clockwise,  # type: ignore[arg-type]
                view.stock_size)
        others = self._fast_for(view) if mode == "netself" else None
        return batched_net_playouts(npo, view, self.playout_value(view), others=others)  # type: ignore[arg-type]

    def _fit_worlds(self, view: PlayerView, sampler: Sampler, rng: random.Random
                    ) -> tuple[list[tuple[list[int], list[int]]], float]:
        """The first worlds, drawn early when they also read how far the others play
        from the model (:attr:`fit`: for ``playout="adaptive"``, and for the margin where
        Normal's rules play the others), and that reading (0 where nothing was read)."""
        if self.playout != "adaptive" and (not self.fit_margin or self.playout in ("net", "value")):
            return [], 0.0  # nothing reads it: the network plays the others
        fast = self._fast_for(view)
        if fast is None:
            return [], 0.0
        fixed = self.iterations
        n = self.fit.worlds if fixed is None else min(self.fit.worlds, fixed)
        queued = [sampler.draw(rng) for _ in range(n)]
        self.fit.observe(view, fast, [hands for hands, _ in queued])
        return queued, self.fit.misfit(view.seat)

    def _search(
        self, view: PlayerView, rng: random.Random, cands: list[Move], start: float
    ) -> Move:
        sampler = Sampler(view, pass_weight=self.pass_weight, inference=self.inference,
                          lead_weight=self.lead_weight)
        # The first worlds also read how far the others play from the model (a few
        # ms: inside the budget, but not a stall between playouts).
        queued, misfit = self._fit_worlds(view, sampler, rng)
        batch = self._net_batch(view, misfit)
        # The fit margin is for the others played by Normal's rules: not where every
        # seat plays the network.
        ruled = batch is None or self.playout == "netself"
        margin = self.margin + (self.fit_margin * misfit if ruled else 0.0)
        self.last_margin = margin
        self.last_net = batch is not None
        if batch is not None:
            return self._search_batched(view, rng, cands, start, batch, sampler, queued, margin)
        vals, alive, worlds = self._race(view, rng, cands, start, sampler, queued)
        return self._pick(cands, vals, alive, worlds, margin)

    def evaluate(self, view: PlayerView, rng: random.Random, moves: Sequence[Move]
                 ) -> list[tuple[Move, list[float]]]:
        """Every move of ``moves`` (legal for the seat to act, duplicates dropped) played
        in the same sampled worlds, as the search plays its candidates: ``(move, values)``
        each, in the order given, ``values`` world by world (:meth:`playout_value`'s).
        ``moves[0]`` is never dropped from the race: it has a value in every world; a
        move clearly behind the leader may be dropped, and its list then stops early (a
        prefix of the worlds). Used by the hand review (:mod:`big2.ai.review`); the
        budget and ``iterations`` apply as for a move.
        """
        start = self.clock()
        cands = list(dict.fromkeys(moves))
        if not cands:
            raise ValueError("nothing to evaluate")
        sampler = Sampler(view, pass_weight=self.pass_weight, inference=self.inference,
                          lead_weight=self.lead_weight)
        vals, _alive, _worlds = self._race(view, rng, cands, start, sampler, [])
        return list(zip(cands, vals))


def master(**options: object) -> Expert:
    """The Master level: the Expert's search with :data:`MASTER_BUDGET` seconds a move."""
    opts: dict[str, object] = {"time_budget": MASTER_BUDGET, "name": "master"}
    opts.update(options)
    return Expert(**opts)  # type: ignore[arg-type]
