"""The learned Q network at play time, in numpy: Q(state, move) for every legal move.

A :class:`QNet` is a plain multilayer perceptron (ReLU between layers, one output) over
the state vector and one move's row of :mod:`big2.ai.learned.features` side by side. It
is the Deep Monte Carlo network of ``tools/learn`` (trained with PyTorch, which the
game never imports): the trainer writes its weights to an ``.npz`` with
:func:`save_npz` and this module reads them back.

The ``.npz`` holds ``w0, b0, w1, b1, ...`` (``w`` as ``in x out``) and the
``feature_version``, ``state_dim`` and ``action_dim`` it was trained with; loading
weights made for another feature layout raises ``ValueError``, except that
:func:`widen_arrays` turns layout-1 weights into layout-2 ones that score every move
exactly alike (zero rows for the new ``history`` inputs). :func:`shipped_net`
loads the weights that ship inside this package, lazily, once (``FileNotFoundError``
if a build left them out).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from os import PathLike
from typing import IO, Final

import numpy as np

from big2.engine import Move

from ..view import PlayerView
from .features import (
    ACTION_DIM, FEATURE_VERSION, HISTORY_DIM, SESSION_SLICE, STATE_DIM, V1_STATE_DIM,
    action_features, state_features,
)

#: The file name of the weights shipped inside this package (a milestone of
#: ``tools/learn``; see docs/research/training.md).
SHIPPED_WEIGHTS: Final = "weights.npz"


def widen_arrays(arrays: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Layout-1 weights (as :meth:`QNet.arrays` writes them) as layout-2 weights: the
    first layer gets zero rows for the ``history`` inputs, inserted after layout 1's
    state inputs, so the network's Q values are exactly the old ones. Layout-2 arrays
    come back unchanged; any other layout raises ``ValueError``."""
    version = int(arrays.get("feature_version", -1))
    out = {k: np.asarray(v) for k, v in arrays.items()}
    if version == FEATURE_VERSION:
        return out
    if version != 1 or int(arrays["state_dim"]) != V1_STATE_DIM:
        raise ValueError(f"cannot widen weights of feature layout {version} to {FEATURE_VERSION}")
    w0 = out["w0"]
    zeros = np.zeros((HISTORY_DIM, w0.shape[1]), dtype=w0.dtype)
    out["w0"] = np.concatenate([w0[:V1_STATE_DIM], zeros, w0[V1_STATE_DIM:]])
    out["feature_version"] = np.array(FEATURE_VERSION)
    out["state_dim"] = np.array(STATE_DIM)
    return out


class QNet:
    """Q(state, move) by a ReLU perceptron; ``layers`` are ``(w, b)`` pairs, ``w`` as
    ``in x out``. The first layer's input is the state vector then the move's row."""

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
        if not layers:
            raise ValueError("a network needs at least one layer")
        self.layers = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32))
                       for w, b in layers]
        w0 = self.layers[0][0]
        if w0.shape[0] != STATE_DIM + ACTION_DIM:
            raise ValueError(f"the first layer takes {w0.shape[0]} inputs, the features are "
                             f"{STATE_DIM} + {ACTION_DIM}")
        for (w, b), (w2, _b2) in zip(self.layers, self.layers[1:]):
            if w.shape[1] != w2.shape[0] or b.shape != (w.shape[1],):
                raise ValueError("the layers' shapes do not chain")
        if self.layers[-1][0].shape[1] != 1:
            raise ValueError("the last layer must have one output")
        # The first layer split in two: the state's part is computed once per decision.
        self._w_state = np.ascontiguousarray(w0[:STATE_DIM])
        self._w_action = np.ascontiguousarray(w0[STATE_DIM:])

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray]) -> QNet:
        """A network from ``w0, b0, ...`` arrays (and the feature layout they expect)."""
        version = int(arrays.get("feature_version", -1))
        if version != FEATURE_VERSION:
            raise ValueError(f"these weights were trained on feature layout {version}, "
                             f"this game has layout {FEATURE_VERSION}")
        if (int(arrays["state_dim"]), int(arrays["action_dim"])) != (STATE_DIM, ACTION_DIM):
            raise ValueError("these weights were trained on features of another size")
        layers = []
        i = 0
        while f"w{i}" in arrays:
            layers.append((arrays[f"w{i}"], arrays[f"b{i}"]))
            i += 1
        return cls(layers)

    @classmethod
    def load(cls, source: str | PathLike[str] | IO[bytes], *, widen: bool = False) -> QNet:
        """A network from an ``.npz`` file (a path or an open binary file); ``widen``
        accepts layout-1 weights too (:func:`widen_arrays`: the same play)."""
        with np.load(source, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        return cls.from_arrays(widen_arrays(arrays) if widen else arrays)

    def q_values(self, state: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """Q of each action row (``actions``: k x ACTION_DIM) in the state vector ``state``."""
        w0, b0 = self.layers[0]
        h = actions @ self._w_action + (state @ self._w_state + b0)
        for w, b in self.layers[1:]:
            np.maximum(h, 0.0, out=h)
            h = h @ w + b
        return h[:, 0]

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        """Q of each row of ``inputs`` (n x (STATE_DIM + ACTION_DIM)): the plain form."""
        h = inputs.astype(np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        return h[:, 0]

    def scores(self, view: PlayerView, moves: list[Move], *, session: bool = True) -> np.ndarray:
        """Q of each of ``moves`` (legal moves of the seat to act) in ``view``.

        ``session=False`` blanks the session's standing (scores, hands left, target) from
        the state, as self-play saw it: a network trained on lone hands then plays every
        hand as a lone hand instead of reading inputs it never learned.
        """
        state = state_features(view)
        if not session:
            state[SESSION_SLICE] = 0.0
        return self.q_values(state, action_features(view, moves))

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights as :func:`save_npz` writes them."""
        out: dict[str, np.ndarray] = {
            "feature_version": np.array(FEATURE_VERSION),
            "state_dim": np.array(STATE_DIM),
            "action_dim": np.array(ACTION_DIM),
        }
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"] = w
            out[f"b{i}"] = b
        return out


def save_npz(net: QNet, target: str | PathLike[str] | IO[bytes]) -> None:
    """Write ``net``'s weights (compressed) where :meth:`QNet.load` reads them."""
    np.savez_compressed(target, **net.arrays())


@lru_cache(maxsize=1)
def shipped_net() -> QNet:
    """The network shipped inside the package, loaded on first use.

    Raises ``FileNotFoundError`` when the package lacks its weights (a broken build).
    """
    res = resources.files(__package__).joinpath(SHIPPED_WEIGHTS)
    if not res.is_file():
        raise FileNotFoundError("this copy of the game lacks its trained network (weights.npz)")
    return QNet.load(io.BytesIO(res.read_bytes()))
