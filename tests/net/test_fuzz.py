"""The fuzzer against a live server, a few hundred frames (``python -m big2.net.fuzz
--server`` sends 10,000): strangers and seated people send hostile frames, the server
never falls over, the room is exactly as it was, and its hand still plays to the end."""

from __future__ import annotations

import json

from big2.net.fuzz import collect, main, run_validator
from big2.net.fuzzserver import fuzz_server

from .conftest import run


def test_hostile_frames_leave_the_room_intact_and_playable() -> None:
    raws = collect(300)
    counts = run_validator(raws)
    assert sum(counts.values()) == 300 and len(counts) >= 8  # many kinds of refusal, and good frames
    report = run(fuzz_server(raws), timeout=180)
    assert report["intact"] and report["playable"] and report["still_serving"], report
    assert report["sent"] >= 300 and report["sent_seated"] > 100


def test_the_fuzz_script_prints_one_json_report(capsys) -> None:
    assert main(["--frames", "200"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["frames"] == 200
    assert sum(report["outcomes"].values()) == 200
