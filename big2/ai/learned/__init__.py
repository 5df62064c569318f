"""Learned opponents: features from a :class:`~big2.ai.view.PlayerView` and a numpy Q
network (no PyTorch at play time). Trained by ``tools/learn`` (Deep Monte Carlo
self-play); see ``docs/research/training.md``. Needs numpy; nothing in the game's
levels imports this package yet.
"""

from .features import ACTION_DIM, FEATURE_VERSION, STATE_DIM, action_features, state_features
from .net import QNet, save_npz, shipped_net
from .opponent import LearnedOpponent

__all__ = [
    "ACTION_DIM", "FEATURE_VERSION", "STATE_DIM", "action_features", "state_features",
    "QNet", "save_npz", "shipped_net", "LearnedOpponent",
]
