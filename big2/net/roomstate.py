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

import random
from collections.abc import Mapping
from typing import Any

from ..persistence.gamecodec import game_from_dict, game_to_dict
from ..persistence.sessioncodec import load_payload, save_payload
from ..room.room import ROOM_STATE_VERSION, Brain, Room


class SaveFilesCodec:
    """The engine's session and games as the save files write them
    (:class:`~big2.room.room.EngineCodec`)."""

    def session_to_dict(self, session: Any, rngs: dict[str, random.Random]) -> Any:
        return save_payload(session, rngs=rngs)

    def session_from_dict(self, data: Any) -> tuple[Any, Mapping[str, random.Random]]:
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
