"""The player's sentence for each error a game server can answer with.

The server's ``error`` frames carry a stable ``code`` (every one is listed in
:data:`big2.net.protocol.ERROR_CODES`) and an English ``message``; the app shows its own
translated sentence for the code instead (:func:`sentence`; the sentences are
:mod:`big2.net.sentences`', which the online table's link also uses). A command the room refused
(code ``"refused"``) also carries ``msg``, the room's own sentence as
:mod:`big2.room.codec` writes an engine message: :func:`refusal` renders it in the
player's language, as the table renders a local refusal. No pygame here.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...i18n import _
from ...net.sentences import LINK_SENTENCES, SENTENCES, SERVER_REFUSED, SERVER_SAID


def sentence(code: str, message: str = "") -> str:
    """The translated sentence for error ``code``. A code this copy does not know (a
    newer server) gives a general sentence with the server's own English ``message``."""
    said = SENTENCES.get(code) or LINK_SENTENCES.get(code)
    if said is not None:
        return _(said)
    if message:
        return _(SERVER_SAID).format(message=i18n.verbatim(message))
    return _(SERVER_REFUSED)


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
