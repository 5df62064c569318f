"""The Skilled level: the move the shipped self-play network values most, no search.

The network (:mod:`big2.ai.learned`, trained by ``tools/learn``, milestone dmc8) scores
every legal move of the seat to act from its :class:`~big2.ai.view.PlayerView` alone,
and the level plays the best-scored one: a fraction of a millisecond a decision.
It wins more often than Normal against Normals (less often than the Expert, whose
search models Normals exactly) and holds its fair share against Experts
(docs/opponents.md has the figures).

Where the network was not trained the level plays Normal's move instead, and says so
in :attr:`Skilled.last_fallback`:

* rules that are none of :data:`TRAINED_PRESETS` (a table whose house rules were
  changed away from every preset; the name of a rule set does not count);
* a package that lacks its weights (a broken build; logged once).

Self-play plays lone hands, so the session's standing (scores, hands left, target)
is blanked from the network's input: it plays every hand for that hand alone.
Deterministic: ``rng`` is only the interface's.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from functools import lru_cache
from typing import Final

from big2.engine import Move, Rules, get_rules

from .normal import Normal
from .view import PlayerView, legal_moves

log = logging.getLogger(__name__)

#: The presets the shipped network trained on (every preset, at 2, 3 and 4 seats).
TRAINED_PRESETS: Final = (
    "standard", "hong-kong", "taiwan", "pusoy-dos", "indonesia", "cho-dai-di",
    "chudadi", "big-2", "choi-dai-di",
)


@lru_cache(maxsize=1)
def _trained() -> frozenset[Rules]:
    return frozenset(dataclasses.replace(get_rules(p), name="") for p in TRAINED_PRESETS)


@lru_cache(maxsize=64)
def trained_on(rules: Rules) -> bool:
    """Whether the shipped network trained on ``rules`` (any name)."""
    return dataclasses.replace(rules, name="") in _trained()


class Skilled:
    """The Skilled level (see the module doc). ``net`` is a
    :class:`~big2.ai.learned.net.QNet` (default: the shipped one, loaded on first use)."""

    name = "skilled"

    def __init__(self, net: object | None = None) -> None:
        self._net = net
        self._missing = False
        self.normal = Normal()
        #: Why the last decision was Normal's rather than the network's (None: it was
        #: the network's, or forced).
        self.last_fallback: str | None = None

    def _network(self) -> object | None:
        if self._net is None and not self._missing:
            try:
                from .learned.net import shipped_net

                self._net = shipped_net()
            except (FileNotFoundError, ValueError, ImportError) as exc:
                log.warning("the Skilled level plays Normal's moves: %s", exc)
                self._missing = True
        return self._net

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat to act."""
        self.last_fallback = None
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if not trained_on(view.rules):
            self.last_fallback = "untrained rules"
            return self.normal.decide(view, rng, moves).move
        net = self._network()
        if net is None:
            self.last_fallback = "no network"
            return self.normal.decide(view, rng, moves).move
        q = net.scores(view, moves, session=False)  # type: ignore[attr-defined]
        return moves[int(q.argmax())]
