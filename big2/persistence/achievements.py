"""The achievements a player has earned: one date an achievement, in a checksummed file.

Which achievements there are is :data:`ACHIEVEMENTS` (their ids, in the order the page
shows them); how each is earned is :mod:`.feats`; their titles and descriptions are the
app's (:mod:`big2.app.achievementtext`).

Where and why. ``achievements.json`` in the data folder (:attr:`AppPaths.data_dir`),
written like the saves and the daily results: serialised and read back by its own
loader first (:func:`~big2.persistence.atomic.write_checked`), a temporary file, fsync,
``os.replace``, the previous copy kept as ``achievements.json.bak``, a SHA-256 checksum
of the content (:mod:`.checksum`). A damaged file is set aside, the previous copy loaded
instead and the player told (:func:`~big2.persistence.atomic.load_with_fallback`).

Never lost to a damaged file: every achievement is earned from what the score history
and the daily results file hold, so when neither this file nor its previous copy can be
read (or there is no file yet, as after an update from a version without achievements)
the app earns them again from those (:func:`.feats.derive`), with the dates they were
first earned there, and merges them into whatever copy was read. The file is still kept:
it holds an achievement whose hand has since left the history (Statistics' reset) and
the dates the player saw.

Format (:data:`ACHIEVEMENTS_VERSION`; a newer file is set aside as "newer")::

    {"format": "big2-achievements", "version": 1,
     "earned": {"clean_sweep": "2026-12-06T09:12:00+00:00", ...},
     "checksum": "sha256:..."}

An id this version does not know is kept as it is (a later version's achievement).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Final

from ..engine.messages import msg
from .atomic import LoadResult, Unreadable, load_with_fallback, write_checked
from .checksum import seal
from .jsonsafe import JsonLimits, dump_json
from .notices import StorageError
from .paths import AppPaths
from .sealed import open_sealed

ACHIEVEMENTS_FILE: Final = "achievements.json"
FORMAT_TAG: Final = "big2-achievements"
ACHIEVEMENTS_VERSION: Final = 1
#: Every achievement, in the order the page lists them.
ACHIEVEMENTS: Final = ("three_experts", "saved_two", "clean_sweep", "hat_trick",
                       "spotless", "expert_eye", "beat_expert", "week_streak")
_LIMITS: Final = JsonLimits(max_bytes=256 * 1024, max_depth=8, max_int_digits=20)
_MAX_IDS: Final = 500


@dataclass(frozen=True, slots=True)
class AchievementBook:
    """The achievements earned, each with when (UTC). Immutable."""

    earned: Mapping[str, datetime] = field(default_factory=dict)

    def when(self, ident: str) -> datetime | None:
        """When ``ident`` was earned; None while it is not."""
        return self.earned.get(ident)

    def merged(self, found: Mapping[str, datetime]) -> AchievementBook:
        """This book with every achievement of ``found`` it lacks added; one it has
        keeps the earlier date of the two."""
        out = dict(self.earned)
        for ident, when in found.items():
            kept = out.get(ident)
            out[ident] = when if kept is None else min(kept, when)
        return AchievementBook(out)

    def new_in(self, found: Mapping[str, datetime]) -> dict[str, datetime]:
        """The achievements of ``found`` this book does not hold yet."""
        return {k: v for k, v in found.items() if k not in self.earned}


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def book_to_bytes(book: AchievementBook) -> bytes:
    doc = {"format": FORMAT_TAG, "version": ACHIEVEMENTS_VERSION,
           "earned": {k: _utc(book.earned[k]).isoformat() for k in sorted(book.earned)}}
    return dump_json(seal(doc))


def parse_book(raw: bytes) -> AchievementBook:
    """The book in the bytes of an achievements file; :class:`Unreadable` for anything
    else (not JSON, another format, a newer version, a checksum that does not match, an
    entry of the wrong shape)."""
    doc, _version = open_sealed(raw, _LIMITS, tag=FORMAT_TAG, current=ACHIEVEMENTS_VERSION,
                                what="a file of achievements")
    earned = doc.get("earned")
    if not isinstance(earned, dict) or len(earned) > _MAX_IDS:
        raise Unreadable("it holds no list of achievements")
    out: dict[str, datetime] = {}
    for ident, text in earned.items():
        if not (isinstance(ident, str) and 0 < len(ident) <= 40 and ident.replace("_", "").isalnum()
                and ident.isascii()):
            raise Unreadable("an achievement in it has no valid name")
        if not isinstance(text, str) or len(text) > 40:
            raise Unreadable(f"the date of {ident} is not valid")
        try:
            out[ident] = _utc(datetime.fromisoformat(text))
        except ValueError:
            raise Unreadable(f"the date of {ident} is not valid") from None
    return AchievementBook(out)


class AchievementStore:
    """The achievements file of ``paths``. Loads never raise for a bad file; writes
    raise :class:`StorageError` (the previous copy kept)."""

    def __init__(self, paths: AppPaths) -> None:
        self.path: Path = paths.data_dir / ACHIEVEMENTS_FILE

    def load(self) -> LoadResult[AchievementBook]:
        """The book (empty when none is usable), where it came from ("main", "backup"
        or "none") and the notices for the player."""
        found = load_with_fallback(self.path, parse_book, what="achievements file", max_bytes=_LIMITS.max_bytes)
        return LoadResult(found.value if found.value is not None else AchievementBook(), found.source, found.notices)

    def save(self, book: AchievementBook) -> None:
        try:
            data = book_to_bytes(book)
        except (TypeError, ValueError) as exc:
            raise StorageError(msg("The achievements could not be saved ({reason}).", reason=str(exc))) from exc
        write_checked(self.path, data, parse_book)
