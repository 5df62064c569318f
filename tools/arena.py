"""``python -m tools.arena``: the arena of :mod:`big2.ai.arena`, with ``expert-v1`` too.

``expert-v1`` is the Expert of tag ``ai-baseline-v1`` (:mod:`tools.baseline_v1`), frozen
as a yardstick and not shipped to players. Every option of ``python -m big2.ai.arena``
works here; ``expert-v1`` is a searching level (``--budget``, ``--iterations
expert-v1=40``, ``--set expert-v1.OPTION=VALUE``). Run it from the repository root.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from big2.ai.arena import main as arena_main
from big2.ai.arena import make_seat
from big2.ai.base import Opponent

from tools.baseline_v1 import Expert as ExpertV1

#: The opponents this arena seats beside the shipped levels.
EXTRA = {"expert-v1": ExpertV1}


def make_opponent(level: str, **options: Any) -> Opponent:
    """:func:`big2.ai.make_opponent`, and ``expert-v1`` as well."""
    return make_seat(level.strip().lower(), options, EXTRA)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``python -m tools.arena`` command line."""
    return arena_main(argv, extra=EXTRA, prog="python -m tools.arena")


if __name__ == "__main__":
    sys.exit(main())
