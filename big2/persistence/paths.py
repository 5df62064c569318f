"""Where settings, saves, history and logs live.

:meth:`AppPaths.from_environment` asks ``platformdirs`` for the user's own directories
(app name ``Big2``) unless the ``BIG2_HOME`` environment variable names a folder, in
which case everything lives under it: ``$BIG2_HOME/config`` and ``$BIG2_HOME/data``.
Tests and portable installs use that; nothing is ever written next to the program.

Building an :class:`AppPaths` creates no directories: the writers create what they need
on their first write.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "Big2"
#: Environment variable that moves every file of the app under one folder.
HOME_ENV: Final = "BIG2_HOME"

SETTINGS_FILE: Final = "settings.json"
HISTORY_FILE: Final = "history.sqlite3"
#: The online seat kept for a rejoin after a restart (``big2.app.online.rejoin``), in
#: :attr:`AppPaths.data_dir`.
ONLINE_SEAT_FILE: Final = "online-seat.json"


@dataclass(frozen=True, slots=True)
class AppPaths:
    """The app's folders and well-known files. Pure data; nothing here touches the disk."""

    config_dir: Path
    data_dir: Path
    saves_dir: Path
    history_db: Path
    log_dir: Path

    @property
    def settings_file(self) -> Path:
        """The settings JSON file inside :attr:`config_dir`."""
        return self.config_dir / SETTINGS_FILE

    @classmethod
    def under(cls, root: Path | str) -> AppPaths:
        """Every folder under ``root`` (``root/config`` and ``root/data``); the portable layout."""
        base = Path(root).expanduser().absolute()
        data = base / "data"
        return cls(
            config_dir=base / "config",
            data_dir=data,
            saves_dir=data / "saves",
            history_db=data / HISTORY_FILE,
            log_dir=data / "logs",
        )

    @classmethod
    def from_platform(cls) -> AppPaths:
        """The per-user directories ``platformdirs`` gives for this operating system."""
        data = platformdirs.user_data_path(APP_NAME, appauthor=False)
        return cls(
            config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data_dir=data,
            saves_dir=data / "saves",
            history_db=data / HISTORY_FILE,
            log_dir=platformdirs.user_log_path(APP_NAME, appauthor=False),
        )

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> AppPaths:
        """``BIG2_HOME`` when set and not blank, else the platform directories.

        ``environ`` defaults to :data:`os.environ`; pass a dict in tests.
        """
        env = os.environ if environ is None else environ
        home = env.get(HOME_ENV, "").strip()
        if home:
            return cls.under(home)
        return cls.from_platform()
