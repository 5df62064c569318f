"""The Expert as it was at tag ``ai-baseline-v1`` (commit c098bbb), kept for the arena.

Seat it as ``expert-v1`` (``make_opponent("expert-v1")``) to measure the current levels
against it in one process. Frozen: do not improve it; it is the yardstick.
"""

from .expert import Expert

__all__ = ["Expert"]
