"""Command-line values: one parse function per kind of value, shared by every command.

Each function takes the text given on the command line and returns the value, or raises
:class:`argparse.ArgumentTypeError` with one sentence, which argparse prints as a
one-line ``error:`` (exit status 2) instead of a traceback. Pass them as ``type=`` to
``add_argument``. The sentences are the ones the game shows for the same mistake (the
deal-number sentences are the engine's, as New game's "Play a deal" box shows them).

No pygame here: ``big2 simulate`` and the tools use this module without the app.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from datetime import date
from typing import Final

from .engine.dealnumber import deal_number_in

#: The window sizes the settings accept (big2.persistence.settings.WINDOW_MIN/MAX).
WINDOW_MIN: Final = (800, 600)
WINDOW_MAX: Final = (7680, 4320)
_SIZE: Final = re.compile(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*")
_INT: Final = re.compile(r"\s*[+-]?\d{1,30}\s*")
_DATE: Final = re.compile(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*")
_FLOAT: Final = re.compile(r"\s*\d{1,12}(\.\d{0,9})?\s*|\s*\.\d{1,9}\s*")


def deal_number(text: str) -> int:
    """A deal number as :func:`~big2.engine.dealnumber.deal_number_in` reads it
    (``"1 234 567"``, ``"#42"``, or a daily deal's share text pasted whole)."""
    try:
        return deal_number_in(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def calendar_date(text: str) -> date:
    """A calendar date written ``YYYY-MM-DD``, e.g. ``2026-12-06``."""
    m = _DATE.fullmatch(text) if isinstance(text, str) else None
    try:
        if m is None:
            raise ValueError
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date is YYYY-MM-DD, e.g. 2026-12-06, not {text!r}") from None


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, kept within the sizes the settings allow (800×600 to
    7680×4320): a larger or smaller request is brought to the nearest allowed size."""
    m = _SIZE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise argparse.ArgumentTypeError(f"a window size is WIDTHxHEIGHT, e.g. 1280x720, not {text!r}")
    w = min(max(int(m.group(1)), WINDOW_MIN[0]), WINDOW_MAX[0])
    h = min(max(int(m.group(2)), WINDOW_MIN[1]), WINDOW_MAX[1])
    return w, h


def whole_number(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """A parse function for a whole number from ``lo`` to ``hi`` (either may be open)."""

    def parse(text: str) -> int:
        if not isinstance(text, str) or not _INT.fullmatch(text):
            raise argparse.ArgumentTypeError(f"a whole number is wanted, not {text!r}")
        value = int(text)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if hi is None:
                raise argparse.ArgumentTypeError(f"the number must be at least {lo}, not {value}")
            if lo is None:
                raise argparse.ArgumentTypeError(f"the number must be at most {hi}, not {value}")
            raise argparse.ArgumentTypeError(f"the number must be from {lo} to {hi}, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def seconds(text: str) -> float:
    """A duration in seconds: a number not below 0, e.g. ``60`` or ``0.5``."""
    if not isinstance(text, str) or not _FLOAT.fullmatch(text):
        raise argparse.ArgumentTypeError(f"a number of seconds is wanted, e.g. 60 or 0.5, not {text!r}")
    return float(text)


#: A session seed (``--seed``): any whole number from 0 to 2**64 - 1.
seed = whole_number(0, 2**64 - 1)
seed.__name__ = "seed"
#: A count of things (hands, files, events): 0 or more.
count = whole_number(0, None)
count.__name__ = "count"
