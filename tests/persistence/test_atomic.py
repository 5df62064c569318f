"""Atomic writes: an interruption at any step leaves the new or the previous copy."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from big2.persistence.atomic import (
    backup_path, load_with_fallback, quarantine, write_atomic, write_text_atomic,
)
from big2.persistence.notices import Severity, StorageError

from persistence_faults import FaultInjector

OLD = b'{"v": "old"}'
NEW = b'{"v": "new"}'


def parse(raw: bytes) -> bytes:
    """A strict parser: only the two known documents are acceptable."""
    if raw not in (OLD, NEW):
        raise ValueError("it is not one of the known documents")
    return raw


def load(path: Path) -> bytes | None:
    return load_with_fallback(path, parse, what="test file", max_bytes=1000).value


def test_write_creates_folder_and_keeps_previous_copy(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "doc.json"
    write_atomic(path, OLD)
    assert path.read_bytes() == OLD and not backup_path(path).exists()
    write_atomic(path, NEW)
    assert path.read_bytes() == NEW
    assert backup_path(path).read_bytes() == OLD
    assert sorted(p.name for p in path.parent.iterdir()) == ["doc.json", "doc.json.bak"]


def test_write_without_backup_and_text(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    write_text_atomic(path, "één", keep_backup=False)
    write_text_atomic(path, "twee", keep_backup=False)
    assert path.read_text(encoding="utf-8") == "twee"
    assert not backup_path(path).exists()


def test_failure_at_every_step_leaves_a_loadable_copy(
    tmp_path: Path, faults: FaultInjector
) -> None:
    path = tmp_path / "doc.json"
    write_atomic(path, OLD)
    faults.arm(None)
    write_atomic(path, NEW)
    clean_run = list(faults.calls)
    assert {"write", "fsync", "replace"} <= set(clean_run)
    for k in range(len(clean_run)):
        for leftover in tmp_path.iterdir():
            leftover.unlink()
        write_atomic(path, OLD)
        faults.arm(k)
        try:
            write_atomic(path, NEW)
        except StorageError as exc:
            assert "previous copy is kept" in str(exc)
            assert isinstance(exc.__cause__, OSError)
        faults.arm(None)
        assert load(path) in (OLD, NEW), f"step {k} ({faults.calls})"
        assert not list(tmp_path.glob("*.tmp")), "temp file left behind"
        write_atomic(path, NEW)  # the next save works
        assert load(path) == NEW


def test_failure_on_first_write_leaves_nothing_or_new(
    tmp_path: Path, faults: FaultInjector
) -> None:
    path = tmp_path / "first" / "doc.json"
    faults.arm(None)
    write_atomic(path, NEW)
    steps = len(faults.calls)
    for k in range(steps):
        for leftover in path.parent.iterdir():
            leftover.unlink()
        faults.arm(k)
        try:
            write_atomic(path, NEW)
        except StorageError:
            pass
        faults.arm(None)
        result = load_with_fallback(path, parse, what="test file", max_bytes=1000)
        assert result.value in (None, NEW)
        assert result.notices == ()  # a missing first file is not a problem


CRASHER = r"""
import os, sys
from pathlib import Path
from big2.persistence import atomic
path, k = Path(sys.argv[1]), int(sys.argv[2])
calls = [0]
def crashing(real):
    def wrapper(*a, **kw):
        if calls[0] == k:
            os._exit(17)   # the process dies here: no cleanup, no finally
        calls[0] += 1
        return real(*a, **kw)
    return wrapper
for name in ("open", "write", "fsync", "close", "replace"):
    setattr(os, name, crashing(getattr(os, name)))
atomic.write_atomic(path, b'{"v": "new"}')
os._exit(0)
"""


def test_process_killed_at_every_step_leaves_a_loadable_copy(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    seen_new = seen_old = 0
    for k in range(12):
        for leftover in tmp_path.iterdir():
            leftover.unlink()
        write_atomic(path, OLD)
        done = subprocess.run([sys.executable, "-c", CRASHER, str(path), str(k)],
                              capture_output=True, timeout=60)
        assert done.returncode in (0, 17), done.stderr
        value = load(path)
        assert value in (OLD, NEW), f"crash at step {k}"
        seen_new += value == NEW
        seen_old += value == OLD
        if done.returncode == 0:
            break
    else:
        pytest.fail("the write never completed within 12 steps")
    assert seen_old and seen_new


def test_main_damaged_backup_loaded_with_notice(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    write_atomic(path, OLD)
    write_atomic(path, NEW)
    path.write_bytes(b'{"v": "ne')  # truncated
    moment = datetime(2026, 11, 21, 8, 30, 5, tzinfo=timezone.utc)
    result = load_with_fallback(path, parse, what="saved game", max_bytes=1000, now=moment)
    assert result.value == OLD and result.source == "backup"
    (notice,) = result.notices
    assert notice.text == (
        "Your saved game was damaged (it is not one of the known documents); it was set "
        "aside as doc.json.damaged-20261121T083005Z and the previous copy was loaded."
    )
    assert (tmp_path / "doc.json.damaged-20261121T083005Z").read_bytes() == b'{"v": "ne'


def test_both_copies_damaged(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(b"garbage")
    backup_path(path).write_bytes(b"more garbage")
    result = load_with_fallback(path, parse, what="saved game", max_bytes=1000)
    assert result.value is None and result.source == "none"
    assert [n.severity for n in result.notices] == [Severity.ERROR, Severity.ERROR]
    assert "no earlier copy could be loaded" in result.notices[0].text
    assert "previous copy of your saved game was damaged too" in result.notices[1].text
    assert sorted(p.name.split("-")[0] for p in tmp_path.iterdir()) == [
        "doc.json.bak.damaged", "doc.json.damaged"]


def test_interrupted_rotation_loads_backup_with_gentle_notice(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    backup_path(path).write_bytes(OLD)
    result = load_with_fallback(path, parse, what="saved game", max_bytes=1000)
    assert result.value == OLD
    assert "did not finish" in result.notices[0].text


def test_too_large_and_unreadable_files(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(b" " * 2000)
    result = load_with_fallback(path, parse, what="saved game", max_bytes=1000)
    assert result.value is None and "2,000 bytes" in result.notices[0].text
    folder = tmp_path / "dir.json"
    folder.mkdir()
    result = load_with_fallback(folder, parse, what="saved game", max_bytes=10**6)
    assert result.value is None
    assert "could not be read" in result.notices[0].text
    assert folder.is_dir()  # an unreadable file is not set aside


def test_quarantine_never_overwrites_and_moves_sqlite_companions(tmp_path: Path) -> None:
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    names = []
    for _ in range(3):
        db = tmp_path / "h.sqlite3"
        db.write_bytes(b"x")
        (tmp_path / "h.sqlite3-wal").write_bytes(b"w")
        names.append(quarantine(db, now=moment).name)
    assert names == ["h.sqlite3.damaged-20260102T030405Z",
                     "h.sqlite3.damaged-20260102T030405Z-1",
                     "h.sqlite3.damaged-20260102T030405Z-2"]
    assert (tmp_path / "h.sqlite3.damaged-20260102T030405Z-wal").read_bytes() == b"w"
    assert not (tmp_path / "h.sqlite3").exists()


def test_write_failure_is_a_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    with pytest.raises(StorageError, match="Could not save doc.json"):
        write_atomic(blocker / "doc.json", NEW)


@pytest.mark.parametrize("name", ["doc.json", "scores [2026]*?.csv"])
def test_stale_temp_files_are_cleaned_fresh_ones_kept(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    stale = tmp_path / f".{name}.abc.tmp"
    fresh = tmp_path / f".{name}.def.tmp"
    stale.write_bytes(b"")
    fresh.write_bytes(b"")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    write_atomic(path, NEW)
    assert not stale.exists() and fresh.exists()
    assert path.read_bytes() == NEW


def test_a_failed_first_save_does_not_claim_a_previous_copy(tmp_path: Path, faults: FaultInjector) -> None:
    """Issue 28, case 5: a full disk on a fresh home once said "the previous copy is
    kept" when there was none."""
    path = tmp_path / "doc.json"
    faults.arm(0)
    with pytest.raises(StorageError) as first:
        write_atomic(path, NEW)
    faults.arm(None)
    assert "previous copy" not in str(first.value) and str(first.value).startswith("Could not save doc.json (")
    assert not path.exists()
    write_atomic(path, OLD)
    faults.arm(0)
    with pytest.raises(StorageError, match="the previous copy is kept"):
        write_atomic(path, NEW)
    faults.arm(None)
    assert load(path) == OLD


def test_leftover_temps_of_interrupted_saves_are_removed_at_the_next_start(tmp_path: Path) -> None:
    """Issue 28, case 5: temporary files of interrupted saves once stayed an hour."""
    import subprocess
    import sys

    from big2.persistence.atomic import remove_leftover_temps

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    gone_pid = int(dead.stdout)
    interrupted = tmp_path / f".autosave.json.{gone_pid}-abcd.tmp"  # its writer was killed
    old_style = tmp_path / ".autosave.json.xyz.tmp"  # from before pids were in the name
    mine = tmp_path / f".autosave.json.{os.getpid()}-efgh.tmp"  # being written right now
    alive_other = tmp_path / f".settings.json.{os.getppid()}-ijkl.tmp"  # another running copy
    for p in (interrupted, old_style, mine, alive_other):
        p.write_bytes(b"{")
    aged = time.time() - 120
    os.utime(old_style, (aged, aged))
    keep = tmp_path / "autosave.json"
    keep.write_bytes(b"{}")
    assert remove_leftover_temps(tmp_path, ["autosave.json", "settings.json"]) == 2
    assert not interrupted.exists() and not old_style.exists()
    assert mine.exists() and alive_other.exists() and keep.exists()
    assert remove_leftover_temps(tmp_path / "missing", ["autosave.json"]) == 0


def test_storage_open_removes_leftover_temps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from big2.persistence.paths import AppPaths

    monkeypatch.setenv("BIG2_HOME", str(tmp_path / "home"))
    paths = AppPaths.from_environment()
    paths.saves_dir.mkdir(parents=True)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    left = [paths.saves_dir / ".autosave.json.1a.tmp", paths.settings_file.parent / ".settings.json.2b.tmp"]
    aged = time.time() - 120
    for p in left:
        p.write_bytes(b"{")
        os.utime(p, (aged, aged))
    from big2.app.storage import Storage  # start-up as the app does it

    st = Storage.open(paths)
    try:
        assert not any(p.exists() for p in left)
    finally:
        st.close()
