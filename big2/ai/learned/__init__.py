"""Learned opponents: features from a :class:`~big2.ai.view.PlayerView` and a numpy Q
network (no PyTorch at play time). Trained by ``tools/learn`` (Deep Monte Carlo
self-play); see ``docs/research/training.md``. Needs numpy; the Skilled level
(:mod:`big2.ai.skilled`) and, where asked, the Expert's candidates use it.

Numpy's BLAS gets one thread (set here, before this package imports numpy, unless the
environment or an earlier import of numpy decided already): a decision multiplies a
few small matrices, and OpenBLAS's threads spinning beside a busy core made the
95th percentile of a decision 16 ms instead of 0.2 ms.
"""

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from .features import ACTION_DIM, FEATURE_VERSION, STATE_DIM, action_features, state_features
from .net import QNet, save_npz, shipped_net
from .opponent import LearnedOpponent

__all__ = [
    "ACTION_DIM", "FEATURE_VERSION", "STATE_DIM", "action_features", "state_features",
    "QNet", "save_npz", "shipped_net", "LearnedOpponent",
]
