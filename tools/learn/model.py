"""The Q(state, move) network in PyTorch, and its export to the game's numpy network (and back).

:class:`QModel` has the layout of :class:`big2.ai.learned.net.QNet`: ``nn.Linear``
layers with ReLU between them over the state vector and a move's row side by side, one
output. :func:`to_qnet` copies the weights into a numpy ``QNet`` (the game's inference
and the self-play actors use it), so what is trained is exactly what plays.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import nn

from big2.ai.learned.features import ACTION_DIM, STATE_DIM
from big2.ai.learned.net import QNet

#: Hidden layer widths when a run does not name its own.
DEFAULT_HIDDEN: tuple[int, ...] = (256, 256, 128)


class QModel(nn.Module):
    """A ReLU perceptron from ``STATE_DIM + ACTION_DIM`` inputs to one Q value."""

    def __init__(self, hidden: Sequence[int] = DEFAULT_HIDDEN) -> None:
        super().__init__()
        widths = [STATE_DIM + ACTION_DIM, *hidden, 1]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))

    def forward(self, states: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
        """Q of each row: ``states`` (n x STATE_DIM) with ``actions`` (n x ACTION_DIM)."""
        h = torch.cat([states, actions], dim=1)
        last = len(self.layers) - 1
        for i, layer in enumerate(self.layers):
            h = layer(h)
            if i < last:
                h = torch.relu(h)
        return h[:, 0]


def from_qnet(net: QNet) -> QModel:
    """A model with ``net``'s layer widths and weights (the inverse of :func:`to_qnet`)."""
    model = QModel([w.shape[1] for w, _b in net.layers[:-1]])
    with torch.no_grad():
        for layer, (w, b) in zip(model.layers, net.layers):
            layer.weight.copy_(torch.from_numpy(w.T.copy()))
            layer.bias.copy_(torch.from_numpy(b.copy()))
    return model


def to_qnet(model: QModel) -> QNet:
    """The numpy network with ``model``'s current weights (a copy)."""
    layers = []
    with torch.no_grad():
        for layer in model.layers:
            w = layer.weight.detach().cpu().numpy().T.astype(np.float32, copy=True)
            b = layer.bias.detach().cpu().numpy().astype(np.float32, copy=True)
            layers.append((w, b))
    return QNet(layers)
