"""Regenerate ``data/perft.txt`` with the slow reference generator.

Run ``python tests/engine/make_perft.py`` only when the rules change on purpose; the
file is the golden record the fast generator is held to.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference import breakdown, reference_legal, reference_moves  # noqa: E402

from big2.engine import STANDARD, CardSet, Game, parse_cards  # noqa: E402

SPECIAL_HANDS = [
    "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h",  # every heart: flushes and straight flushes
    "3d 3c 3h 3s 4d 4c 4h 4s 5d 5c 5h 5s 6d",  # fours, full houses, triples
    "3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As 2d",  # a dragon: one of each rank
    "Ad Ac 2d 2c 3d 3c 4d 4c 5d 5c 6d 6c 7d",  # wrap-around straights A2345 and 23456
]


def lead_lines() -> list[str]:
    rng = random.Random(2024)
    hands = [parse_cards(h) for h in SPECIAL_HANDS]
    hands += [CardSet(rng.sample(range(52), 13)) for _ in range(30)]
    lines = []
    for hand in hands:
        counts = breakdown(reference_moves(hand, STANDARD))
        lines.append(f"lead | {hand} | " + " ".join(f"{k}={v}" for k, v in counts.items()))
    return lines


def perft(game: Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for m in sorted(reference_legal(game)):
        child = game.copy()
        child.apply(m)
        total += perft(child, depth - 1)
    return total


def deal_lines() -> list[str]:
    lines = []
    for seed in (1, 2, 3):
        g = Game.deal(random.Random(seed))
        counts = [perft(g, d) for d in (1, 2, 3, 4)]
        lines.append(f"perft | {seed} | " + " ".join(f"d{d}={c}" for d, c in zip((1, 2, 3, 4), counts)))
    return lines


def main() -> None:
    out = Path(__file__).resolve().parent / "data" / "perft.txt"
    header = "# Golden move counts. Regenerate with tests/engine/make_perft.py (slow reference).\n"
    out.write_text(header + "\n".join(lead_lines() + deal_lines()) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
