"""``python -m big2.arena``: seeded games between computer levels (see big2.ai.arena)."""

from __future__ import annotations

import sys

from big2.ai.arena import main

if __name__ == "__main__":
    sys.exit(main())
