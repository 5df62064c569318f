"""Games as plain JSON data and back, plus the checked readers the other codecs use.

A :class:`~big2.engine.game.Game` is stored as a snapshot of its whole state (hands,
played cards, stock, trick, passes, turn, direction, exchange, finish order, history…),
slot by slot, every slot checked on the way back in; plays are stored as the cards they
hold (card ints 0..51), never as the engine's move ints, so a save outlives changes to
the move encoding. A hostile file cannot build a position the engine would trip over.

Sessions and the save payload are in :mod:`big2.persistence.sessioncodec`; history
records and replay of finished hands in :mod:`big2.persistence.handlog`. The ``read_*``
helpers here check one piece of untrusted JSON each.

Every ``*_from_dict`` raises :class:`ValueError` (and only that) for data it refuses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Final

from big2.engine import PASS, CardSet, Game, Rules, classify
from big2.engine import rules_from_dict as engine_rules_from_dict
from big2.engine import rules_to_dict as engine_rules_to_dict
from big2.engine.cards import FULL_MASK

from .textcheck import text_problem

#: The most moves a stored hand may hold.
MAX_MOVES: Final = 2000


# -- small checked readers ---------------------------------------------------------

def read_table(data: object, what: str) -> Mapping[str, Any]:
    """``data`` if it is a JSON object; ``what`` names it in the error."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must be a table")
    return data


def read_int(data: object, what: str, lo: int, hi: int) -> int:
    """``data`` if it is a whole number (not a bool) from ``lo`` to ``hi``."""
    if isinstance(data, bool) or not isinstance(data, int) or not lo <= data <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}")
    return data


def read_opt_int(data: object, what: str, lo: int, hi: int) -> int | None:
    """``None``, or a whole number as :func:`read_int` checks it."""
    return None if data is None else read_int(data, what, lo, hi)


def read_list(data: object, what: str, max_len: int) -> list[Any]:
    if not isinstance(data, list) or len(data) > max_len:
        raise ValueError(f"{what} must be a list of at most {max_len} items")
    return data


def read_cards(data: object, what: str) -> CardSet:
    items = read_list(data, what, 52)
    cards = [read_int(c, what, 0, 51) for c in items]
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} lists a card twice")
    return CardSet(cards)


def read_names(data: object, n: int) -> tuple[str, ...]:
    names = read_list(data, "names", 4)
    if len(names) != n or not all(isinstance(s, str) and 0 < len(s) and text_problem(s, max_chars=64) is None
                                  for s in names):
        raise ValueError(f"names must be {n} short printable texts")
    return tuple(names)


# -- random.Random -----------------------------------------------------------------

def rng_to_dict(rng: random.Random) -> list[Any]:
    """The generator's state as JSON lists: ``[version, [625 ints], gauss_next]``."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_dict(data: object) -> random.Random:
    """A ``random.Random`` in the saved state; raises :class:`ValueError` if it is not one."""
    items = read_list(data, "random state", 3)
    if len(items) != 3:
        raise ValueError("random state must have three parts")
    version = read_int(items[0], "random state version", 1, 3)
    words = read_list(items[1], "random state words", 625)
    if len(words) != 625:
        raise ValueError("random state must hold 625 words")
    internal = tuple(read_int(w, "random state word", 0, 2**32 - 1) for w in words)
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

def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every rule option by name, enums by value (the engine's own JSON form)."""
    return engine_rules_to_dict(rules)


def rules_from_dict(data: object) -> Rules:
    """The :class:`Rules` saved by :func:`rules_to_dict`; options missing from ``data``
    take their standard values (a save from before the option existed), unknown options
    and bad values raise :class:`ValueError`."""
    table = read_table(data, "rules")
    for name, value in table.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**6:
            raise ValueError(f"rule {str(name)[:40]} is out of range")
    try:
        return engine_rules_from_dict(dict(table))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the rules are not valid ({exc})") from None


def read_moves(data: object, n: int) -> list[tuple[int, CardSet]]:
    """Checked ``[seat, [cards]]`` pairs."""
    moves = []
    for entry in read_list(data, "moves", MAX_MOVES):
        pair = read_list(entry, "a move", 2)
        if len(pair) != 2:
            raise ValueError("a move must be [seat, cards]")
        moves.append((read_int(pair[0], "a move's seat", 0, n - 1), read_cards(pair[1], "a move")))
    return moves


def make_move(game: Game, seat: int, cards: CardSet) -> None:
    """Play or pass for ``seat`` through the checked entry points."""
    try:
        if cards:
            game.play(cards, seat=seat)
        else:
            game.pass_turn(seat=seat)
    except ValueError as exc:  # IllegalMove
        raise ValueError(f"move {len(game.history) + 1} is not legal ({exc})") from None


def follow_move(game: Game, at: int, seat: int, cards: CardSet) -> None:
    """Replay a recorded move whose place in ``game.history`` is ``at``: made through
    :func:`make_move`, or, where the engine already made it by itself (the Automatic
    pass house rule passes for a player who cannot beat the table, and the record lists
    that pass too), only checked to be that move."""
    if at < len(game.history):
        made_seat, made = game.history[at]
        if made_seat != seat or move_cards(made) != sorted(cards):
            raise ValueError(f"move {at + 1} is not the one the game made by itself")
        return
    make_move(game, seat, cards)


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


def move_cards(move: int) -> list[int]:
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
        return [[seat, move_cards(move)] for seat, move in value]
    if kind == "move":
        return move_cards(value)
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
    table = read_table(data, what)
    kind, value = table.get("auto"), table.get("value")
    if kind == "NoneType" and value is None:
        return None
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "int":
        return read_int(value, what, -_AUTO_INT_LIMIT, _AUTO_INT_LIMIT)
    if kind == "str" and isinstance(value, str) and len(value) <= 200:
        return value
    if kind in ("tuple", "list"):
        items = [read_int(v, what, -_AUTO_INT_LIMIT, _AUTO_INT_LIMIT)
                 for v in read_list(value, what, 64)]
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
        return read_int(data, what, 0, n - 1)
    if kind == _SEAT_OR_MINUS:
        return read_int(data, what, -1, n - 1)
    if kind == _SEAT_OR_NONE:
        return read_opt_int(data, what, 0, n - 1)
    if kind == _CARD_OR_MINUS:
        return read_int(data, what, -1, 51)
    if kind == "count":
        return read_int(data, what, 0, n)
    if kind == "seatmask":
        return read_int(data, what, 0, (1 << n) - 1)
    if kind == "step":
        step = read_int(data, what, 1, n - 1)
        if step not in (1, n - 1):
            raise ValueError(f"{what} must be 1 or {n - 1}")
        return step
    if kind == "masks":
        masks = read_list(data, what, 4)
        if len(masks) != n:
            raise ValueError(f"{what} must list {n} seats")
        return [read_int(m, what, 0, FULL_MASK) for m in masks]
    if kind == "cards":
        return list(_cards_in_order(data, what))
    if kind == "counts":
        counts = read_list(data, what, 4)
        if len(counts) != n:
            raise ValueError(f"{what} must list {n} seats")
        return tuple(read_int(c, what, 0, 52) for c in counts)
    if kind == "seats":
        seats = [read_int(s, what, 0, n - 1) for s in read_list(data, what, 4)]
        if len(set(seats)) != len(seats):
            raise ValueError(f"{what} lists a seat twice")
        return seats
    if kind == "pair?":
        if data is None:
            return None
        pair = read_list(data, what, 2)
        if len(pair) != 2:
            raise ValueError(f"{what} must be two seats")
        return (read_int(pair[0], what, 0, n - 1), read_int(pair[1], what, 0, n - 1))
    if kind == "move":
        return _move_of(read_cards(data, what), rules)
    if kind == "history":
        return [(seat, _move_of(cards, rules)) for seat, cards in read_moves(data, n)]
    raise ValueError(f"{what} has a kind this version cannot read")


def _cards_in_order(data: object, what: str) -> list[int]:
    """Distinct cards, order kept (the stock is drawn from the front)."""
    cards = [read_int(c, what, 0, 51) for c in read_list(data, what, 52)]
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} lists a card twice")
    return cards


def game_from_dict(data: object, *, rules: Rules | None = None) -> Game:
    """The :class:`Game` saved by :func:`game_to_dict`, after checking every part.

    ``rules`` overrides the stored rules (a session stores them once). Raises
    :class:`ValueError` for anything inconsistent.
    """
    table = read_table(data, "game")
    stored = {name for name, kind in _SLOT_KINDS.items() if kind != "derived"}
    missing = sorted(stored - set(table))
    if missing:
        raise ValueError(f"the game lacks {', '.join(missing)} (saved by another version)")
    if rules is None:
        rules = rules_from_dict(table["rules"])
    n = read_int(table["n_players"], "number of players", 2, 4)
    names = read_names(table["names"], n)
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
