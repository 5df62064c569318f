"""Self-play training of the learned opponents (Deep Monte Carlo, PyTorch on the CPU).

Dev tooling, not shipped to players: install with ``pip install -e '.[train]'``. Run
``python -m tools.learn.train --run runs/NAME --minutes M`` from the repository root;
see ``docs/research/training.md``.
"""

import os

# One thread for numpy's BLAS too (torch's is set by train.py): the machines are shared.
# This runs before anything here imports numpy.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
