"""Carry a run trained on feature layout 1 over to layout 2:
``python -m tools.learn.widen OLD_RUN NEW_RUN``.

Layout 2 appends the ``history`` inputs to the state (see
:mod:`big2.ai.learned.features`). The new run's first layer gets zero columns for them,
so its network is exactly the old one at first (the same Q for every move), and
training goes on from there: Adam's running moments get zero columns too (its step
count stays), the counters, the settings and both random generators carry over, and the
old log is copied so the curve goes on. Only the leftover self-play samples of the old
checkpoint (fewer than a batch, in the old layout) are dropped; the next batch is
played afresh.

``OLD_RUN`` is any folder with a layout-1 ``checkpoint.pt`` (a run or a milestone);
``NEW_RUN`` must not hold a checkpoint yet.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from big2.ai.learned.features import ACTION_DIM, FEATURE_VERSION, HISTORY_DIM, STATE_DIM, V1_STATE_DIM

from .train import CHECKPOINT, LOG, save
from .trainer import Trainer


def _pad_columns(w: torch.Tensor) -> torch.Tensor:
    """``w`` (out x layout-1 inputs) with zero columns for the history inputs."""
    if w.shape[1] != V1_STATE_DIM + ACTION_DIM:
        raise ValueError(f"a layout-1 first layer takes {V1_STATE_DIM + ACTION_DIM} inputs, "
                         f"this one {w.shape[1]}")
    zeros = torch.zeros(w.shape[0], HISTORY_DIM, dtype=w.dtype)
    return torch.cat([w[:, :V1_STATE_DIM], zeros, w[:, V1_STATE_DIM:]], dim=1).contiguous()


def widen_checkpoint(data: dict[str, Any]) -> dict[str, Any]:
    """A layout-2 checkpoint (as :meth:`Trainer.state_dict` makes) from a layout-1 one."""
    if data["feature_version"] != 1:
        raise ValueError(f"the checkpoint has feature layout {data['feature_version']}, not 1")
    out = dict(data)
    model = dict(data["model"])
    model["layers.0.weight"] = _pad_columns(model["layers.0.weight"])
    out["model"] = model
    optimizer = {"param_groups": data["optimizer"]["param_groups"],
                 "state": dict(data["optimizer"]["state"])}
    # The first parameter of the model (and of Adam's list) is the first layer's weight.
    first = data["optimizer"]["param_groups"][0]["params"][0]
    if first in optimizer["state"]:
        moments = dict(optimizer["state"][first])
        for key in ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"):
            if key in moments and moments[key].dim() == 2:
                moments[key] = _pad_columns(moments[key])
        optimizer["state"][first] = moments
    out["optimizer"] = optimizer
    out["pending"] = {
        "states": torch.zeros(0, STATE_DIM),
        "actions": torch.zeros(0, ACTION_DIM),
        "returns": torch.zeros(0),
    }
    out["feature_version"] = FEATURE_VERSION
    return out


def widen_run(old: Path, new: Path) -> Trainer:
    """Write the layout-2 run ``new`` (checkpoint, weights, log) from the run ``old``."""
    if (new / CHECKPOINT).exists():
        raise FileExistsError(f"{new} already holds a checkpoint")
    data = torch.load(old / CHECKPOINT, weights_only=True)
    new.mkdir(parents=True, exist_ok=True)
    tmp = new / (CHECKPOINT + ".widen")
    torch.save(widen_checkpoint(data), tmp)
    trainer = Trainer.load(tmp)
    tmp.unlink()
    save(new, trainer)
    if (old / LOG).exists():
        shutil.copyfile(old / LOG, new / LOG)
    with open(new / LOG, "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"kind": "widen", "from": str(old), "feature_version": FEATURE_VERSION,
                             "time": time.time(), "counters": vars(trainer.counters).copy()}) + "\n")
    return trainer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.learn.widen",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="a folder with a layout-1 checkpoint.pt")
    parser.add_argument("new", type=Path, help="the new run's folder")
    args = parser.parse_args(argv)
    trainer = widen_run(args.old, args.new)
    c = trainer.counters
    print(f"{args.new}: layout {FEATURE_VERSION}, {c.steps} steps, {c.decisions} decisions so far")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
