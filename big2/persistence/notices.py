"""Messages for the player about what happened to their files, and the storage error.

Loading never raises for a bad file: it returns the best data it could find plus
:class:`Notice` objects the app shows in the window. Writing raises
:class:`StorageError` when the disk refuses; its message is a sentence for the player.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine.messages import Message


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
    #: The same sentence as a message (a stable id and parameters, see
    #: ``big2.engine.messages``) the app renders in the player's language; None when
    #: ``text`` is all there is. The persistence layer has no gettext: it says what
    #: happened, the app says it in the player's words.
    message: Message | None = None

    def __str__(self) -> str:
        return self.text

    @classmethod
    def of(cls, message: Message, severity: Severity = Severity.WARNING) -> Notice:
        """A notice saying ``message`` (``text`` is its English sentence)."""
        return cls(str(message), severity, message)


class StorageError(Exception):
    """A write (or delete) failed; ``str(error)`` is a sentence for the player (in
    English; :attr:`message` is the same as a message the app translates).

    The original :class:`OSError` or :class:`sqlite3.Error` is chained as
    ``__cause__``. The previous copy of the file is still in place when this is raised.
    """

    @property
    def message(self) -> Message | None:
        """The sentence as a message, when it was raised with one."""
        first = self.args[0] if self.args else None
        return first if isinstance(first, Message) else None
