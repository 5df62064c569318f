from __future__ import annotations

import json
import logging

from big2.persistence.logs import LOG_FILE, start_file_logging
from big2.persistence.paths import AppPaths
from big2.persistence.settings import SettingsStore


def test_persistence_warnings_reach_the_log_file(paths: AppPaths) -> None:
    handler = start_file_logging(paths)
    assert handler is not None
    try:
        assert start_file_logging(paths) is handler  # no second handler
        paths.config_dir.mkdir(parents=True)
        paths.settings_file.write_text(json.dumps({"volume": 7}))
        SettingsStore(paths).load()
        handler.flush()
        text = (paths.log_dir / LOG_FILE).read_text(encoding="utf-8")
        assert "settings: volume is bad" in text
    finally:
        logging.getLogger("big2").removeHandler(handler)
        handler.close()


def test_unmakeable_log_folder_does_not_stop_the_game(paths: AppPaths) -> None:
    paths.log_dir.parent.mkdir(parents=True)
    paths.log_dir.write_bytes(b"")  # a file where the folder should be
    assert start_file_logging(paths) is None
