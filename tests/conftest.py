"""Shared test setup: no display, no sound device, no real home directory, and
Hypothesis profiles that keep the README's test command deterministic.

Hypothesis profiles:

* ``ci`` (the default, used by CI and by a plain ``python -m pytest``): derandomised —
  every run tries the same examples, so the suite never goes red by chance; no example
  database, no deadline (the machine may be loaded), no "too slow" health check.
* ``explore`` (``--run-slow``, or ``BIG2_HYPOTHESIS=explore``): fresh random examples on
  every run, five times the examples of tests that don't set their own count; failures
  are printed with a reproduction blob. Pin anything it finds with ``@example``.

``BIG2_HYPOTHESIS=ci`` forces the deterministic profile even with ``--run-slow``.
"""

from __future__ import annotations

import os

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    derandomize=False,
    deadline=None,
    max_examples=500,
    print_blob=True,
    phases=list(Phase),
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE_ENV = "BIG2_HYPOTHESIS"


def _profile_name(config: pytest.Config) -> str:
    chosen = os.environ.get(PROFILE_ENV, "").strip()
    if chosen in ("ci", "explore"):
        return chosen
    return "explore" if config.getoption("--run-slow") else "ci"


# Loaded at import too, so anything imported before pytest_configure gets the safe default.
settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true",
                     help="run soaks and benchmarks too, with Hypothesis exploring fresh examples")


def pytest_configure(config: pytest.Config) -> None:
    # Before any test module is imported, so every @settings(...) inherits from this profile.
    settings.load_profile(_profile_name(config))


def _profile_line(config: pytest.Config) -> str:
    name = _profile_name(config)
    what = ("derandomised: the same examples every run" if name == "ci"
            else "exploring: fresh random examples every run")
    return f"hypothesis profile: {name} ({what}; set {PROFILE_ENV}=ci|explore to choose)"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    # The summary, unlike the header, is shown under the project's default -q.
    terminalreporter.write_line(_profile_line(config))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every user directory at a per-test temporary folder."""
    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "big2-home"))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts and ends in English, whatever the machine's locale, and a test
    that switches language (a click on the picker, a preview) cannot leak it into the next."""
    from big2 import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    monkeypatch.delenv("BIG2_LANGUAGE", raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")
