"""Putting a saved session back on the table: Continue and loading a save slot.

:func:`match_from` rebuilds the table's :class:`~big2.app.match.Match` around the
engine session a save holds (its generators included, so computers play on as they
would have). :class:`ResumedTableScene` is the ordinary table that, instead of dealing,
shows the hand as it stood: the bottom hand, card counts, the plays of the trick in
progress, passes — then carries on with the seat to act.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from big2.engine.combos import PASS, move_cards
from big2.engine.events import HandEnded, TurnStarted
from big2.engine.messages import Message, msg, msg_p
from big2.persistence.atomic import backup_path
from big2.persistence.gamecodec import game_from_dict
from big2.persistence.sessioncodec import Resumed

from .. import i18n
from ..i18n import _, pgettext
from . import vocab
from .match import HandResult, Match, MatchConfig, SeatConfig, opening_events
from .scenes.base import Scene
from .scenes.table import TableScene
from .sprites import CardSprite

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


def recent_lines(game: Any, match: Any, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The table log's lines for the last ``count`` moves of ``game`` (as it words them:
    each line is worded again when shown, in the language then in force)."""
    from big2.engine import classify

    lines: list[tuple[str, tuple[int, int, int]]] = []
    for seat, move in game.history[-count:]:
        if move == PASS:
            lines.append((vocab.later(lambda seat=seat: vocab.about(match, seat, _("You pass"), _("{name} passes"))), (200, 200, 200)))
            continue
        combo = classify(list(move_cards(move)), game.rules)
        if combo is None:
            continue
        cards = combo.text(game.rules)
        lines.append((vocab.later(lambda seat=seat, kind=combo.kind, cards=cards: vocab.about(
            match, seat, _("You: {combination} {cards}"), _("{name}: {combination} {cards}"),
            combination=vocab.combination(kind), cards=cards)), (255, 255, 255)))
    return lines


class ResumedTableScene(TableScene):
    """The table, opened on a session in progress instead of a fresh deal."""

    def __init__(self, app: Any, match: Match, *, hand_start: dict[str, Any] | None = None) -> None:
        super().__init__(app, match=match)
        self._resume_start = hand_start
        self._resuming = True

    def enter(self) -> None:
        Scene.enter(self)  # the UI; then the resumed hand instead of the table's own start
        self.start_hand()

    def start_hand(self) -> None:
        game = self.match.game
        if not self._resuming or game is None or (game.is_over and self.match.session.current is None):
            self._resuming = False
            super().start_hand()  # between hands: deal the next one
            return
        self._resuming = False
        # the table's own start of a hand, with the hand in play instead of a new deal
        away = set(getattr(self.match, "_computer_for_hand", ()))
        self.match.new_hand = lambda: opening_events(game)  # type: ignore[method-assign]
        try:
            super().start_hand()
        finally:
            del self.match.new_hand
        self.match._computer_for_hand = away
        if game.history or game.is_over:
            self.show_position(game)

    def show_position(self, game: Any) -> None:
        """Show the position as it stands (no deal animation) and carry on from it."""
        self.playback.queue.clear()
        self.tweens.finish_all()
        lay = self.layout
        self.counts = list(game.card_counts)
        self.hand.set_cards(game.hand(self.viewer))
        self.sprites.clear()
        self.flying.clear()
        for layer, (seat, cards) in enumerate(trick_layers(game, self._resume_start)):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                self.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h)
            self.trick.append((seat, cards))
            self.owner = seat
        for s in getattr(game, "passed", ()):
            self.badges[s] = pgettext("badge", "Pass")
        self.place_hand(animate=False)
        n = self.match.hand_number or len(self.match.results) + 1
        self.log.append((vocab.later(lambda: _("Hand {number} resumed where it stopped").format(number=i18n.current().number(n))), (235, 225, 180)))
        self.log.extend(recent_lines(game, self.match, 3))
        if game.is_over:
            self.playback.queue.append(HandEnded(game.winner, tuple(game.card_counts), tuple(game.points()), tuple(game.finish_order)))
        else:
            self.playback.queue.append(TurnStarted(game.to_act, game.leading))
        self.app.dirty = True


def _tell(app: Any, said: Message) -> None:
    from big2.persistence import Notice

    from . import storage

    st = storage.of(app)
    if st is not None:
        st.tell(Notice.of(said))


def open_payload(app: Any, payload: Any, *, from_slot: bool = False) -> bool:
    """Put the session a save payload holds on the table; False (and a notice) if not.

    ``from_slot``: a game loaded from Saved games, whose autosaves will replace the
    autosave's game, which is therefore kept in a slot first."""
    from big2.persistence.sessioncodec import game_id, load_payload

    from . import storage

    st = storage.of(app)
    try:
        resumed = load_payload(payload)
    except ValueError as exc:
        _tell(app, msg("The saved game could not be resumed ({reason}).", reason=str(exc)))
        return False
    s = resumed.session
    if s.current is None and s.is_over:
        _tell(app, msg("That session was already over."))
        return False
    match = match_from(resumed)
    for name, level in unknown_levels(resumed.app):
        _tell(app, msg("{name} was saved at a computer level this version does not know ({level}); "
                       "{name} plays at the {fallback} level instead.",
                       name=name, level=repr(level[:40]), fallback=msg_p("computer level", "normal")))
    sid = resumed.app.get("history_session")
    start = resumed.app.get("hand_start")
    start = start if isinstance(start, dict) else None
    if st is not None:
        if from_slot:
            st.keep_unfinished(unless=payload)
        st.adopt(match, session_id=sid if isinstance(sid, int) and not isinstance(sid, bool) else None, hand_start=start,
                 game_id=game_id(payload))
    scene = ResumedTableScene(app, match, hand_start=start)
    # the crash guard sets every copy aside when the table fails before moving on
    scene.resumed_moves = len(match.game.history) if match.game is not None else -1
    app.push(scene)
    return True


def continue_game(app: Any) -> bool:
    """The title's Continue: the autosaved session, exactly where it stopped."""
    from . import storage

    st = storage.of(app)
    if st is None:
        return False
    st.flush(timeout=3.0)  # the last move's autosave may still be on its way
    loaded = st.saves.load_autosave()
    for n in loaded.notices:
        st.tell(n)
    if loaded.value is None:
        if not loaded.notices:
            st.tell(_notice(msg("There is no saved game to continue.")))
        return False
    from .crashguard import marks_file

    # (which copy loaded: the autosave, or its previous copy standing in for it)
    used = st.saves.autosave_path if loaded.source == "main" else backup_path(st.saves.autosave_path)
    from big2.persistence.sessioncodec import game_id

    # opening it crashed: that file, and every copy of its game, is set aside
    with marks_file(used, game=game_id(loaded.value.payload)):
        return open_payload(app, loaded.value.payload)


def _notice(said: Message) -> Any:
    from big2.persistence import Notice

    return Notice.of(said)
