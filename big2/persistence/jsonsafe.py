"""Bounded JSON: parse untrusted bytes without crashing, write JSON that reads back.

:func:`parse_json` refuses, with a :class:`JsonRejected` naming the problem in plain
words, anything a damaged or hostile file could use to hurt the app: too many bytes,
nesting deeper than a limit (checked before the parser recurses), integers with too many
digits, ``NaN``/``Infinity`` and floats that overflow, bad UTF-8. It never raises
anything else for bad input.

:func:`dump_json` serialises first (so a failure leaves no half-written file behind) and
refuses values JSON cannot carry exactly.
"""

from __future__ import annotations

import json
import math
import re
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

# A JSON string literal, so brackets inside strings are not counted as nesting.
_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET: Final = re.compile(r"[\[\]{}]")


def _check_depth(text: str, limit: int) -> None:
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                raise JsonRejected(f"it is nested more than {limit} levels deep")
        else:
            depth -= 1


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
    _check_depth(text, limits.max_depth)

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.max_int_digits:
            raise JsonRejected(f"it holds a number with {len(digits)} digits")
        return int(digits)

    def parse_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise JsonRejected(f"it holds the number {literal[:20]}, which is too large")
        return value

    try:
        value: JsonValue = json.loads(
            text,
            parse_int=parse_int,
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
