"""The app's log file in ``paths.log_dir``, where persistence warnings end up too.

Call :func:`start_file_logging` once at start-up (not at import); it makes the folder
then. Warnings from this package (bad settings values, files set aside) go through the
``big2.persistence.*`` loggers, so they reach this file as well as the window's notices.
"""

from __future__ import annotations

import logging
import logging.handlers
from typing import Final

from .paths import AppPaths

LOG_FILE: Final = "big2.log"
_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"


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
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            target, maxBytes=512 * 1024, backupCount=2, encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.setLevel(level)
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    return handler
