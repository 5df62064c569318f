"""One string that invites a friend: a game's address and room code together, e.g.
``big2://192.168.1.5:7531/HFSY-JXDC`` (``big2s://`` for a server behind TLS, whose
address is ``wss://…``). The lobby shows and copies it; Join accepts it pasted whole into
the address field (or the code field), also inside a longer text such as the lobby's
copied sentence. No pygame.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

#: An invite inside any text: the scheme, the address (and path), the room code last.
_FOUND = re.compile(r"big2(s?)://([^\s/]+)((?:/[^\s/]+)*)/([0-9A-Za-z][0-9A-Za-z -]{6,10}[0-9A-Za-z])(?=$|[\s.,;:!?)\]])",
                    re.IGNORECASE)


def make(url: str, code_shown: str) -> str:
    """The invite for room ``code_shown`` on the server at ``url`` (``ws://`` or
    ``wss://``, as a link connects to it)."""
    parts = urlsplit(url)
    scheme = "big2s" if parts.scheme == "wss" else "big2"
    path = parts.path.rstrip("/")
    return f"{scheme}://{parts.netloc}{path}/{code_shown}"


def read(text: str) -> tuple[str, str] | None:
    """``(server url, room code as written)`` of the first invite in ``text``; None when
    it holds none."""
    found = _FOUND.search(text or "")
    if found is None:
        return None
    secure, netloc, path, code = found.groups()
    return f"{'wss' if secure else 'ws'}://{netloc}{path}", code


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this computer only (127.x, ::1, localhost): useless to a
    friend at another computer."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def for_friends(urls: list[str]) -> list[str]:
    """The addresses worth giving a friend: loopback ones only when there is nothing else."""
    others = [u for u in urls if not is_loopback(u)]
    return others or list(urls)
