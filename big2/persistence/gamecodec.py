"""Games and sessions as plain JSON data, and back — the payload of a save file.

A :class:`~big2.engine.game.Game` is stored as its deal (each seat's dealt cards), who
led, and every move as ``[seat, [cards]]`` (``[]`` for a pass). Loading deals the same
cards and replays the moves through the checked :meth:`Game.play` / :meth:`Game.pass_turn`,
so a hostile file cannot build an impossible position, and the result is then compared
with the stored hands and turn. Cards are the engine's ints 0..51; move encodings never
reach the file, so a save outlives changes to them.

A :class:`~big2.engine.session.Session` adds the rule set, names, limits, totals, the
finished hands, the hand in play and the session's ``random.Random`` state, so a resumed
session deals on exactly as it would have. Opponents' own generators travel beside it in
:func:`save_payload`.

Every ``*_from_dict`` raises :class:`ValueError` (and only that) for data it refuses.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from big2.engine import CardSet, Game, HandRecord, Rules, Session
from big2.engine.cards import FULL_MASK

from .envelope import Preview
from .history import HandResult

#: Version of the payload layout inside the save envelope.
PAYLOAD_KIND: Final = "big2-session"
_MAX_MOVES: Final = 2000
_MAX_RECORDS: Final = 100_000
_MAX_RNGS: Final = 16


# -- small checked readers ---------------------------------------------------------

def _obj(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must be a table")
    return data


def _int(data: object, what: str, lo: int, hi: int) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or not lo <= data <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}")
    return data


def _opt_int(data: object, what: str, lo: int, hi: int) -> int | None:
    return None if data is None else _int(data, what, lo, hi)


def _list(data: object, what: str, max_len: int) -> list[Any]:
    if not isinstance(data, list) or len(data) > max_len:
        raise ValueError(f"{what} must be a list of at most {max_len} items")
    return data


def _cards(data: object, what: str) -> CardSet:
    items = _list(data, what, 52)
    cards = [_int(c, what, 0, 51) for c in items]
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} lists a card twice")
    return CardSet(cards)


def _names(data: object, n: int) -> tuple[str, ...]:
    names = _list(data, "names", 4)
    if len(names) != n or not all(isinstance(s, str) and 0 < len(s) <= 64 for s in names):
        raise ValueError(f"names must be {n} short texts")
    return tuple(names)


# -- random.Random -----------------------------------------------------------------

def rng_to_dict(rng: random.Random) -> list[Any]:
    """The generator's state as JSON lists: ``[version, [625 ints], gauss_next]``."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_dict(data: object) -> random.Random:
    """A ``random.Random`` in the saved state; raises :class:`ValueError` if it is not one."""
    items = _list(data, "random state", 3)
    if len(items) != 3:
        raise ValueError("random state must have three parts")
    version = _int(items[0], "random state version", 1, 3)
    words = _list(items[1], "random state words", 625)
    if len(words) != 625:
        raise ValueError("random state must hold 625 words")
    internal = tuple(_int(w, "random state word", 0, 2**32 - 1) for w in words)
    if internal[-1] > 624:
        raise ValueError("random state position is out of range")
    gauss = items[2]
    if gauss is not None and (not isinstance(gauss, float) or not math.isfinite(gauss)):
        raise ValueError("random state gauss must be a number or null")
    rng = random.Random()
    try:
        rng.setstate((version, internal, gauss))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"random state refused ({exc})") from None
    return rng


# -- rules ---------------------------------------------------------------------------

def _encode(value: object) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [_encode(v) for v in items]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"a rule value of type {type(value).__name__} cannot be saved")


def _decode(tp: Any, data: object, what: str) -> Any:
    """``data`` checked and converted to the annotated type ``tp``."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(tp):
            try:
                return _decode(option, data, what)
            except ValueError:
                continue
        raise ValueError(f"rule {what} has a value of the wrong kind")
    if origin is typing.Literal:
        if data in typing.get_args(tp):
            return data
        raise ValueError(f"rule {what} has an unknown value")
    if origin in (tuple, frozenset):
        args = typing.get_args(tp)
        items = _list(data, f"rule {what}", 64)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(items) != len(args):
                raise ValueError(f"rule {what} must have {len(args)} parts")
            return tuple(_decode(a, v, what) for a, v in zip(args, items))
        converted = [_decode(args[0], v, what) for v in items]
        return tuple(converted) if origin is tuple else frozenset(converted)
    if tp is type(None):
        if data is None:
            return None
        raise ValueError(f"rule {what} must be empty")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise ValueError(f"rule {what} has an unknown value {str(data)[:40]!r}") from None
    if tp is bool:
        if isinstance(data, bool):
            return data
        raise ValueError(f"rule {what} must be true or false")
    if tp is int:
        return _int(data, f"rule {what}", -(10**9), 10**9)
    if tp is float:
        if isinstance(data, (int, float)) and not isinstance(data, bool) and math.isfinite(data):
            return float(data)
        raise ValueError(f"rule {what} must be a number")
    if tp is str:
        if isinstance(data, str) and len(data) <= 200:
            return data
        raise ValueError(f"rule {what} must be short text")
    raise ValueError(f"rule {what} has a type this version cannot read")


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every rule option by field name; enums by their value."""
    return {f.name: _encode(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


def rules_from_dict(data: object) -> Rules:
    """The :class:`Rules` saved by :func:`rules_to_dict`.

    Options missing from ``data`` take their default (a save from before the option
    existed); options this version does not know are refused.
    """
    table = _obj(data, "rules")
    hints = typing.get_type_hints(Rules)
    known = {f.name for f in dataclasses.fields(Rules) if f.init}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ValueError(f"unknown rule option {str(unknown[0])[:40]!r}")
    values = {name: _decode(hints[name], value, name) for name, value in table.items()}
    try:
        return Rules(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the rules are not valid ({exc})") from None


def _moves(data: object, n: int) -> list[tuple[int, CardSet]]:
    """Checked ``[seat, [cards]]`` pairs."""
    moves = []
    for entry in _list(data, "moves", _MAX_MOVES):
        pair = _list(entry, "a move", 2)
        if len(pair) != 2:
            raise ValueError("a move must be [seat, cards]")
        moves.append((_int(pair[0], "a move's seat", 0, n - 1), _cards(pair[1], "a move")))
    return moves


def _make(game: Game, seat: int, cards: CardSet) -> None:
    """Play or pass for ``seat`` through the checked entry points."""
    try:
        if cards:
            game.play(cards, seat=seat)
        else:
            game.pass_turn(seat=seat)
    except ValueError as exc:  # IllegalMove
        raise ValueError(f"move {len(game.history) + 1} is not legal ({exc})") from None


# -- a game ---------------------------------------------------------------------------

def _dealt(game: Game) -> list[list[int]]:
    return [sorted(game.hand(s) | game.played_by(s)) for s in range(game.n_players)]


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as its deal, first seat, moves, and (for checking) the current hands.

    Only games played from their deal can be stored (not ``Game.from_position``).
    """
    return {
        "rules": rules_to_dict(game.rules),
        "names": list(game.names),
        "first": game.first_player,
        "deal": _dealt(game),
        "moves": [[seat, sorted(CardSet.from_mask(move & FULL_MASK))]
                  for seat, move in game.history],
        "hands": [sorted(game.hand(s)) for s in range(game.n_players)],
        "to_act": game.to_act,
    }


def game_from_dict(data: object, *, rules: Rules | None = None) -> Game:
    """Deal and replay a game saved by :func:`game_to_dict`, checking every move.

    ``rules`` overrides the stored rules (a session stores them once).
    """
    table = _obj(data, "game")
    if rules is None:
        rules = rules_from_dict(table.get("rules"))
    deal = [_cards(h, "a dealt hand") for h in _list(table.get("deal"), "deal", 4)]
    n = len(deal)
    names = _names(table.get("names"), n)
    first = _int(table.get("first"), "first seat", 0, max(n - 1, 0))
    try:
        game = Game(deal, rules=rules, names=names, first=first)
    except ValueError as exc:
        raise ValueError(f"the deal is not valid ({exc})") from None
    for seat, cards in _moves(table.get("moves"), n):
        _make(game, seat, cards)
    hands = [_cards(h, "a hand") for h in _list(table.get("hands"), "hands", 4)]
    if hands != [game.hand(s) for s in range(n)] or table.get("to_act") != game.to_act:
        raise ValueError("the saved moves do not lead to the saved position")
    return game


# -- a session --------------------------------------------------------------------------

def _record_to_dict(rec: HandRecord) -> dict[str, Any]:
    return {"number": rec.number, "deal_number": rec.deal_number, "winner": rec.winner,
            "cards_left": list(rec.cards_left), "points": list(rec.points)}


def _record_from_dict(data: object, n: int) -> HandRecord:
    table = _obj(data, "a finished hand")
    left = _list(table.get("cards_left"), "cards left", 4)
    points = _list(table.get("points"), "points", 4)
    if len(left) != n or len(points) != n:
        raise ValueError(f"a finished hand must list {n} seats")
    return HandRecord(
        number=_int(table.get("number"), "hand number", 1, _MAX_RECORDS),
        deal_number=_int(table.get("deal_number"), "deal number", 0, 2**64),
        winner=_int(table.get("winner"), "winner", 0, n - 1),
        cards_left=tuple(_int(c, "cards left", 0, 52) for c in left),
        points=tuple(_int(p, "points", -(10**9), 10**9) for p in points),
    )


def session_to_dict(session: Session) -> dict[str, Any]:
    """Everything needed to resume ``session`` exactly, random state included."""
    return {
        "rules": rules_to_dict(session.rules),
        "names": list(session.names),
        "max_hands": session.max_hands,
        "target": session.target,
        "totals": list(session.totals),
        "records": [_record_to_dict(r) for r in session.records],
        "current_deal": session.current_deal,
        "current": None if session.current is None else game_to_dict(session.current),
        "rng": rng_to_dict(session.rng),
    }


def session_from_dict(data: object) -> Session:
    """The :class:`Session` saved by :func:`session_to_dict`; every part is checked."""
    table = _obj(data, "session")
    rules = rules_from_dict(table.get("rules"))
    raw_names = _list(table.get("names"), "names", 4)
    names = _names(raw_names, len(raw_names))
    n = len(names)
    try:
        session = Session(
            rng_from_dict(table.get("rng")), rules=rules, players=n, names=names,
            max_hands=_opt_int(table.get("max_hands"), "hands to play", 1, _MAX_RECORDS),
            target=_opt_int(table.get("target"), "target score", 1, 10**9))
    except ValueError as exc:
        raise ValueError(f"the session is not valid ({exc})") from None
    totals = _list(table.get("totals"), "totals", 4)
    if len(totals) != n:
        raise ValueError(f"totals must list {n} seats")
    session.totals = [_int(t, "a total", -(10**12), 10**12) for t in totals]
    session.records = [_record_from_dict(r, n)
                       for r in _list(table.get("records"), "finished hands", _MAX_RECORDS)]
    session.current_deal = _opt_int(table.get("current_deal"), "deal number", 0, 2**64)
    current = table.get("current")
    session.current = None if current is None else game_from_dict(current, rules=rules)
    if session.current is not None and session.current.names != names:
        raise ValueError("the hand in play has other players than the session")
    if (session.current is None) != (session.current_deal is None):
        raise ValueError("the hand in play and its deal number do not match")
    return session


# -- the save payload -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Resumed:
    """What :func:`load_payload` gives back: the session, named generators and app data."""

    session: Session
    rngs: dict[str, random.Random]
    app: dict[str, Any]


def save_payload(session: Session, *, rngs: Mapping[str, random.Random] | None = None,
                 app: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The payload for :meth:`SaveStore.autosave` / :meth:`SaveStore.save_slot`.

    ``rngs`` holds the other generators that must resume in step (for example each
    computer opponent's, keyed ``"seat-1"``); ``app`` is plain JSON data the app wants
    back (seat kinds, levels), stored as given.
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
    table = _obj(payload, "saved game")
    if table.get("kind") != PAYLOAD_KIND:
        raise ValueError("it does not hold a Big2 session")
    rngs = _obj(table.get("rngs", {}), "generators")
    if len(rngs) > _MAX_RNGS:
        raise ValueError("too many generators")
    app = _obj(table.get("app", {}), "app data")
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


# -- history and replay ----------------------------------------------------------------

def hand_result(game: Game, record: HandRecord, *, started_at: datetime | None = None,
                duration_s: float = 0.0, ended_how: str = "") -> HandResult:
    """The history record of a finished hand, for :meth:`History.record_hand`.

    Take ``game`` from ``session.current`` *before* calling ``session.record()`` (which
    clears it), and pass the record that call returns.
    """
    return HandResult(
        hand_number=record.number,
        rules_preset=game.rules.name,
        rules=rules_to_dict(game.rules),
        winner_seat=record.winner,
        cards_left=record.cards_left,
        points=record.points,
        moves=[[seat, sorted(CardSet.from_mask(move & FULL_MASK))]
               for seat, move in game.history],
        deal=_dealt(game),
        deal_seed=record.deal_number,
        started_at=started_at,
        duration_s=duration_s,
        ended_how=ended_how,
    )


def replay(result: HandResult, names: Sequence[str] | None = None) -> list[Game]:
    """Every position of a recorded hand: the deal, then one after each move.

    Step forwards and back by index; each entry is an independent :class:`Game`.
    Raises :class:`ValueError` if the record does not replay (damaged history).
    """
    rules = rules_from_dict(result.rules)
    deal = [_cards(cards, "a dealt hand") for cards in _list(list(result.deal), "deal", 4)]
    moves = _moves(list(result.moves), len(deal))
    try:
        game = Game(deal, rules=rules, names=names, first=moves[0][0] if moves else None)
    except ValueError as exc:
        raise ValueError(f"the recorded deal is not valid ({exc})") from None
    positions = [game.copy()]
    for seat, cards in moves:
        _make(game, seat, cards)
        positions.append(game.copy())
    return positions


__all__ = [
    "Resumed", "check_payload", "game_from_dict", "game_to_dict", "hand_result",
    "load_payload", "preview_of", "replay", "rng_from_dict", "rng_to_dict",
    "rules_from_dict", "rules_to_dict", "save_payload", "session_from_dict",
    "session_to_dict",
]
