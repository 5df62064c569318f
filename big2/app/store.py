"""The app's link to big2.persistence: settings loaded at start, saved when changed.

Everything here is best effort: if the persistence package is missing or its files are
unusable the game goes on with defaults, and what went wrong is kept as sentences in
:attr:`SettingsLink.notices` for the title screen to show. The app never opens a file
itself; ``BIG2_HOME`` moves everything (tests point it at a temporary folder).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from .settings import AppSettings, from_mapping

log = logging.getLogger(__name__)


class SettingsLink:
    """Loads :class:`AppSettings` from the settings file and writes changes back."""

    def __init__(self) -> None:
        self.notices: list[str] = []
        self._store: Any = None
        self._stored: Any = None

    def load(self) -> AppSettings:
        try:
            from big2.persistence import AppPaths, SettingsStore

            self._store = SettingsStore(AppPaths.from_environment())
            result = self._store.load()
            self._stored = result.value
            self.notices.extend(str(getattr(n, "text", n)) for n in result.notices)
            return from_mapping(self._stored)
        except Exception as exc:  # never let a settings file stop the game
            log.warning("settings not loaded: %s", exc)
            self._store = None
            return AppSettings()

    def save(self, settings: AppSettings, **extra: Any) -> bool:
        """Write ``settings`` (and ``extra`` persistence fields such as the window size)."""
        if self._store is None or self._stored is None:
            return False
        names = {f.name for f in dataclasses.fields(self._stored)}
        values = {k: v for k, v in {**settings.to_persistence(), **extra}.items() if k in names}
        try:
            updated = dataclasses.replace(self._stored, **values)
            if updated != self._stored:
                self._store.save(updated)
                self._stored = updated
            return True
        except Exception as exc:  # a full disk or a refused value: keep playing
            self.notices.append(str(exc))
            log.warning("settings not saved: %s", exc)
            return False

    @property
    def window_size(self) -> tuple[int, int] | None:
        s = self._stored
        if s is None:
            return None
        try:
            return (int(s.window_width), int(s.window_height))
        except (AttributeError, TypeError, ValueError):
            return None
