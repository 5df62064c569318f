"""The errors a checked move raises: a sentence for the player, the state untouched."""

from __future__ import annotations

from .messages import Message

__all__ = ["GameOver", "IllegalMove", "NotYourTurn"]


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(error)`` is a sentence for the player (English);
    ``error.message`` is the same sentence as a :class:`~big2.engine.messages.Message`
    for the app to translate (a plain-text refusal becomes a message whose id is the
    text itself)."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message))


class GameOver(IllegalMove):
    """The hand is already over."""


class NotYourTurn(IllegalMove):
    """A seat tried to act out of turn."""
