"""Command line: ``big2`` starts the game; ``big2 simulate`` plays a text hand;
``big2 serve`` runs the online-play server headless; ``big2 review`` says where a hand lost
points (:mod:`big2.review`); ``big2 --version`` prints the version.

``python -m big2 --self-test`` starts the app headless, plays a computer hand and exits 0.

``big2 daily [--date YYYY-MM-DD] [--json]`` prints a date's daily deal (:mod:`big2.dailycmd`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "simulate":
        from .simulate import main as simulate_main

        return simulate_main(args[1:])
    if args and args[0] == "review":
        from .review import main as review_main

        return review_main(args[1:])
    if args and args[0] == "daily":
        from .dailycmd import main as daily_main

        return daily_main(args[1:])
    if args and args[0] == "serve":
        from .net.serve import main as serve_main

        return serve_main(args[1:])
    if args and args[0] in ("-V", "--version"):
        from .version import version

        print(f"big2 {version()}")
        return 0
    if args and args[0] in ("-h", "--help"):
        print(
            "big2 --version   print the version and exit\n"
            "big2 simulate [--seed N] [--players 2|3|4] [--rules NAME]   a text hand, move by move\n"
            "big2 review --last [--seat N] [--json] | --deal N --levels L1,L2,… [--rules NAME]   where a hand lost points\n"
            "big2 daily [--date YYYY-MM-DD] [--json]   the daily deal's number, and your result here\n"
            "big2 serve [--host H] [--port N] [--redis URL] [--certfile F --keyfile F]   the online-play server\n"
            "big2 --self-test   start headless, play a computer hand, exit 0 if it worked\n",
        )
        args = ["--help"]  # the window's own options follow
    try:
        from . import app
    except ImportError as exc:  # pragma: no cover - only without the app's dependencies
        print(f"The card table cannot start: {exc}", file=sys.stderr)
        return 1
    if "--self-test" in args:
        return int(app.self_test())
    return int(app.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
