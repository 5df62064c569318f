"""A score history with real hands in it, played by the engine with a seeded generator."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from big2.engine import STANDARD, Session, get_preset
from big2.persistence import AppPaths, History, Seat
from big2.persistence.gamecodec import rules_to_dict
from big2.persistence.handlog import hand_result, start_position


def seed_history(paths: AppPaths, *, sessions: int = 3, hands: int = 3, seed: int = 5,
                 player: str = "You", presets: tuple[str, ...] = ("standard",)) -> list[int]:
    """Play ``sessions`` sessions of ``hands`` hands into the history; returns hand ids."""
    rng = random.Random(seed)
    levels = ("beginner", "normal", "expert")
    ids: list[int] = []
    start = datetime(2026, 11, 1, 18, 0, tzinfo=timezone.utc)
    with History.open(paths.history_db).value as history:
        for k in range(sessions):
            preset = presets[k % len(presets)]
            rules = get_preset(preset).rules if preset != "standard" else STANDARD
            names = (player, "East", "North", "West")
            level = levels[k % len(levels)]
            seats = [Seat(player, True)] + [Seat(n, False, level) for n in names[1:]]
            when = start + timedelta(days=k)
            sid = history.start_session(seats, rules_preset=rules.name, rules=rules_to_dict(rules), started_at=when)
            session = Session(random.Random(rng.random()), rules=rules, names=names, max_hands=hands)
            while not session.is_over:
                game = session.new_hand()
                first = start_position(game)
                while not game.is_over:
                    game.make(rng.choice(list(game.legal_moves())))
                rec = session.record()
                when += timedelta(minutes=7)
                ids.append(history.record_hand(sid, hand_result(game, rec, start=first, started_at=when, duration_s=300.0)))
            history.end_session(sid, ended_at=when)
    return ids
