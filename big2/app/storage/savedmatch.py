"""A save's session as the table's match: what Continue and Saved games open.

:func:`match_from` rebuilds the table's :class:`~big2.room.match.Match` around the
engine session a save holds (its generators included, so computers play on as they
would have); :func:`check_save` is the check every save gets at load (the storage's
``SaveStore`` runs it); :func:`trick_layers` gives the plays of the trick in progress as
the table lays them out. No pygame and no scenes: the storage and the resumed table
(:mod:`big2.app.table.resumed`) both build on it.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from big2.engine.combos import PASS, move_cards
from big2.persistence.gamecodec import game_from_dict
from big2.persistence.sessioncodec import Resumed

from big2.room.config import HandResult, MatchConfig, SeatConfig
from big2.room.match import Match

log = logging.getLogger(__name__)


def _seats(data: dict[str, Any], names: tuple[str, ...]) -> tuple[SeatConfig, ...]:
    raw = data.get("seats")
    try:
        seats = tuple(SeatConfig(str(n), bool(h), str(lvl)) for n, h, lvl in raw)  # type: ignore[union-attr]
        if tuple(s.name for s in seats) == names:
            return tuple(_known_level(s) for s in seats)
    except (TypeError, ValueError):
        pass
    return tuple(SeatConfig(n, human=(i == 0)) for i, n in enumerate(names))


#: The level a computer seat plays when a save names one this version does not have.
FALLBACK_LEVEL = "normal"


def _known_level(seat: SeatConfig) -> SeatConfig:
    """The seat, its level checked against the computer's levels (read from big2.ai, so a
    level added there is known here); an unknown one becomes Normal."""
    from big2.ai import LEVELS

    if seat.human or seat.level in LEVELS:
        return seat
    return SeatConfig(seat.name, False, FALLBACK_LEVEL if FALLBACK_LEVEL in LEVELS else LEVELS[0])


def unknown_levels(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(seat name, level) for each computer seat of the save whose level is unknown."""
    from big2.ai import LEVELS

    out = []
    raw = data.get("seats")
    if isinstance(raw, list):
        for item in raw:
            if isinstance(item, list) and len(item) == 3 and not item[1] and str(item[2]) not in LEVELS:
                out.append((str(item[0]), str(item[2])))
    return out


def _results(session: Any, data: dict[str, Any]) -> list[HandResult]:
    extra = data.get("results") if isinstance(data.get("results"), list) else []
    n = session.n_players
    totals = [0] * n
    out: list[HandResult] = []
    for i, rec in enumerate(session.records):
        totals = [t + p for t, p in zip(totals, rec.points)]
        left: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
        mult: tuple[int, ...] = ()
        notes: tuple[str, ...] = ()
        if i < len(extra) and isinstance(extra[i], dict):
            try:
                hl = tuple(tuple(int(c) for c in h) for h in extra[i].get("hands_left", ()))
                left = hl if len(hl) == n else left
                mult = tuple(int(x) for x in extra[i].get("multipliers", ()))
                notes = tuple(str(x) for x in extra[i].get("notes", ()))
            except (TypeError, ValueError):
                pass
        assisted = bool(extra[i].get("assisted")) if i < len(extra) and isinstance(extra[i], dict) else False
        out.append(HandResult(rec.number, rec.winner, tuple(rec.cards_left), tuple(rec.points), tuple(totals), left, mult, notes,
                              deal_number=rec.deal_number, assisted=assisted))
    return out


def match_from(resumed: Resumed) -> Match:
    """The table's match around a resumed session, generators and hand records included."""
    s = resumed.session
    data = resumed.app
    seats = _seats(data, tuple(s.names))
    hands = data.get("hands") if isinstance(data.get("hands"), int) else (s.max_hands or 4)
    seed = data.get("seed") if isinstance(data.get("seed"), int) else None
    scoring = data.get("scoring") if isinstance(data.get("scoring"), str) else "penalty-table"
    undo_hot_seat = data.get("undo_hot_seat") is True
    config = MatchConfig(seats=seats, rules=s.rules, hands=max(1, int(hands)), target=s.target, seed=seed, scoring=scoring,
                         undo_hot_seat=undo_hot_seat)
    try:
        m = Match(config)
    except ValueError:  # a scoring name this version does not know: the session has the scheme
        m = Match(MatchConfig(seats=seats, rules=s.rules, hands=config.hands, target=s.target, seed=seed,
                              undo_hot_seat=undo_hot_seat))
    m.session = s
    m.rng = s.rng
    m.scoring = s.scoring
    m.ai_rngs = [resumed.rngs.get(f"seat-{i}") or random.Random() for i in range(s.n_players)]
    m.game = s.current if s.current is not None else s.last_game
    m.results = _results(s, data)
    m.assisted = data.get("assisted") is True and s.current is not None
    away = data.get("computer_for_hand")
    if isinstance(away, list) and s.current is not None:
        m._computer_for_hand = {x for x in away if isinstance(x, int) and 0 <= x < s.n_players}
    return m


def check_save(payload: Any) -> None:
    """The app's check of a save payload at load (``SaveStore(validate_payload=...)``):
    the persistence checks (the session, the hand played out, its start and history
    record, see :func:`~big2.persistence.sessioncodec.check_payload`), then the table's
    match built from it with :func:`match_from`, the code Continue and Saved games run,
    and the trick rebuilt from the hand's start as the table shows it. Raises
    :class:`ValueError` for a save that would not open whole."""
    from big2.persistence.sessioncodec import check_payload, load_payload

    check_payload(payload)
    resumed = load_payload(payload)
    try:
        match = match_from(resumed)
        start = resumed.app.get("hand_start")
        if match.game is not None and isinstance(start, dict):
            trick_layers(match.game, start)
    except ValueError:
        raise
    except Exception as exc:  # whatever the table would trip over is a damaged save
        raise ValueError(f"the table cannot be set up from it ({type(exc).__name__})") from None


def reading_order(cards: list[int], rules: Any) -> list[int]:
    """A play's cards as the table lays them out (straights in sequence, triple first)."""
    try:
        from big2.engine import classify

        combo = classify(cards, rules)
        if combo is not None:
            return list(combo.ordered(rules))
    except (AttributeError, KeyError, ValueError, ImportError):
        pass
    return list(cards)


def trick_layers(game: Any, start: dict[str, Any] | None) -> list[tuple[int, list[int]]]:
    """The plays of the trick in progress, oldest first, as (seat, cards)."""
    if start:
        try:
            g = game_from_dict(start, rules=game.rules)
            layers: list[tuple[int, list[int]]] = []
            for seat, move in game.history[len(g.history):]:
                if g.leading:
                    layers = []
                if move != PASS:
                    layers.append((seat, reading_order(list(move_cards(move)), game.rules)))
                g.apply(move)
            return [] if g.leading else layers
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            log.warning("could not rebuild the trick: %s", exc)
    if game.leading or game.trick_owner is None:
        return []
    return [(game.trick_owner, reading_order(list(move_cards(game.trick_move)), game.rules))]
