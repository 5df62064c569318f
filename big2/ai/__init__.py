"""Computer opponents and hints. They see a :class:`PlayerView`, never hidden cards.

Start with :func:`make_opponent` (levels in :data:`LEVELS`) and call
``opponent.choose(view, rng)`` with ``PlayerView.from_game(game, seat)``; ask
:func:`hint` for a suggested move with a sentence saying why. See docs/opponents.md (the
levels, measured) and docs/research/opponents-log.md (how the search was built).
"""

from .base import LEVELS, Opponent, legal_moves, make_opponent
from .exchange import choose_give_back, give_back_for
from .hint import Hint, hint
from .view import PlayerView, view_game

__all__ = [
    "LEVELS", "Hint", "Opponent", "PlayerView", "choose_give_back",
    "give_back_for", "hint", "legal_moves", "make_opponent", "view_game",
]
