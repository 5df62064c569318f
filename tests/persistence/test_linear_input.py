"""Issue 10, item 4: crafted files must not hang start-up.

The nesting check was a regex, quadratic on runs of escaped quotes (24 s at 32 KB); a
FIFO or a device in place of a save or settings file hung the start or raised
MemoryError. Speed is measured by ``python -m big2.persistence.jsonsafe`` (a benchmark,
not a timed test); these tests pin the behaviour.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from big2.persistence.atomic import NotRegularFile, load_with_fallback, read_regular
from big2.persistence.jsonsafe import JsonLimits, JsonRejected, _worst_cases, parse_json
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SAVE_LIMITS, SaveStore
from big2.persistence.settings import SettingsStore

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**45, 10**45) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('ab"\\[]{}/\u00e9 '), max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(json_values, st.integers(1, 12))
@example(["\\\"[[[[[[", [[["x"]]]], 3)  # brackets inside strings with escaped quotes
@example({"k\\": [[[]]]}, 3)
def test_the_depth_check_agrees_with_the_parsed_depth(value: object, limit: int) -> None:
    data = json.dumps(value).encode()
    limits = JsonLimits(max_depth=limit, max_int_digits=40)
    deep = _depth(value) > limit
    too_long = any(len(str(abs(v))) > 40 for v in _ints(value))
    try:
        parsed = parse_json(data, limits)
    except JsonRejected as exc:
        assert deep or too_long, f"refused a valid file: {exc}"
    else:
        assert not deep and not too_long
        assert parsed == json.loads(data)


def _ints(value: object) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in _ints(v)]
    if isinstance(value, list):
        return [i for v in value for i in _ints(v)]
    return []


@pytest.mark.parametrize("name", list(_worst_cases(64 * 1024)))
def test_every_worst_case_is_answered_with_a_sentence_or_a_value(name: str) -> None:
    data = _worst_cases(64 * 1024)[name]
    try:
        parse_json(data, SAVE_LIMITS)
    except JsonRejected as exc:
        assert str(exc).startswith("it ")


def test_long_numbers_in_fractions_and_exponents_are_not_integers() -> None:
    assert parse_json(b"[0." + b"1" * 60 + b", 1." + b"0" * 60 + b"e-" + b"1" * 3 + b"]")
    with pytest.raises(JsonRejected, match="a number with 41 digits"):
        parse_json(b'{"a": -' + b"9" * 41 + b"}")


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_only_regular_files_are_read(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "autosave.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()
    done = threading.Event()
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_regular(target, 1024)
        except BaseException as exc:  # noqa: BLE001 - recorded for the assertion
            outcome.append(exc)
        done.set()

    threading.Thread(target=read, daemon=True).start()
    assert done.wait(10), "reading a special file blocked"
    assert isinstance(outcome[0], NotRegularFile) and "not a regular file" in str(outcome[0])


@posix_only
def test_a_fifo_in_place_of_the_settings_and_the_autosave_is_refused_with_a_notice(tmp_path: Path) -> None:
    paths = AppPaths.under(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.saves_dir.mkdir(parents=True)
    os.mkfifo(paths.settings_file)
    store = SaveStore(paths)
    os.mkfifo(store.autosave_path)
    settings_loaded = SettingsStore(paths).load()
    assert any("not a regular file" in n.text for n in settings_loaded.notices)
    saved = store.load_autosave()
    assert saved.value is None and any("not a regular file" in n.text for n in saved.notices)
    assert settings_loaded.value is not None  # the defaults: the game goes on
    assert not store.list_slots()


def test_a_file_past_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (SAVE_LIMITS.max_bytes + 1))
    result = load_with_fallback(big, lambda raw: parse_json(raw), what="saved game",
                                max_bytes=SAVE_LIMITS.max_bytes)
    assert result.value is None and "allowed" in result.notices[0].text


# -- the checks that keep a 1 MiB file under 0.1 s (issue 10, item 2) --------------------

def test_more_lists_and_tables_than_the_cap_are_refused_before_parsing() -> None:
    limits = JsonLimits(max_containers=1000)
    at_cap = b"[" + b"[]," * 998 + b"{}]"
    assert len(parse_json(at_cap, limits)) == 999
    with pytest.raises(JsonRejected, match="it holds 1,001 lists and tables, more than the 1,000 allowed"):
        parse_json(b"[" + b"[]," * 999 + b"[]]", limits)
    # brackets inside strings are not containers
    assert parse_json(b'["' + b"[" * 5000 + b'"]', limits) == ["[" * 5000]


def test_the_container_cap_leaves_room_for_the_longest_game() -> None:
    """A 999-hand session (the longest New game allows) saves about 12,400 lists and
    tables; the cap is eight times that."""
    assert SAVE_LIMITS.max_containers is not None and SAVE_LIMITS.max_containers >= 8 * 12_400


@pytest.mark.parametrize(("literal", "fits"), [
    (b"1e308", True), (b"-1.5e+308", True), (b"1e309", False), (b"-1E+0400", False),
    (b"0.00001e310", True), (b"1e-999", True),
    (b"1" + b"0" * 250 + b".5", True), (b"1" + b"0" * 400 + b".5", False),
    (b"0." + b"0" * 400 + b"1e400", True),
])
def test_only_floats_too_large_for_a_float_are_refused(literal: bytes, fits: bool) -> None:
    data = b'{"a": [1, ' + literal + b"]}"
    if fits:
        assert parse_json(data)["a"][1] == float(literal)
    else:
        with pytest.raises(JsonRejected, match="which is too large"):
            parse_json(data)


def test_more_than_a_thousand_huge_numbers_are_refused_unread() -> None:
    from big2.persistence.jsonsafe import MAX_HUGE_NUMBERS

    ok = b"[" + b"1e200," * MAX_HUGE_NUMBERS + b"0]"
    assert len(parse_json(ok)) == MAX_HUGE_NUMBERS + 1
    with pytest.raises(JsonRejected, match="more than 1,000 huge numbers"):
        parse_json(b"[" + b"1e200," * (MAX_HUGE_NUMBERS + 1) + b"0]")


@pytest.mark.parametrize("data", [
    b"[" + (b"[" * 12 + b"]" * 12 + b",") * 50 + b"[]]",
    b"]]]" + b"[" * 70,
    b"[" * 30 + b"]" * 30 + b"[" * 65 + b"]" * 65,
    b"[" * 64 + b"[]" * 50 + b"]" * 64,
    b'{"a":' * 40 + b"[" * 25 + b"]" * 25 + b"}" * 40,
])
def test_the_depth_walk_matches_the_real_depth(data: bytes) -> None:
    depth, deepest = 0, 0
    for ch in data.decode():
        depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
        deepest = max(deepest, depth)
    try:
        parse_json(data, JsonLimits(max_depth=64))
    except JsonRejected as exc:
        assert ("nested more than 64" in str(exc)) == (deepest > 64), exc
    else:
        assert deepest <= 64
