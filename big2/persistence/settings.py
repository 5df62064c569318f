"""The player's settings: a validated frozen dataclass and the file that keeps it.

:class:`Settings` checks every value when built (``dataclasses.replace`` included) and
raises :class:`ValueError` for a bad one, so the settings screen cannot store nonsense.
:class:`SettingsStore` reads ``settings.json`` forgivingly: a bad value (wrong type, out
of range, NaN, a huge number, deep nesting) is replaced by its default with a logged
warning and a :class:`Notice`; keys this version does not know are kept and written back
unchanged; a file that is not a JSON object at all, or one holding none of the settings
(``{}``), is set aside and the player told, and the previous copy or the defaults are
used. Repairs are written back atomically at once. A save is read back by the same
loader before it is written: what the loader would not take whole is never written.

From version 2 the file carries a checksum of its content (:mod:`.checksum`): a file
whose checksum does not match (a flipped bit that still reads as a valid value) is set
aside like any damaged file and the previous copy is used. A version-1 file, written
before checksums, has none and still loads.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..engine.messages import Message, clauses, msg
from .atomic import LoadResult, Unreadable, load_with_fallback, write_checked
from .checksum import CHECKSUM_KEY, seal, verify
from .jsonsafe import JsonLimits, JsonRejected, JsonValue, dump_json, parse_json
from .notices import Notice, Severity, StorageError
from .paths import AppPaths

log = logging.getLogger(__name__)

SETTINGS_VERSION: Final = 2
#: The first settings version whose files carry a checksum.
CHECKSUM_SINCE: Final = 2
ANIMATION_SPEEDS: Final = ("off", "fast", "normal", "slow")
COMPUTER_PACES: Final = ("instant", "fast", "normal", "slow")
#: The felts and card backs (the app's themes are pairs of them: big2.app.themes).
FELTS: Final = ("green", "blue", "red", "charcoal", "midnight", "oxblood")
CARD_BACKS: Final = ("blue", "red", "navy_gold", "lacquer")
#: Levels a seat other than the first player's may have: ``big2.ai.LEVELS`` (which this
#: layer may not import; a test keeps the two in step) plus "human" for a hot-seat friend.
OPPONENT_LEVELS: Final = ("beginner", "normal", "skilled", "expert", "master", "human")
MAX_OPPONENTS: Final = 3
#: The portraits a person may pick: the keys of ``big2.room.personas.PERSON_PORTRAITS``
#: (which this layer may not import; a test keeps the two in step). "" is none (initials).
PORTRAITS: Final = ("fox", "owl", "koi", "jade", "pine", "plum")
NAME_MAX_CHARS: Final = 24
PRESET_MAX_CHARS: Final = 40
WINDOW_MIN: Final = (800, 600)
WINDOW_MAX: Final = (7680, 4320)
HOUSE_RULES_MAX_ENTRIES: Final = 64
#: Languages the game speaks: ``big2.i18n.CODES`` (which this layer may not import; a
#: test keeps the two in step). The setting may also be "" (follow the system's locale).
LANGUAGES: Final = ("en", "zh_Hant", "zh_Hans", "fil", "id")
SETTINGS_LIMITS: Final = JsonLimits(max_bytes=256 * 1024, max_depth=16, max_int_digits=20)


class _Bad(ValueError):
    """A value a field refuses; the message completes "it must …"/"it is …"."""


def _text(value: object, *, max_chars: int, what: str) -> str:
    if not isinstance(value, str):
        raise _Bad(f"{what} must be text")
    text = value.strip()
    if not 1 <= len(text) <= max_chars:
        raise _Bad(f"{what} must be 1 to {max_chars} characters")
    if not text.isprintable():
        raise _Bad(f"{what} must not hold control characters")
    return text


def _choice(choices: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in choices:
            raise _Bad("it must be one of " + ", ".join(choices))
        return value
    return check


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise _Bad("it must be true or false")
    return value


def _int_between(lo: int, hi: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("it must be a whole number")
        if not lo <= value <= hi:
            raise _Bad(f"it must be between {lo} and {hi}")
        return value
    return check


def _volume(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Bad("it must be a number")
    number = float(value)
    if not math.isfinite(number) or not 0.0 <= number <= 1.0:
        raise _Bad("it must be between 0 and 1")
    return number


def _opponents(value: object) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= MAX_OPPONENTS:
        raise _Bad(f"it must list 1 to {MAX_OPPONENTS} opponents")
    for level in value:
        if not isinstance(level, str) or level not in OPPONENT_LEVELS:
            raise _Bad("each opponent must be one of " + ", ".join(OPPONENT_LEVELS))
    return tuple(value)


def _characters(value: object) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_OPPONENTS:
        raise _Bad(f"it must list at most {MAX_OPPONENTS} characters")
    return tuple(_text(name, max_chars=NAME_MAX_CHARS, what="a character's name") for name in value)


def _house_rule_value(value: object) -> bool:
    if value is None or isinstance(value, (bool, str)):
        return not isinstance(value, str) or len(value) <= 200
    if isinstance(value, int):
        return abs(value) <= 10**9
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return len(value) <= 52 and all(
            not isinstance(v, (list, tuple, dict)) and _house_rule_value(v) for v in value
        )
    return False


def _house_rules(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise _Bad("it must be a table of rule options")
    if len(value) > HOUSE_RULES_MAX_ENTRIES:
        raise _Bad(f"it must hold at most {HOUSE_RULES_MAX_ENTRIES} options")
    for key, option in value.items():
        if not isinstance(key, str) or not 1 <= len(key) <= 64:
            raise _Bad("option names must be short text")
        if not _house_rule_value(option):
            raise _Bad(f"option {key[:64]!r} must be a simple value")
    return {key: list(v) if isinstance(v, tuple) else v for key, v in value.items()}


def _scoring_name(value: object) -> str:
    if value == "":
        return ""
    return _text(value, max_chars=PRESET_MAX_CHARS, what="the scoring")


def _blank_or(choices: tuple[str, ...], blank: str) -> Callable[[object], str]:
    """A check for "" (meaning ``blank``) or one of ``choices``."""
    def check(value: object) -> str:
        if value == "":
            return ""
        if not isinstance(value, str) or value not in choices:
            raise _Bad(f"it must be empty ({blank}) or one of " + ", ".join(choices))
        return value
    return check


_language = _blank_or(LANGUAGES, "the system's language")
_portrait = _blank_or(PORTRAITS, "initials")


def _version(value: object) -> int:
    return _int_between(0, 1_000_000)(value)


_CHECKS: Final[dict[str, Callable[[object], object]]] = {
    "player_name": lambda v: _text(v, max_chars=NAME_MAX_CHARS, what="the name"),
    "rules_preset": lambda v: _text(v, max_chars=PRESET_MAX_CHARS, what="the preset"),
    "house_rules": _house_rules,
    "scoring": _scoring_name,
    "opponents": _opponents,
    "characters": _characters,
    "portrait": _portrait,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "computer_pace": _choice(COMPUTER_PACES),
    "four_colour_deck": _flag,
    "card_back": _choice(CARD_BACKS),
    "felt": _choice(FELTS),
    "volume": _volume,
    "muted": _flag,
    "auto_pass": _flag,
    "larger_cards": _flag,
    "high_contrast": _flag,
    "reduced_motion": _flag,
    "left_handed": _flag,
    "one_tap": _flag,
    "window_width": _int_between(WINDOW_MIN[0], WINDOW_MAX[0]),
    "window_height": _int_between(WINDOW_MIN[1], WINDOW_MAX[1]),
    "fullscreen": _flag,
    "language": _language,
    "version": _version,
}


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can set. Build changes with ``dataclasses.replace``.

    Raises :class:`ValueError` naming the field when a value is bad. ``house_rules``
    holds rule-option overrides as plain JSON data (the engine interprets them);
    ``opponents`` lists the levels of the other seats (see :data:`OPPONENT_LEVELS`),
    ``characters`` their characters' names (the app checks them against its characters);
    the preset, house rules and scoring become engine values through
    :func:`big2.persistence.tablerules.table_rules`;
    ``extra`` holds keys from the file this version does not know, written back as they
    were. Treat the dict fields as read-only.
    """

    player_name: str = "Player"
    rules_preset: str = "standard"
    house_rules: dict[str, Any] = field(default_factory=dict)
    #: A scoring scheme name; "" means the rule preset's usual scoring.
    scoring: str = ""
    opponents: tuple[str, ...] = ("normal", "normal", "normal")
    #: The characters (``big2.room.personas``) of the opponents, seat by seat, as names;
    #: () or a name that is no character: the quick game picks one for the seat's level.
    characters: tuple[str, ...] = ()
    #: The portrait the player picked for their own seat (:data:`PORTRAITS`); "" initials.
    portrait: str = ""
    animation_speed: str = "normal"
    computer_pace: str = "normal"
    four_colour_deck: bool = False
    card_back: str = "blue"
    felt: str = "green"
    volume: float = 0.7
    muted: bool = False
    #: Pass automatically when no legal play exists.
    auto_pass: bool = False
    #: Accessibility: larger cards and table text, a high-contrast felt and cards, short
    #: animations and no confetti, the hand's buttons and name plate mirrored.
    larger_cards: bool = False
    high_contrast: bool = False
    reduced_motion: bool = False
    left_handed: bool = False
    #: Clicking a card while following picks the lowest play of the trick's kind with it.
    one_tap: bool = True
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    #: The language of the game (see :data:`LANGUAGES`); "" follows the system's locale
    #: (``big2.i18n.system_language``), English when the game does not speak it.
    language: str = ""
    version: int = SETTINGS_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            try:
                object.__setattr__(self, name, check(getattr(self, name)))
            except _Bad as exc:
                raise ValueError(f"setting {name}: {exc}") from None
        object.__setattr__(self, "extra", dict(self.extra))

    def to_json(self) -> dict[str, Any]:
        """The file's content: unknown keys first, then every known field."""
        data: dict[str, Any] = dict(self.extra)
        for f in dataclasses.fields(self):
            if f.name != "extra":
                value = getattr(self, f.name)
                data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


#: How a notice names each setting: the label the Settings and New game screens give it.
_LABELS: Final[dict[str, Message]] = {
    "player_name": msg("Your name"),
    "rules_preset": msg("Rules"),
    "house_rules": msg("House rules"),
    "scoring": msg("Scoring"),
    "opponents": msg("Opponents"),
    "characters": msg("Opponents"),
    "portrait": msg("Your portrait"),
    "animation_speed": msg("Animation speed"),
    "computer_pace": msg("Computer pace"),
    "four_colour_deck": msg("Four-colour deck"),
    "card_back": msg("Card back"),
    "felt": msg("Table felt"),
    "volume": msg("Volume"),
    "muted": msg("Mute"),
    "auto_pass": msg("Auto-pass"),
    "larger_cards": msg("Larger cards and text"),
    "high_contrast": msg("High contrast"),
    "reduced_motion": msg("Reduced motion"),
    "left_handed": msg("Left-handed layout"),
    "one_tap": msg("One-tap selection"),
    "window_width": msg("Window size"),
    "window_height": msg("Window size"),
    "fullscreen": msg("Fullscreen"),
    "language": msg("Language"),
    "version": msg("Settings file version"),
}


def reset_notice(problems: list[str]) -> Notice:
    """The one notice for settings reset to their defaults: the settings named as the
    screens name them, in the player's language (the technical reasons go to the log)."""
    labels: list[Message] = []
    for line in problems:
        label = _LABELS.get(line.partition(":")[0], msg("Settings file version"))
        if label not in labels:
            labels.append(label)
    return Notice.of(msg(
        "Some settings were not valid and were reset to their defaults: {problems}.",
        problems=clauses(*labels)), Severity.WARNING)


DEFAULTS: Final = Settings()
_KNOWN: Final = frozenset(f.name for f in dataclasses.fields(Settings)) - {"extra"}


def settings_from_json(data: Mapping[str, JsonValue]) -> tuple[Settings, list[str]]:
    """Build :class:`Settings` from parsed JSON, replacing each bad value by its default.

    Returns the settings and one line per replaced value ("volume: it must be between 0
    and 1"); never raises for bad values.
    """
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name in sorted(_KNOWN):
        if name not in data:
            continue
        try:
            values[name] = _CHECKS[name](data[name])
        except _Bad as exc:
            problems.append(f"{name}: {exc}")
            log.warning("settings: %s is bad (%s); using the default", name, exc)
    extra = {k: v for k, v in data.items() if k not in _KNOWN}
    return Settings(**values, extra=extra), problems


def _parse_settings(raw: bytes) -> tuple[Settings, list[str]]:
    """The settings in a file and the values replaced by defaults; :class:`Unreadable`
    for a file that is not a settings file at all: not a JSON table, a checksum that
    does not match, or a table holding none of the settings (``{}``, or only keys this
    version does not know: a file emptied or overwritten by something else, never one
    the game wrote, which holds every setting). The ``version`` alone is not a setting."""
    try:
        data = parse_json(raw, SETTINGS_LIMITS)
    except JsonRejected as exc:
        raise Unreadable(str(exc)) from None
    if not isinstance(data, dict):
        raise Unreadable("it does not hold a table of settings")
    verify(data, version=data.get("version", 1), required_from=CHECKSUM_SINCE)  # none: version 1
    data.pop(CHECKSUM_KEY, None)
    if not _KNOWN.difference({"version"}).intersection(data):
        raise Unreadable("it holds none of the settings")
    return settings_from_json(data)


def _read_back(raw: bytes) -> None:
    """What :meth:`SettingsStore.save` checks before writing: the loader reads ``raw``
    whole, every value kept (ValueError else)."""
    _, problems = _parse_settings(raw)
    if problems:
        raise ValueError("; ".join(problems))


class SettingsStore:
    """Reads and writes the settings file at ``paths.settings_file``."""

    def __init__(self, paths: AppPaths) -> None:
        self.path = paths.settings_file

    def load(self, *, repair: bool = True) -> LoadResult[Settings]:
        """The saved settings, or defaults; never raises for a bad or missing file.

        Bad values become defaults and are listed in one notice; with ``repair`` the
        repaired settings are written back at once (a failed write adds a notice).
        """
        result = load_with_fallback(
            self.path, _parse_settings, what="settings file", max_bytes=SETTINGS_LIMITS.max_bytes
        )
        notices = list(result.notices)
        if result.value is None:
            if result.source == "none" and notices:
                notices.append(Notice.of(msg("The default settings are used."), Severity.INFO))
            return LoadResult(DEFAULTS, "none", tuple(notices))
        settings, problems = result.value
        if problems:
            notices.append(reset_notice(problems))
        if repair and (problems or result.source == "backup"):
            try:
                self.save(settings)
            except StorageError as exc:
                notices.append(Notice(str(exc), Severity.ERROR, exc.message))
        return LoadResult(settings, result.source, tuple(notices))

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically, keeping the previous file as ``.bak``.

        Raises :class:`StorageError` if the disk refuses, or if :meth:`load` would not
        read the file back whole (unknown keys in ``extra`` beyond
        :data:`SETTINGS_LIMITS`, say); the old file is then intact.
        """
        try:
            content = settings.to_json()
            content.pop(CHECKSUM_KEY, None)
            content["version"] = max(settings.version, SETTINGS_VERSION)
            data = dump_json(seal(content))
        except (TypeError, ValueError) as exc:
            raise StorageError(msg("The settings could not be saved ({reason}).", reason=str(exc))) from exc
        write_checked(self.path, data, _read_back)
