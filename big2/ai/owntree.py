"""The searcher's own later decisions in its playouts: a small tree over what it knows.

The Expert's flat search plays each candidate in sampled worlds and finishes the hand
with every seat, its own included, following Normal's rules. So a candidate that leaves
a hand needing a good later move is judged as if Normal would miss that move. An
:class:`OwnTree` searches those later decisions too, without peeking at the sampled
cards: a decision of the searching seat below the root is a *node* keyed by what the
seat knows there: its own hand, the trick and who made it, the passes since, and every
seat's card count. Every world and every line of play that reaches the same point
shares the node, so its statistics are over situations the seat cannot tell apart by
its cards and the table (a tree per world would choose with the others' cards in view:
measured, that plays worse; a key of the whole public history since the root shares
less, and measured no better).

At a node the seat plays Normal's move (the playout's own choice) until the node has
been reached ``visits`` times; then it picks among Normal's move, passing, its plan's
combinations that fit the trick and the weakest and strongest plays that beat it (on a
lead: the plan's combinations) by UCB1 on the playouts' values (``exploration`` in the
objective's points). Every playout's value is backed up to the nodes it chose at.

One tree serves one decision: build it with the playout function, call :meth:`start`
before each playout, hand :meth:`choose` to :meth:`big2.ai.fastplay.FastPlayout.run`,
and :meth:`backup` the playout's value.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log, sqrt
from typing import Final

from big2.engine import PASS, Move
from big2.engine.rules import KEY_SHIFT, SIZE_SHIFT

#: Visits a node needs before its moves are searched (before that: Normal's move).
VISITS: Final = 6
#: UCB1's exploration constant, in the objective's points (values spread over about
#: ±15 points).
EXPLORATION: Final = 8.0
#: Moves searched at a node, Normal's first.
CANDIDATES: Final = 6


class _Node:
    __slots__ = ("moves", "visits", "sums", "total", "expanded")

    def __init__(self, moves: list[Move]) -> None:
        self.moves = moves
        self.expanded = False
        self.visits = [0] * len(moves)
        self.sums = [0.0] * len(moves)
        self.total = 0

    def index(self, move: Move) -> int:
        """The slot of ``move`` (added when Normal's move is new here: it may differ
        between worlds, it leads with what nobody can beat in *that* world)."""
        try:
            return self.moves.index(move)
        except ValueError:
            self.moves.append(move)
            self.visits.append(0)
            self.sums.append(0.0)
            return len(self.moves) - 1


class OwnTree:
    """Statistics of the searching seat's later decisions for one search (see module)."""

    def __init__(
        self,
        beater: Callable[[int, Move, bool], Move],
        *,
        visits: int = VISITS,
        exploration: float = EXPLORATION,
        candidates: int = CANDIDATES,
    ) -> None:
        self._beater = beater
        self.visits = visits
        self.exploration = exploration
        self.candidates = candidates
        #: The nodes by (hand, trick, trick owner, passes, card counts).
        self.nodes: dict[tuple[int, Move, int, int, tuple[int, ...]], _Node] = {}
        self._path: list[tuple[_Node, int]] = []

    def start(self) -> None:
        """Begin a playout."""
        self._path.clear()

    def choose(self, hand: int, trick: Move, normal: Move, plan: tuple[Move, ...],
               owner: int, passes: int, counts: list[int]) -> Move:
        """The seat's move at the current point of the playout (``normal`` is the
        playout policy's); ``hand`` and ``plan`` are the seat's, ``trick`` PASS on a
        lead, ``owner`` the trick's, ``passes`` since it, ``counts`` every seat's cards."""
        key = (hand, trick, owner, passes, tuple(counts))
        node = self.nodes.get(key)
        if node is None:
            node = self.nodes[key] = _Node([normal])
        if node.total < self.visits:
            i = node.index(normal)
        else:
            if not node.expanded:  # most nodes are reached too seldom to search
                node.expanded = True
                for m in self._moves(hand, trick, plan):
                    if len(node.moves) >= self.candidates:
                        break
                    node.index(m)
            i = self._ucb(node) if len(node.moves) > 1 else 0
        self._path.append((node, i))
        return node.moves[i]

    def backup(self, value: float) -> None:
        """Credit the playout's ``value`` to every choice it made in the tree."""
        for node, i in self._path:
            node.total += 1
            node.visits[i] += 1
            node.sums[i] += value

    def _ucb(self, node: _Node) -> int:
        if 0 in node.visits:
            return node.visits.index(0)
        lt = log(node.total)
        best, best_u = 0, -1e18
        for j, nj in enumerate(node.visits):
            u = node.sums[j] / nj + self.exploration * sqrt(lt / nj)
            if u > best_u:
                best, best_u = j, u
        return best

    def _moves(self, hand: int, trick: Move, plan: tuple[Move, ...]) -> list[Move]:
        """The moves searched besides Normal's: on a lead the plan's combinations; on a
        trick passing, the plan's combinations that beat it, the weakest and strongest
        plays that beat it."""
        if trick == PASS:
            return list(plan)
        size = trick >> SIZE_SHIFT
        floor = ((trick >> KEY_SHIFT) + 1) << KEY_SHIFT
        out = [PASS]
        out.extend(c for c in plan if c >= floor and c >> SIZE_SHIFT == size)
        for strongest in (False, True):
            m = self._beater(hand, trick, strongest)
            if m != PASS:
                out.append(m)
        return out
