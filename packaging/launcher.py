"""The frozen app's entry point (PyInstaller runs this file as ``__main__``).

It does what ``python -m big2`` does, plus two things only a frozen build needs:

- ``multiprocessing.freeze_support()`` first, so the computer players' worker process
  (started with the "spawn" method) runs the worker instead of a second copy of the game;
- ``--packaging-probe [write]``: print, as JSON, where this build keeps settings, saves,
  history and logs and where it reads its assets from; with ``write`` also save default
  settings and create the history database there. Packaging tests compare this with the
  source install; players never need it.
"""

from __future__ import annotations

import json
import multiprocessing
import sys


def probe(write: bool) -> int:
    from big2.persistence import AppPaths, History, Settings, SettingsStore

    paths = AppPaths.from_environment()
    if write:
        SettingsStore(paths).save(Settings())
        result = History.open(paths.history_db)
        if result.value is not None:
            result.value.close()
    try:
        from big2.app.ui.assets import assets_dir

        assets = str(assets_dir())
    except ImportError:  # pragma: no cover - app dependencies missing
        assets = None
    report = {
        "frozen": bool(getattr(sys, "frozen", False)),
        "config_dir": str(paths.config_dir),
        "data_dir": str(paths.data_dir),
        "saves_dir": str(paths.saves_dir),
        "history_db": str(paths.history_db),
        "log_dir": str(paths.log_dir),
        "settings_file": str(paths.settings_file),
        "assets_dir": assets,
    }
    print(json.dumps(report, indent=2, sort_keys=True))
    return 0


def main() -> int:
    multiprocessing.freeze_support()
    args = sys.argv[1:]
    if args[:1] == ["--packaging-probe"]:
        return probe(write=args[1:2] == ["write"])
    from big2.__main__ import main as big2_main

    return big2_main(args)


if __name__ == "__main__":
    sys.exit(main())
