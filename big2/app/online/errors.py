"""The player's sentence for each error a game server can answer with.

The server's ``error`` frames carry a stable ``code`` (every one is listed in
:data:`big2.net.protocol.ERROR_CODES`) and an English ``message``; the app shows its own
translated sentence for the code instead (:func:`sentence`). A command the room refused
(code ``"refused"``) also carries ``msg``, the room's own sentence as
:mod:`big2.room.codec` writes an engine message: :func:`refusal` renders it in the
player's language, as the table renders a local refusal. No pygame here.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...i18n import N_, _

#: code -> the sentence (marked for the catalogs, translated when shown).
SENTENCES: dict[str, str] = {
    # the frame itself: a bug in this copy of the game, or a server of another kind
    "binary": N_("The game server could not read what this copy of the game sent."),
    "too_big": N_("The game server refused a message that was too large."),
    "bad_json": N_("The game server could not read what this copy of the game sent."),
    "not_object": N_("The game server could not read what this copy of the game sent."),
    "missing_type": N_("The game server could not read what this copy of the game sent."),
    "unknown_type": N_("The game server does not know one of this copy's requests; it may be another version."),
    "missing_field": N_("The game server found something missing in a request from this copy of the game."),
    "extra_field": N_("The game server does not know one of this copy's requests; it may be another version."),
    "wrong_type": N_("The game server found a value it could not use in a request."),
    "out_of_range": N_("The game server found a value it could not use in a request."),
    "too_long": N_("That is too long for the game server: use a shorter name or code."),
    "bad_value": N_("The game server found a value it could not use in a request."),
    "bad_name": N_("Your name needs at least one letter or digit."),
    "bad_frame": N_("The game server could not read what this copy of the game sent."),
    # the connection
    "not_hello": N_("The game server did not recognise this copy of the game."),
    "version": N_("The game server runs another version of Big Two: both of you need the same version."),
    "hello_again": N_("The game server did not recognise this copy of the game."),
    "timeout": N_("The game server stopped waiting for this copy of the game; try again."),
    "flood": N_("The game server closed the connection because too much was sent at once."),
    "internal": N_("The game server hit a problem and changed nothing; try again."),
    "unavailable": N_("The game server cannot reach its saved rooms just now; try again in a moment."),
    # rooms
    "bad_code": N_("No game has that room code. Check it with the host."),
    "throttled": N_("Too many wrong room codes were tried from this computer; wait a minute and try again."),
    "elsewhere": N_("That game's server has just stopped; try again in a moment."),
    "bad_token": N_("Your seat in that game is no longer yours."),
    "full": N_("Every seat in that game is taken."),
    "started": N_("That game has already started; only its players can come back to it."),
    "in_room": N_("You are already in a game."),
    "no_room": N_("You are not in a game any more."),
    "not_host": N_("Only the host can do that."),
    "not_ready": N_("Not everyone is ready yet."),
    "not_started": N_("The game has not started yet."),
    "seat_taken": N_("A person sits there; they must leave first."),
    "bad_preset": N_("The game server does not know those rules."),
    "bad_level": N_("The game server does not know that computer level."),
    "refused": N_("The game did not take that move."),
}
#: What a link itself reports besides the server's codes (see RemoteLink.problem).
LINK_SENTENCES: dict[str, str] = {
    "connection": N_("The connection to the game server broke."),
    "left": N_("You are no longer in that game."),
}


def sentence(code: str, message: str = "") -> str:
    """The translated sentence for error ``code``. A code this copy does not know (a
    newer server) gives a general sentence with the server's own English ``message``."""
    said = SENTENCES.get(code) or LINK_SENTENCES.get(code)
    if said is not None:
        return _(said)
    if message:
        return _("The game server said: {message}").format(message=i18n.verbatim(message))
    return _("The game server refused that.")


def refusal(msg: Any, fallback: str = "") -> str:
    """A ``refused`` error frame's ``msg`` (the room's sentence, as the codec writes it)
    in the player's language; the general sentence when it cannot be read."""
    from big2.engine.messages import Message
    from big2.room import codec

    try:
        message = codec.from_json(msg)
    except (ValueError, TypeError, KeyError):
        message = None
    if isinstance(message, Message):
        return i18n.render(message)
    return sentence("refused", fallback)


def problem(found: tuple[str, str] | None) -> str:
    """The sentence for a link's :attr:`~big2.net.link.RemoteLink.problem` (code, English
    sentence); empty when there is none."""
    if not found:
        return ""
    code, message = found
    return sentence(code, message)
