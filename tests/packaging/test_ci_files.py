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
                   "packaging/release_archives.py", "SDL_VIDEODRIVER: dummy"):
        assert needle in text, needle


def test_workflow_is_yaml_when_pyyaml_is_there() -> None:
    yaml = pytest.importorskip("yaml")
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert set(doc["jobs"]) == {"build", "release"}


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="bash")
def test_ci_selftest_script_parses() -> None:
    subprocess.run(["bash", "-n", str(PACKAGING / "ci_selftest.sh")], check=True)
