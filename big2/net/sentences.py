"""The player's sentence for each error code a game server can send, as English
templates marked for the catalogs (translated when shown), and as engine
:class:`~big2.engine.messages.Message` values a table can render like any refusal.

Here, below the app, so that :class:`~big2.net.link.RemoteLink` can turn every error
that answers a command into a :class:`~big2.room.commands.Refusal` a table shows (no
server answer may leave a table waiting); :mod:`big2.app.online.errors` renders the same
sentences for the online screens. No pygame.
"""

from __future__ import annotations

from ..engine.messages import Message, msg
from ..i18n import N_

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
    "crowded": N_("That game server has as many connections from your network as it takes; close another game or try again later."),
    "busy": N_("That game server cannot open another game for your network now; leave a game or try again later."),
    "no_hint": N_("No more hints for now; try again in a minute."),
    "no_undo": N_("There is no undo in a game online."),
}
#: What a link itself reports besides the server's codes (see RemoteLink.problem).
LINK_SENTENCES: dict[str, str] = {
    "connection": N_("The connection to the game server broke."),
    "left": N_("You are no longer in that game."),
    "ended": N_("The host left, so the game is over for everyone. Leave to go back to the title screen."),
    "gone": N_("The game server has not answered for two minutes. When it is back, the host can open a new "
               "room and send everyone its room code."),
}


#: Said for a code this copy does not know, with the server's own English words.
SERVER_SAID = N_("The game server said: {message}")
#: Said for a code this copy does not know when the server gave no words.
SERVER_REFUSED = N_("The game server refused that.")


def message(code: str, english: str = "") -> Message:
    """Error ``code`` as an engine message: its sentence; for a code this copy does not
    know (a newer server), the general one with the server's ``english`` words."""
    said = SENTENCES.get(code) or LINK_SENTENCES.get(code)
    if said is not None:
        return msg(said)
    if english:
        return msg(SERVER_SAID, message=english)
    return msg(SERVER_REFUSED)
