"""What a player types as a game's address, made the URL a link connects to. No pygame.

People type what the host reads out: ``192.168.1.5``, ``my-pc.local``, ``host:7531``,
``[fe80::1]:7531``, or a whole ``ws://…`` / ``wss://…`` address. Without a port the
hosting port (:data:`DEFAULT_PORT`, 7531) is meant, except for ``wss://``, whose servers
sit behind TLS on the usual port (443). :func:`server_url` returns the URL or raises
:class:`BadAddress` with a sentence for the player.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ...i18n import _, verbatim

#: The port a hosted game listens on (big2.net.hostthread.DEFAULT_PORT; not imported
#: from there so this module does not load big2.net).
DEFAULT_PORT = 7531
_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.%A-Za-z]+\]")


class BadAddress(ValueError):
    """An address that cannot be one; ``str()`` is the player's sentence."""


def server_url(typed: str) -> str:
    """The ``ws://`` or ``wss://`` URL for the address ``typed``; :class:`BadAddress`
    when it cannot be one."""
    text = typed.strip()
    if not text:
        raise BadAddress(_("Type the address the host's screen shows, for example 192.168.1.5."))
    lowered = text.lower()
    if "://" in text and not lowered.startswith(("ws://", "wss://")):
        raise BadAddress(_("A game's address starts with ws:// or wss://, or is just the computer's address."))
    whole = text if lowered.startswith(("ws://", "wss://")) else "ws://" + text
    try:
        parts = urlsplit(whole)
        port = parts.port
    except ValueError:
        raise BadAddress(_("\u201c{address}\u201d has a port that is not a number from 1 to 65535.").format(
            address=verbatim(text))) from None
    host = parts.hostname or ""
    netloc = parts.netloc.rpartition("@")[2]
    shown_host = netloc.rsplit(":", 1)[0] if port is not None or netloc.endswith(":") else netloc
    if not host or not _HOST.fullmatch(shown_host) or " " in text:
        raise BadAddress(_("\u201c{address}\u201d is not an address; it looks like 192.168.1.5 or my-computer.local.").format(
            address=verbatim(text)))
    if port == 0:
        raise BadAddress(_("\u201c{address}\u201d has a port that is not a number from 1 to 65535.").format(
            address=verbatim(text)))
    scheme = parts.scheme.lower()
    if port is None and scheme == "ws":
        port = DEFAULT_PORT
    where = shown_host if port is None else f"{shown_host}:{port}"
    path = parts.path if parts.path not in ("", "/") else ""
    return f"{scheme}://{where}{path}"
