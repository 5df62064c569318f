"""The Deep Monte Carlo trainer: self-play batches, one regression step each, and an
exact checkpoint.

A :class:`Trainer` owns the model, its optimizer, the random generator that deals and
explores, the counters and the samples left over from the last batch. :meth:`Trainer.step`
plays hands with the current network until a batch is full, then fits Q(state, move) to
the hands' returns (mean squared error). :meth:`Trainer.save` writes all of it, and
:meth:`Trainer.load` restores it so the next batch and the weights after the next step
are exactly those the uninterrupted run would have had (one thread, the same torch).
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from big2.ai.learned.features import ACTION_DIM, FEATURE_VERSION, STATE_DIM
from big2.ai.learned.net import QNet
from big2.engine import preset_names

from .model import DEFAULT_HIDDEN, QModel, to_qnet
from .selfplay import play_hand


@dataclass
class Config:
    """A run's settings (kept in its checkpoint; a resumed run keeps them)."""

    hidden: tuple[int, ...] = DEFAULT_HIDDEN
    lr: float = 3e-4
    batch: int = 512
    epsilon: float = 0.05
    presets: tuple[str, ...] = field(default_factory=lambda: tuple(preset_names()))
    seat_counts: tuple[int, ...] = (2, 3, 4)
    seed: int = 1

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        data = dict(data)
        for key in ("hidden", "presets", "seat_counts"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data)


@dataclass
class Counters:
    """How far a run has come (all runs of it together)."""

    steps: int = 0
    decisions: int = 0  # samples trained on: decisions with a choice
    plies: int = 0  # every move of the self-play hands, forced ones too
    games: int = 0
    wall_s: float = 0.0  # seconds spent in steps (self-play and fitting)


class Trainer:
    """Self-play and fitting for one run (see the module doc)."""

    def __init__(self, config: Config | None = None) -> None:
        self.config = config or Config()
        torch.manual_seed(self.config.seed)
        self.model = QModel(self.config.hidden)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=self.config.lr)
        self.rng = random.Random(self.config.seed)
        self.counters = Counters()
        self._states = np.zeros((0, STATE_DIM), np.float32)
        self._actions = np.zeros((0, ACTION_DIM), np.float32)
        self._returns = np.zeros(0, np.float32)
        self._actor: QNet | None = None
        self.device = torch.device("cpu")

    def to(self, device: str | torch.device) -> Trainer:
        """Fit on ``device`` (e.g. ``"cuda"``) from now on: moves the model and Adam's
        moments there (its step counts stay on the CPU, as Adam wants them). Checkpoints
        load on the CPU whatever device wrote them."""
        self.device = torch.device(device)
        self.model.to(self.device)
        for state in self.optimizer.state.values():
            for key, value in state.items():
                if key != "step" and isinstance(value, torch.Tensor):
                    state[key] = value.to(self.device)
        self._actor = None
        return self

    # -- play and fit -------------------------------------------------------------------

    @property
    def actor(self) -> QNet:
        """The numpy copy of the current model that plays the self-play hands."""
        if self._actor is None:
            self._actor = to_qnet(self.model)
        return self._actor

    def next_batch(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play hands until ``config.batch`` samples wait, and take the oldest batch."""
        c = self.config
        states, actions, returns = [], [], []
        have = self.waiting
        while have < c.batch:
            hand = play_hand(self.actor, self.rng, presets=c.presets,
                             seat_counts=c.seat_counts, epsilon=c.epsilon)
            states.append(hand.states)
            actions.append(hand.actions)
            returns.append(hand.returns)
            have += len(hand.returns)
            self.counters.games += 1
            self.counters.plies += hand.plies
        if states:
            self.add_samples(np.concatenate(states), np.concatenate(actions), np.concatenate(returns))
        return self.take_batch()

    def add_samples(self, states: np.ndarray, actions: np.ndarray, returns: np.ndarray) -> None:
        """Queue samples played elsewhere (:mod:`.parallel`'s actors) behind those waiting."""
        self._states = np.concatenate([self._states, states])
        self._actions = np.concatenate([self._actions, actions])
        self._returns = np.concatenate([self._returns, returns])

    @property
    def waiting(self) -> int:
        """Samples played and not yet fitted."""
        return len(self._returns)

    def take_batch(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The oldest ``config.batch`` waiting samples (there must be that many)."""
        b = self.config.batch
        if self.waiting < b:
            raise ValueError(f"{self.waiting} samples wait, a batch is {b}")
        batch = self._states[:b], self._actions[:b], self._returns[:b]
        self._states, self._actions, self._returns = self._states[b:], self._actions[b:], self._returns[b:]
        return batch

    def _tensors(self, *arrays: np.ndarray) -> list[torch.Tensor]:
        return [torch.from_numpy(np.ascontiguousarray(a)).to(self.device) for a in arrays]

    def loss_on(self, states: np.ndarray, actions: np.ndarray, returns: np.ndarray) -> float:
        """The mean squared error of the current model on the given samples."""
        s, a, r = self._tensors(states, actions, returns)
        with torch.no_grad():
            return float(torch.mean((self.model(s, a) - r) ** 2))

    def fit(self, states: np.ndarray, actions: np.ndarray, returns: np.ndarray) -> float:
        """One optimizer step on a batch; its loss before the step."""
        s, a, r = self._tensors(states, actions, returns)
        loss = torch.mean((self.model(s, a) - r) ** 2)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self._actor = None
        return float(loss.detach())

    def step(self) -> float:
        """Self-play one batch and fit it; the batch's loss."""
        t0 = time.perf_counter()
        batch = self.next_batch()
        loss = self.fit(*batch)
        self.counters.steps += 1
        self.counters.decisions += len(batch[2])
        self.counters.wall_s += time.perf_counter() - t0
        return loss

    # -- checkpoints --------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Everything :meth:`load` needs to go on exactly where this run stands (every
        tensor on the CPU, whatever device fits: a checkpoint loads anywhere)."""
        return _on_cpu({
            "feature_version": FEATURE_VERSION,
            "config": asdict(self.config),
            "counters": asdict(self.counters),
            "model": self.model.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "rng": _rng_to_list(self.rng),
            "torch_rng": torch.get_rng_state(),
            "pending": {
                "states": torch.from_numpy(self._states.copy()),
                "actions": torch.from_numpy(self._actions.copy()),
                "returns": torch.from_numpy(self._returns.copy()),
            },
        })

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write a checkpoint (atomically: a crash never leaves half a file)."""
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        torch.save(self.state_dict(), tmp)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Trainer:
        """A trainer that goes on from the checkpoint at ``path``."""
        data = torch.load(path, weights_only=True, map_location="cpu")
        if data["feature_version"] != FEATURE_VERSION:
            raise ValueError(f"{path} was trained on feature layout {data['feature_version']}, "
                             f"this code has {FEATURE_VERSION}: start a new run, or carry a layout-1 "
                             f"run over with python -m tools.learn.widen")
        trainer = cls(Config.from_dict(data["config"]))
        trainer.model.load_state_dict(data["model"])
        trainer.optimizer.load_state_dict(data["optimizer"])
        trainer.rng.setstate(_rng_from_list(data["rng"]))
        torch.set_rng_state(data["torch_rng"])
        trainer.counters = Counters(**data["counters"])
        pending = data["pending"]
        trainer._states = pending["states"].numpy().copy()
        trainer._actions = pending["actions"].numpy().copy()
        trainer._returns = pending["returns"].numpy().copy()
        return trainer


def _on_cpu(obj: Any) -> Any:
    """``obj`` with every tensor in it (in dicts, lists and tuples) moved to the CPU."""
    if isinstance(obj, torch.Tensor):
        return obj.cpu()
    if isinstance(obj, dict):
        return {k: _on_cpu(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_on_cpu(v) for v in obj)
    return obj


def _rng_to_list(rng: random.Random) -> list[Any]:
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def _rng_from_list(data: list[Any]) -> tuple[Any, ...]:
    version, state, gauss = data
    return (version, tuple(state), gauss)
