"""Opening a small checksummed JSON document of the data folder (the daily results, the
achievements): the one place their common checks live.

:func:`open_sealed` parses the bytes within ``limits``, checks the format tag, the
checksum (:mod:`.checksum`) and the version, and returns the document without its
checksum and the version it says; anything else raises
:class:`~big2.persistence.atomic.Unreadable` (tag ``"newer"`` for a file a later version
of Big2 wrote). The caller upgrades older versions and checks the content.
"""

from __future__ import annotations

from typing import Any

from .atomic import Unreadable
from .checksum import CHECKSUM_KEY, verify
from .jsonsafe import JsonLimits, JsonRejected, parse_json


def open_sealed(raw: bytes, limits: JsonLimits, *, tag: str, current: int, what: str) -> tuple[dict[str, Any], int]:
    """``(document, version)`` of a sealed file tagged ``tag`` (readable up to version
    ``current``); ``what`` names it in the reason ("a file of daily results")."""
    try:
        doc = parse_json(raw, limits)
    except JsonRejected as exc:
        raise Unreadable(str(exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != tag:
        raise Unreadable(f"it is not {what}")
    verify(doc, version=doc.get("version"), required_from=1)
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise Unreadable("its version is not valid")
    if version > current:
        raise Unreadable(f"it was written by a newer version of Big2 (format {version})", tag="newer")
    return {k: v for k, v in doc.items() if k != CHECKSUM_KEY}, version
