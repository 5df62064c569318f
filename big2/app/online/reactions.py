"""The preset reactions (:data:`big2.net.protocol.REACTIONS`) in the player's language,
and who is muted: a mute per player, kept on the app for as long as it runs.

Only reaction ids travel between players; each app shows them in its own language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...i18n import pgettext, verbatim

#: The reaction ids in the order their buttons are offered.
ORDER = ("nice", "oops", "good_game", "well_played", "thanks", "hurry")


def reaction_text(reaction: str) -> str:
    """A reaction id as the player reads it (an unknown id as it is)."""
    words = {
        "nice": pgettext("reaction", "Nice!"),
        "oops": pgettext("reaction", "Oops"),
        "good_game": pgettext("reaction", "Good game"),
        "well_played": pgettext("reaction", "Well played"),
        "thanks": pgettext("reaction", "Thanks"),
        "hurry": pgettext("reaction", "Hurry up"),
    }
    return words.get(reaction) or verbatim(reaction)


def _muted(app: Any) -> set[tuple[str, int, str]]:
    store = getattr(app, "online_muted", None)
    if store is None:
        store = app.online_muted = set()
    return store


def is_muted(app: Any, code: str, seat: int, name: str) -> bool:
    """Whether the player called ``name`` at ``seat`` of room ``code`` is muted here."""
    return (code, seat, name) in _muted(app)


def toggle_mute(app: Any, code: str, seat: int, name: str) -> bool:
    """Mute that player, or hear them again; True when they are muted now. The choice
    lasts while the app runs (a new person at that seat is heard)."""
    key = (code, seat, name)
    store = _muted(app)
    if key in store:
        store.discard(key)
        return False
    store.add(key)
    return True


def heard(app: Any, room: dict[str, Any], reactions: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """``reactions`` (seat, id) less those of muted players, as seen in the lobby body ``room``."""
    seats = room.get("seats", [])
    code = str(room.get("code", ""))
    out = []
    for seat, reaction in reactions:
        name = seats[seat]["name"] if 0 <= seat < len(seats) else ""
        if not is_muted(app, code, seat, name):
            out.append((seat, reaction))
    return out
