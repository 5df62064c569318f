"""What a seat may ask of its room: the only way a table changes a game.

Each command is a frozen value; :meth:`~big2.room.room.Room.command` checks it for the
seat that sent it. A refused command changes nothing and comes back as a
:class:`Refusal` carrying the engine's sentence (a :class:`~big2.engine.messages.Message`).
:mod:`big2.room.codec` writes and reads commands as JSON, so a seat can send them from
another process or computer.
"""

from __future__ import annotations

from dataclasses import dataclass

from big2.engine.messages import Message


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards (any order)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass this turn."""


@dataclass(frozen=True, slots=True)
class GiveBack:
    """Three-player exchange: the winner gives ``card`` back to the loser."""

    card: int


@dataclass(frozen=True, slots=True)
class Hint:
    """Suggest a move (or the card to give back): answered with a ``HintGiven`` event
    to the asking seat only."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the seat's last decision in this hand, and every reply after it."""


@dataclass(frozen=True, slots=True)
class HandToComputer:
    """Let the computer play the seat for the rest of this hand."""


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand of the session (after the results of the last one)."""


@dataclass(frozen=True, slots=True)
class Leave:
    """The seat's person leaves the table: the computer plays the seat from now on."""


Command = Play | Pass | GiveBack | Hint | Undo | HandToComputer | NextHand | Leave

#: Every command class by its wire name (see :mod:`big2.room.codec`).
COMMANDS: dict[str, type] = {
    "play": Play, "pass": Pass, "give_back": GiveBack, "hint": Hint, "undo": Undo,
    "hand_to_computer": HandToComputer, "next_hand": NextHand, "leave": Leave,
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """A command the room did not take: ``message`` says why; nothing changed."""

    message: Message

    def __str__(self) -> str:
        return str(self.message)
