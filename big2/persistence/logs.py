"""The app's log file in ``paths.log_dir``, where persistence warnings end up too.

Call :func:`start_file_logging` once at start-up (not at import); the folder and the file
are made, private to the user, when the first record is written. Warnings from this
package (bad settings values, files set aside) go through the ``big2.persistence.*``
loggers, so they reach this file as well as the window's notices.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path
from typing import Final

from .paths import AppPaths
from .private import open_private

LOG_FILE: Final = "big2.log"
_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _PrivateLog(logging.handlers.RotatingFileHandler):
    """The rotating log, made (folder ``0700``, file ``0600``) at its first record only."""

    def _open(self):  # type: ignore[no-untyped-def]
        return open_private(Path(self.baseFilename), self.mode, encoding=self.encoding or "utf-8")

    def handleError(self, record: logging.LogRecord) -> None:
        pass  # a log that cannot be written must not disturb the game


def start_file_logging(paths: AppPaths, *, level: int = logging.INFO,
                       logger_name: str = "big2") -> logging.Handler | None:
    """Attach a rotating file handler (3 files of 512 KiB) to the ``big2`` logger.

    Returns the handler (remove it with ``logging.getLogger("big2").removeHandler``), or
    ``None`` when the log folder cannot be made — logging must never stop the game.
    Calling it twice adds no second handler for the same file.
    """
    target = paths.log_dir / LOG_FILE
    logger = logging.getLogger(logger_name)
    for existing in logger.handlers:
        if isinstance(existing, logging.FileHandler) and existing.baseFilename == str(target):
            return existing
    if target.exists() and not target.is_file():  # a FIFO would block the first write
        return None
    if paths.log_dir.exists() and not paths.log_dir.is_dir():  # a file where it should be
        return None
    try:
        handler = _PrivateLog(target, maxBytes=512 * 1024, backupCount=2, encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.setLevel(level)
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    return handler
