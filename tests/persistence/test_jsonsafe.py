"""Bounded JSON parsing refuses hostile input with a reason, never another exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from big2.persistence.jsonsafe import (
    JsonLimits, JsonRejected, depth_of, dump_json, parse_json,
)

SMALL = JsonLimits(max_bytes=10_000, max_depth=8, max_int_digits=12)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"a": [1, 2', "not valid JSON"),
        (b"{'a': 1}", "not valid JSON"),
        (b"[" * 9 + b"]" * 9, "nested more than 8"),
        (b'{"a":' * 1_000, "nested more than 8"),
        (b"1" + b"0" * 12, "13 digits"),
        (b"-" + b"9" * 5000, "5000 digits"),
        (b"[NaN]", "NaN"),
        (b"[Infinity]", "Infinity"),
        (b"[-Infinity]", "-Infinity"),
        (b"[1e999]", "too large"),
        (b" " * 10_001, "more than the 10,000 allowed"),
    ],
)
def test_rejections_name_the_problem(data: bytes, reason: str) -> None:
    with pytest.raises(JsonRejected, match=reason):
        parse_json(data, SMALL)


def test_brackets_in_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"a": "[[[[[[[[[[[[{{{{{{{{", "b": ["\\\"[[[[[[[[[[["]})
    assert parse_json(text.encode(), SMALL) == json.loads(text)


def test_accepts_bom_and_limits_at_the_edge() -> None:
    assert parse_json(b"\xef\xbb\xbf{\"x\": 1}", SMALL) == {"x": 1}
    assert parse_json(b"[" * 8 + b"]" * 8, SMALL) == [[[[[[[[]]]]]]]]
    assert parse_json(b"-999999999999", SMALL) == -999999999999


def test_a_million_open_brackets_is_refused_before_parsing() -> None:
    """Refused by counting, never by the parser recursing (the speed is the benchmark's:
    ``python -m big2.persistence.jsonsafe``; a timed assertion here went red on a
    loaded machine)."""
    with pytest.raises(JsonRejected, match="1,000,000 lists and tables"):
        parse_json(b"[" * 1_000_000)
    with pytest.raises(JsonRejected, match="nested more than 64"):
        parse_json(b"[" * 1_000_000, JsonLimits(max_containers=None))


def test_dump_refuses_nan_and_round_trips() -> None:
    with pytest.raises(ValueError):
        dump_json({"x": float("nan")})
    value = {"b": [1, 2.5, None, True, "ünï"], "a": {}}
    assert parse_json(dump_json(value)) == value
    assert dump_json(value, sort_keys=True).startswith(b'{\n "a"')


def test_depth_of() -> None:
    assert depth_of(3) == 0
    assert depth_of([]) == 1
    assert depth_of({"a": [{"b": []}]}) == 4


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
                                                          allow_infinity=False) | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=30,
)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_round_trip_of_any_json(value: object) -> None:
    limits = JsonLimits(max_int_digits=10_000)
    assert parse_json(dump_json(value), limits) == value


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_parse_or_are_rejected(data: bytes) -> None:
    try:
        parse_json(data, SMALL)
    except JsonRejected:
        pass
