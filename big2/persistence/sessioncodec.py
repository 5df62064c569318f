"""A whole session, and the payload a save file carries, as plain JSON data.

A :class:`~big2.engine.session.Session` is stored with its rule set, scoring scheme,
names, limits, totals, finished hands, the hand in play, the last finished hand (who
leads next may depend on it) and its ``random.Random`` state, so a resumed session deals
and plays on exactly as it would have. :func:`save_payload` adds the opponents' own
generators and the app's data; :func:`load_payload` checks all of it and raises
:class:`ValueError` (only that) for anything it refuses.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from big2.engine import HandRecord, Session
from big2.engine.scoring import Scoring

from .envelope import Preview
from .gamecodec import (
    game_from_dict, game_to_dict, read_int, read_list, read_names, read_opt_int,
    read_table, rng_from_dict, rng_to_dict, rules_from_dict, rules_to_dict,
)

#: The tag of a session payload inside the save envelope.
PAYLOAD_KIND: Final = "big2-session"
_MAX_RECORDS: Final = 100_000
_MAX_RNGS: Final = 16


# -- a session --------------------------------------------------------------------------

#: Session attributes this codec stores; a new one is refused when saving (a test then
#: says this codec needs it).
_SESSION_ATTRS: Final = frozenset({
    "rng", "rules", "n_players", "names", "max_hands", "target", "scoring", "totals",
    "records", "current", "current_deal", "last_game",
})


def _record_to_dict(rec: HandRecord) -> dict[str, Any]:
    return {"number": rec.number, "deal_number": rec.deal_number, "winner": rec.winner,
            "cards_left": list(rec.cards_left), "points": list(rec.points),
            "finish_order": list(rec.finish_order)}


def _record_from_dict(data: object, n: int) -> HandRecord:
    table = read_table(data, "a finished hand")
    left = read_list(table.get("cards_left"), "cards left", 4)
    points = read_list(table.get("points"), "points", 4)
    if len(left) != n or len(points) != n:
        raise ValueError(f"a finished hand must list {n} seats")
    order = [read_int(s, "finish order", 0, n - 1) for s in read_list(table.get("finish_order", []),
                                                              "finish order", 4)]
    return HandRecord(
        number=read_int(table.get("number"), "hand number", 1, _MAX_RECORDS),
        deal_number=read_int(table.get("deal_number"), "deal number", 0, 2**64),
        winner=read_int(table.get("winner"), "winner", 0, n - 1),
        cards_left=tuple(read_int(c, "cards left", 0, 52) for c in left),
        points=tuple(read_int(p, "points", -(10**9), 10**9) for p in points),
        finish_order=tuple(order),
    )


def session_to_dict(session: Session) -> dict[str, Any]:
    """Everything needed to resume ``session`` exactly: rules, scoring scheme, totals,
    finished hands, the hand in play, the last finished hand (who leads next may depend
    on it) and the session's random state."""
    unknown = sorted(set(vars(session)) - _SESSION_ATTRS)
    if unknown:
        raise ValueError(f"the session has state this version cannot save: {unknown}")
    return {
        "rules": rules_to_dict(session.rules),
        "names": list(session.names),
        "max_hands": session.max_hands,
        "target": session.target,
        "scoring": session.scoring.to_dict(),
        "totals": list(session.totals),
        "records": [_record_to_dict(r) for r in session.records],
        "current_deal": session.current_deal,
        "current": None if session.current is None else game_to_dict(session.current),
        "last_game": None if session.last_game is None else game_to_dict(session.last_game),
        "rng": rng_to_dict(session.rng),
    }


def session_from_dict(data: object) -> Session:
    """The :class:`Session` saved by :func:`session_to_dict`; every part is checked."""
    table = read_table(data, "session")
    rules = rules_from_dict(table.get("rules"))
    raw_names = read_list(table.get("names"), "names", 4)
    names = read_names(raw_names, len(raw_names))
    n = len(names)
    try:
        session = Session(
            rng_from_dict(table.get("rng")), rules=rules, players=n, names=names,
            max_hands=read_opt_int(table.get("max_hands"), "hands to play", 1, _MAX_RECORDS),
            target=read_opt_int(table.get("target"), "target score", 1, 10**9),
            scoring=_scoring_from_dict(table.get("scoring", {})))
    except ValueError as exc:
        raise ValueError(f"the session is not valid ({exc})") from None
    totals = read_list(table.get("totals"), "totals", 4)
    if len(totals) != n:
        raise ValueError(f"totals must list {n} seats")
    session.totals = [read_int(t, "a total", -(10**12), 10**12) for t in totals]
    session.records = [_record_from_dict(r, n)
                       for r in read_list(table.get("records"), "finished hands", _MAX_RECORDS)]
    session.current_deal = read_opt_int(table.get("current_deal"), "deal number", 0, 2**64)
    for attr in ("current", "last_game"):
        stored = table.get(attr)
        game = None if stored is None else game_from_dict(stored, rules=rules)
        if game is not None and game.names != names:
            raise ValueError("a saved hand has other players than the session")
        setattr(session, attr, game)
    if (session.current is None) != (session.current_deal is None):
        raise ValueError("the hand in play and its deal number do not match")
    return session


def _scoring_from_dict(data: object) -> Scoring:
    try:
        return Scoring.from_dict(read_table(data, "scoring"))
    except (TypeError, ValueError) as exc:  # ScoringError is a ValueError
        raise ValueError(f"the scoring scheme is not valid ({exc})") from None


# -- the save payload -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Resumed:
    """What :func:`load_payload` gives back: the session, the other generators and the
    app's own data, as saved."""

    session: Session
    rngs: dict[str, random.Random]
    app: dict[str, Any]


def save_payload(session: Session, *, rngs: Mapping[str, random.Random] | None = None,
                 app: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The payload for :meth:`SaveStore.autosave` / :meth:`SaveStore.save_slot`.

    ``rngs`` holds the other generators that must resume in step (for example each
    computer opponent's, keyed ``"seat-1"``); ``app`` is plain JSON data the app wants
    back (seat kinds, levels), stored as given. Raises :class:`ValueError` for state
    that cannot be stored.
    """
    rngs = rngs or {}
    if len(rngs) > _MAX_RNGS:
        raise ValueError(f"at most {_MAX_RNGS} extra generators can be saved")
    return {
        "kind": PAYLOAD_KIND,
        "session": session_to_dict(session),
        "rngs": {str(k): rng_to_dict(r) for k, r in rngs.items()},
        "app": dict(app or {}),
    }


def load_payload(payload: object) -> Resumed:
    """Rebuild what :func:`save_payload` stored; raises :class:`ValueError` if refused."""
    table = read_table(payload, "saved game")
    if table.get("kind") != PAYLOAD_KIND:
        raise ValueError("it does not hold a Big2 session")
    rngs = read_table(table.get("rngs", {}), "generators")
    if len(rngs) > _MAX_RNGS:
        raise ValueError("too many generators")
    app = read_table(table.get("app", {}), "app data")
    return Resumed(
        session=session_from_dict(table.get("session")),
        rngs={str(k)[:64]: rng_from_dict(v) for k, v in rngs.items()},
        app=dict(app),
    )


def check_payload(payload: Mapping[str, Any]) -> None:
    """For ``SaveStore(validate_payload=check_payload)``: refuse a payload that won't load."""
    load_payload(payload)


def preview_of(session: Session) -> Preview:
    """The save-slot preview of a session: names, preset, totals, hand in progress."""
    return Preview(
        players=session.names,
        preset=session.rules.name,
        scores=tuple(session.totals),
        hand_number=len(session.records) + (session.current is not None),
    )


__all__ = [
    "PAYLOAD_KIND", "Resumed", "check_payload", "load_payload", "preview_of",
    "save_payload", "session_from_dict", "session_to_dict",
]
