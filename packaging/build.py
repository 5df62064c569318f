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
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import buildinfo  # noqa: E402

ROOT = buildinfo.ROOT
SPEC = buildinfo.PACKAGING / "big2.spec"
DIST = ROOT / "dist"
EXE = buildinfo.EXE_NAME + (".exe" if sys.platform == "win32" else "")


def output(*, onefile: bool) -> Path:
    """What a build makes: the one-file executable, the one-folder app's folder, or
    on macOS the ``.app`` bundle."""
    if onefile:
        return DIST / "onefile" / EXE
    if sys.platform == "darwin":
        return DIST / f"{buildinfo.APP_NAME}.app"
    return DIST / buildinfo.EXE_NAME


def executable(*, onefile: bool) -> Path:
    """The program to run for a build."""
    out = output(onefile=onefile)
    if onefile:
        return out
    if sys.platform == "darwin":
        return out / "Contents" / "MacOS" / buildinfo.EXE_NAME
    return out / EXE


def size_bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(*, onefile: bool, clean: bool = False) -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    mode = "onefile" if onefile else "onedir"
    cmd = [
        sys.executable, "-m", "PyInstaller", "--noconfirm",
        "--distpath", str(DIST / "onefile" if onefile else DIST),
        "--workpath", str(ROOT / "build" / mode),
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
    args = p.parse_args(argv)
    if shutil.which("pyinstaller") is None and not _has_pyinstaller():
        print("build.py: PyInstaller is missing: pip install -e '.[package]'", file=sys.stderr)
        return 2
    seconds = build(onefile=args.onefile, clean=args.clean)
    out = output(onefile=args.onefile)
    print(f"built {out.relative_to(ROOT)} (version {buildinfo.version()}) in {seconds:.1f} s, "
          f"{size_bytes(out) / 1e6:.1f} MB")
    if args.self_test:
        code, wall = self_test(executable(onefile=args.onefile))
        print(f"self-test of {executable(onefile=args.onefile).relative_to(ROOT)}: "
              f"exit {code} after {wall:.1f} s")
        return 1 if code else 0
    return 0


def _has_pyinstaller() -> bool:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
