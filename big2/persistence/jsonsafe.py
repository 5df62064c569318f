"""Bounded JSON: parse untrusted bytes without crashing, write JSON that reads back.

:func:`parse_json` refuses, with a :class:`JsonRejected` naming the problem in plain
words, anything a damaged or hostile file could use to hurt the app: too many bytes,
nesting deeper than a limit (checked before the parser recurses), integers with too many
digits, ``NaN``/``Infinity`` and floats that overflow, bad UTF-8. It never raises
anything else for bad input, and its time grows linearly with the input: every check
is a few passes of C-speed string operations (``benchmarks``: ``python -m
big2.persistence.jsonsafe`` prints the worst cases it knows).

:func:`dump_json` serialises first (so a failure leaves no half-written file behind) and
refuses values JSON cannot carry exactly.
"""

from __future__ import annotations

import gc
import json
import math
import re
import time
from dataclasses import dataclass
from typing import Final, TypeAlias, Union

#: What :func:`parse_json` returns: plain JSON data.
JsonValue: TypeAlias = Union[
    None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]
]


class JsonRejected(ValueError):
    """The bytes are not acceptable JSON; the message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class JsonLimits:
    """How much an input may hold before :func:`parse_json` refuses it."""

    max_bytes: int = 4 * 1024 * 1024
    max_depth: int = 64
    #: Digits of the longest integer (a 64-bit seed needs 20, a Mersenne word 10).
    max_int_digits: int = 40


DEFAULT_LIMITS: Final = JsonLimits()

# After escapes are removed, a string literal holds no quote (an unterminated one runs to
# the end): a simple class, so the scan is linear even on runs of escaped quotes.
_STRING: Final = re.compile(r'"[^"]*(?:"|\Z)')
#: Every byte but the brackets, for ``bytes.translate`` to delete.
_NOT_BRACKETS: Final = bytes(c for c in range(256) if c not in b"[]{}")
_DIGITS_TO_ZERO: Final = bytes.maketrans(b"123456789", b"000000000")
_EMPTY_PAIR: Final = re.compile(rb"[\[{][\]}]")
_RUN: Final = re.compile(rb"[\[{]+|[\]}]+")
_ZEROS: Final = re.compile(rb"0+")


def _structure(text: str) -> bytes:
    """``text`` without its string literals: what is left to count brackets and digits in.

    Escape pairs go first (backslash-backslash, then backslash-quote, left to right as
    JSON reads them), so no quote inside a string is left to confuse the string scan.
    Outside strings a backslash or a non-ASCII character is not JSON at all and the
    parser refuses the file anyway.
    """
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    return _STRING.sub("", text).encode("ascii", "replace")


def _check_depth(structure: bytes, limit: int) -> None:
    """Refuse nesting deeper than ``limit``, in time linear in the input.

    Each pass of :data:`_EMPTY_PAIR` takes away every innermost pair of brackets, which
    lowers the depth by exactly one; passes go on while they shrink the brackets by at
    least an eighth (a geometric series: at most eight lengths of work). What is left has
    few peaks, so walking it run by run (a run of openers or of closers) is short.
    """
    brackets = structure.translate(None, _NOT_BRACKETS)
    if brackets.count(b"[") + brackets.count(b"{") <= limit:
        return
    passes = 0
    while brackets:
        shorter = _EMPTY_PAIR.sub(b"", brackets)
        removed = len(brackets) - len(shorter)
        if not removed:
            break
        brackets = shorter
        passes += 1
        if passes > limit:
            raise JsonRejected(f"it is nested more than {limit} levels deep")
        if removed * 8 < len(brackets):
            break
    depth = passes
    for run in _RUN.finditer(brackets):
        width = run.end() - run.start()
        if brackets[run.start()] in b"[{":
            depth += width
            if depth > limit:
                raise JsonRejected(f"it is nested more than {limit} levels deep")
        else:
            depth -= width


def _check_int_digits(structure: bytes, limit: int) -> None:
    """Refuse an integer with more than ``limit`` digits (fractions and exponents are
    floats, checked as they are parsed)."""
    digits = structure.translate(_DIGITS_TO_ZERO)
    long_run = b"0" * (limit + 1)
    i = digits.find(long_run)
    while i >= 0:
        end = _ZEROS.match(digits, i)
        j = end.end() if end else i + len(long_run)
        k = i - 1 if digits[i - 1:i] != b"-" else i - 2
        before, after = digits[k:k + 1] if k >= 0 else b"", digits[j:j + 1]
        if before not in (b".", b"e", b"E", b"+", b"-", b"0") or not before:
            if after not in (b".", b"e", b"E") or not after:
                raise JsonRejected(f"it holds a number with {j - i} digits")
        i = digits.find(long_run, j)


def _reject_constant(name: str) -> float:
    raise JsonRejected(f"it holds the value {name}, which is not a number")


def parse_json(data: bytes, limits: JsonLimits = DEFAULT_LIMITS) -> JsonValue:
    """Decode and parse ``data`` (UTF-8, an optional BOM allowed) within ``limits``.

    Raises :class:`JsonRejected` for anything that is not acceptable JSON; the message
    completes the sentence "The file was refused because …".
    """
    if len(data) > limits.max_bytes:
        raise JsonRejected(
            f"it is {len(data):,} bytes, more than the {limits.max_bytes:,} allowed"
        )
    if not data.strip():
        raise JsonRejected("it is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonRejected(f"it is not UTF-8 text (byte {exc.start})") from None
    structure = _structure(text)
    _check_depth(structure, limits.max_depth)
    _check_int_digits(structure, limits.max_int_digits)

    def parse_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise JsonRejected(f"it holds the number {literal[:20]}, which is too large")
        return value

    # Building many small containers would wake the cyclic collector again and again
    # (seconds for a few MB of "[],"): parsed JSON holds no cycles, so it waits.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        value: JsonValue = json.loads(
            text,
            parse_float=parse_float,
            parse_constant=_reject_constant,
        )
    except JsonRejected:
        raise
    except json.JSONDecodeError as exc:
        raise JsonRejected(
            f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:  # defensive: the depth check runs first
        raise JsonRejected(f"it could not be read as JSON ({type(exc).__name__})") from None
    finally:
        if was_enabled:
            gc.enable()
    return value


def dump_json(value: object, *, sort_keys: bool = False) -> bytes:
    """``value`` as UTF-8 JSON bytes, indented, ending in a newline.

    Raises :class:`ValueError` (or :class:`TypeError`) for NaN, infinities and objects
    JSON cannot hold — before any file is touched.
    """
    text = json.dumps(
        value, ensure_ascii=False, allow_nan=False, indent=1, sort_keys=sort_keys
    )
    return (text + "\n").encode("utf-8")


def depth_of(value: object) -> int:
    """Nesting depth of already-parsed data (a scalar is 0, ``[]`` is 1)."""
    # Iterative, so hostile in-memory data cannot overflow the stack.
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level + 1)
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            deepest = max(deepest, level + 1)
            stack.extend((v, level + 1) for v in item)
    return deepest


def _worst_cases(size: int) -> dict[str, bytes]:
    """Inputs of about ``size`` bytes that are slow for naive checks."""
    return {
        "escaped quotes": b'"' + b'\\"' * (size // 2 - 1),
        "unterminated escapes": b'["' + b'\\\\' * (size // 2 - 2),
        "empty lists": b"[" + b"[]," * (size // 3 - 2) + b"[]]",
        "deep 60, then pairs": b"[" * 60 + b"[]," * ((size - 200) // 3) + b"[]" + b"]" * 60,
        "towers of 12": b"[" + (b"[" * 12 + b"]" * 12 + b",") * (size // 25) + b"[]]",
        "small ints": b"[" + b"0," * (size // 2 - 1) + b"0]",
        "floats": b"[" + b"0.5," * (size // 4 - 1) + b"0.5]",
        "short strings": b"[" + b'"a",' * (size // 4 - 1) + b'"a"]',
        "objects": b"[" + b'{"a":1},' * (size // 8 - 1) + b"{}]",
        "too deep": b"[" * size,
    }


def benchmark(size: int = 4 * 1024 * 1024, repeats: int = 5) -> None:
    """Print the median CPU time :func:`parse_json` takes on each worst case."""
    limits = JsonLimits(max_bytes=max(size + 1, DEFAULT_LIMITS.max_bytes))
    print(f"parse_json on {size:,}-byte inputs, median of {repeats} (CPU time):")
    for name, data in _worst_cases(size).items():
        times = []
        outcome = "accepted"
        for _ in range(repeats):
            t0 = time.process_time()
            try:
                parse_json(data, limits)
            except JsonRejected as exc:
                outcome = f"refused: {str(exc)[:50]}"
            times.append(time.process_time() - t0)
        times.sort()
        print(f"  {name:22s} {1000 * times[len(times) // 2]:8.1f} ms   {outcome}")


if __name__ == "__main__":  # pragma: no cover - a benchmark, run by hand
    import sys

    benchmark(int(sys.argv[1]) if len(sys.argv) > 1 else 4 * 1024 * 1024)
