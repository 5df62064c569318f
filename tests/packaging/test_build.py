"""Build the one-folder app with PyInstaller and run it (slow: about half a minute)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import PACKAGING, load

pytestmark = pytest.mark.slow

# bytes, for the one-folder app: 50 MB until numpy came in for the Skilled level's
# network (+42 MB, 27 of them OpenBLAS; packaging/README.md)
SIZE_BUDGET = 100_000_000


def _env(home: Path) -> dict[str, str]:
    """A user whose home is ``home``: no BIG2_HOME, no XDG overrides, headless SDL."""
    env = {k: v for k, v in os.environ.items() if k != "BIG2_HOME" and not k.startswith("XDG_")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    pytest.importorskip("PyInstaller", reason="pip install -e '.[package]'")
    build = load("build", PACKAGING / "build.py")
    out = tmp_path_factory.mktemp("pyi")
    build.build(onefile=False, dist=out / "dist", work=out / "work")
    return build, out / "dist"


def test_one_folder_app_passes_its_self_test(built, tmp_path: Path) -> None:
    build, dist = built
    program = build.executable(onefile=False, dist=dist)
    proc = subprocess.run([str(program), "--self-test"], env=_env(tmp_path), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test ok" in proc.stdout
    assert "self-test online ok" in proc.stdout  # ssl, websockets and zeroconf are in


def test_one_folder_app_prints_the_pyproject_version(built, buildinfo, tmp_path: Path) -> None:
    build, dist = built
    program = build.executable(onefile=False, dist=dist)
    proc = subprocess.run([str(program), "--version"], env=_env(tmp_path), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"big2 {buildinfo.version()}"


def test_one_folder_app_size_and_fonts(built, buildinfo) -> None:
    build, dist = built
    app = build.output(onefile=False, dist=dist)
    assert build.size_bytes(app) <= SIZE_BUDGET
    fonts = {p.name for p in app.rglob("*") if p.suffix.lower() in (".ttf", ".otf")}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf"} <= fonts
    gui = {p.name for p in app.rglob("pygame_gui/data/*") if p.suffix.lower() in (".ttf", ".otf")}
    assert gui == set(buildinfo.PYGAME_GUI_FONTS)
    assert (next(app.rglob("big2/assets/theme.json"))).is_file()
    assert len(list(app.rglob("big2/assets/sounds/*.wav"))) >= 5


@pytest.mark.skipif(sys.platform == "win32", reason="HOME decides the user dirs only on POSIX")
def test_frozen_app_keeps_files_where_the_source_install_does(built, tmp_path: Path) -> None:
    """Same platformdirs folders (relative to HOME) frozen and from source, and it writes there."""
    build, dist = built
    program = build.executable(onefile=False, dist=dist)
    reports = {}
    for name, cmd in (("frozen", [str(program)]), ("source", [sys.executable, str(PACKAGING / "launcher.py")])):
        home = tmp_path / name
        proc = subprocess.run([*cmd, "--packaging-probe", "write"], env=_env(home), capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        report = json.loads(proc.stdout)
        assert report.pop("frozen") is (name == "frozen")
        report.pop("assets_dir")
        reports[name] = {k: str(Path(v).relative_to(home)) for k, v in report.items()}
        assert Path(report["settings_file"]).is_file()
        assert Path(report["history_db"]).is_file()
        written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
        reports[name + "-files"] = written
    assert reports["frozen"] == reports["source"]
    assert reports["frozen-files"] == reports["source-files"]
    if sys.platform.startswith("linux"):
        assert reports["frozen"]["settings_file"] == ".config/Big2/settings.json"
        assert reports["frozen"]["history_db"] == ".local/share/Big2/history.sqlite3"


def _run_until_quit(cmd: list[str], home: Path, seconds: float = 4.0) -> subprocess.CompletedProcess:
    """Start the game as a player would (no arguments), let it run, then ask it to quit
    (SIGTERM: SDL turns it into a window-close event)."""
    import signal

    proc = subprocess.Popen(cmd, env=_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=seconds)
        return subprocess.CompletedProcess(cmd, proc.returncode, out, "exited by itself:\n" + err)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
        return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGTERM-to-quit and HOME-based dirs")
def test_frozen_app_starts_quits_and_writes_where_the_source_install_does(built, tmp_path: Path) -> None:
    build, dist = built
    written = {}
    for name, cmd in (("frozen", [str(build.executable(onefile=False, dist=dist))]),
                      ("source", [sys.executable, "-m", "big2"])):
        home = tmp_path / name
        home.mkdir()
        result = _run_until_quit(cmd, home)
        assert result.returncode == 0, f"{name}: exit {result.returncode}\n{result.stderr}"
        written[name] = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
    assert written["frozen"] == written["source"]
    assert all(p.startswith((".config/Big2/", ".local/share/Big2/", ".local/state/Big2/")) for p in written["frozen"])
