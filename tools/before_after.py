"""Write docs/screenshots/before-after.md: each screen before the new look (issue 44) and
after it, side by side.

    python tools/before_after.py

The "before" pictures are docs/screenshots/before/NAME.jpg (made by tools/screenshots.py
at the commit before the new look, halved and saved as JPEG to keep the repository
small); the "after" pictures are docs/screenshots/NAME.png as tools/screenshots.py makes
them now. A screen with only one of the two is listed under the table with what it has.
"""

from __future__ import annotations

from pathlib import Path

SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
BEFORE = SHOTS / "before"

#: The order of the page: every screen at 1280 x 720 first, then the table at the other
#: sizes, then the rest; English before Traditional Chinese.
FIRST = ("title", "new-game", "table-your-turn", "table-trick-won", "table-last-card", "table-computer-thinking",
         "table-tracker-combinations", "results", "session-end", "pause", "rules", "settings", "statistics",
         "replay", "saves", "privacy", "how-to-play", "about", "online")


def _key(name: str) -> tuple[int, int, str]:
    base = name.split("-1280x720")[0].split("-800x600")[0].split("-1920x1080")[0].split("-2560x1440")[0]
    rank = next((i for i, f in enumerate(FIRST) if base == f or base.startswith(f + "-")), len(FIRST))
    size = 0 if "1280x720" in name else 1 if "800x600" in name else 2 if "1920x1080" in name else 3
    return (size, rank, name)


def page() -> str:
    before = {p.stem for p in BEFORE.glob("*.jpg")}
    after = {p.stem for p in SHOTS.glob("*.png")}
    both = sorted(before & after, key=_key)
    lines = [
        "# Before and after the new look",
        "",
        "Each screen before the art direction of [docs/design/look.md](../design/look.md) was",
        "applied (left; the commit before issue 44's work, halved) and after it (right), made",
        "by `tools/screenshots.py` (`python tools/before_after.py` writes this page again).",
        "",
        "| before | after |",
        "|---|---|",
    ]
    for name in both:
        lines.append(f"| **{name}**<br>![{name} before](before/{name}.jpg) | ![{name} after]({name}.png) |")
    gone = sorted(before - after, key=_key)
    if gone:
        lines += ["", "Screens with a picture from before only (renamed or folded into another screen): "
                  + ", ".join(f"[{n}](before/{n}.jpg)" for n in gone) + "."]
    lines += ["", "New screens since (no before): the daily deal ([daily/](daily/)), the hand review "
              "([review/](review/)), achievements ([achievements/](achievements/)), the computers' "
              "characters ([characters/](characters/)), themes and motion ([feel/](feel/))."]
    return "\n".join(lines) + "\n"


def main() -> int:
    out = SHOTS / "before-after.md"
    out.write_text(page(), encoding="utf-8")
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
