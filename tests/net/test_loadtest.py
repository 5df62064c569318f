"""The load test runs real tables of bot clients and reports its figures (a short run;
the figures in docs/online.md come from longer ones)."""

from __future__ import annotations

import json

from big2.net.loadtest import main


def test_a_short_load_test_plays_and_reports_every_figure(capsys) -> None:
    assert main(["--tables", "2", "--seconds", "6", "--pace", "0.05", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("tables", "clients", "moves", "rtt_ms_p50", "rtt_ms_p99", "server_rss_mb", "errors", "leaks", "lost"):
        assert key in report, key
    assert report["tables"] == 2 and report["clients"] == 8
    assert report["moves"] > 20 and report["hands"] >= 1
    assert report["errors"] == report["leaks"] == report["lost"] == 0
    assert 0 < report["rtt_ms_p50"] <= report["rtt_ms_p99"]
