"""Perft-style golden counts: the fast generator against data/perft.txt.

On a mismatch the message gives the count per kind (or per root move), which points at
the bug. The data file was made by the slow reference generator (make_perft.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from big2.engine import STANDARD, Game, generate_moves, parse_cards
from big2.engine.combos import format_play

from .reference import breakdown

DATA = Path(__file__).with_name("data") / "perft.txt"


def rows(kind: str) -> list[tuple[str, dict[str, int]]]:
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith(kind + " |"):
            _, position, counts = (part.strip() for part in line.split("|"))
            out.append((position, {k: int(v) for k, v in (c.split("=") for c in counts.split())}))
    return out


@pytest.mark.parametrize("hand, expected", rows("lead"), ids=lambda v: str(v)[:24])
def test_lead_counts_by_kind(hand: str, expected: dict[str, int]) -> None:
    moves = [m for lst in generate_moves(parse_cards(hand).mask, STANDARD).values() for m in lst]
    assert len(moves) == len(set(moves)), "a combination was generated twice"
    got = breakdown(moves)
    assert got == expected, f"per kind: expected {expected}, got {got}"


def perft(game: Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for m in game.legal_moves():
        child = game.copy()
        child.apply(m)
        total += perft(child, depth - 1)
    return total


def divide(game: Game, depth: int) -> str:
    parts = []
    for m in game.legal_moves():
        child = game.copy()
        child.apply(m)
        parts.append(f"{format_play(m) or 'pass'}: {perft(child, depth - 1)}")
    return "; ".join(parts)


@pytest.mark.parametrize("seed, expected", rows("perft"))
def test_perft_from_deals(seed: str, expected: dict[str, int]) -> None:
    game = Game.deal(random.Random(int(seed)))
    for name, count in expected.items():
        depth = int(name[1:])
        got = perft(game, depth)
        assert got == count, f"depth {depth}: expected {count}, got {got}; divide: {divide(game, depth)}"
