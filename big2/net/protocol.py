"""The wire format of online play: JSON text frames, one JSON object each.

Every frame is ``{"type": NAME, ...fields}``. The first frame a client sends is ``hello``
with :data:`PROTOCOL_VERSION`; the server answers ``welcome`` (or, to a client of another
version, one ``error`` frame with code ``"version"`` and a sentence a player can read,
then closes the connection).

Every frame a client may send is declared in :data:`CLIENT_FRAMES` (its fields, their
types and limits) and every frame of the server in :data:`SERVER_FRAMES`.
:func:`parse_client_frame` is the one gate for what arrives from the network: it returns
a :class:`Frame` whose fields have the declared types, or raises :class:`ProtocolError`
with a stable ``code`` and one sentence — for any input at all (bytes, huge text, bad
JSON, deep nesting, numbers too long to read, lone surrogates…), never another exception.
Names have their control and formatting characters removed and must then be 1 to
:data:`NAME_MAX` characters. :func:`encode` writes a frame (compact JSON, no NaN).

No I/O here, and no pygame: the server, the client, the fuzzer and the tests share it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

#: Bumped whenever a frame changes in a way an older peer would misread.
PROTOCOL_VERSION: Final = 1
#: The largest frame a client may send, in bytes of UTF-8 (the server closes the
#: connection on a larger one; ``websockets`` enforces it with ``max_size``).
MAX_FRAME_BYTES: Final = 64 * 1024
#: The largest frame a server sends (a snapshot is a few KiB; this leaves room).
MAX_SERVER_FRAME_BYTES: Final = 1024 * 1024
#: The longest player name, in characters, after control characters are removed.
NAME_MAX: Final = 24
#: The longest sentence an ``error`` frame's ``message`` (or a ``left`` frame's
#: ``reason``) holds, in characters: a longer one is cut (:class:`ProtocolError`).
MESSAGE_MAX: Final = 400
#: Sequence numbers stay within what every JSON reader holds exactly.
SEQ_MAX: Final = 2**53 - 1
#: Room codes as typed (spaces and dashes allowed); :mod:`big2.net.tokens` reads them.
CODE_MAX: Final = 16
#: Seat tokens: url-safe base64 of at least 16 bytes (:mod:`big2.net.tokens`).
TOKEN_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{22,86}")
#: The preset reactions a player can send (the app shows each in the reader's language;
#: nothing else travels, so no free text from other players ever reaches a table).
REACTIONS: Final = ("nice", "oops", "good_game", "well_played", "thanks", "hurry")
#: What a ``command`` frame may ask of the room, for the sender's own seat only: the
#: room's commands (:data:`big2.room.commands.COMMANDS`) but ``leave``, which is a frame
#: of its own. ``play`` needs ``cards``, ``give_back`` needs ``card``.
COMMAND_KINDS: Final = ("play", "pass", "give_back", "hint", "undo", "hand_to_computer", "next_hand")
#: The turn clocks a host may choose, in seconds (0: no clock).
TURN_CLOCKS: Final = (0, 20, 30, 60)


#: Every ``code`` an ``error`` frame may carry, with what it means. The ``message`` beside
#: it is English; a client shows its own translated sentence for the code (and, for
#: ``refused``, renders the frame's ``msg``, the room's translatable sentence).
ERROR_CODES: Final = {
    # the frame itself
    "binary": "a binary frame; frames are JSON text",
    "too_big": "a frame over 64 KiB (the connection closes)",
    "bad_json": "not valid JSON",
    "not_object": "not a JSON object",
    "missing_type": "no type, or a type that is not text",
    "unknown_type": "no frame has that type",
    "missing_field": "a required field is missing",
    "extra_field": "a field the frame does not have",
    "wrong_type": "a field of the wrong type",
    "out_of_range": "a number out of its range",
    "too_long": "text or a list too long",
    "bad_value": "a value the field does not take",
    "bad_name": "a name with nothing readable left",
    "bad_frame": "a frame that could not be read",
    # the connection
    "not_hello": "the first frame was not a hello (the connection closes)",
    "version": "another protocol version (the connection closes)",
    "hello_again": "a second hello",
    "timeout": "no hello in time (the connection closes)",
    "flood": "too many frames (the connection closes)",
    "internal": "the server failed to do it (a bug; nothing changed)",
    "unavailable": "the server cannot reach its room store, or read a saved room",
    # rooms
    "bad_code": "no room has that code",
    "throttled": "too many wrong codes from this address: wait",
    "elsewhere": "the room's server has just stopped: try again in a moment",
    "bad_token": "the seat token is not one of the room's",
    "full": "every seat is taken",
    "started": "the game has started (or the seats are set)",
    "in_room": "already in a room",
    "no_room": "not in a room",
    "not_host": "only the host may do that",
    "not_ready": "someone is not ready (or not here)",
    "not_started": "the game has not started",
    "seat_taken": "a person sits there",
    "bad_preset": "no rule preset has that name",
    "bad_level": "no computer level has that name",
    "refused": "the room refused the command (the engine's sentence in message and msg)",
    "busy": "this address (or the server) has as many rooms open as it may",
    "no_hint": "this seat's (or this address's) hints are spent for now: wait",
    "no_undo": "undo is asked for: there is no undo online",
    # before any frame
    "crowded": "no frame carries it: the server's gate answered HTTP 503 before the handshake "
               "(this address holds as many connections as it may); the client names it so",
}


class ProtocolError(Exception):
    """A frame that breaks the protocol. ``code`` is stable (tests and clients match on
    it), ``message`` one sentence for a person; ``seq`` the command's number when the
    frame had a readable one; ``fatal`` when the server closes the connection after
    sending the error."""

    def __init__(self, code: str, message: str, *, seq: int | None = None, fatal: bool = False,
                 msg: dict[str, Any] | None = None) -> None:
        if len(message) > MESSAGE_MAX:  # (never sent longer than the protocol declares)
            message = message[:MESSAGE_MAX - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq
        self.fatal = fatal
        self.msg = msg

    def frame(self) -> dict[str, Any]:
        """The ``error`` frame that tells the peer."""
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.seq is not None:
            out["seq"] = self.seq
        if self.msg is not None:
            out["msg"] = self.msg
        return out


# ---------------------------------------------------------------------------------------
# Field types


@dataclass(frozen=True)
class Str:
    """A string of at most ``max_len`` characters after control characters are removed;
    ``choices`` limits it to those values, ``pattern`` to a regular expression."""

    max_len: int
    min_len: int = 0
    choices: tuple[str, ...] | None = None
    pattern: re.Pattern[str] | None = None


@dataclass(frozen=True)
class Name:
    """A player's name: control, formatting and separator characters removed, spaces
    collapsed, then 1 to :data:`NAME_MAX` characters."""


@dataclass(frozen=True)
class Int:
    """A whole number from ``lo`` to ``hi`` (``true``/``false`` are not numbers here)."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Bool:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Cards:
    """A list of distinct card numbers 0..51, at most ``max_items`` of them."""

    max_items: int = 13


@dataclass(frozen=True)
class Obj:
    """A nested object with declared fields."""

    fields: Mapping[str, "Field"]


@dataclass(frozen=True)
class AnyObj:
    """Any JSON object: snapshots and events the room describes (server frames), and a
    ``configure`` frame's house rules, which the room reads back with its codec."""


@dataclass(frozen=True)
class AnyList:
    """Any JSON array (server frames only)."""


Spec = Str | Name | Int | Bool | Cards | Obj | AnyObj | AnyList


@dataclass(frozen=True)
class Field:
    spec: Spec
    required: bool = True


def req(spec: Spec) -> Field:
    return Field(spec, True)


def opt(spec: Spec) -> Field:
    return Field(spec, False)


@dataclass(frozen=True)
class Frame:
    """A validated frame: its type and its fields (only declared ones, of the declared
    types; optional fields that were absent are absent here too)."""

    type: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


_SEQ = Int(0, SEQ_MAX)
_SEAT = Int(0, 3)
_COMMAND = Obj({
    "kind": req(Str(20, choices=COMMAND_KINDS)),
    "cards": opt(Cards()),
    "card": opt(Int(0, 51)),
})

#: Every frame a client may send: type → fields.
CLIENT_FRAMES: Final[Mapping[str, Mapping[str, Field]]] = {
    # First frame of every connection. ``client`` names the program ("big2 0.1.0").
    "hello": {"version": req(Int(0, 2**31)), "client": opt(Str(64))},
    # Open a room and take its first seat. ``players`` 2-4 seats, ``computers`` of them
    # played by the server at ``level``; ``preset`` a rule preset's name; ``hands`` the
    # session's length; ``turn_clock`` seconds a person has for a move (0: no clock).
    "create_room": {"name": req(Name()), "players": opt(Int(2, 4)), "computers": opt(Int(0, 3)),
                    "preset": opt(Str(40)), "level": opt(Str(24)), "hands": opt(Int(1, 100)),
                    "turn_clock": opt(Int(0, 60))},
    # Take a free seat in a room, or with ``token`` take back one's own seat.
    "join_room": {"code": req(Str(CODE_MAX)), "name": req(Name()),
                  "token": opt(Str(86, pattern=TOKEN_PATTERN))},
    # An action at the table for the sender's own seat; ``seq`` comes back in the answer.
    "command": {"seq": req(_SEQ), "command": req(_COMMAND)},
    # Lobby: mark oneself ready (or not); the host starts the session.
    "ready": {"ready": req(Bool())},
    "start": {},
    # Lobby, host only: a seat becomes a computer seat, or open for a person.
    "seat": {"seat": req(_SEAT), "computer": req(Bool())},
    # A preset reaction, shown to the others.
    "reaction": {"reaction": req(Str(16, choices=REACTIONS))},
    # Give up one's seat and leave the room (the connection stays open).
    "leave": {},
    # At the table: the sender's table shows hand ``hand`` (its number in the session)
    # now; their turn clock may run (a hand another person dealt waits for them).
    "here": {"hand": req(Int(0, 100000))},
    # Keep-alive and round-trip measure; ``t`` comes back in ``pong``.
    "ping": {"t": opt(_SEQ)},
    # Lobby, host only, before the start: the game's set-up; only the fields given change.
    # ``preset`` a rule preset's name (its rules and scoring, unless ``rules``/``scoring``
    # come too); ``rules`` the house rules as the room codec writes a Rules value
    # (``{"$rules": {...}}``); ``scoring`` a scoring scheme's name; ``hands`` the session's
    # length and ``target`` the total that ends it sooner (0: none); ``level`` the
    # computers'; ``turn_clock`` one of TURN_CLOCKS; ``players`` 2-4 seats (the seats cut
    # off must be open or computers).
    "configure": {"preset": opt(Str(40)), "rules": opt(AnyObj()), "scoring": opt(Str(40)),
                  "hands": opt(Int(1, 999)), "target": opt(Int(0, 10000)), "level": opt(Str(24)),
                  "turn_clock": opt(Int(0, 60)), "players": opt(Int(2, 4))},
}

#: Every frame the server sends: type → fields.
SERVER_FRAMES: Final[Mapping[str, Mapping[str, Field]]] = {
    "welcome": {"version": req(Int(0, 2**31)), "server": req(Str(64)), "max_frame": req(Int(0, 2**31))},
    # ``msg``: the sentence as the room's codec writes a Message, for translation.
    "error": {"code": req(Str(32)), "message": req(Str(MESSAGE_MAX)), "seq": opt(_SEQ), "msg": opt(AnyObj())},
    # You sit at ``seat`` of room ``code``; keep ``token`` to take the seat back.
    "joined": {"code": req(Str(CODE_MAX)), "seat": req(_SEAT),
               "token": req(Str(86, pattern=TOKEN_PATTERN))},
    # The lobby: seats, names, who is connected and ready, the host, whether it started.
    "room": {"room": req(AnyObj())},
    # The full snapshot of the game as the seat may see it (the room's SeatState).
    "state": {"state": req(AnyObj())},
    # One event of the game, redacted for the seat.
    "event": {"event": req(AnyObj())},
    # A command was taken (its events follow, or came before).
    "ack": {"seq": req(_SEQ)},
    "reaction": {"seat": req(_SEAT), "reaction": req(Str(16, choices=REACTIONS))},
    "pong": {"t": opt(_SEQ)},
    # You left the room (or it closed); the connection stays open.
    # ``reconnect``: the room is not gone, it moved to another process (or is moving):
    # connect again (same address, seat token) to go on; absent or false: you left.
    "left": {"reason": req(Str(MESSAGE_MAX)), "reconnect": opt(Bool()), "ended": opt(Bool())},
    # The turn clock: ``seat`` is to act and has ``seconds_left`` (rounded up) before the
    # server moves for them; 0 when no clock runs for that turn (a computer's, or the
    # room has none). Sent to everyone when the turn changes, and to a seat that rejoins.
    "clock": {"seat": req(_SEAT), "seconds_left": req(Int(0, max(TURN_CLOCKS)))},
}


# ---------------------------------------------------------------------------------------
# Validation

_STRIP_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(text: str) -> str:
    """``text`` without control, formatting, surrogate, private-use, unassigned or
    line/paragraph-separator characters, with runs of spaces made one and the ends
    trimmed: what is left can be shown as plain text and encoded as UTF-8."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _STRIP_CATEGORIES)
    return " ".join(kept.split())


def clean_name(text: str) -> str:
    """A player's name as the server keeps it; :class:`ProtocolError` ``"bad_name"`` when
    nothing is left or it is too long."""
    name = clean_text(text)
    if not name:
        raise ProtocolError("bad_name", "A name needs at least one letter or digit.")
    if len(name) > NAME_MAX:
        raise ProtocolError("too_long", f"A name can be at most {NAME_MAX} characters long.")
    return name


def _check(value: Any, spec: Spec, where: str) -> Any:
    if isinstance(spec, Name):
        if not isinstance(value, str):
            raise ProtocolError("wrong_type", f"The field {where} must be text.")
        return clean_name(value)
    if isinstance(spec, Str):
        if not isinstance(value, str):
            raise ProtocolError("wrong_type", f"The field {where} must be text.")
        if len(value) > spec.max_len * 4:  # far too long even before cleaning
            raise ProtocolError("too_long", f"The field {where} can be at most {spec.max_len} characters long.")
        text = clean_text(value) if spec.pattern is None else value
        if len(text) > spec.max_len:
            raise ProtocolError("too_long", f"The field {where} can be at most {spec.max_len} characters long.")
        if len(text) < spec.min_len:
            raise ProtocolError("bad_value", f"The field {where} is too short.")
        if spec.choices is not None and text not in spec.choices:
            raise ProtocolError("bad_value", f"The field {where} must be one of: {', '.join(spec.choices)}.")
        if spec.pattern is not None and not spec.pattern.fullmatch(text):
            raise ProtocolError("bad_value", f"The field {where} is not in the right form.")
        return text
    if isinstance(spec, Bool):
        if not isinstance(value, bool):
            raise ProtocolError("wrong_type", f"The field {where} must be true or false.")
        return value
    if isinstance(spec, Int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError("wrong_type", f"The field {where} must be a whole number.")
        if not spec.lo <= value <= spec.hi:
            raise ProtocolError("out_of_range", f"The field {where} must be from {spec.lo} to {spec.hi}.")
        return value
    if isinstance(spec, Cards):
        if not isinstance(value, list):
            raise ProtocolError("wrong_type", f"The field {where} must be a list of cards.")
        if len(value) > spec.max_items:
            raise ProtocolError("too_long", f"The field {where} can hold at most {spec.max_items} cards.")
        for card in value:
            if isinstance(card, bool) or not isinstance(card, int):
                raise ProtocolError("wrong_type", f"The field {where} must hold card numbers.")
            if not 0 <= card <= 51:
                raise ProtocolError("out_of_range", f"A card number in {where} must be from 0 to 51.")
        if len(set(value)) != len(value):
            raise ProtocolError("bad_value", f"The field {where} names a card twice.")
        return list(value)
    if isinstance(spec, Obj):
        if not isinstance(value, dict):
            raise ProtocolError("wrong_type", f"The field {where} must be an object.")
        return _fields(value, spec.fields, where + ".")
    if isinstance(spec, AnyObj):
        if not isinstance(value, dict):
            raise ProtocolError("wrong_type", f"The field {where} must be an object.")
        return value
    if isinstance(spec, AnyList):
        if not isinstance(value, list):
            raise ProtocolError("wrong_type", f"The field {where} must be a list.")
        return value
    raise AssertionError(spec)  # pragma: no cover - every Spec is handled above


def _fields(data: dict[str, Any], declared: Mapping[str, Field], prefix: str) -> dict[str, Any]:
    extra = sorted(k for k in data if k not in declared)
    if extra:
        # (the client's own key is not echoed: only what the frame declares is named)
        raise ProtocolError("extra_field", f"The frame{' field ' + prefix[:-1] if prefix else ''} has a field "
                                           f"it does not take.")
    out: dict[str, Any] = {}
    for key, fld in declared.items():
        if key not in data:
            if fld.required:
                raise ProtocolError("missing_field", f"The field {prefix}{key} is missing.")
            continue
        out[key] = _check(data[key], fld.spec, prefix + key)
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("duplicate key")
        out[key] = value
    return out


def decode(raw: str | bytes, *, max_bytes: int = MAX_FRAME_BYTES) -> dict[str, Any]:
    """The JSON object of one text frame, or :class:`ProtocolError` (``binary``,
    ``too_big``, ``bad_json``, ``not_object``, ``missing_type``)."""
    if not isinstance(raw, str):
        raise ProtocolError("binary", "Frames must be JSON text, not binary data.")
    if len(raw) > max_bytes or len(raw.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError("too_big", f"A frame can be at most {max_bytes // 1024} KiB.", fatal=True)
    try:
        data = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_no_duplicates)
    except (ValueError, RecursionError, TypeError):
        raise ProtocolError("bad_json", "The frame is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_object", "A frame must be a JSON object with a type.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("missing_type", "A frame must have a type, as text.")
    return data


def _seq_of(data: dict[str, Any]) -> int | None:
    seq = data.get("seq")
    if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= SEQ_MAX:
        return seq
    return None


def version_sentence(theirs: object) -> str:
    """What a client of another protocol version is told: its version named only when
    it gave one the hello may carry (a whole number from 0 to 2**31), never its raw
    words (a version "1" as text is not told it speaks version 1)."""
    if not isinstance(theirs, int) or isinstance(theirs, bool) or not 0 <= theirs <= 2**31:
        return (f"This game did not say which version of online play it speaks; the server speaks version "
                f"{PROTOCOL_VERSION}, and both need the same version of Big Two.")
    if theirs < PROTOCOL_VERSION:
        return (f"This game uses an older version of online play ({theirs}) than the server "
                f"({PROTOCOL_VERSION}): update the game to play here.")
    return (f"This game speaks version {theirs} of online play and the server version "
            f"{PROTOCOL_VERSION}: both need the same version of Big Two.")


def validate(data: dict[str, Any], declared: Mapping[str, Mapping[str, Field]]) -> Frame:
    """A decoded object checked against ``declared`` (type → fields)."""
    kind = data["type"]
    if kind not in declared:
        raise ProtocolError("unknown_type", "There is no frame of that type.", seq=_seq_of(data))
    body = {k: v for k, v in data.items() if k != "type"}
    try:
        return Frame(kind, _fields(body, declared[kind], ""))
    except ProtocolError as exc:
        exc.seq = _seq_of(data)
        raise


def parse_client_frame(raw: str | bytes, *, expect_hello: bool = False) -> Frame:
    """The one gate for frames from a client: a :class:`Frame` of a declared type with
    declared fields, or :class:`ProtocolError`, whatever ``raw`` is.

    With ``expect_hello`` (the connection's first frame) anything but a ``hello`` is a
    fatal ``not_hello`` error, and a hello of another version a fatal ``version`` error
    with :func:`version_sentence` — checked before the other fields, so a client of any
    version learns why it cannot play.
    """
    try:
        data = decode(raw)
        if expect_hello:
            if data["type"] != "hello":
                raise ProtocolError("not_hello", "The first frame must be a hello.", fatal=True)
            version = data.get("version")
            if version != PROTOCOL_VERSION or isinstance(version, bool):
                raise ProtocolError("version", version_sentence(version), fatal=True)
        elif data["type"] == "hello":
            raise ProtocolError("hello_again", "Hello was already said on this connection.")
        return validate(data, CLIENT_FRAMES)
    except ProtocolError:
        raise
    except Exception:  # pragma: no cover - a gap in the checks above; never let it out
        raise ProtocolError("bad_frame", "The frame could not be read.") from None


def parse_server_frame(raw: str | bytes) -> Frame:
    """A frame from the server, checked as :func:`parse_client_frame` checks a client's
    (for clients and tests; a server frame may be up to :data:`MAX_SERVER_FRAME_BYTES`)."""
    try:
        return validate(decode(raw, max_bytes=MAX_SERVER_FRAME_BYTES), SERVER_FRAMES)
    except ProtocolError:
        raise
    except Exception:  # pragma: no cover
        raise ProtocolError("bad_frame", "The frame could not be read.") from None


def encode(frame_type: str, **fields: Any) -> str:
    """One frame as compact JSON text (``allow_nan=False``: no value JSON cannot hold)."""
    return json.dumps({"type": frame_type, **fields}, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def encode_frame(data: Mapping[str, Any]) -> str:
    """A frame already shaped as a dict (with its ``type``) as compact JSON text."""
    return json.dumps(dict(data), separators=(",", ":"), ensure_ascii=False, allow_nan=False)
