"""``python -m tools.bench_ai`` reports worlds a second for every searcher it compares,
the Expert with the self-play network in its playouts among them (issue 31)."""

from __future__ import annotations

import json

import pytest

from tools.bench_ai import main


def test_the_search_benchmark_reports_the_network_playouts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--positions", "2", "--budget", "0.25", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    for name in ("old", "new", "flat", "net", "net1", "netself"):
        assert res[name]["worlds_per_cpu_s_overall"] > 0, name
    # A network playout scores every seat's move with the network: fewer worlds than
    # the mask playouts, more batched than one at a time on the engine.
    assert 0 < res["ratio_net_new_overall"] < 1
    assert res["ratio_net_net1_overall"] > 1


def test_the_network_row_can_be_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--positions", "2", "--budget", "0.02", "--no-net"]) == 0
    out = capsys.readouterr().out
    assert "new / old" in out and "net" not in out.replace("network", "")
