"""The Expert as it was at tag ``ai-baseline-v1`` (commit c098bbb), kept for the arena.

Seat it as ``expert-v1`` (``python -m tools.arena``, or ``tools.arena.make_opponent``) to
measure the current levels against it in one process. Not shipped: it lives in tools/. Frozen: do not improve it; it is the yardstick.
"""

from .expert import Expert

__all__ = ["Expert"]
