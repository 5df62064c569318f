"""A checksum of a file's content, kept inside the file: tells a damaged file from a good one.

Every JSON file the game writes (the autosave, its previous copy, save slots, the
settings) is a JSON object; :func:`seal` adds ``"checksum": "sha256:<hex>"``, the SHA-256
of the object's canonical form without that key (:func:`canonical`: keys sorted, ASCII,
no spaces — so the indentation of the file does not matter, only what it says).

:func:`verify` is the reader's side. A file whose checksum is present and does not match
is damaged (a flipped bit, a swapped type, a deleted key — anything). A file with no
checksum is accepted only when its format version is older than the one that added
checksums (a file written before this change); a newer one without it lost its checksum
and is damaged too. Both raise :class:`~big2.persistence.atomic.Unreadable`, which the
loaders turn into "set aside, the previous copy tried, the player told".

Two files that verify and have the same :func:`canonical` form are equal in meaning.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from .atomic import Unreadable

CHECKSUM_KEY: Final = "checksum"
_PREFIX: Final = "sha256:"


def canonical(doc: Mapping[str, Any]) -> bytes:
    """``doc`` without its checksum, as canonical JSON bytes.

    Raises :class:`ValueError` (or :class:`TypeError`) for values JSON cannot hold.
    """
    body = {k: v for k, v in doc.items() if k != CHECKSUM_KEY}
    return json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"),
                      allow_nan=False).encode("ascii")


def digest(doc: Mapping[str, Any]) -> str:
    """The checksum of ``doc``'s content: ``"sha256:"`` and 64 hex digits."""
    return _PREFIX + hashlib.sha256(canonical(doc)).hexdigest()


def seal(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``doc`` with its checksum as the last key (see the module notes)."""
    body = {k: v for k, v in doc.items() if k != CHECKSUM_KEY}
    body[CHECKSUM_KEY] = digest(body)
    return body


def verify(doc: Mapping[str, Any], *, version: object, required_from: int) -> None:
    """Check ``doc``'s checksum; raises :class:`Unreadable` for a damaged file.

    ``version`` is the format version the file says it has and ``required_from`` the
    first version written with a checksum: below it a missing checksum is accepted (an
    older file). A present checksum is always checked, whatever the version says (a
    flipped version digit must not turn a checksum off).
    """
    stored = doc.get(CHECKSUM_KEY)
    if stored is None and CHECKSUM_KEY not in doc:
        old = isinstance(version, int) and not isinstance(version, bool) and version < required_from
        if old:
            return
        raise Unreadable("its checksum is missing")
    try:
        expected = digest(doc)
    except (TypeError, ValueError) as exc:  # e.g. a lone surrogate cannot be hashed as text
        raise Unreadable(f"its content cannot be checked ({type(exc).__name__})") from None
    if not isinstance(stored, str) or stored != expected:
        raise Unreadable("its checksum does not match its content")
