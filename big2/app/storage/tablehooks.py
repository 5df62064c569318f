"""The storage as a room's observer: the autosave after each move, the score history at
each hand's end.

:func:`watch` attaches a :class:`RoomWatch` to a room in this process (the table never
calls the storage: the room tells its observers of every change). Each hook is a no-op
when the app has no storage. The autosave and the history writes run on the storage's
writer thread.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Protocol

from big2.engine.messages import msg
from big2.persistence import Notice
from big2.persistence.handlog import hand_result, start_position
from big2.persistence.notices import Severity
from big2.persistence.sessioncodec import GAME_ID_KEY, preview_of, save_payload

from big2.app.storage.recorder import Recorder, keep_hand, session_for
from big2.app.storage.store import Storage, of

if TYPE_CHECKING:
    from big2.room.match import Match
    from big2.room.room import Room

log = logging.getLogger(__name__)


class SeatShown(Protocol):
    """The seat the screen shows at the bottom now: a link's ``seat`` (in hot-seat it
    moves from person to person)."""

    @property
    def seat(self) -> int: ...


class RoomWatch:
    """What the storage needs of a room in this process, and its observer hooks: the
    ``app``, the ``room`` it is given (its ``match``) and the ``viewer`` (the seat
    ``shown`` at the bottom)."""

    def __init__(self, app: Any, room: Room, shown: SeatShown) -> None:
        self.app = app
        self.room = room
        self.shown = shown

    @property
    def match(self) -> Match:
        return self.room.match

    @property
    def viewer(self) -> int:
        return self.shown.seat

    # the room's observer hooks
    def hand_started(self, room: Any) -> None:
        hand_started(self)

    def moved(self, room: Any) -> None:
        after_move(self)

    def hand_scored(self, room: Any, result: Any) -> None:
        hand_recorded(self)


def watch(app: Any, room: Room, shown: SeatShown) -> RoomWatch | None:
    """Keep the records of ``room``, with ``shown``'s seat at the bottom (a link to it);
    None when the app has no storage."""
    if of(app) is None:
        return None
    watcher = RoomWatch(app, room, shown)
    room.observers.append(watcher)
    return watcher


def match_data(table: Any) -> dict[str, Any]:
    """The app data a save carries besides the engine's session."""
    m = table.match
    c = m.config
    return {
        "seats": [[s.name, bool(s.human), s.level] for s in c.seats],
        "hands": c.hands,
        "target": c.target,
        "seed": c.seed,
        "scoring": c.scoring,
        "viewer": table.viewer,
        "computer_for_hand": sorted(getattr(m, "_computer_for_hand", ())),
        "undo_hot_seat": bool(c.undo_hot_seat),
        "assisted": bool(m.assisted),
        "results": [
            {"hands_left": [list(h) for h in r.hands_left], "multipliers": list(r.multipliers), "notes": list(r.notes),
             "assisted": bool(r.assisted)}
            for r in m.results
        ],
    }


def payload_of(table: Any, rec: Recorder | None) -> dict[str, Any]:
    """The save payload of the table's session (engine state, generators, app data)."""
    m = table.match
    data = match_data(table)
    data["hand_start"] = rec.hand_start if rec else None
    if rec is not None:
        data[GAME_ID_KEY] = rec.game_id
    data["history_session"] = rec.session_id.result() if rec and rec.session_id.done() else None
    daily = next((o.daily for o in getattr(table.room, "observers", ()) if hasattr(o, "daily")), None)
    if daily is not None:  # a daily deal: Continue keeps it one (big2.app.daily.resume)
        data["daily"] = {"day": daily.day.isoformat(), "practice": bool(daily.practice), "late": bool(daily.late)}
    rngs = {f"seat-{i}": r for i, r in enumerate(m.ai_rngs)}
    return save_payload(m.session, rngs=rngs, app=data)


def _autosave(st: Storage, table: Any, rec: Recorder) -> None:
    try:
        payload = payload_of(table, rec)
    except ValueError as exc:  # state this version cannot store: say so once
        log.warning("autosave skipped: %s", exc)
        st.tell(Notice.of(msg("This game cannot be saved ({reason}); it will not be there to continue.",
                              reason=str(exc)), Severity.ERROR))
        return
    st.autosave(payload, preview_of(table.match.session), rec)


def _note_start(rec: Recorder, game: Any) -> None:
    """Keep the hand's start once the deal (and any exchange) is done, before any move."""
    if rec.hand_start is None and game is not None and game.exchange is None and not game.history:
        rec.hand_start = start_position(game)
        rec.hand_started_at = datetime.now(timezone.utc)
        rec.hand_clock = time.monotonic()


def hand_started(table: Any) -> None:
    """The table dealt a hand: note its start position and autosave."""
    st = of(table.app)
    if st is None:
        return
    rec = st.recorder(table.match)
    game = table.match.game
    if game is not None and (game.history or game.is_over):
        return  # a resumed hand: its start is known already
    rec.hand_start = None
    _note_start(rec, game)
    _autosave(st, table, rec)


def after_move(table: Any) -> None:
    """A move was made at the table: autosave (on the writer thread).

    The finished hand is not saved here: the save after :func:`hand_recorded` holds it.
    """
    st = of(table.app)
    if st is None:
        return
    game = table.match.game
    rec = st.recorder(table.match)
    _note_start(rec, game)
    if game is not None and game.is_over:
        return
    _autosave(st, table, rec)


def hand_recorded(table: Any) -> None:
    """The match scored a finished hand: store it in the history and autosave; at the
    end of the session close it in the history and forget the autosave."""
    st = of(table.app)
    if st is None:
        return
    m = table.match
    session = m.session
    rec = st.recorder(m)
    game = session.last_game
    if game is not None and session.records:
        start = rec.hand_start or start_position(game)  # no start: keep the result at least
        result = hand_result(
            game, session.records[-1], start=start, started_at=rec.hand_started_at,
            duration_s=max(0.0, time.monotonic() - rec.hand_clock) if rec.hand_clock else 0.0,
            ended_how="finished", assisted=bool(m.results and m.results[-1].assisted),
            by_computer=m.results[-1].by_computer if m.results else (),
        )
        st.submit(lambda: _record(st, rec, result))
    rec.hand_start = None
    if m.session_over:
        rec.ended = True
        st.submit(lambda: _end(st, rec))
        st.clear_autosave()
    else:
        _autosave(st, table, rec)


def _record(st: Storage, rec: Recorder, result: Any) -> None:
    keep_hand(st, rec, result)


def _end(st: Storage, rec: Recorder) -> None:
    history, sid = session_for(st, rec)
    if sid is not None and history is not None:
        history.end_session(sid)
