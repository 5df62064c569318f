"""Build the standalone game with PyInstaller: ``python packaging/build.py [--onefile]``.

One-folder app (the default): ``dist/big2/`` holding the ``big2`` executable
(``big2.exe`` on Windows; on macOS also ``dist/Big2.app``). One-file app:
``dist/onefile/big2`` (``big2.exe``). ``--self-test`` then runs the built app's
``--self-test`` headless and fails when it does. Needs the packaging extra:
``pip install -e '.[package]'``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import buildinfo  # noqa: E402

ROOT = buildinfo.ROOT
SPEC = buildinfo.PACKAGING / "big2.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build"
EXE = buildinfo.EXE_NAME + (".exe" if sys.platform == "win32" else "")


def output(*, onefile: bool, dist: Path = DIST) -> Path:
    """What a build makes: the one-file executable, the one-folder app's folder, or
    on macOS the ``.app`` bundle."""
    if onefile:
        return dist / "onefile" / EXE
    if sys.platform == "darwin":
        return dist / f"{buildinfo.APP_NAME}.app"
    return dist / buildinfo.EXE_NAME


def executable(*, onefile: bool, dist: Path = DIST) -> Path:
    """The program to run for a build."""
    out = output(onefile=onefile, dist=dist)
    if onefile:
        return out
    if sys.platform == "darwin":
        return out / "Contents" / "MacOS" / buildinfo.EXE_NAME
    return out / EXE


def size_bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(*, onefile: bool, clean: bool = False, dist: Path = DIST, work: Path = WORK) -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    mode = "onefile" if onefile else "onedir"
    cmd = [
        sys.executable, "-m", "PyInstaller", "--noconfirm",
        "--distpath", str(dist / "onefile" if onefile else dist),
        "--workpath", str(work / mode),
        "--log-level", "WARN",
    ]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    if onefile:
        cmd += ["--", "--onefile"]
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True)
    return time.perf_counter() - started


def self_test(program: Path, *, timeout: float = 300.0) -> tuple[int, float]:
    """Run ``program --self-test`` headless; returns (exit code, wall seconds)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.perf_counter()
    proc = subprocess.run([str(program), "--self-test"], env=env, timeout=timeout)
    return proc.returncode, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--onefile", action="store_true", help="one self-extracting executable")
    p.add_argument("--clean", action="store_true", help="drop PyInstaller's caches first")
    p.add_argument("--self-test", action="store_true", help="run the built app's --self-test")
    p.add_argument("--dist", type=Path, default=DIST, help="output folder (default: dist/)")
    p.add_argument("--work", type=Path, default=WORK, help="PyInstaller's work folder (default: build/)")
    args = p.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    if not _has_pyinstaller():
        print("build.py: PyInstaller is missing: pip install -e '.[package]'", file=sys.stderr)
        return 2
    seconds = build(onefile=args.onefile, clean=args.clean, dist=dist, work=work)
    out = output(onefile=args.onefile, dist=dist)
    print(f"built {_show(out)} (version {buildinfo.version()}) in {seconds:.1f} s, "
          f"{size_bytes(out) / 1e6:.1f} MB")
    if args.self_test:
        program = executable(onefile=args.onefile, dist=dist)
        code, wall = self_test(program)
        print(f"self-test of {_show(program)}: exit {code} after {wall:.1f} s")
        return 1 if code else 0
    return 0


def _show(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _has_pyinstaller() -> bool:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
