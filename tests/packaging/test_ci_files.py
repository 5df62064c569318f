"""The release workflow and the CI self-test script."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from .conftest import PACKAGING, ROOT

WORKFLOW = PACKAGING / "ci" / "release.yml"


def test_workflow_copy_is_identical() -> None:
    assert (ROOT / ".github" / "workflows" / "release.yml").read_bytes() == WORKFLOW.read_bytes()


def test_workflow_builds_every_platform_and_self_tests() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text
    for needle in ("ubuntu-", "windows-latest", "macos-latest", 'tags: ["v*"]',
                   "packaging/build.py --self-test", "packaging/build.py --onefile --self-test",
                   "packaging/release_archives.py", "SDL_VIDEODRIVER: dummy",
                   "-c packaging/constraints.txt", "packaging/wheel_check.py"):
        assert needle in text, needle


def test_workflow_is_yaml_when_pyyaml_is_there() -> None:
    yaml = pytest.importorskip("yaml")
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert set(doc["jobs"]) == {"build", "release"}


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="bash")
def test_ci_selftest_script_parses() -> None:
    subprocess.run(["bash", "-n", str(PACKAGING / "ci_selftest.sh")], check=True)


README_TEST = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="bash")
def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    """.ci/run reads the test command out of the README and runs it as it stands (fresh
    venv, no constraints); only the reproducible builds use the pinned versions."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    finder = next(line for line in run.splitlines() if line.startswith("readme_test=$("))
    found = subprocess.run(["bash", "-c", finder + '; printf %s "$readme_test"'], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout
    assert found == README_TEST
    commands = "\n".join(line for line in run.splitlines() if not line.lstrip().startswith("#"))
    before_builds = commands.split("VENV=.venv-release")[0]
    assert 'bash -c "$readme_test"' in before_builds and "rm -rf .venv" in before_builds
    assert "constraints" not in before_builds
    assert "packaging/wheel_check.py" in run
    assert "-c packaging/constraints.txt" in (PACKAGING / "ci_selftest.sh").read_text(encoding="utf-8")


def test_readme_commands_stay_as_they_are() -> None:
    """A newcomer's two commands need no constraints file (and pipx is offered too)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/big2" in readme
    assert "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest" in readme
    assert "pipx install ." in readme
