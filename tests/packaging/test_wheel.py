"""The sdist and wheel: what `pip install .`, a wheel or pipx gives a player works.

The fast tests check the constraints file against pyproject.toml and list the files a
wheel would hold (setuptools' own ``build_py``, the step of a wheel build that picks the
modules and package data, run on a copy of the tree: about a second) so that nothing a
player never runs ships: not ``tools/``, no bench, tour, fit check or the frozen old
Expert. The slow one builds with ``python -m build`` and runs the installed game's
``--self-test`` from a fresh venv (about a minute; `.ci/run` runs the same check through
packaging/wheel_check.py), and checks the real wheel's list the same way.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

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


def developer_files(names: set[str]) -> list[str]:
    """The paths of ``names`` (files inside a wheel) that only developers use.

    Everything must sit in ``big2/`` (or the wheel's own ``.dist-info``); nothing may be a
    bench (``bench*.py``), the tour of every screen, the fit check, the frozen old Expert
    (``baseline_v1``), the old ``big2/arena.py`` shim, or come from ``tools/``.
    """
    bad = []
    for name in sorted(names):
        path = PurePosixPath(name)
        top = path.parts[0]
        if top.endswith(".dist-info"):
            continue
        if (top != "big2" or "tools" in path.parts or "baseline_v1" in path.parts
                or fnmatch.fnmatch(path.name, "bench*.py") or path.name in ("tour.py", "fitcheck.py")
                or name == "big2/arena.py"):
            bad.append(name)
    return bad


def _wheel_files(tmp_path: Path) -> set[str]:
    """What setuptools puts in the wheel: its ``build_py`` over a copy of the source tree
    (git's files, tracked or not ignored, so the checkout's build/ and egg-info stay as
    they are), the same step ``python -m build --wheel`` runs for modules and data."""
    pytest.importorskip("setuptools", reason="setuptools lists what a wheel holds")
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                capture_output=True, check=True, timeout=60).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs the git checkout to know which files are the source")
    src, lib = tmp_path / "src", tmp_path / "lib"
    for rel in filter(None, listed):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel)
    out = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q",
                          "build_py", "--build-lib", str(lib)],
                         cwd=src, capture_output=True, text=True, check=False, timeout=120)
    assert out.returncode == 0, out.stderr
    return {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()}


def test_the_wheel_holds_the_game_and_no_developer_tools(tmp_path: Path) -> None:
    names = _wheel_files(tmp_path)
    # the listing works: the game, its computer players and its data are in it
    assert {"big2/__main__.py", "big2/app/app.py", "big2/ai/expert.py", "big2/engine/game.py",
            "big2/ai/learned/weights.npz"} <= names
    assert any(n.startswith("big2/assets/locale/") for n in names)
    assert developer_files(names) == []
    # and the check would see them: the moved files are still in the checkout, under tools/
    for moved in ("tools/bench_ui.py", "tools/fitcheck.py", "tools/tour.py", "tools/baseline_v1/expert.py",
                  "tools/bench_ai.py", "tools/bench_engine.py"):
        assert (ROOT / moved).is_file(), moved
        assert developer_files({moved}) == [moved]
    for old in ("big2/app/bench_ui.py", "big2/app/fitcheck.py", "big2/app/tour.py", "big2/ai/baseline_v1/expert.py",
                "big2/bench.py", "big2/ai/bench.py", "big2/arena.py"):
        assert developer_files({old}) == [old]


def test_the_game_never_imports_the_developer_tools() -> None:
    """An installed game has no ``tools`` package: no module of ``big2`` may import it."""
    import ast

    for path in (ROOT / "big2").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            assert not any(n == "tools" or n.startswith("tools.") for n in names), \
                f"{path.relative_to(ROOT)} imports {names}"


def test_pyproject_finds_only_the_game_package() -> None:
    """The rule the wheel (and the sdist's wheel) follows: packages matching ``big2*`` only,
    so ``tools`` (a package, for tests and ``python -m tools.…``) is never found."""
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = data["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = [".".join(p.parent.relative_to(ROOT).parts) for p in ROOT.glob("*/**/__init__.py")
                if ".venv" not in p.parts and "build" not in p.relative_to(ROOT).parts[:1]]
    found = {name for name in packages if any(fnmatch.fnmatchcase(name, pat) for pat in include)}
    assert "big2" in found and "tools" in packages and "tools.baseline_v1" in packages
    assert not any(name.split(".")[0] != "big2" for name in found), found


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
    assert developer_files(names) == []
    report = check.install_and_self_test(wheel, tmp_path)
    assert report["version"] == f"big2 {buildinfo.version()}"
    assert ROOT not in Path(report["module"]).resolve().parents
    assert Path(report["assets"]).resolve().is_relative_to((tmp_path / "venv").resolve())
    # the last line is the online part's, printed only when the local hand passed too
    assert report["self_test"].startswith("self-test online ok"), report
