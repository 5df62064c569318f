"""Build the sdist and wheel, install one into a fresh venv and run the game's self-test.

    python packaging/wheel_check.py                 # install the wheel
    python packaging/wheel_check.py --install sdist # install the sdist instead
    python packaging/wheel_check.py --out dist      # also keep the sdist and wheel there

What a player gets from ``pip install big2-….whl`` (or ``pipx install``), checked the
way they would run it: ``python -m build`` makes the sdist and, from the unpacked sdist,
the wheel (so a file missing from the sdist fails here too); a new venv gets the wheel
(or the sdist) and its dependencies from the package index; then ``big2 --version`` and
``big2 --self-test`` run from a temporary working folder with no source tree on
``sys.path``, SDL's dummy drivers and ``BIG2_HOME`` in a throw-away folder. Exits 0
only if every step worked; prints each step's time.

Versions come from ``packaging/constraints.txt`` (``PIP_CONSTRAINT``: it also pins
setuptools in ``build``'s isolated environment), so two runs build with the same tools.
``SOURCE_DATE_EPOCH`` (the last commit's time, unless set) fixes the timestamps inside
the wheel, so the same commit gives the same wheel bytes; the sha256 of each is printed.
Needs ``build`` (in the ``package`` extra).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CONSTRAINTS = HERE / "constraints.txt"
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""


class CheckFailed(RuntimeError):
    """A step failed; the message says which and shows its output."""


def _run(cmd: list[str], *, env: dict[str, str], cwd: Path, timeout: float = 600) -> str:
    proc = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0:
        raise CheckFailed(f"{' '.join(cmd)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}".strip())
    return proc.stdout


def _base_env() -> dict[str, str]:
    """This environment minus anything that would put a source tree on sys.path."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "BIG2_ASSETS", "VIRTUAL_ENV")}
    env["PIP_CONSTRAINT"] = str(CONSTRAINTS)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.setdefault("SOURCE_DATE_EPOCH", _commit_time())
    return env


def _commit_time() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True,
                             text=True, timeout=30, check=False).stdout.strip()
    except OSError:
        out = ""
    return out if out.isdigit() else "315532800"  # 1980-01-01, the earliest a zip can say


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(out: Path, *, python: str = sys.executable) -> tuple[Path, Path]:
    """``python -m build`` into ``out``: returns (sdist, wheel)."""
    out.mkdir(parents=True, exist_ok=True)
    # run from out/, not the checkout, whose build/ folder (PyInstaller's) is not `build`
    _run([python, "-m", "build", "--outdir", str(out), str(ROOT)], env=_base_env(), cwd=out)
    sdists, wheels = sorted(out.glob("big2-*.tar.gz")), sorted(out.glob("big2-*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise CheckFailed(f"expected one sdist and one wheel in {out}, found {sdists + wheels}")
    return sdists[0], wheels[0]


def install_and_self_test(artifact: Path, work: Path, *, python: str = sys.executable) -> dict[str, str]:
    """A fresh venv in ``work`` with ``artifact`` installed; runs the game from ``work``.

    Returns what the installed game reported: its ``--version`` line, where ``big2`` was
    imported from and the self-test's last line.
    """
    venv = work / "venv"
    _run([python, "-m", "venv", str(venv)], env=_base_env(), cwd=work)
    vpy = venv / BIN / f"python{EXE}"
    _run([str(vpy), "-m", "pip", "install", "--quiet", str(artifact)], env=_base_env(), cwd=work)
    script = venv / BIN / f"big2{EXE}"
    if not script.is_file():
        raise CheckFailed(f"the install made no {script.name} command in {script.parent}")
    # Windows installs big2.exe as a window program (no console to print to): run the
    # same entry point through the venv's python there.
    game = [str(vpy), "-m", "big2"] if sys.platform == "win32" else [str(script)]
    env = _base_env()
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               BIG2_HOME=str(work / "home"))
    run_dir = work / "cwd"
    run_dir.mkdir()
    where = _run([str(vpy), "-c", "import big2, big2.app.ui.assets as a; print(big2.__file__); print(a.assets_dir())"],
                 env=env, cwd=run_dir).split("\n")
    if ROOT in Path(where[0]).resolve().parents:
        raise CheckFailed(f"big2 was imported from the source tree ({where[0]}), not the install")
    version = _run([*game, "--version"], env=env, cwd=run_dir).strip()
    test = _run([*game, "--self-test"], env=env, cwd=run_dir, timeout=300).strip()
    return {"version": version, "module": where[0], "assets": where[1],
            "self_test": test.splitlines()[-1] if test else ""}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", choices=("wheel", "sdist"), default="wheel", help="what to install (wheel)")
    parser.add_argument("--out", type=Path, help="keep the built sdist and wheel in this folder")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="big2-wheel-check-") as tmp:
        work = Path(tmp)
        try:
            sdist, wheel = build(work / "dist")
            built = time.perf_counter()
            print(f"wheel_check: built {sdist.name} and {wheel.name} in {built - started:.1f} s")
            for path in (sdist, wheel):
                print(f"wheel_check:   sha256 {sha256(path)}  {path.name}")
            report = install_and_self_test(sdist if args.install == "sdist" else wheel, work)
        except CheckFailed as exc:
            print(f"wheel_check: FAILED: {exc}", file=sys.stderr)
            return 1
        done = time.perf_counter()
        print(f"wheel_check: installed the {args.install} into a fresh venv and ran it in {done - built:.1f} s")
        print(f"wheel_check:   {report['version']}, imported from {report['module']}")
        print(f"wheel_check:   game data from {report['assets']}")
        print(f"wheel_check:   {report['self_test']}")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            for path in (sdist, wheel):
                shutil.copy2(path, args.out / path.name)
            print(f"wheel_check: kept {sdist.name} and {wheel.name} in {args.out}")
    print(f"wheel_check: ok ({time.perf_counter() - started:.1f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
