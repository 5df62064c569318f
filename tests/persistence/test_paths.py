from __future__ import annotations

from pathlib import Path

import platformdirs

from big2.persistence.paths import HOME_ENV, AppPaths


def test_big2_home_moves_everything_under_it(big2_home: Path) -> None:
    paths = AppPaths.from_environment()
    assert paths.config_dir == big2_home / "config"
    assert paths.data_dir == big2_home / "data"
    for p in (paths.saves_dir, paths.history_db, paths.log_dir):
        assert big2_home / "data" in p.parents
    assert paths.settings_file == big2_home / "config" / "settings.json"
    assert not big2_home.exists(), "building paths must not create folders"


def test_platform_dirs_used_without_override(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({})
    assert paths.config_dir == platformdirs.user_config_path("Big2", appauthor=False)
    assert paths.data_dir == platformdirs.user_data_path("Big2", appauthor=False)
    assert paths.saves_dir.parent == paths.data_dir
    blank = AppPaths.from_environment({HOME_ENV: "   "})
    assert blank == paths


def test_relative_home_is_made_absolute() -> None:
    paths = AppPaths.from_environment({HOME_ENV: "portable"})
    assert paths.config_dir.is_absolute()
    assert paths.config_dir.parts[-2:] == ("portable", "config")
