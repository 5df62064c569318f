"""Regenerate docs/screenshots: every scene at 1280 × 720, the main ones at 800 × 600 and 1920 × 1080, the table at 2560 × 1440.

    python tools/screenshots.py [OUTDIR]
    python tools/screenshots.py --language zh_Hant [OUTDIR]   # the main screens in a language,
                                                              # at 800 × 600, 1280 × 720, 1920 × 1080

Runs the app headless (SDL's dummy video driver: the same software drawing as a window)
in a throwaway home, walks every scene with :func:`tools.tour.tour` and saves each
stop as ``NAME-WxH.png``. It also prints any text that does not fit (the fit test's
checks), so a picture is never taken of a screen the test would fail.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if __package__ in (None, ""):  # run as a file (python tools/screenshots.py): make tools.* importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: (window size, which stops to keep: None for all)
#: The screens a player meets most, also shot at the smallest and a full-HD window.
MAIN_STOPS = ("title", "new-game", "table-your-turn", "results", "session-end", "rules", "statistics")
SHOTS = (
    ((1280, 720), None),
    ((800, 600), MAIN_STOPS + ("table-computer-thinking", "table-tracker-combinations", "saves-from-pause", "pause")),
    ((1920, 1080), MAIN_STOPS + ("table-tracker-combinations",)),
    ((2560, 1440), ("table-your-turn", "table-trick-won")),
)


#: The stops shot in another language (``--language``), at 800 × 600, 1280 × 720 and
#: 1920 × 1080, saved as ``NAME-WxH-CODE.png``.
LANGUAGE_STOPS = ("title", "new-game", "table-your-turn", "results", "session-end", "rules", "statistics",
                  "settings-language")
LANGUAGE_SIZES = ((800, 600), (1280, 720), (1920, 1080))


def shoot(out: Path, language: str = "") -> int:
    import pygame

    from big2.app import storage
    from big2.app.app import App
    from big2.app.settings import AppSettings

    from big2 import i18n
    from tools import fitcheck
    from tools.tour import tour

    out.mkdir(parents=True, exist_ok=True)
    bad = 0
    shots = tuple((size, LANGUAGE_STOPS) for size in LANGUAGE_SIZES) if language else SHOTS
    i18n.set_language(language or "en")
    suffix = f"-{language}" if language else ""
    for size, keep in shots:
        with tempfile.TemporaryDirectory() as home:
            os.environ["BIG2_HOME"] = home
            app = App(size=size, settings=AppSettings(animation="off", pace="instant"))
            app.ai_in_process = False
            app.open()
            app.running = True
            st = storage.Storage.open()
            storage.attach(app, st)
            try:
                for stop in tour(app, dropdowns_open=False, presets=False):
                    if keep is not None and stop not in keep:
                        continue
                    for p in fitcheck.draw_and_check(app):
                        print(f"  {stop}: {p}")
                        bad += 1
                    name = out / f"{stop}-{size[0]}x{size[1]}{suffix}.png"
                    pygame.image.save(app.screen, str(name))
                    print(name)
            finally:
                st.close()
                app.close()
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    code = ""
    if "--language" in args:
        at = args.index("--language")
        code = args[at + 1]
        del args[at : at + 2]
    target = Path(args[0]) if args else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    sys.exit(shoot(target, code))
