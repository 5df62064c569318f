"""The autosave and named save slots, as versioned JSON files in ``paths.saves_dir``.

The store moves plain JSON payloads; turning a game into a payload and back is the job
of :mod:`big2.persistence.gamecodec`. Pass ``validate_payload`` (for example
``gamecodec.check_payload``) so that a payload the game cannot use is treated like any
other damaged file: set aside, the previous copy tried, the player told.

Loading never raises for a bad file; it returns a :class:`LoadResult` whose ``notices``
the window shows. Writing raises :class:`StorageError` (the previous copy is kept),
among other reasons for a save its own loader would refuse: each file is read back by
that loader (the same limits: :data:`SAVE_LIMITS`, the texts of
:mod:`.textcheck`, the envelope's and ``validate_payload``'s checks) before it is
written, so a save that is written always loads.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final

from ..engine.messages import msg
from .atomic import LoadResult, Unreadable, backup_path, load_with_fallback, read_regular, write_checked
from .envelope import (
    SLOT_NAME_MAX_CHARS, Preview, SavedGame, make_envelope, open_envelope,
)
from .jsonsafe import JsonLimits, JsonRejected, dump_json, parse_json
from .notices import StorageError
from .paths import AppPaths

log = logging.getLogger(__name__)

#: A 100-hand session saves in about 110 KB and the longest New game allows (999 hands)
#: in about 610 KB with 12,400 lists and tables, so 1 MiB and the default 100,000 lists
#: and tables leave room; any file within them is answered in well under 0.1 s
#: (``python -m big2.persistence.jsonsafe 1048576`` prints the worst shapes). A larger
#: file is set aside unread, and the player is told it is too large.
SAVE_LIMITS: Final = JsonLimits(max_bytes=1024 * 1024, max_depth=64, max_int_digits=40)
AUTOSAVE_FILE: Final = "autosave.json"
_SLOT_GLOB: Final = "slot-*.json"
#: The names of every file the store writes, as glob patterns (its folder's own files).
SAVE_FILES: Final = (AUTOSAVE_FILE, _SLOT_GLOB)


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """One entry of :meth:`SaveStore.list_slots`.

    ``problem`` is ``None`` for a loadable slot, else a sentence saying why it cannot
    be loaded (delete it with :meth:`SaveStore.delete_listed`; ``saved_at`` and
    ``preview`` are then ``None``). ``from_backup`` is true when only the previous copy
    was readable.
    """

    name: str
    saved_at: datetime | None
    preview: Preview | None
    problem: str | None
    from_backup: bool
    path: Path


def check_slot_name(name: str) -> str:
    """The slot name stripped; raises :class:`ValueError` with a sentence if unusable."""
    text = name.strip()
    if not 1 <= len(text) <= SLOT_NAME_MAX_CHARS:
        raise ValueError(msg("A save name must be 1 to {n} characters.", n=SLOT_NAME_MAX_CHARS))
    if not text.isprintable():
        raise ValueError(msg("A save name must not hold control characters."))
    return text


def slot_filename(name: str) -> str:
    """The file name for slot ``name``: readable, safe on every platform, unique."""
    text = check_slot_name(name)
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24] or "save"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"slot-{slug}-{digest}.json"


class SaveStore:
    """Autosave and save slots under ``paths.saves_dir`` (created on the first save).

    ``now`` gives the time stamped into saves (UTC); ``validate_payload`` raises
    :class:`ValueError` for a payload the game cannot resume.
    """

    def __init__(
        self,
        paths: AppPaths,
        *,
        validate_payload: Callable[[dict[str, Any]], object] | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
    ) -> None:
        self.folder = paths.saves_dir
        self._validate = validate_payload
        self._now = now

    # -- reading ---------------------------------------------------------------

    def _parse(self, raw: bytes) -> SavedGame:
        try:
            doc = parse_json(raw, SAVE_LIMITS)
        except JsonRejected as exc:
            raise Unreadable(str(exc)) from None
        saved = open_envelope(doc)
        if self._validate is not None:
            try:
                self._validate(saved.payload)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                raise Unreadable(f"its game is not valid ({exc})") from None
        return saved

    def _load(self, path: Path) -> LoadResult[SavedGame | None]:
        return load_with_fallback(path, self._parse, what="saved game",
                                  max_bytes=SAVE_LIMITS.max_bytes)

    # -- autosave --------------------------------------------------------------

    @property
    def autosave_path(self) -> Path:
        return self.folder / AUTOSAVE_FILE

    def autosave(self, payload: Mapping[str, Any], preview: Preview = Preview()) -> None:
        """Replace the autosave with ``payload``; call after every move.

        Raises :class:`StorageError` if it cannot be written (the previous autosave is
        kept).
        """
        self._write(self.autosave_path, payload, kind="autosave", name="", preview=preview)

    def has_autosave(self) -> bool:
        """Whether "Continue" should be offered (cheap: looks for the files only)."""
        return self.autosave_path.exists() or backup_path(self.autosave_path).exists()

    def load_autosave(self) -> LoadResult[SavedGame | None]:
        """The autosaved game (``value`` ``None`` if there is none usable) plus notices."""
        return self._load(self.autosave_path)

    def clear_autosave(self) -> None:
        """Forget the autosave (and its previous copy), e.g. when a session is over."""
        self._remove(self.autosave_path)

    # -- slots -----------------------------------------------------------------

    def slot_path(self, name: str) -> Path:
        """Where slot ``name`` lives; raises :class:`ValueError` for an unusable name."""
        return self.folder / slot_filename(name)

    def save_slot(self, name: str, payload: Mapping[str, Any], preview: Preview,
                  *, saved_at: datetime | None = None) -> None:
        """Save ``payload`` under ``name``, replacing a slot of that name. ``saved_at``
        keeps an earlier moment as the save's time (a kept autosave); now when None.

        Raises :class:`ValueError` for an unusable name and :class:`StorageError` if the
        file cannot be written.
        """
        path = self.slot_path(name)
        self._write(path, payload, kind="slot", name=check_slot_name(name), preview=preview,
                    saved_at=saved_at)

    def load_slot(self, name: str) -> LoadResult[SavedGame | None]:
        """The game saved as ``name`` (``value`` ``None`` if missing or unusable) and notices."""
        return self._load(self.slot_path(name))

    def delete_slot(self, name: str) -> bool:
        """Delete slot ``name`` and its previous copy; ``False`` if there was none.

        Raises :class:`StorageError` if a file exists but cannot be removed.
        """
        return self._remove(self.slot_path(name))

    def list_slots(self) -> list[SlotInfo]:
        """Every save slot, newest first, without changing any file.

        Unreadable slots are listed too (``problem`` set, last in the list), so the
        player can delete them.
        """
        if not self.folder.is_dir():
            return []
        mains = {p.name for p in self.folder.glob(_SLOT_GLOB)}
        mains |= {p.name[: -len(".bak")] for p in self.folder.glob(_SLOT_GLOB + ".bak")}
        infos = [self._info(self.folder / filename) for filename in sorted(mains)]
        oldest = datetime.min.replace(tzinfo=timezone.utc)
        infos.sort(key=lambda i: (i.problem is None, i.saved_at or oldest), reverse=True)
        return infos

    def _info(self, path: Path) -> SlotInfo:
        problem = "it is missing"
        for candidate, from_backup in ((path, False), (backup_path(path), True)):
            try:
                saved = self._parse(read_regular(candidate, SAVE_LIMITS.max_bytes))
            except FileNotFoundError:
                continue
            except OSError as exc:
                problem = f"it could not be read ({exc.strerror})"
                continue
            except ValueError as exc:
                problem = str(exc)
                continue
            name = saved.name or path.stem  # saves from format 1 had no name inside
            return SlotInfo(name, saved.saved_at, saved.preview, None, from_backup, path)
        return SlotInfo(path.stem, None, None, f"This save cannot be loaded: {problem}.",
                        False, path)

    # -- writing ---------------------------------------------------------------

    def _write(self, path: Path, payload: Mapping[str, Any], *, kind: str, name: str,
               preview: Preview, saved_at: datetime | None = None) -> None:
        try:
            doc = make_envelope(payload, saved_at=saved_at or self._now(), kind=kind, name=name,
                                preview=preview)
            data = dump_json(doc)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StorageError(msg("The game could not be saved ({reason}).", reason=str(exc))) from exc
        write_checked(path, data, self._parse)

    def _remove(self, path: Path) -> bool:
        found = False
        for candidate in (path, backup_path(path)):
            try:
                candidate.unlink()
                found = True
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StorageError(
                    msg("Could not delete {file} ({reason}).", file=candidate.name, reason=str(exc.strerror))
                ) from exc
        return found

    def files_of_game(self, wanted: str, id_of: Callable[[object], str | None]) -> list[Path]:
        """Every save file holding the game ``wanted`` (the autosave, its previous copy,
        slots and their previous copies), read without any check (``id_of`` gets each
        file's payload and returns its game's id; see ``sessioncodec.game_id``). A file
        that cannot be read or parsed is not listed. Never raises."""
        if not self.folder.is_dir():
            return []
        candidates = [self.autosave_path, backup_path(self.autosave_path)]
        try:
            for p in sorted(self.folder.glob(_SLOT_GLOB)):
                candidates += [p, backup_path(p)]
        except OSError:
            pass
        found = []
        for path in candidates:
            try:
                doc = parse_json(read_regular(path, SAVE_LIMITS.max_bytes), SAVE_LIMITS)
            except (OSError, ValueError):
                continue
            payload = doc.get("payload") if isinstance(doc, dict) else None
            if id_of(payload) == wanted:
                found.append(path)
        return found

    def load_listed(self, info: SlotInfo) -> LoadResult[SavedGame | None]:
        """Load the slot behind a :meth:`list_slots` entry (by its file, not its name)."""
        return self._load(info.path)

    def delete_listed(self, info: SlotInfo) -> bool:
        """Delete the slot behind a :meth:`list_slots` entry, even one with a ``problem``
        (whose real name could not be read)."""
        return self._remove(info.path)
