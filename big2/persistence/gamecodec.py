"""Games and sessions as plain JSON data, and back — the payload of a save file.

A :class:`~big2.engine.game.Game` is stored as a snapshot of its whole state (hands,
played cards, stock, trick, passes, turn, direction, exchange, finish order, history…),
slot by slot, every slot checked on the way back in; plays are stored as the cards they
hold (card ints 0..51), never as the engine's move ints, so a save outlives changes to
the move encoding. A hostile file cannot build a position the engine would trip over.

A :class:`~big2.engine.session.Session` adds the rule set, scoring scheme, names,
limits, totals, the finished hands, the hand in play, the last finished hand and the
session's ``random.Random`` state, so a resumed session deals and plays on exactly as it
would have. Opponents' own generators travel beside it in :func:`save_payload`.

For the history, :func:`start_position` + :func:`hand_result` make the record of a
finished hand and :func:`replay` steps through it again.

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

from big2.engine import PASS, CardSet, Game, HandRecord, Rules, Session, classify
from big2.engine.cards import FULL_MASK
from big2.engine.scoring import Scoring

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
#
# A game is stored as a snapshot of its state, slot by slot (the engine's ``copy()``
# treats the slots of ``Game`` and its bases as the whole state). Moves are stored as
# the cards they play and classified again on load. Every slot is checked, cards must
# not be in two places, and the position must then answer ``legal_moves()``.

#: Caches the engine rebuilds by itself; not stored.
_CACHES: Final = frozenset({"_t", "_moves", "_valid", "_log"})
_SEAT, _SEAT_OR_NONE, _SEAT_OR_MINUS, _CARD_OR_MINUS = "seat", "seat?", "seat-1", "card-1"
#: How each slot is checked ("derived": recomputed from the rules, never read). A slot
#: the engine gains later and this table does not name yet is stored by
#: :func:`_auto_encode` when it holds plain values (a test asks for it to be named); a
#: known slot missing from a file is refused when loading.
_SLOT_KINDS: Final[dict[str, str]] = {
    "rules": "rules", "names": "names", "n_players": "players", "history": "history",
    "clockwise": "bool", "dragon": "bool",
    "_plain": "derived", "_lone_two": "derived", "_enforced": "derived",
    "_liability": "derived",
    "_hands": "masks", "_played": "masks", "_stock": "cards",
    "_to_act": _SEAT, "_first": _SEAT, "_owner": _SEAT_OR_MINUS, "_winner": _SEAT_OR_MINUS,
    "_trick": "move", "_passes": "count", "_passed": "seatmask", "_out": "seatmask",
    "_first_card": _CARD_OR_MINUS, "_exchange_card": _CARD_OR_MINUS, "_step": "step",
    "finish_order": "seats", "_pending_liability": "pair?", "liable": _SEAT_OR_NONE,
    "exchange": "pair?", "_dealt": "counts",
}
_AUTO_INT_LIMIT: Final = 2**64


def _move_cards(move: int) -> list[int]:
    return sorted(CardSet.from_mask(move & FULL_MASK))


def _move_of(cards: CardSet, rules: Rules) -> int:
    if not cards:
        return PASS
    combo = classify(cards, rules)
    if combo is None:
        raise ValueError(f"{cards} is not a combination")
    return combo.move


def _encode_slot(kind: str, value: Any) -> Any:
    if kind == "rules":
        return rules_to_dict(value)
    if kind == "history":
        return [[seat, _move_cards(move)] for seat, move in value]
    if kind == "move":
        return _move_cards(value)
    if isinstance(value, (tuple, list)):
        return list(value)
    return value


def _auto_encode(value: object, what: str) -> dict[str, Any]:
    """A plain value of a slot this codec has no rule for, tagged with its type."""
    if value is None or isinstance(value, (bool, int, str)):
        return {"auto": type(value).__name__, "value": value}
    if isinstance(value, (tuple, list)) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return {"auto": type(value).__name__, "value": list(value)}
    raise ValueError(f"the game has state this version cannot save: {what}")


def _auto_decode(data: object, what: str) -> Any:
    table = _obj(data, what)
    kind, value = table.get("auto"), table.get("value")
    if kind == "NoneType" and value is None:
        return None
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "int":
        return _int(value, what, -_AUTO_INT_LIMIT, _AUTO_INT_LIMIT)
    if kind == "str" and isinstance(value, str) and len(value) <= 200:
        return value
    if kind in ("tuple", "list"):
        items = [_int(v, what, -_AUTO_INT_LIMIT, _AUTO_INT_LIMIT)
                 for v in _list(value, what, 64)]
        return tuple(items) if kind == "tuple" else items
    raise ValueError(f"{what} is not valid")


def state_slots() -> frozenset[str]:
    """Every slot of :class:`Game` and its bases, caches excluded: the game's state."""
    names: set[str] = set()
    for cls in Game.__mro__:
        declared = cls.__dict__.get("__slots__", ())
        names.update((declared,) if isinstance(declared, str) else declared)
    return frozenset(names - _CACHES)


def _unlisted_slots() -> list[str]:
    return sorted(state_slots() - set(_SLOT_KINDS))


def game_to_dict(game: Game) -> dict[str, Any]:
    """The complete state of ``game`` as plain JSON data.

    Raises :class:`ValueError` if the engine holds state this version cannot store.
    """
    data = {name: _encode_slot(kind, getattr(game, name))
            for name, kind in _SLOT_KINDS.items() if kind != "derived"}
    for name in _unlisted_slots():
        data[name] = _auto_encode(getattr(game, name), name)
    return data


def _decode_slot(kind: str, data: object, n: int, rules: Rules, what: str) -> Any:
    if kind == "bool":
        if not isinstance(data, bool):
            raise ValueError(f"{what} must be true or false")
        return data
    if kind == _SEAT:
        return _int(data, what, 0, n - 1)
    if kind == _SEAT_OR_MINUS:
        return _int(data, what, -1, n - 1)
    if kind == _SEAT_OR_NONE:
        return _opt_int(data, what, 0, n - 1)
    if kind == _CARD_OR_MINUS:
        return _int(data, what, -1, 51)
    if kind == "count":
        return _int(data, what, 0, n)
    if kind == "seatmask":
        return _int(data, what, 0, (1 << n) - 1)
    if kind == "step":
        step = _int(data, what, 1, n - 1)
        if step not in (1, n - 1):
            raise ValueError(f"{what} must be 1 or {n - 1}")
        return step
    if kind == "masks":
        masks = _list(data, what, 4)
        if len(masks) != n:
            raise ValueError(f"{what} must list {n} seats")
        return [_int(m, what, 0, FULL_MASK) for m in masks]
    if kind == "cards":
        return list(_cards_in_order(data, what))
    if kind == "counts":
        counts = _list(data, what, 4)
        if len(counts) != n:
            raise ValueError(f"{what} must list {n} seats")
        return tuple(_int(c, what, 0, 52) for c in counts)
    if kind == "seats":
        seats = [_int(s, what, 0, n - 1) for s in _list(data, what, 4)]
        if len(set(seats)) != len(seats):
            raise ValueError(f"{what} lists a seat twice")
        return seats
    if kind == "pair?":
        if data is None:
            return None
        pair = _list(data, what, 2)
        if len(pair) != 2:
            raise ValueError(f"{what} must be two seats")
        return (_int(pair[0], what, 0, n - 1), _int(pair[1], what, 0, n - 1))
    if kind == "move":
        return _move_of(_cards(data, what), rules)
    if kind == "history":
        return [(seat, _move_of(cards, rules)) for seat, cards in _moves(data, n)]
    raise ValueError(f"{what} has a kind this version cannot read")


def _cards_in_order(data: object, what: str) -> list[int]:
    """Distinct cards, order kept (the stock is drawn from the front)."""
    cards = [_int(c, what, 0, 51) for c in _list(data, what, 52)]
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} lists a card twice")
    return cards


def game_from_dict(data: object, *, rules: Rules | None = None) -> Game:
    """The :class:`Game` saved by :func:`game_to_dict`, after checking every part.

    ``rules`` overrides the stored rules (a session stores them once). Raises
    :class:`ValueError` for anything inconsistent.
    """
    table = _obj(data, "game")
    stored = {name for name, kind in _SLOT_KINDS.items() if kind != "derived"}
    missing = sorted(stored - set(table))
    if missing:
        raise ValueError(f"the game lacks {', '.join(missing)} (saved by another version)")
    if rules is None:
        rules = rules_from_dict(table["rules"])
    n = _int(table["n_players"], "number of players", 2, 4)
    names = _names(table["names"], n)
    # A throw-away deal through the constructor computes everything the rules decide;
    # the stored state then replaces the rest.
    try:
        game = Game([[seat] for seat in range(n)], rules=rules, names=names)
    except ValueError as exc:
        raise ValueError(f"the game cannot be set up ({exc})") from None
    for name, kind in _SLOT_KINDS.items():
        if kind in ("derived", "rules", "players", "names"):
            continue
        setattr(game, name, _decode_slot(kind, table[name], n, rules, name.strip("_")))
    for name in _unlisted_slots():
        if name not in table:
            raise ValueError(f"the game lacks {name} (saved by another version)")
        setattr(game, name, _auto_decode(table[name], name.strip("_")))
    game._moves = [None] * n
    game._valid = [False] * n
    game._log = None
    _check_position(game, table)
    return game


def _check_position(game: Game, table: Mapping[str, Any]) -> None:
    """Cards in one place only, counts that agree, and a position the engine can play."""
    seen = 0
    for where in (table["_hands"], table["_played"], [sum(1 << c for c in table["_stock"])]):
        for mask in where:
            if seen & mask:
                raise ValueError("a card is in two places")
            seen |= mask
    n = game.n_players
    if n > 2 and table["_step"] != (n - 1 if game.clockwise else 1):
        raise ValueError("the direction of play is inconsistent")
    try:
        list(game.legal_moves())
        game.card_counts  # noqa: B018 - touches every hand
    except Exception as exc:  # a hostile state must not crash the app later
        raise ValueError(f"the position cannot be played ({type(exc).__name__})") from None


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
    table = _obj(data, "a finished hand")
    left = _list(table.get("cards_left"), "cards left", 4)
    points = _list(table.get("points"), "points", 4)
    if len(left) != n or len(points) != n:
        raise ValueError(f"a finished hand must list {n} seats")
    order = [_int(s, "finish order", 0, n - 1) for s in _list(table.get("finish_order", []),
                                                              "finish order", 4)]
    return HandRecord(
        number=_int(table.get("number"), "hand number", 1, _MAX_RECORDS),
        deal_number=_int(table.get("deal_number"), "deal number", 0, 2**64),
        winner=_int(table.get("winner"), "winner", 0, n - 1),
        cards_left=tuple(_int(c, "cards left", 0, 52) for c in left),
        points=tuple(_int(p, "points", -(10**9), 10**9) for p in points),
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
    table = _obj(data, "session")
    rules = rules_from_dict(table.get("rules"))
    raw_names = _list(table.get("names"), "names", 4)
    names = _names(raw_names, len(raw_names))
    n = len(names)
    try:
        session = Session(
            rng_from_dict(table.get("rng")), rules=rules, players=n, names=names,
            max_hands=_opt_int(table.get("max_hands"), "hands to play", 1, _MAX_RECORDS),
            target=_opt_int(table.get("target"), "target score", 1, 10**9),
            scoring=_scoring_from_dict(table.get("scoring", {})))
    except ValueError as exc:
        raise ValueError(f"the session is not valid ({exc})") from None
    totals = _list(table.get("totals"), "totals", 4)
    if len(totals) != n:
        raise ValueError(f"totals must list {n} seats")
    session.totals = [_int(t, "a total", -(10**12), 10**12) for t in totals]
    session.records = [_record_from_dict(r, n)
                       for r in _list(table.get("records"), "finished hands", _MAX_RECORDS)]
    session.current_deal = _opt_int(table.get("current_deal"), "deal number", 0, 2**64)
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
        return Scoring.from_dict(_obj(data, "scoring"))
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

def start_position(game: Game) -> dict[str, Any]:
    """The snapshot to keep when a hand starts (after the deal and any exchange);
    :func:`hand_result` stores it so :func:`replay` can rebuild the hand."""
    return game_to_dict(game)


def hand_result(game: Game, record: HandRecord, *, start: Mapping[str, Any],
                started_at: datetime | None = None, duration_s: float = 0.0,
                ended_how: str = "") -> HandResult:
    """The history record of a finished hand, for :meth:`History.record_hand`.

    ``start`` is :func:`start_position` taken when the hand started; ``game`` is the
    finished hand (``session.last_game`` after ``session.record()``, which returns
    ``record``). The moves stored are those made after ``start``.
    """
    begun = len(_list(start.get("history"), "start history", _MAX_MOVES))
    first = game_from_dict(start)
    return HandResult(
        hand_number=record.number,
        rules_preset=game.rules.name,
        rules=rules_to_dict(game.rules),
        winner_seat=record.winner,
        cards_left=record.cards_left,
        points=record.points,
        moves=[[seat, _move_cards(move)] for seat, move in game.history[begun:]],
        deal=[sorted(first.hand(s)) for s in range(first.n_players)],
        deal_seed=record.deal_number,
        started_at=started_at,
        duration_s=duration_s,
        ended_how=ended_how,
        start=dict(start),
    )


def replay(result: HandResult) -> list[Game]:
    """Every position of a recorded hand: the start, then one after each move.

    Step forwards and back by index; each entry is an independent :class:`Game`.
    Raises :class:`ValueError` if the record does not replay (damaged, or recorded
    without its start position).
    """
    if not result.start:
        raise ValueError("this hand was recorded without its start position")
    game = game_from_dict(result.start)
    positions = [game.copy()]
    for seat, cards in _moves(list(result.moves), game.n_players):
        _make(game, seat, cards)
        positions.append(game.copy())
    return positions


__all__ = [
    "Resumed", "check_payload", "game_from_dict", "game_to_dict", "hand_result",
    "load_payload", "preview_of", "replay", "rng_from_dict", "rng_to_dict",
    "rules_from_dict", "rules_to_dict", "save_payload", "session_from_dict",
    "session_to_dict", "start_position",
]
