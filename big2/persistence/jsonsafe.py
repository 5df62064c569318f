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
import itertools
import json
import math
import operator
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
    #: Lists and objects in all (``None``: no limit). Building each costs the parser
    #: about a tenth of a microsecond and some memory: half a million empty lists fit in
    #: 1 MiB and took most of the 0.1 s budget.
    max_containers: int | None = 100_000


DEFAULT_LIMITS: Final = JsonLimits()

#: Openers to ``[`` and closers to ``]``; every other byte is deleted with it.
_BRACKETS_ONLY: Final = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS: Final = bytes(c for c in range(256) if c not in b"[]{}")
_DIGITS_TO_ZERO: Final = bytes.maketrans(b"123456789", b"000000000")
_RUN: Final = re.compile(rb"\[+|\]+")
_ZEROS: Final = re.compile(rb"0+")
#: A positive exponent of 100 or more (anchored on the ``e``: linear on any input).
_BIG_EXPONENT: Final = re.compile(rb"[eE]\+?0*[1-9][0-9]{2}")
_NUMBER_CHARS: Final = re.compile(rb"[-+0-9.eE]*")
#: Numbers that might not fit a float, looked at one by one before a file is refused.
MAX_HUGE_NUMBERS: Final = 1000


def _structure(text: str) -> bytes:
    """``text`` without its string literals: what is left to count brackets and digits in.

    Escape pairs go first (backslash-backslash, then backslash-quote, left to right as
    JSON reads them), so every quote left opens or closes a string, and splitting at
    quotes puts the strings at the odd places (an unterminated one is dropped with them).
    Outside strings a backslash or a non-ASCII character is not JSON at all and the
    parser refuses the file anyway. Every step is one C-speed pass.
    """
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    if '"' in text:
        text = "".join(text.split('"')[0::2])
    return text.encode("ascii", "replace")


def _check_depth(structure: bytes, limit: int) -> None:
    """Refuse nesting deeper than ``limit``, in time linear in the input.

    The brackets alone, as ``[`` and ``]``: each pass of ``replace("[]", "")`` takes away
    every innermost pair, lowering the depth by exactly one; passes go on while they
    shrink the brackets by at least an eighth (a geometric series: at most eight lengths
    of C-speed work). What is left alternates runs of openers and closers, and the depth
    at the top of each run of openers is a running sum, taken in C over the run lengths.
    """
    brackets = structure.translate(_BRACKETS_ONLY, _NOT_BRACKETS)
    if brackets.count(b"[") <= limit:
        return
    passes = 0
    while brackets:
        shorter = brackets.replace(b"[]", b"")
        removed = len(brackets) - len(shorter)
        if not removed:
            break
        brackets = shorter
        passes += 1
        if passes > limit:
            raise JsonRejected(f"it is nested more than {limit} levels deep")
        if removed * 8 < len(brackets):
            break
    runs = list(map(len, _RUN.findall(brackets)))
    if brackets[:1] == b"]":  # not JSON, but count from depth 0 all the same
        runs.insert(0, 0)
    opens, closes = runs[0::2], runs[1::2]
    if len(closes) < len(opens):
        closes.append(0)
    # the depth before each run of openers, then at its top
    before = itertools.accumulate(map(operator.sub, opens, closes), initial=0)
    deepest = max(map(operator.add, before, opens), default=0)
    if passes + deepest > limit:
        raise JsonRejected(f"it is nested more than {limit} levels deep")


def _check_containers(structure: bytes, limit: int | None) -> None:
    """Refuse more than ``limit`` lists and objects (each costs the parser an object)."""
    if limit is not None:
        n = structure.count(b"[") + structure.count(b"{")
        if n > limit:
            raise JsonRejected(f"it holds {n:,} lists and tables, more than the {limit:,} allowed")


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


def _check_floats(structure: bytes) -> None:
    """Refuse a float literal too large for a float (it would read as infinity).

    Only a number with an exponent of 100 or more, or 200 digits in a row, can be (below
    both a value stays under 10**299), and no file the game writes holds one: two
    C-speed scans say so. Otherwise each such number is read on its own, and more than
    :data:`MAX_HUGE_NUMBERS` of them refuse the file. The parser itself then needs no
    check per float (a Python call per float took a tenth of a second on 1 MiB).
    """
    anchors = [m.start() for m in itertools.islice(
        _BIG_EXPONENT.finditer(structure), MAX_HUGE_NUMBERS + 1)]
    digits = structure.translate(_DIGITS_TO_ZERO)
    i = digits.find(b"0" * 200)
    while i >= 0 and len(anchors) <= MAX_HUGE_NUMBERS:
        anchors.append(i)
        end = _ZEROS.match(digits, i)
        i = digits.find(b"0" * 200, end.end() if end else i + 200)
    if len(anchors) > MAX_HUGE_NUMBERS:
        raise JsonRejected(f"it holds more than {MAX_HUGE_NUMBERS:,} huge numbers")
    for at in anchors:
        # the whole number around ``at``: its characters backwards, then forwards
        back = _NUMBER_CHARS.match(structure[max(0, at - 4096):at][::-1])
        start = at - (back.end() if back else 0)
        forward = _NUMBER_CHARS.match(structure, at)
        literal = structure[start:forward.end() if forward else at]
        try:
            value = float(literal)
        except ValueError:  # not a number at all: the parser would refuse it too
            raise JsonRejected("it is not valid JSON (a malformed number)") from None
        if math.isinf(value):
            raise JsonRejected(f"it holds the number {literal[:20].decode()}, which is too large")


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
    _check_containers(structure, limits.max_containers)
    _check_depth(structure, limits.max_depth)
    _check_int_digits(structure, limits.max_int_digits)

    _check_floats(structure)

    # Building many small containers would wake the cyclic collector again and again
    # (seconds for a few MB of "[],"): parsed JSON holds no cycles, so it waits.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        value: JsonValue = json.loads(text, parse_constant=_reject_constant)
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
    """Inputs of about ``size`` bytes that are slow for naive checks or for the parser.

    The "at the cap" ones hold as many lists or objects as :class:`JsonLimits` allows
    (``max_containers``), filled up to ``size`` with the cheapest other content.
    """
    cap = DEFAULT_LIMITS.max_containers or size

    def filled(head: bytes, unit: bytes = b"0,") -> bytes:
        return b"[" + head + unit * max(0, (size - len(head) - 3) // len(unit)) + b"0]"

    return {
        "escaped quotes": b'"' + b'\\"' * (size // 2 - 1),
        "unterminated escapes": b'["' + b'\\\\' * (size // 2 - 2),
        "empty lists": b"[" + b"[]," * (size // 3 - 2) + b"[]]",
        "deep 60, then pairs": b"[" * 60 + b"[]," * ((size - 200) // 3) + b"[]" + b"]" * 60,
        "towers of 12": b"[" + (b"[" * 12 + b"]" * 12 + b",") * (size // 25) + b"[]]",
        "small ints": b"[" + b"0," * (size // 2 - 1) + b"0]",
        "floats": b"[" + b"0.5," * (size // 4 - 1) + b"0.5]",
        "huge floats": b"[" + b"1e299," * (size // 6 - 1) + b"1e999]",
        "1,000 huge floats": b"[" + b"1e299," * 1000 + b"0.5," * ((size - 6010) // 4) + b"0]",
        "short strings": b"[" + b'"a",' * (size // 4 - 1) + b'"a"]',
        "objects": b"[" + b'{"a":1},' * (size // 8 - 1) + b"{}]",
        "lists at the cap": filled(b"[]," * (cap - 1)),
        "towers at the cap": filled((b"[" * 12 + b"]" * 12 + b",") * ((cap - 1) // 12)),
        "objects at the cap": filled(b'{"a":1},' * (cap - 1)),
        "too deep": b"[" * size,
    }


def benchmark(size: int = 4 * 1024 * 1024, repeats: int = 5) -> None:
    """Print the median CPU time :func:`parse_json` takes on each worst case, beside
    the standard library's ``json.loads`` on the same bytes (the floor: the checks'
    own cost is the difference)."""
    limits = JsonLimits(max_bytes=max(size + 1, DEFAULT_LIMITS.max_bytes))
    print(f"parse_json on {size:,}-byte inputs, median of {repeats} (CPU time), "
          "and json.loads alone:")
    for name, data in _worst_cases(size).items():
        times, floor = [], []
        outcome = "accepted"
        for _ in range(repeats):
            t0 = time.process_time()
            try:
                parse_json(data, limits)
            except JsonRejected as exc:
                outcome = f"refused: {str(exc)[:50]}"
            times.append(time.process_time() - t0)
            t0 = time.process_time()
            gc.disable()
            try:
                json.loads(data)
            except (ValueError, RecursionError):
                pass
            finally:
                gc.enable()
            floor.append(time.process_time() - t0)
        times.sort()
        floor.sort()
        print(f"  {name:20s} {1000 * times[len(times) // 2]:7.1f} ms "
              f"(json.loads {1000 * floor[len(floor) // 2]:6.1f} ms)   {outcome}")


if __name__ == "__main__":  # pragma: no cover - a benchmark, run by hand
    import sys

    benchmark(int(sys.argv[1]) if len(sys.argv) > 1 else 4 * 1024 * 1024)
