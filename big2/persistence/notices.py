"""Messages for the player about what happened to their files, and the storage error.

Loading never raises for a bad file: it returns the best data it could find plus
:class:`Notice` objects the app shows in the window. Writing raises
:class:`StorageError` when the disk refuses; its message is a sentence for the player.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    """How loudly the app should show a notice."""

    #: Something was repaired quietly; worth a line in a status area.
    INFO = "info"
    #: Something was lost or replaced by a default; show it until dismissed.
    WARNING = "warning"
    #: Nothing could be recovered or written; show it prominently.
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Notice:
    """One sentence for the player, e.g. "Your settings file was damaged; …"."""

    text: str
    severity: Severity = Severity.WARNING

    def __str__(self) -> str:
        return self.text


class StorageError(Exception):
    """A write (or delete) failed; ``str(error)`` is a sentence for the player.

    The original :class:`OSError` or :class:`sqlite3.Error` is chained as
    ``__cause__``. The previous copy of the file is still in place when this is raised.
    """
