"""Seat messages as JSON: snapshots, events and commands, exactly round-tripped.

:func:`to_json` turns a :class:`~big2.room.state.SeatState`, a seat event
(:mod:`big2.room.events`) or a command (:mod:`big2.room.commands`) into plain JSON
values; :func:`from_json` turns them back into equal values. Only the classes listed
in :data:`TYPES` are read back; anything else, and any malformed value, raises
``ValueError`` with a sentence, so a frame from elsewhere cannot build arbitrary
objects. Commands from other computers should go through :func:`command_from_json`,
which also checks every field's type and range.

The encoding: a dataclass is an object with ``"$t"`` (its class name) and its fields; a
tuple is a list; a :class:`~big2.engine.cards.CardSet` is ``{"$cards": [...]}``; a
frozenset ``{"$set": [...]}``; the rules ``{"$rules": {...}}``; a played combination
``{"$combo": move}``; a message ``{"$msg": {...}}``.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from big2.engine.cards import FULL_MASK, CardSet
from big2.engine.combos import Combo, combo_of_move
from big2.engine.messages import Message
from big2.engine.presets import rules_from_dict, rules_to_dict
from big2.engine.rules import Rules

from . import commands, events
from .config import HandResult
from .state import SeatState

#: The classes :func:`from_json` builds, by name.
TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        SeatState, HandResult,
        events.SeatDealt, events.SeatDrew, events.SeatExchangeStarted, events.SeatExchanged,
        events.TurnStarted, events.Played, events.Passed, events.TrickWon, events.LastCard, events.PlayerOut,
        events.HandEnded, events.HandRevealed, events.HandScored, events.SeatHanded, events.MoveUndone,
        events.HintGiven, events.ComputerStumbled,
        commands.Play, commands.Pass, commands.GiveBack, commands.Hint, commands.Undo,
        commands.HandToComputer, commands.NextHand, commands.Leave, commands.Refusal,
    )
}

_MAX_DEPTH = 12


def to_json(value: Any) -> Any:
    """``value`` as JSON values (dicts, lists, strings, numbers, booleans, None)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, CardSet):
        return {"$cards": sorted(value)}
    if isinstance(value, Combo):
        return {"$combo": value.move}
    if isinstance(value, Rules):
        return {"$rules": rules_to_dict(value)}
    if isinstance(value, Message):
        return {"$msg": {"id": value.id, "params": [[k, to_json(v)] for k, v in value.params],
                         "plural": value.plural, "n": value.n, "context": value.context, "capital": value.capital}}
    if isinstance(value, frozenset):
        return {"$set": sorted(to_json(v) for v in value)}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and type(value).__name__ in TYPES:
        out: dict[str, Any] = {"$t": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    raise TypeError(f"{type(value).__name__} is not a seat message")


def from_json(data: Any, _depth: int = 0) -> Any:
    """The value :func:`to_json` wrote; ``ValueError`` for anything else."""
    if _depth > _MAX_DEPTH:
        raise ValueError("the message is nested too deeply")
    if data is None or isinstance(data, (bool, str, int)):
        return data
    if isinstance(data, float):
        raise ValueError("numbers in seat messages are whole numbers")
    if isinstance(data, list):
        return tuple(from_json(v, _depth + 1) for v in data)
    if not isinstance(data, dict):
        raise ValueError(f"{type(data).__name__} is not part of a seat message")
    if "$cards" in data:
        return _cards(data["$cards"])
    if "$combo" in data:
        move = data["$combo"]
        if not isinstance(move, int) or isinstance(move, bool) or move <= 0:
            raise ValueError("a combination is a positive whole number")
        try:
            return combo_of_move(move)
        except Exception as exc:  # noqa: BLE001 - any junk number is a bad message
            raise ValueError("not a combination") from exc
    if "$rules" in data:
        return rules_from_dict(data["$rules"])
    if "$msg" in data:
        return _message(data["$msg"], _depth)
    if "$set" in data:
        items = data["$set"]
        if not isinstance(items, list):
            raise ValueError("a set is a list")
        return frozenset(from_json(v, _depth + 1) for v in items)
    name = data.get("$t")
    cls = TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown message type {name!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    given = set(data) - {"$t"}
    if given - names:
        raise ValueError(f"{name} has no field(s) {', '.join(sorted(given - names))}")
    try:
        return cls(**{k: from_json(v, _depth + 1) for k, v in data.items() if k != "$t"})
    except TypeError as exc:
        raise ValueError(f"{name}: {exc}") from exc


def _cards(items: Any) -> CardSet:
    if not isinstance(items, list) or not all(type(c) is int and 0 <= c < 52 for c in items):
        raise ValueError("cards are a list of numbers from 0 to 51")
    mask = 0
    for c in items:
        mask |= 1 << c
    return CardSet.from_mask(mask & FULL_MASK)


def _message(data: Any, depth: int) -> Message:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        raise ValueError("a message has an id")
    params = data.get("params", [])
    if not isinstance(params, list) or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in params):
        raise ValueError("a message's parameters are [name, value] pairs")
    values = tuple((k, from_json(v, depth + 1)) for k, v in params)
    for _k, v in values:
        if not isinstance(v, (str, int, Message)):
            raise ValueError("a message parameter is text, a number or a message")
    plural, n, context = data.get("plural"), data.get("n"), data.get("context")
    if not (plural is None or isinstance(plural, str)) or not (n is None or type(n) is int) or not (
            context is None or isinstance(context, str)):
        raise ValueError("a message's plural, count and context are text, a number and text")
    return Message(data["id"], values, plural, n, context, bool(data.get("capital", False)))


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    return json.dumps(to_json(value), ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """The value :func:`dumps` wrote (``ValueError`` for bad text)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"not JSON: {exc}") from exc
    return from_json(data)


def command_from_json(data: Any) -> commands.Command:
    """A command from a frame sent by another computer, every field checked:
    ``ValueError`` with a sentence for anything that is not exactly a command."""
    if not isinstance(data, dict) or not isinstance(data.get("$t"), str):
        raise ValueError("a command is an object with its type in \"$t\"")
    cls = {c.__name__: c for c in commands.COMMANDS.values()}.get(data["$t"])
    if cls is None:
        raise ValueError(f"unknown command {data['$t']!r}")
    fields = {f.name for f in dataclasses.fields(cls)}
    if set(data) - {"$t"} != fields:
        raise ValueError(f"{cls.__name__} takes exactly: {', '.join(sorted(fields)) or 'nothing'}")
    if cls is commands.Play:
        cards = data["cards"]
        if not isinstance(cards, list) or not 1 <= len(cards) <= 13 or not all(type(c) is int and 0 <= c < 52 for c in cards):
            raise ValueError("Play's cards are 1 to 13 numbers from 0 to 51")
        if len(set(cards)) != len(cards):
            raise ValueError("Play names a card twice")
        return commands.Play(tuple(cards))
    if cls is commands.GiveBack:
        card = data["card"]
        if type(card) is not int or not 0 <= card < 52:
            raise ValueError("GiveBack's card is a number from 0 to 51")
        return commands.GiveBack(card)
    return cls()
