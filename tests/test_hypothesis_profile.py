"""The README's test command must never go red by chance: Hypothesis is derandomised
unless exploring was asked for (``--run-slow`` or ``BIG2_HYPOTHESIS=explore``)."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

_drawn: list[list[int]] = [[], []]


def _explicit_choice() -> str:
    return os.environ.get("BIG2_HYPOTHESIS", "").strip()


def test_the_active_profile_matches_the_command_line(request: pytest.FixtureRequest) -> None:
    chosen = _explicit_choice()
    exploring = chosen == "explore" or (chosen != "ci" and request.config.getoption("--run-slow"))
    assert settings.default.derandomize is (not exploring)
    if not exploring:
        assert settings.default.database is None
        assert settings.default.deadline is None


_run = [0]


@settings(max_examples=20)
@given(st.integers(0, 10**9))
def _draw(x: int) -> None:
    _drawn[_run[0]].append(x)


def test_two_runs_of_the_same_property_draw_the_same_examples() -> None:
    if not settings.default.derandomize:
        pytest.skip("exploring profile: examples differ on purpose")
    _draw()
    _run[0] = 1
    _draw()
    assert len(_drawn[0]) > 1 and _drawn[0] == _drawn[1]
