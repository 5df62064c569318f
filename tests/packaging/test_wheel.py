"""The sdist and wheel: what `pip install .`, a wheel or pipx gives a player works.

The fast tests check the constraints file against pyproject.toml; the slow one builds
with ``python -m build`` and runs the installed game's ``--self-test`` from a fresh venv
(about a minute; `.ci/run` runs the same check through packaging/wheel_check.py).
"""

from __future__ import annotations

import re
import tarfile
import zipfile
from pathlib import Path

import pytest

from .conftest import PACKAGING, ROOT, load

CONSTRAINTS = PACKAGING / "constraints.txt"


def _pins() -> dict[str, str]:
    pins = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, ver = line.partition("==")
            assert name and ver and re.fullmatch(r"[A-Za-z0-9.+!-]+", ver), f"not an exact pin: {line!r}"
            pins[re.sub(r"[-_.]+", "-", name).lower()] = ver
    return pins


def _project_requirements() -> list[str]:
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    reqs = list(data["project"]["dependencies"]) + data["build-system"]["requires"]
    for extra in data["project"]["optional-dependencies"].values():
        reqs += extra
    return reqs


def test_constraints_pin_every_requirement_to_a_version_it_accepts() -> None:
    requirements = pytest.importorskip("packaging.requirements")
    pins = _pins()
    for text in _project_requirements():
        req = requirements.Requirement(text)
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        assert name in pins, f"{req.name} is not pinned in {CONSTRAINTS.name}"
        assert req.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} breaks {text}"
    assert "build" in pins and "setuptools" in pins  # the build tools too
    assert "big2" not in pins


def test_package_data_covers_every_asset_folder() -> None:
    """pyproject ships big2/assets whole, so a new data folder (locales, fonts) needs no edit."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^big2 = \[.*"assets/\*\*/\*".*\]', text, re.M)


@pytest.mark.slow
def test_the_installed_wheel_passes_its_self_test(buildinfo, tmp_path: Path) -> None:
    pytest.importorskip("build", reason="pip install -e '.[package]'")
    check = load("wheel_check", PACKAGING / "wheel_check.py")
    sdist, wheel = check.build(tmp_path / "dist")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    with tarfile.open(sdist) as tf:
        sdist_names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    data = {p.relative_to(ROOT).as_posix() for p in (ROOT / "big2" / "assets").rglob("*") if p.is_file()}
    assert data and data <= names, data - names
    assert data <= sdist_names, data - sdist_names
    report = check.install_and_self_test(wheel, tmp_path)
    assert report["version"] == f"big2 {buildinfo.version()}"
    assert ROOT not in Path(report["module"]).resolve().parents
    assert Path(report["assets"]).resolve().is_relative_to((tmp_path / "venv").resolve())
    assert report["self_test"].startswith("self-test ok"), report
