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

from big2.engine import CardSet, Game, HandRecord, Session
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
    """For ``SaveStore(validate_payload=check_payload)``: refuse a payload that won't
    load, or whose game cannot be played on: the hand in progress must play to its end
    and score under the session's scheme (a copy is played out, the first legal move
    each time), and the app's ``hand_start`` must be a position the hand's moves lead
    from to where it stands. Raises :class:`ValueError` with the reason."""
    resumed = load_payload(payload)
    session = resumed.session
    game = session.current
    if game is not None:
        start = resumed.app.get("hand_start")
        if start is not None:
            check_hand_start(game, start)
        _check_plays_out(session, start)


def _check_plays_out(session: Session, start: object = None) -> None:
    """Play a copy of the hand in progress to its end (the first legal move each time),
    score it, and, given the hand's ``start``, make its history record and replay it:
    the same code the table and the score history run when the hand really ends."""
    import copy

    from .handlog import hand_result, replay

    trial = copy.deepcopy(session)
    game = trial.current
    assert game is not None
    try:
        if game.exchange is not None:
            game.give_back(game.suggest_give_back())
        steps = 0
        while not game.is_over:
            moves = game.legal_moves()
            if not len(moves):
                raise ValueError("a player to act has no move")
            game.apply(moves[0])
            steps += 1
            if steps > 5000:
                raise ValueError("the hand never ends")
        record = trial.record()
    except ValueError as exc:
        raise ValueError(f"the hand in progress cannot be finished ({exc})") from None
    except Exception as exc:  # anything the engine trips over is a damaged save
        raise ValueError(f"the hand in progress cannot be finished ({type(exc).__name__})") from None
    if start is None:
        return
    try:
        finished = trial.last_game
        assert finished is not None
        replay(hand_result(finished, record, start=read_table(start, "the hand's start")))
    except ValueError as exc:
        raise ValueError(f"the hand's record for the score history cannot be made ({exc})") from None
    except Exception as exc:
        raise ValueError(f"the hand's record for the score history cannot be made ({type(exc).__name__})") from None


def check_hand_start(game: Game, start: object) -> None:
    """Refuse a ``hand_start`` the hand could not have started from: it must be a game of
    the same table whose history is the first part of ``game``'s, and the moves since
    must replay from it to exactly ``game``'s cards."""
    from .gamecodec import game_from_dict, make_move, move_cards

    try:
        first = game_from_dict(start)  # with its own rules, as the score history reads it
    except ValueError as exc:
        raise ValueError(f"the hand's start is damaged ({exc})") from None
    if rules_to_dict(first.rules) != rules_to_dict(game.rules):
        raise ValueError("the hand's start has other rules than the hand")
    begun = len(first.history)
    if first.n_players != game.n_players or list(first.history) != list(game.history[:begun]):
        raise ValueError("the hand's start does not belong to this hand")
    history = list(game.history)
    try:
        while len(first.history) < len(history):  # AutoPass adds passes of its own
            seat, move = history[len(first.history)]
            make_move(first, seat, CardSet(move_cards(move)))
        if list(first.history) != history:
            raise ValueError("different moves")
    except Exception as exc:
        raise ValueError(f"the hand's moves do not follow from its start ({type(exc).__name__})") from None
    for seat in range(game.n_players):
        if first.hand(seat) != game.hand(seat) or first.played_by(seat) != game.played_by(seat):
            raise ValueError("the hand's start does not lead to where the hand stands")


#: The key of the game's id in a payload's app data (see :func:`game_id`).
GAME_ID_KEY: Final = "game_id"
_GAME_ID_CHARS: Final = frozenset("0123456789abcdef-legacy")


def new_game_id() -> str:
    """A fresh id for a game: 32 random hex digits, kept in every save of it."""
    import uuid

    return uuid.uuid4().hex


def game_id(payload: object) -> str | None:
    """The id of the game a save payload holds, the same in its autosave, the autosave's
    previous copy and every slot saved from it; ``None`` when the payload is too damaged
    to tell. Never raises.

    Saves written before ids were kept have none: their id is then made from what never
    changes during a game (the names, the rules and the first hand's deal number), so
    the copies of one such game still share it.
    """
    try:
        app = payload.get("app") if isinstance(payload, Mapping) else None
        stored = app.get(GAME_ID_KEY) if isinstance(app, Mapping) else None
        if isinstance(stored, str) and 0 < len(stored) <= 64 and set(stored) <= _GAME_ID_CHARS:
            return stored
        session = payload.get("session") if isinstance(payload, Mapping) else None
        if not isinstance(session, Mapping):
            return None
        records = session.get("records")
        first = (records[0].get("deal_number") if isinstance(records, list) and records
                 and isinstance(records[0], Mapping) else session.get("current_deal"))
        from .checksum import canonical

        basis = canonical({"names": session.get("names"), "rules": session.get("rules"), "first": first})
        import hashlib

        return "legacy-" + hashlib.sha256(basis).hexdigest()[:32]
    except Exception:  # a damaged payload: no id
        return None


def preview_of(session: Session) -> Preview:
    """The save-slot preview of a session: names, preset, totals, hand in progress."""
    return Preview(
        players=session.names,
        preset=session.rules.name,
        scores=tuple(session.totals),
        hand_number=len(session.records) + (session.current is not None),
    )


__all__ = [
    "GAME_ID_KEY", "PAYLOAD_KIND", "Resumed", "check_payload", "game_id", "load_payload",
    "new_game_id", "preview_of",
    "save_payload", "session_from_dict", "session_to_dict",
]
