"""The freedesktop entry, the tarball and its install/uninstall scripts (no build needed:
a stand-in program plays the app)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from .conftest import PACKAGING, load

LINUX = PACKAGING / "linux"
DESKTOP = LINUX / "big2.desktop"

# Keys of the Desktop Entry Specification (1.4, plus 1.5 additions) that an Application entry may carry.
KNOWN_KEYS = {
    "Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden", "OnlyShowIn",
    "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal", "Actions", "MimeType",
    "Categories", "Implements", "Keywords", "StartupNotify", "StartupWMClass", "PrefersNonDefaultGPU",
    "SingleMainWindow",
}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game", "Graphics",
                   "Network", "Office", "Science", "Settings", "System", "Utility"}

needs_sh = pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None, reason="POSIX shell")


def parse_desktop(text: str) -> dict[str, str]:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines[0] == "[Desktop Entry]"
    entry: dict[str, str] = {}
    for line in lines[1:]:
        assert not line.startswith("["), "only the main group is expected"
        key, sep, value = line.partition("=")
        assert sep and key == key.strip() and key, f"bad line {line!r}"
        assert key not in entry, f"duplicate key {key}"
        entry[key] = value
    return entry


def test_desktop_entry_keys() -> None:
    entry = parse_desktop(DESKTOP.read_text(encoding="utf-8"))
    assert set(entry) <= KNOWN_KEYS, set(entry) - KNOWN_KEYS
    assert entry["Type"] == "Application"
    assert entry["Name"] and entry["Exec"].split()[0] == "big2"
    assert entry["Icon"] == "big2"  # the name install.sh gives the hicolor icons
    assert entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == "big2"  # SDL's WM_CLASS is the executable's name
    cats = entry["Categories"]
    assert cats.endswith(";") and set(cats.rstrip(";").split(";")) & MAIN_CATEGORIES
    assert "CardGame" in cats.split(";")
    assert entry["Keywords"].endswith(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_file_validate() -> None:
    out = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


@needs_sh
@pytest.mark.parametrize("script", ["install.sh", "uninstall.sh"])
def test_scripts_parse(script: str) -> None:
    subprocess.run(["sh", "-n", str(LINUX / script)], check=True)


@pytest.fixture()
def fake_app(tmp_path: Path) -> Path:
    """A one-folder 'app' whose program prints its arguments."""
    app = tmp_path / "app" / "big2"
    (app / "_internal").mkdir(parents=True)
    program = app / "big2"
    program.write_text('#!/bin/sh\necho "fake big2 $*"\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    (app / "_internal" / "data.txt").write_text("x")
    return app


def _extract(tar: tarfile.TarFile, dest: Path) -> None:
    if hasattr(tarfile, "data_filter"):  # Python 3.10.12+/3.11.4+: the safe filter
        tar.extractall(dest, filter="data")
    else:  # pragma: no cover
        tar.extractall(dest)


@needs_sh
def test_tarball_install_and_uninstall(fake_app: Path, tmp_path: Path) -> None:
    make_tarball = load("make_tarball", LINUX / "make_tarball.py")
    tarball = make_tarball.make(fake_app, tmp_path / "out", version="9.8.7")
    assert tarball.name.startswith("big2-9.8.7-linux-") and tarball.name.endswith(".tar.gz")
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
        assert all(m.uid == 0 and m.uname == "root" for m in tar.getmembers())
        assert tar.getmember("big2-9.8.7/big2/big2").mode & 0o111
        assert tar.getmember("big2-9.8.7/install.sh").mode & 0o111
        _extract(tar, tmp_path / "unpacked")
    for name in ("big2.desktop", "install.sh", "uninstall.sh", "README.txt", "icons/big2-256.png"):
        assert f"big2-9.8.7/{name}" in names
    top = tmp_path / "unpacked" / "big2-9.8.7"

    home, prefix = tmp_path / "home", tmp_path / "home" / ".local"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "cfg"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_STATE_HOME": str(home / "state")}
    subprocess.run(["sh", str(top / "install.sh")], env=env, check=True, capture_output=True)
    appdir = prefix / "lib" / "big2"
    assert (appdir / "big2").is_file() and (appdir / "uninstall.sh").is_file()
    link = prefix / "bin" / "big2"
    assert link.is_symlink() and os.readlink(link) == str(appdir / "big2")
    assert subprocess.run([str(link), "--x"], capture_output=True, text=True).stdout.strip() == "fake big2 --x"
    entry = parse_desktop((prefix / "share" / "applications" / "big2.desktop").read_text())
    assert entry["Exec"] == f'"{appdir / "big2"}"' and entry["Icon"] == "big2"
    for n in make_tarball.ICON_SIZES:
        assert (prefix / "share" / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "big2.png").is_file()

    # installing again upgrades in place
    subprocess.run(["sh", str(top / "install.sh")], env=env, check=True, capture_output=True)
    assert (appdir / "_internal" / "data.txt").is_file()

    # the player's files survive a plain uninstall and go with --purge
    for d in ("cfg", "data", "state"):
        (home / d / "Big2").mkdir(parents=True)
        (home / d / "Big2" / "f").write_text("x")
    subprocess.run(["sh", str(appdir / "uninstall.sh")], env=env, check=True, capture_output=True)
    assert not appdir.exists() and not link.exists() and not link.is_symlink()
    assert not (prefix / "share" / "applications" / "big2.desktop").exists()
    assert not list((prefix / "share" / "icons").rglob("big2.png"))
    assert (home / "cfg" / "Big2" / "f").exists()

    subprocess.run(["sh", str(top / "install.sh"), "--prefix", str(prefix)], env=env, check=True, capture_output=True)
    subprocess.run(["sh", str(appdir / "uninstall.sh"), "--purge"], env=env, check=True, capture_output=True)
    assert not appdir.exists()
    for d in ("cfg", "data", "state"):
        assert not (home / d / "Big2").exists()


@needs_sh
def test_uninstall_leaves_a_foreign_big2_command(fake_app: Path, tmp_path: Path) -> None:
    make_tarball = load("make_tarball", LINUX / "make_tarball.py")
    tarball = make_tarball.make(fake_app, tmp_path / "out", version="1.0")
    with tarfile.open(tarball) as tar:
        _extract(tar, tmp_path / "unpacked")
    prefix = tmp_path / "p"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home")}
    subprocess.run(["sh", str(tmp_path / "unpacked" / "big2-1.0" / "install.sh"), "--prefix", str(prefix)],
                   env=env, check=True, capture_output=True)
    other = prefix / "bin" / "big2"
    other.unlink()
    other.write_text("someone else's big2")
    subprocess.run(["sh", str(prefix / "lib" / "big2" / "uninstall.sh")], env=env, check=True, capture_output=True)
    assert other.read_text() == "someone else's big2"
