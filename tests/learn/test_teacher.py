"""``python -m tools.learn.teacher``: positions from real play that replay exactly, a
run that goes on where the last one stopped, and a report of its figures (issue 46)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from big2.ai.expert import Expert
from big2.ai.view import PlayerView
from big2.engine import Game, get_rules
from tools.learn.teacher import (
    POSITIONS, RESULTS, decide, markdown, parse_setting, read_jsonl, replay, results, run, sample,
    searches, settle_of, table,
)

TINY = ("net-6", "net-2", "normal-2")


def test_positions_replay_where_the_expert_searches_and_extend_in_place(tmp_path: Path) -> None:
    assert sample(tmp_path, 2, seed=5) == 2
    first = read_jsonl(tmp_path / POSITIONS)
    assert sample(tmp_path, 3, seed=5) == 3
    got = read_jsonl(tmp_path / POSITIONS)
    assert got[:2] == first and [p["k"] for p in got] == [0, 1, 2]
    other = tmp_path / "again"
    sample(other, 3, seed=5)
    assert read_jsonl(other / POSITIONS) == got  # the same seed draws the same positions
    for pos in got:
        assert 2 <= pos["players"] == len(pos["levels"]) <= 4
        view = replay(pos)
        assert view.rules == get_rules(pos["preset"]) and searches(Expert(), view)


def test_a_run_goes_on_where_it_stopped_and_the_report_counts_it(tmp_path: Path) -> None:
    sample(tmp_path, 2, seed=7)
    assert run(tmp_path, minutes=0, settings=TINY, log=False) == 0
    assert run(tmp_path, minutes=1, settings=TINY[:1], log=False) == 2
    assert run(tmp_path, minutes=1, settings=TINY, log=False) == 4  # only the missing ones
    got = read_jsonl(tmp_path / RESULTS)
    assert sorted((r["k"], r["setting"]) for r in got) == sorted(
        (k, s) for k in (0, 1) for s in TINY)
    for r in got:
        assert r["worlds"] == parse_setting(r["setting"])[1] and r["cpu"] >= 0
    rows = table(got, read_jsonl(tmp_path / POSITIONS), settings=TINY,
                 references=("net-6",))
    assert set(rows) == set(TINY) and rows["net-2"]["positions"] == 2
    hits, n, (lo, hi) = rows["normal-2"]["agree_net-6"]
    assert n == 2 and 0 <= hits <= 2 and 0 <= lo <= hi <= 1
    assert "agree_net-6" not in rows["net-6"]
    text = markdown(rows, references=("net-6",))
    assert text.count("\n") == 1 + len(TINY) and "| normal-2 | 2 |" in text
    # A torn last line (a killed run) is dropped, and decided again.
    with (tmp_path / RESULTS).open("a") as f:
        f.write(json.dumps(got[0])[:-5])
    assert len(read_jsonl(tmp_path / RESULTS)) == len(got)


def test_shards_split_the_positions_and_the_report_reads_them_all(tmp_path: Path) -> None:
    sample(tmp_path, 3, seed=7)
    assert run(tmp_path, minutes=1, settings=("normal-2",), shard=(1, 2), log=False) == 1
    assert [r["k"] for r in read_jsonl(tmp_path / "results.1.jsonl")] == [1]
    assert run(tmp_path, minutes=1, settings=("normal-2",), log=False) == 2  # 0 and 2
    assert sorted(r["k"] for r in results(tmp_path)) == [0, 1, 2]


def test_settings_name_their_playouts_and_worlds() -> None:
    assert parse_setting("net-160") == ("net", 160, "")
    assert parse_setting("normal-960") == ("normal", 960, "")
    assert parse_setting("net-960b") == ("net", 960, "b")
    assert parse_setting("net-160~1.5") == ("net", 160, "") and settle_of("net-160~1.5") == 1.5
    assert settle_of("net-160") == 0.0


def test_an_early_stop_searches_the_same_worlds_as_its_setting(tmp_path: Path) -> None:
    """``net-W~z`` draws the worlds of ``net-W``: played to the end (z = 0) it is the same
    search, and with an early stop it plays no more worlds than W."""
    sample(tmp_path, 3, seed=5)
    for pos in read_jsonl(tmp_path / POSITIONS):
        view = replay(pos)
        whole, again = decide(view, "normal-24", pos["k"]), decide(view, "normal-24~0", pos["k"])
        assert again["move"] == whole["move"] and again["worlds"] == whole["worlds"] == 24
        early = decide(view, "normal-24~0.5", pos["k"])
        assert 16 <= early["worlds"] <= 24


def test_network_playouts_take_hands_of_more_than_13_cards() -> None:
    """Big 2 deals 17 or 18 cards at three seats and 26 at two: the batched network
    playouts read a seat's cards held for any count (they once stopped at 13)."""
    for players in (2, 3):
        game = Game.deal(3, rules=get_rules("big-2"), players=players)
        view = PlayerView.from_game(game, game.to_act)
        assert view.hand.mask.bit_count() > 13
        expert = Expert(iterations=4, playout="net")
        expert.choose(view, random.Random(1))
        assert expert.last_net and expert.last_iterations == 4
