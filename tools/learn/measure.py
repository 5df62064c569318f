"""The arena reading of a network during training: the greedy network against Normal.

Seats the network (as :class:`~big2.ai.learned.opponent.LearnedOpponent`) at a table of
Normals and plays fixed deals once per rotation (:func:`big2.ai.arena.play_deal`), so
every reading of a run is on the same cards and luck cancels as far as the rotation
cancels it. Fair share at four seats is 25 %.
"""

from __future__ import annotations

from typing import Any

from big2.ai.arena import LevelStats, play_deal, rules_by_name
from big2.ai.base import make_opponent
from big2.ai.learned.net import QNet
from big2.ai.learned.opponent import LearnedOpponent


def arena_reading(net: QNet, *, deals: int, seed: int = 1, rules: str = "standard",
                  players: int = 4) -> dict[str, Any]:
    """Win rate and mean points per hand (95 % intervals) of ``net`` against
    ``players - 1`` Normals over ``deals`` deals, each played in every rotation, and
    the Normals' mean points per hand. 100 deals (400 hands) take a few seconds."""
    seats = ["learned"] + ["normal"] * (players - 1)
    opponents = {"learned": LearnedOpponent(net), "normal": make_opponent("normal")}
    total = {lv: LevelStats() for lv in set(seats)}
    rule_set = rules_by_name(rules)
    for deal in range(deals):
        for lv, st in play_deal(seats, deal, seed=seed, rules=rule_set, options={},
                                opponents=opponents).items():
            total[lv].merge(st)
    s = total["learned"].summary()
    return {"hands": s["hands"], "win_rate": s["win_rate"], "win_rate_95": s["win_rate_95"],
            "mean_points": s["mean_points"], "mean_points_95": s["mean_points_95"],
            "normal_mean_points": total["normal"].summary()["mean_points"],
            "rules": rules, "players": players, "seed": seed,
            "ms_p95": s["time_ms_p95"]}
