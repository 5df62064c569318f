"""Settings, saved sessions and score history, kept in the user's own directories.

Nothing here touches the disk when imported: directories are made on the first write,
files are read only when a ``load``/``open`` function is called. This package imports
the standard library, ``platformdirs`` and ``big2.engine`` — never pygame.

Where to start:

- :class:`~big2.persistence.paths.AppPaths` — where everything lives
  (``AppPaths.from_environment()``; ``BIG2_HOME`` overrides the platform directories).
- :class:`~big2.persistence.settings.SettingsStore` — load/save :class:`Settings`;
  :func:`~big2.persistence.tablerules.table_rules` turns them into engine rules and
  scoring.
- :class:`~big2.persistence.saves.SaveStore` — autosave and named save slots, carrying
  payloads from :func:`~big2.persistence.sessioncodec.save_payload` (read back with
  :func:`~big2.persistence.sessioncodec.load_payload`).
- :class:`~big2.persistence.history.History` — the SQLite score history (records from
  :mod:`big2.persistence.handlog`, which also replays them), with the statistics
  queries in :mod:`big2.persistence.stats`.
- :func:`~big2.persistence.logs.start_file_logging` — the log file.

Every load returns a result carrying :class:`~big2.persistence.notices.Notice` objects:
sentences the window should show the player ("Your saved game was damaged; …"). Writes
that fail raise :class:`~big2.persistence.notices.StorageError`, whose message is such
a sentence too.
"""

from .atomic import LoadResult, quarantine, write_atomic
from .envelope import Preview, SavedGame
from .history import HandResult, History, Seat, StoredHand
from .notices import Notice, Severity, StorageError
from .paths import AppPaths
from .saves import SaveStore, SlotInfo
from .settings import Settings, SettingsStore

__all__ = [
    "AppPaths", "HandResult", "History", "LoadResult", "Notice", "Preview", "SaveStore",
    "SavedGame", "Seat", "Settings", "SettingsStore", "Severity", "SlotInfo",
    "StorageError", "StoredHand", "quarantine", "write_atomic",
]
