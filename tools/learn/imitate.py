"""``python -m tools.learn.imitate``: a network that predicts a level's moves (an
opponent model for the search's playouts), by imitation.

Research tooling for issue 31, not shipped. The Expert's playouts model the other seats
by Normal's rules, which foresee about 72 % of an Expert's decisions
(:mod:`tools.learn.modelmatch`); the self-play network foresees 57 %. This trains a
network of the self-play network's shape to foresee them better:

* ``collect``: seeded hands of one level at every seat (standard rules, four seats;
  ``--playout net`` for the search with the network, the targets of expert iteration);
  at every decision with a choice it keeps the seat's state features (the session
  blanked, as self-play), every legal move's features and the index of the move
  played. Saved to ``--out`` (an ``.npz``) every minute and at the end, so a killed run
  keeps what it played; ``--minutes`` bounds it.
* ``fit``: the network's outputs over a decision's legal moves are read as a softmax;
  it is fitted by cross-entropy to the moves played (PyTorch, ``.[train]``), from
  ``--init`` weights (a self-play milestone: its features already mean something), and
  written where :meth:`big2.ai.learned.net.QNet.load` reads it. Held-out files report
  the share of their decisions whose move the network ranks first.
* ``arena``: ``python -m big2.ai.arena`` with one more seat, ``imitated``: the Expert's
  search with a fitted network as every seat's playout policy (``--set
  imitated.weights=FILE``; any other Expert option too), e.g. ``--seats
  imitated,expert,expert,expert --iterations expert=160,imitated=160``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import big2.ai.learned  # noqa: F401  (before numpy: one BLAS thread)
import numpy as np

from big2.ai.learned.features import SESSION_SLICE, action_features, state_features
from big2.ai.view import PlayerView

from .modelmatch import decisions


class Record:
    """Decisions kept for imitation: states, the legal moves' rows, the move played."""

    def __init__(self) -> None:
        self.states: list[np.ndarray] = []
        self.actions: list[np.ndarray] = []
        self.chosen: list[int] = []

    def add(self, view: PlayerView, moves: list, move: object) -> None:
        state = state_features(view)
        state[SESSION_SLICE] = 0.0
        self.states.append(state.astype(np.float32))
        self.actions.append(action_features(view, moves).astype(np.float32))
        self.chosen.append(moves.index(move))

    def save(self, path: Path) -> None:
        counts = np.array([len(a) for a in self.actions], dtype=np.int32)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, states=np.stack(self.states), actions=np.concatenate(self.actions),
                 counts=counts, chosen=np.array(self.chosen, dtype=np.int32))
        tmp.replace(path)


def collect(level: str, *, seed: int, minutes: float, out: Path, iterations: int = 160,
            hands: int | None = None, save_seconds: float = 60.0,
            playout: str | None = None) -> int:
    """Play and record (see the module doc), saving at most every ``save_seconds``
    and at the end; the number of decisions kept. ``playout`` is the searchers'
    playout policy (``"net"``: the search with the network, whose choices are the
    targets of expert iteration)."""
    record = Record()
    start = time.monotonic()
    end = start + minutes * 60
    saved = start
    for view, moves, move in decisions(level, hands, seed=seed, iterations=iterations,
                                       playout=playout):
        record.add(view, moves, move)
        now = time.monotonic()
        if now >= end:
            break
        if now - saved >= save_seconds:
            record.save(out)
            saved = now
    if record.chosen:
        record.save(out)
    took = time.monotonic() - start
    print(f"{len(record.chosen)} decisions with a choice in {took:.0f} s "
          f"({len(record.chosen) / max(took, 1e-9):.2f} a second)", flush=True)
    return len(record.chosen)


def load(paths: Sequence[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every decision of ``paths``: states, action rows, counts, chosen indices."""
    parts = [np.load(p) for p in paths]
    return (np.concatenate([p["states"] for p in parts]),
            np.concatenate([p["actions"] for p in parts]),
            np.concatenate([p["counts"] for p in parts]),
            np.concatenate([p["chosen"] for p in parts]))


def fit(train: Sequence[Path], held: Sequence[Path], *, init: Path | None, out: Path,
        epochs: int, lr: float = 3e-4, batch: int = 256, seed: int = 1) -> dict[str, float]:
    """Fit by cross-entropy over each decision's legal moves; the held-out accuracy."""
    import torch

    from big2.ai.learned.net import QNet, save_npz

    from .model import QModel, from_qnet, to_qnet

    torch.manual_seed(seed)
    model = from_qnet(QNet.load(init)) if init is not None else QModel()
    opt = torch.optim.Adam(model.parameters(), lr=lr)

    def tensors(paths: Sequence[Path]) -> tuple:
        s, a, c, y = load(paths)
        starts = np.concatenate([[0], np.cumsum(c)[:-1]])
        return (torch.from_numpy(s), torch.from_numpy(a), torch.from_numpy(c.astype(np.int64)),
                torch.from_numpy(starts.astype(np.int64)), torch.from_numpy(y.astype(np.int64)))

    def logits_of(idx: torch.Tensor, s, a, c, starts) -> torch.Tensor:
        counts = c[idx]
        rows = torch.cat([torch.arange(st, st + k) for st, k in zip(starts[idx].tolist(), counts.tolist())])
        owner = torch.repeat_interleave(torch.arange(len(idx)), counts)
        q = model(s[idx][owner], a[rows])
        width = int(counts.max())
        pos = torch.cat([torch.arange(k) for k in counts.tolist()])
        logits = torch.full((len(idx), width), -1e9)
        logits[owner, pos] = q
        return logits

    def accuracy(data: tuple) -> float:
        s, a, c, starts, y = data
        right = 0
        with torch.no_grad():
            for i in range(0, len(y), 1024):
                idx = torch.arange(i, min(i + 1024, len(y)))
                logits = logits_of(idx, s, a, c, starts)
                right += int((logits.argmax(1) == y[idx]).sum())
        return right / max(len(y), 1)

    tr, ho = tensors(train), tensors(held)
    report = {"train": float(len(tr[4])), "held": float(len(ho[4])), "held_acc_before": accuracy(ho)}
    print(f"decisions: train {len(tr[4])}, held out {len(ho[4])}; held-out accuracy "
          f"before {report['held_acc_before']:.1%}", flush=True)
    n = len(tr[4])
    for epoch in range(epochs):
        perm = torch.randperm(n)
        total = 0.0
        for i in range(0, n, batch):
            idx = perm[i:i + batch]
            logits = logits_of(idx, *tr[:4])
            loss = torch.nn.functional.cross_entropy(logits, tr[4][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(idx)
        acc = accuracy(ho)
        report[f"held_acc_{epoch + 1}"] = acc
        print(f"epoch {epoch + 1}: loss {total / n:.4f}, held-out accuracy {acc:.1%}", flush=True)
    save_npz(to_qnet(model), out)
    return report


def imitated(*, weights: str, playout: str = "net", **options: object) -> object:
    """The arena's ``imitated`` seat: the Expert's search with the network in ``weights``
    as its playout policy (module level, so ``--jobs`` can pickle it)."""
    from big2.ai.expert import Expert
    from big2.ai.learned.net import QNet

    return Expert(playout=playout, net=QNet.load(weights), name="imitated", **options)  # type: ignore[arg-type]


def main(argv: Sequence[str] | None = None) -> int:
    rest = list(argv) if argv is not None else sys.argv[1:]
    if rest[:1] == ["arena"]:
        from big2.ai.arena import main as arena_main

        return arena_main(rest[1:], extra={"imitated": imitated},
                          prog="python -m tools.learn.imitate arena")
    parser = argparse.ArgumentParser(prog="python -m tools.learn.imitate",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play a level and keep its decisions")
    c.add_argument("--level", default="expert")
    c.add_argument("--iterations", type=int, default=160)
    c.add_argument("--seed", type=int, required=True)
    c.add_argument("--minutes", type=float, default=30.0)
    c.add_argument("--hands", type=int, default=None)
    c.add_argument("--playout", default=None,
                   help="the searchers' playout policy (e.g. net: the search with the network)")
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit a network to collected decisions")
    f.add_argument("--train", type=Path, nargs="+", required=True)
    f.add_argument("--held", type=Path, nargs="+", required=True)
    f.add_argument("--init", type=Path, default=None)
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--epochs", type=int, default=5)
    f.add_argument("--lr", type=float, default=3e-4)
    args = parser.parse_args(rest)
    if args.command == "collect":
        args.out.parent.mkdir(parents=True, exist_ok=True)
        kept = collect(args.level, seed=args.seed, minutes=args.minutes, out=args.out,
                       iterations=args.iterations, hands=args.hands, playout=args.playout)
        print(f"kept {kept} decisions in {args.out}")
    else:
        fit(args.train, args.held, init=args.init, out=args.out, epochs=args.epochs, lr=args.lr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
