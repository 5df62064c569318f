"""Every level stays legal under every preset and the trickier house rules."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from big2.ai import LEVELS, PlayerView, make_opponent
from big2.engine import STANDARD, Game, Rules


def _presets() -> list[tuple[str, Rules]]:
    found = [("standard", STANDARD)]
    try:
        from big2.engine.presets import PRESETS
    except ImportError:  # an engine without presets
        return found
    return found + [(name, p.rules) for name, p in PRESETS.items() if name != "standard"]


def _variants() -> list[tuple[str, Rules]]:
    """House rules that change legal play, where the engine has them."""
    from big2.engine import rules as r

    wanted: dict[str, dict[str, Any]] = {
        "assistant-enforced": {"assistant": "AssistantRule.ENFORCED"},
        "pass-locks-out": {"pass_locks_out": True},
        "honour-bombs": {"bombs": "Bombs.HONOUR_HANDS"},
        "four-alone": {"four_alone": True},
        "play-on": {"hand_end": "HandEnd.PLAY_ON"},
        "no-lone-two": {"lone_two": "LoneTwo.NO_LONE_TWO"},
        "clockwise": {"direction": "Direction.CLOCKWISE"},
        "da-lao-er": {"deck": "Deck.DA_LAO_ER"},
        "pusoy-suits": {"suit_order": "cshd"},
        "top-card-straights": {"straight_order": "StraightOrder.TOP_CARD"},
        "indonesian-straights": {"straight_order": "StraightOrder.INDONESIA"},
        "no-wrap-straights": {"straight_order": "StraightOrder.NO_WRAP"},
        "poker-flushes": {"flush_order": "FlushOrder.POKER"},
        "suit-first-flushes": {"flush_order": "FlushOrder.SUIT_FIRST"},
        "royal-over-fours": {"bombs": "Bombs.ROYAL_OVER_FOURS"},
        "draw-one": {"stock_draw": "StockDraw.ONE"},
        "draw-as-needed": {"stock_draw": "StockDraw.AS_MANY_AS_NEEDED"},
        "leftovers-to-lowest": {"leftovers": "Leftovers.TO_LOWEST"},
        "no-lone-top-two": {"lone_two": "LoneTwo.NO_LONE_TOP_TWO"},
        "everything": {"assistant": "AssistantRule.ENFORCED", "pass_locks_out": True,
                       "bombs": "Bombs.HONOUR_HANDS", "hand_end": "HandEnd.PLAY_ON",
                       "four_alone": True, "direction": "Direction.CLOCKWISE"},
    }
    out = []
    for name, options in wanted.items():
        values = {}
        try:
            for field, value in options.items():
                if isinstance(value, str) and "." in value:
                    enum_name, member = value.split(".")
                    value = getattr(getattr(r, enum_name), member)
                values[field] = value
            out.append((name, dataclasses.replace(STANDARD, name=name, **values)))
        except (AttributeError, TypeError, ValueError):
            continue  # this engine does not have that rule yet
    return out


RULE_SETS = _presets() + _variants()


def play(rules: Rules, players: int, seed: int) -> None:
    game = Game.deal(random.Random(seed), rules=rules, players=players)
    lineup = [make_opponent("normal"), make_opponent("expert", iterations=2),
              make_opponent("skilled" if seed % 2 else "beginner"),
              make_opponent("master", iterations=2)]
    rngs = [random.Random(seed + s) for s in range(players)]
    steps = 0
    while not game.is_over:
        s = game.to_act
        move = lineup[s].choose(PlayerView.from_game(game, s), rngs[s])
        game.make(move)  # checked: raises on an illegal move
        steps += 1
        assert steps < 2000, "the hand does not end"


@pytest.mark.parametrize("name,rules", RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_every_rule_set_is_played_legally(name: str, rules: Rules) -> None:
    for players in (2, 3, 4):
        for seed in range(2):
            play(rules, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_soak_every_rule_set_and_table_size(level: str) -> None:
    """A few hundred hands per level over every rule set and 2, 3 and 4 players."""
    searching = level in ("expert", "master")
    # 30 worlds: enough for the search to drop candidates (it first checks at 24).
    options: dict[str, Any] = {"iterations": 30} if searching else {}
    opp = make_opponent(level, **options)
    others = make_opponent("normal")
    per = 3 if searching else 12
    for name, rules in RULE_SETS:
        for players in (2, 3, 4):
            for seed in range(per):
                game = Game.deal(random.Random(seed), rules=rules, players=players)
                rng = random.Random(seed)
                while not game.is_over:
                    s = game.to_act
                    who = opp if s == seed % players else others
                    game.make(who.choose(PlayerView.from_game(game, s), rng))
