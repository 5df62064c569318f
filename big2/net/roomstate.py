"""A whole :class:`~big2.room.room.Room` as a JSON-able dict, and back, for the server.

The server saves each room after every move (:mod:`big2.net.directory`), so another
process can go on with the hand from the last move when the room's process dies. The
shape is the room's own (:meth:`Room.to_dict <big2.room.room.Room.to_dict>`); the
engine's session and games in it are written by the save files' codec
(:mod:`big2.persistence.sessioncodec`), which :data:`SAVE_FILES` hands the room (the
room layer may not import persistence).

The room restored plays on exactly as the saved one would have; its event log starts
empty, so seats start from a snapshot.
"""

from __future__ import annotations

import base64
import random
import struct
from collections.abc import Mapping
from typing import Any

from ..persistence.gamecodec import game_from_dict, game_to_dict
from ..persistence.sessioncodec import load_payload, save_payload
from ..room.brain import Brain
from ..room.room import ROOM_STATE_VERSION, Room


_WORDS = struct.Struct("<625I")


def _pack_rng(state: Any) -> Any:
    """A generator's saved state ``[version, [625 words], gauss]`` with the words as
    base64 of their bytes: 3.3 KB instead of 6.7 KB of JSON numbers (a room holds five
    generators and is saved after every move)."""
    if isinstance(state, list) and len(state) == 3 and isinstance(state[1], list) and len(state[1]) == 625:
        return [state[0], base64.b64encode(_WORDS.pack(*state[1])).decode("ascii"), state[2]]
    return state


def _unpack_rng(state: Any) -> Any:
    """:func:`_pack_rng` undone (a state with its words as numbers is left as it is, and
    what cannot be read is left for the save files' codec to refuse with its reason)."""
    if isinstance(state, list) and len(state) == 3 and isinstance(state[1], str):
        try:
            words = list(_WORDS.unpack(base64.b64decode(state[1], validate=True)))
        except (ValueError, struct.error):
            return state
        return [state[0], words, state[2]]
    return state


class SaveFilesCodec:
    """The engine's session and games as the save files write them
    (:class:`~big2.room.room.EngineCodec`), the generators' words packed (see
    :func:`_pack_rng`)."""

    def session_to_dict(self, session: Any, rngs: dict[str, random.Random]) -> Any:
        payload = save_payload(session, rngs=rngs)
        table = payload.get("session")
        if isinstance(table, dict) and "rng" in table:
            table["rng"] = _pack_rng(table["rng"])
        payload["rngs"] = {k: _pack_rng(v) for k, v in payload.get("rngs", {}).items()}
        return payload

    def session_from_dict(self, data: Any) -> tuple[Any, Mapping[str, random.Random]]:
        if isinstance(data, dict):
            data = dict(data)
            table = data.get("session")
            if isinstance(table, dict) and "rng" in table:
                data["session"] = {**table, "rng": _unpack_rng(table["rng"])}
            if isinstance(data.get("rngs"), dict):
                data["rngs"] = {k: _unpack_rng(v) for k, v in data["rngs"].items()}
        resumed = load_payload(data)
        return resumed.session, resumed.rngs

    def game_to_dict(self, game: Any) -> Any:
        return game_to_dict(game)

    def game_from_dict(self, data: Any, rules: Any) -> Any:
        return game_from_dict(data, rules=rules)


#: The codec the server saves rooms with.
SAVE_FILES = SaveFilesCodec()


def room_to_state(room: Room) -> dict[str, Any]:
    """Everything needed to rebuild ``room`` in another process, as JSON values."""
    return room.to_dict(SAVE_FILES)


def room_from_state(state: dict[str, Any], *, brain: Brain | None = None) -> Room:
    """The room :func:`room_to_state` stored (``ValueError`` for anything else)."""
    return Room.from_dict(state, SAVE_FILES, brain=brain)


__all__ = ["ROOM_STATE_VERSION", "SAVE_FILES", "SaveFilesCodec", "room_from_state", "room_to_state"]
