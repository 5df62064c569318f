"""Issue 28, case 1: a deal number made of separators only, or any other text, never
crashes anything. The parser only ever returns a number or raises ValueError with a
sentence; every command reads its values through big2.cliargs and answers a bad one
with argparse's one-line error, never a traceback; --size is capped as settings are;
BIG2_ASSETS naming a missing folder gets a sentence."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from big2 import cliargs
from big2.engine.dealnumber import DEAL_NUMBER_LIMIT, DealNumberError, format_deal_number, parse_deal_number
from big2.engine.messages import Message

SEPARATORS_ONLY = ["-", ".", ",", "_", "'", "#-", " - ", "#", "# . ", "--", "#_'"]


def _sentence(text: str) -> bool:
    return bool(text) and text[0].isupper() and text.rstrip().endswith(".") and "\n" not in text


@given(st.text(max_size=30) | st.text(alphabet="0123456789 ,._'-#\t\ud800x", max_size=20))
@example("-")
@example("#-")
@example(" - ")
@example("\ud800")
@example("1" * 40)
def test_the_parser_returns_a_number_or_raises_a_value_error_with_a_sentence(text: str) -> None:
    try:
        number = parse_deal_number(text)
    except DealNumberError as exc:  # a ValueError subclass
        assert isinstance(exc, ValueError)
        assert isinstance(exc.message, Message)
        assert _sentence(str(exc)), str(exc)
        str(exc).encode("utf-8")  # printable anywhere, even a lone surrogate typed in
        return
    assert isinstance(number, int) and 0 <= number < DEAL_NUMBER_LIMIT
    assert parse_deal_number(format_deal_number(number)) == number


@pytest.mark.parametrize("text", SEPARATORS_ONLY)
def test_separators_alone_ask_for_a_deal_number(text: str) -> None:
    with pytest.raises(DealNumberError, match="Type a deal number, for example 1 234 567."):
        parse_deal_number(text)
    with pytest.raises(argparse.ArgumentTypeError, match="Type a deal number"):
        cliargs.deal_number(text)


def test_the_window_size_is_capped_as_the_settings_cap_it() -> None:
    from big2.persistence.settings import WINDOW_MAX, WINDOW_MIN

    assert (cliargs.WINDOW_MIN, cliargs.WINDOW_MAX) == (WINDOW_MIN, WINDOW_MAX)
    assert cliargs.window_size("100000x100000") == (7680, 4320)
    assert cliargs.window_size("1280x720") == (1280, 720)
    assert cliargs.window_size("10X10") == (800, 600)
    for bad in ("abc", "1280", "x720", "-5x10", "1e9x1", "1280x720x3", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="WIDTHxHEIGHT"):
            cliargs.window_size(bad)


def test_whole_numbers_and_seconds() -> None:
    assert cliargs.seed("42") == 42 and cliargs.count("0") == 0
    assert cliargs.seconds("0.5") == 0.5
    for parse, bad in ((cliargs.seed, "-1"), (cliargs.seed, "many"), (cliargs.count, "-3"),
                       (cliargs.seconds, "-1"), (cliargs.seconds, "nan"), (cliargs.seconds, "inf")):
        with pytest.raises(argparse.ArgumentTypeError):
            parse(bad)


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **(env or {}))
    return subprocess.run([sys.executable, "-m", "big2", *args], capture_output=True, text=True,
                          check=False, env=full, timeout=60)


@pytest.mark.parametrize("args", [
    ("--deal=-",), ("--deal", "#-"), ("simulate", "--deal", "-"), ("simulate", "--deal", " - "),
    ("simulate", "--seed", "."), ("--size", "abc"), ("--seed", "many"),
])
def test_bad_command_line_values_get_one_line_of_error_not_a_traceback(args) -> None:
    out = _run(*args)
    assert out.returncode == 2, out
    assert "Traceback" not in out.stderr
    last = out.stderr.strip().splitlines()[-1]
    assert "error: argument" in last, out.stderr


def test_big2_assets_naming_a_missing_folder_gets_a_sentence(tmp_path) -> None:
    out = _run("--size", "800x600", env={"BIG2_ASSETS": str(tmp_path / "nowhere"),
                                         "BIG2_HOME": str(tmp_path / "home")})
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "BIG2_ASSETS" in out.stderr and "nowhere" in out.stderr
    out = _run("--self-test", env={"BIG2_ASSETS": str(tmp_path / "nowhere")})
    assert out.returncode == 1 and "Traceback" not in out.stderr and "BIG2_ASSETS" in out.stderr
