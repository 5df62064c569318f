"""``python -m big2.soak``: see :mod:`big2.soak`."""

import sys

from .runner import main

sys.exit(main())
