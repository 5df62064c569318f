"""The versioned envelope around a saved game, and the chain that upgrades old saves.

A save file holds one JSON object::

    {"format": "big2-save", "version": 3, "saved_at": "2026-11-21T07:57:00+00:00",
     "kind": "slot", "name": "Friday", "preview": {...}, "payload": {...},
     "checksum": "sha256:..."}

``checksum`` (from version 3; see :mod:`big2.persistence.checksum`) covers everything
else in the file: a file whose content does not match it is damaged and refused, never
loaded as another game. Files of versions 1 and 2 have none and still load.

``payload`` is the game itself, a plain JSON object made by the engine side (see
:mod:`big2.persistence.gamecodec`). :func:`open_envelope` checks the tag, upgrades an
older file one version at a time through :data:`UPGRADES`, and checks every field's
type; it raises :class:`~big2.persistence.atomic.Unreadable` with a plain reason for a
foreign, too-new or damaged file, never anything else.

To change the format: bump :data:`SAVE_VERSION`, add ``UPGRADES[old] = fn`` turning a
version-``old`` document into a version-``old + 1`` one, and keep a fixture of an old
file in the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Final

from ..engine.messages import msg
from .atomic import Unreadable
from .checksum import CHECKSUM_KEY, seal, verify
from .jsonsafe import JsonValue
from .textcheck import check_texts, text_problem

FORMAT_TAG: Final = "big2-save"
SAVE_VERSION: Final = 3
#: The first save format whose files carry a checksum.
CHECKSUM_SINCE: Final = 3
KINDS: Final = ("autosave", "slot")
SLOT_NAME_MAX_CHARS: Final = 40
_MAX_PLAYERS: Final = 8
_MAX_SCORE: Final = 10**12


@dataclass(frozen=True, slots=True)
class Preview:
    """What a save-slot list shows without loading the game."""

    players: tuple[str, ...] = ()
    preset: str = ""
    scores: tuple[int, ...] = ()
    #: The number of the hand in progress (1 for the first deal); 0 when unknown.
    hand_number: int = 0

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "players": list(self.players),
            "preset": self.preset,
            "scores": list(self.scores),
            "hand_number": self.hand_number,
        }


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A save file that passed every check: the game payload plus its label."""

    payload: dict[str, Any]
    saved_at: datetime
    preview: Preview
    kind: str
    name: str


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def preview_from_json(data: object) -> Preview:
    """Check a preview object; raises :class:`Unreadable` if any field is the wrong shape."""
    if not isinstance(data, Mapping):
        raise Unreadable("its preview is not a table")
    players, preset = data.get("players", []), data.get("preset", "")
    scores, hand = data.get("scores", []), data.get("hand_number", 0)
    if not (isinstance(players, list) and len(players) <= _MAX_PLAYERS
            and all(isinstance(p, str) and text_problem(p, max_chars=64) is None for p in players)):
        raise Unreadable("its list of players is not valid")
    if not isinstance(preset, str) or text_problem(preset, max_chars=64) is not None:
        raise Unreadable("its rule preset is not valid")
    if not (isinstance(scores, list) and len(scores) <= _MAX_PLAYERS
            and all(_is_int(s) and abs(s) <= _MAX_SCORE for s in scores)):
        raise Unreadable("its scores are not valid")
    if not _is_int(hand) or not 0 <= hand <= 1_000_000:
        raise Unreadable("its hand number is not valid")
    return Preview(tuple(players), preset, tuple(scores), hand)


def _parse_time(text: object) -> datetime:
    if not isinstance(text, str) or len(text) > 64:
        raise Unreadable("its date is not valid")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise Unreadable("its date is not valid") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment


def _upgrade_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 stored ``saved_at`` as Unix seconds and had no kind, name or preview.

    The preview is rebuilt from the payload's ``players``/``preset``/``scores`` keys when
    they are usable, else left empty.
    """
    stamp = doc["saved_at"]
    if not isinstance(stamp, (int, float)) or isinstance(stamp, bool):
        raise ValueError("its date is not a number")
    saved_at = datetime.fromtimestamp(float(stamp), tz=timezone.utc)
    payload = doc["payload"]
    guess = {k: payload[k] for k in ("players", "preset", "scores")
             if isinstance(payload, dict) and k in payload}
    try:
        preview = preview_from_json(guess).to_json()
    except Unreadable:
        preview = Preview().to_json()
    return {
        "format": FORMAT_TAG,
        "version": 2,
        "saved_at": saved_at.isoformat(),
        "kind": "slot",
        "name": "",
        "preview": preview,
        "payload": payload,
    }


def _upgrade_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added the checksum, which a file written before cannot have: the
    content is the same."""
    return {**doc, "version": 3}


#: ``UPGRADES[n]`` turns a version-``n`` document into a version-``n + 1`` document.
#: It may raise ``KeyError``, ``TypeError`` or ``ValueError`` for a damaged document.
UPGRADES: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    1: _upgrade_1_to_2,
    2: _upgrade_2_to_3,
}


def make_envelope(payload: Mapping[str, Any], *, saved_at: datetime, kind: str,
                  name: str, preview: Preview) -> dict[str, Any]:
    """The current-version document for ``payload``, sealed with its checksum.

    Raises :class:`ValueError` (or :class:`TypeError`) for a payload JSON cannot hold."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    return seal({
        "format": FORMAT_TAG,
        "version": SAVE_VERSION,
        "saved_at": saved_at.astimezone(timezone.utc).isoformat(),
        "kind": kind,
        "name": name,
        "preview": preview.to_json(),
        "payload": dict(payload),
    })


def open_envelope(doc: JsonValue) -> SavedGame:
    """Check, upgrade and unpack a parsed save file.

    Raises :class:`Unreadable` (tag ``"newer"`` for a file from a later version of the
    app) for anything that is not a usable Big2 save, a file whose checksum does not
    match its content among them.
    """
    if not isinstance(doc, dict):
        raise Unreadable("it is not a Big2 saved game")
    version = doc.get("version")
    stored = doc.get(CHECKSUM_KEY)
    newer_scheme = (isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION
                    and not (isinstance(stored, str) and stored.startswith("sha256:")))
    if CHECKSUM_KEY in doc and not newer_scheme:  # first: a damaged tag or version is damage too
        verify(doc, version=version, required_from=CHECKSUM_SINCE)
    if doc.get("format") != FORMAT_TAG:
        raise Unreadable("it is not a Big2 saved game")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Unreadable("its format version is missing or not valid")
    if version > SAVE_VERSION:
        raise Unreadable(
            f"it uses save format {version} and this version of Big2 reads up to "
            f"{SAVE_VERSION}",
            tag="newer",
            headline=msg("Your saved game was made by a newer version of Big2 "
                         "(save format {found}; this version reads up to {known})", found=version, known=SAVE_VERSION),
        )
    upgraded: dict[str, Any] = doc
    while version < SAVE_VERSION:
        try:
            upgraded = UPGRADES[version](upgraded)
        except (KeyError, TypeError, ValueError, OverflowError, OSError) as exc:
            raise Unreadable(f"it could not be upgraded from format {version} ({exc})") from None
        version += 1
    if CHECKSUM_KEY not in doc:
        verify(doc, version=doc.get("version"), required_from=CHECKSUM_SINCE)
    try:  # every text, anywhere in the file: what a screen may draw or the history store
        check_texts(upgraded, "its content")
    except ValueError as exc:
        raise Unreadable(str(exc).removeprefix("its content is not valid: ")) from None
    kind, name = upgraded.get("kind"), upgraded.get("name")
    if kind not in KINDS:
        raise Unreadable("its kind is not valid")
    if not isinstance(name, str) or text_problem(name, max_chars=SLOT_NAME_MAX_CHARS) is not None:
        raise Unreadable("its name is not valid")
    payload = upgraded.get("payload")
    if not isinstance(payload, dict):
        raise Unreadable("it holds no game")
    return SavedGame(
        payload=payload,
        saved_at=_parse_time(upgraded.get("saved_at")),
        preview=preview_from_json(upgraded.get("preview")),
        kind=str(kind),
        name=name,
    )
