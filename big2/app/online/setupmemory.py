"""The host's last online set-up, remembered: a lobby this app opened as host starts from
the set-up its player last used there (players, preset with house rules and scoring,
session length, computer level, turn clock, and which seats the computers take).

:func:`remember` keeps a room's set-up (the ``room`` frame's body) in the settings
file's extra data under :data:`KEY`, through the same checked writer as the player's
name (:func:`big2.app.storage.set_game_defaults`). :func:`recall` reads it back as the
fields of a ``configure`` frame plus the computer seats, every value checked: a stored
set-up that is damaged, or was written by a version that knew other rules, gives only
what is still good (nothing at all when it is not a set-up), and the lobby then starts
from the room's defaults for the rest. Never raises.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from big2.ai import LEVELS
from big2.engine.presets import get_preset, preset_names
from big2.engine.rules import Rules
from big2.engine.scoring import SCORING_PRESETS
from big2.net.protocol import TURN_CLOCKS
from big2.room import codec

from .. import storage

log = logging.getLogger(__name__)

#: The key in the settings file's extra data.
KEY = "online_setup"
#: What a ``configure`` frame may carry of a remembered set-up.
FIELDS = ("players", "preset", "rules", "scoring", "hands", "target", "level", "turn_clock")


def of_room(room: dict[str, Any]) -> dict[str, Any]:
    """A room's set-up as it is kept: the ``configure`` fields and the computer seats."""
    kept = {k: room[k] for k in FIELDS if k in room}
    kept["target"] = kept.get("target") or 0
    kept["computers"] = [i for i, s in enumerate(room.get("seats", [])) if isinstance(s, dict) and s.get("kind") == "computer"]
    return kept


def remember(app: Any, room: dict[str, Any]) -> None:
    """Keep ``room``'s set-up for the next room this app hosts (nothing without storage)."""
    settings = storage.game_defaults(app)
    if settings is None or not room:
        return
    kept = of_room(room)
    if settings.extra.get(KEY) == kept:
        return
    try:
        changed = dataclasses.replace(settings, extra={**settings.extra, KEY: kept})
    except ValueError:  # pragma: no cover - the settings refuse it: the next room starts from defaults
        return
    problem = storage.set_game_defaults(app, changed)
    if problem is not None:
        log.warning("the online set-up was not kept: %s", problem)


def _int(value: Any, low: int, high: int) -> int | None:
    return value if type(value) is int and low <= value <= high else None


def _name(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def recall(app: Any) -> tuple[dict[str, Any], list[int]]:
    """The remembered set-up: (``configure`` fields, computer seats), each field only
    where it is still good; ``({}, [])`` when nothing good is kept."""
    settings = storage.game_defaults(app)
    kept = settings.extra.get(KEY) if settings is not None else None
    if not isinstance(kept, dict):
        return {}, []
    try:
        return _checked(kept)
    except Exception:  # noqa: BLE001 - a damaged set-up: the room's defaults
        log.warning("the remembered online set-up could not be read; the lobby starts from the defaults")
        return {}, []


def _checked(kept: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    fields: dict[str, Any] = {}
    rules: Any = None
    players = _int(kept.get("players"), 2, 4)
    preset = kept.get("preset")
    if _name(preset) in preset_names():
        fields["preset"] = preset
        try:
            rules = codec.from_json(kept.get("rules"))
        except (ValueError, TypeError):
            rules = None
        if isinstance(rules, Rules):
            fields["rules"] = codec.to_json(rules)
        else:
            rules = None
    if not isinstance(rules, Rules):
        rules = get_preset(fields.get("preset", "standard")).rules
    cards = rules.cards_per_player
    if players is not None and cards * players <= 52:
        fields["players"] = players
    if _name(kept.get("scoring")) in SCORING_PRESETS:
        fields["scoring"] = kept["scoring"]
    hands, target = _int(kept.get("hands"), 1, 999), _int(kept.get("target"), 0, 10000)
    if hands is not None and target is not None:
        fields["hands"], fields["target"] = hands, target
    if _name(kept.get("level")) in LEVELS:
        fields["level"] = kept["level"]
    if _int(kept.get("turn_clock"), 0, 60) in TURN_CLOCKS:
        fields["turn_clock"] = kept["turn_clock"]
    seats = fields.get("players", 4)
    computers = kept.get("computers")
    chosen = sorted({c for c in computers if _int(c, 1, seats - 1) is not None}) if isinstance(computers, list) else []
    return fields, chosen


def restore(link: Any, room: dict[str, Any], app: Any) -> bool:
    """Send the remembered set-up to ``room`` (a fresh room this app hosts): one
    ``configure`` frame, then a computer for each remembered seat still open. False when
    nothing was remembered."""
    fields, computers = recall(app)
    if not fields and not computers:
        return False
    if fields:
        link.configure(**fields)
    seats = room.get("seats", [])
    for seat in computers:
        if seat >= len(seats) or seats[seat].get("kind") == "open":
            link.set_seat(seat, True)
    return True
