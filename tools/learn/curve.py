"""Draw a run's strength curve as a PNG: the network's win rate against three Normals
(with its 95 % interval) over the decisions trained, read from the run's ``log.jsonl``.

    python -m tools.learn.curve runs/dmc1 docs/research/training-curve.png

Only arena readings of at least ``--min-hands`` hands are drawn (small readings are too
noisy to mean anything). A run carried over to a new feature layout
(:mod:`tools.learn.widen`) gets a dashed line where the new inputs came in. Uses pygame
(a game dependency), headless.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

W, H = 900, 520
LEFT, RIGHT, TOP, BOTTOM = 80, 30, 60, 70
BG, AXIS, GRID, INK, GOLD, FAIR = (16, 22, 28), (200, 205, 210), (45, 55, 62), (235, 235, 225), (245, 210, 122), (140, 190, 150)


def readings(run: Path, min_hands: int) -> list[dict]:
    out = []
    for line in (run / "log.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("kind") == "arena" and rec.get("hands", 0) >= min_hands:
            out.append(rec)
    return out


def widenings(run: Path) -> list[tuple[int, int]]:
    """Where the run was widened: (decisions so far, the new feature layout) per widening."""
    out = []
    for line in (run / "log.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("kind") == "widen":
            out.append((rec["counters"]["decisions"], rec["feature_version"]))
    return out


def draw(points: list[dict], path: Path, title: str, marks: list[tuple[int, int]] = ()) -> None:
    pygame.font.init()  # only fonts: no window, no sound device
    surf = pygame.Surface((W, H))
    surf.fill(BG)
    font = pygame.font.Font(None, 22)
    big = pygame.font.Font(None, 28)
    x_max = max(p["decisions"] for p in points) * 1.05
    y_max = 0.5

    def at(d: float, w: float) -> tuple[int, int]:
        return (int(LEFT + (W - LEFT - RIGHT) * d / x_max), int(H - BOTTOM - (H - TOP - BOTTOM) * w / y_max))

    for k in range(0, 6):  # win-rate grid every 10 %
        y = at(0, k / 10)[1]
        pygame.draw.line(surf, GRID, (LEFT, y), (W - RIGHT, y))
        surf.blit(font.render(f"{k * 10}%", True, AXIS), (LEFT - 45, y - 8))
    raw = x_max / 6  # about six ticks, each 1, 2 or 5 times a power of ten
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    ticks = [k * step for k in range(int(x_max // step) + 1)]
    for t in ticks:
        x = at(t, 0)[0]
        pygame.draw.line(surf, GRID, (x, TOP), (x, H - BOTTOM))
        surf.blit(font.render(f"{t / 1e6:g} M", True, AXIS), (x - 14, H - BOTTOM + 8))
    pygame.draw.line(surf, AXIS, (LEFT, H - BOTTOM), (W - RIGHT, H - BOTTOM), 2)
    pygame.draw.line(surf, AXIS, (LEFT, TOP), (LEFT, H - BOTTOM), 2)
    for decisions, version in marks:
        x = at(decisions, 0)[0]
        for y in range(TOP, H - BOTTOM, 12):
            pygame.draw.line(surf, INK, (x, y), (x, min(y + 6, H - BOTTOM)), 1)
        text = font.render(f"feature layout {version} from here", True, INK)
        surf.blit(text, (max(LEFT, x - text.get_width() - 6), TOP + 4))
    fair = at(0, 0.25)[1]
    pygame.draw.line(surf, FAIR, (LEFT, fair), (W - RIGHT, fair), 1)
    surf.blit(font.render("fair share 25%", True, FAIR), (W - RIGHT - 120, fair - 18))
    prev = None
    for p in points:
        lo, hi = p["win_rate_95"]
        x, y = at(p["decisions"], p["win_rate"])
        pygame.draw.line(surf, GOLD, at(p["decisions"], lo), at(p["decisions"], hi), 1)
        if prev is not None:
            pygame.draw.line(surf, GOLD, prev, (x, y), 2)
        pygame.draw.circle(surf, GOLD, (x, y), 4)
        prev = (x, y)
    surf.blit(big.render(title, True, INK), (LEFT, 20))
    surf.blit(font.render("decisions trained (self-play)", True, AXIS), (W // 2 - 100, H - 30))
    label = pygame.transform.rotate(font.render("wins against three Normals (95% interval)", True, AXIS), 90)
    surf.blit(label, (12, TOP + (H - TOP - BOTTOM - label.get_height()) // 2))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
    pygame.font.quit()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--min-hands", type=int, default=400)
    args = ap.parse_args(argv)
    points = readings(args.run, args.min_hands)
    if not points:
        ap.error(f"{args.run} has no arena reading of {args.min_hands} hands or more")
    draw(points, args.out, f"The learned network alone against three Normals ({args.run.name})",
         widenings(args.run))
    print(f"{args.out}: {len(points)} readings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
