"""Issue 43, item 18: the temporary files killed saves leave are swept at the next start —
only the game's own, only where no live process is writing them.

The kill test found 124 hidden ``.tmp`` files after 220 kills: a leftover was removed at
start-up only when its writer's process id was gone or the file was over a minute old,
and a killed writer's id can still look alive (a zombie its parent has not reaped, an id
seen from another PID namespace). Each test here drives a real writer in a real process
to a known point (it says so on its stdout and waits on its stdin), then starts the
app's storage as the app does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from big2.persistence.atomic import write_atomic
from big2.persistence.paths import AppPaths

#: Writes ``argv[1]`` atomically and stops inside the write, its temporary file written
#: and fsynced but not yet renamed, until a line arrives on stdin.
WRITER = r"""
import os, sys
from pathlib import Path
from big2.persistence.atomic import write_atomic
from big2.persistence.notices import StorageError
real_fsync, waited = os.fsync, []
def fsync_then_wait(fd):
    real_fsync(fd)
    if not waited:
        waited.append(fd)
        print("writing", flush=True)
        sys.stdin.readline()
os.fsync = fsync_then_wait
try:
    write_atomic(Path(sys.argv[1]), b'{"v": "from the other process"}')
except StorageError as exc:
    print(exc, flush=True)
    sys.exit(3)
print("saved", flush=True)
"""


@pytest.fixture
def writer(paths: AppPaths) -> Iterator[subprocess.Popen[str]]:
    """Another process, stopped in the middle of writing the autosave."""
    paths.saves_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(paths.saves_dir / "autosave.json")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line == "writing\n", proc.stderr.read() if proc.stderr else line
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def _its_temp(paths: AppPaths) -> Path:
    (temp,) = paths.saves_dir.glob(".autosave.json.*.tmp")
    return temp


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def _start_up(paths: AppPaths) -> None:
    from big2.app.storage import Storage

    Storage.open(paths).close()


def test_a_live_writers_temp_file_is_kept_however_old(paths: AppPaths,
                                                     writer: subprocess.Popen[str]) -> None:
    """A writer held up for two hours (a laptop asleep mid-save) still finishes its save
    when another copy of the game starts or saves meanwhile."""
    temp = _its_temp(paths)
    _age(temp, 7200)
    _start_up(paths)
    write_atomic(paths.saves_dir / "autosave.json", b'{"v": "from this process"}')
    assert temp.exists()
    out, _ = writer.communicate("go on\n", timeout=60)
    assert (writer.returncode, out) == (0, "saved\n")
    assert (paths.saves_dir / "autosave.json").read_bytes() == b'{"v": "from the other process"}'
    assert not list(paths.saves_dir.glob(".*.tmp"))


@pytest.mark.skipif(not hasattr(os, "waitid"), reason="needs os.waitid to leave a zombie")
def test_a_killed_writers_temp_file_goes_even_when_its_process_id_looks_alive(
        paths: AppPaths, writer: subprocess.Popen[str]) -> None:
    temp = _its_temp(paths)
    os.kill(writer.pid, signal.SIGKILL)
    os.waitid(os.P_PID, writer.pid, os.WEXITED | os.WNOWAIT)  # dead, not reaped: a zombie
    os.kill(writer.pid, 0)  # its id still answers as a live process's would
    _age(temp, 30)  # the game starts again half a minute later
    _start_up(paths)
    assert not temp.exists()
    assert not (paths.saves_dir / "autosave.json").exists()  # the save it never finished


def test_only_the_games_own_temp_files_in_its_own_folders_are_swept(paths: AppPaths) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    pid = int(gone.stdout)
    ours = [paths.saves_dir / f".autosave.json.{pid}-a1.tmp",
            paths.saves_dir / f".slot-friday-0123456789.json.{pid}-b2.tmp",
            paths.config_dir / f".settings.json.{pid}-c3.tmp",
            paths.data_dir / f".online-seat.json.{pid}-d4.tmp"]
    not_ours = [paths.saves_dir / f".notes.txt.{pid}-e5.tmp",
                paths.data_dir / f".history.sqlite3.{pid}-f6.tmp",
                paths.data_dir.parent / f".autosave.json.{pid}-g7.tmp"]
    for path in ours + not_ours:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"{")
        _age(path, 7200)
    _start_up(paths)
    assert [p.name for p in ours if p.exists()] == []
    assert [p.name for p in not_ours if not p.exists()] == []
