"""What the storage keeps about one match: its score-history session and its hand's start.

A :class:`Recorder` is made by :meth:`~big2.app.storage.Storage.recorder` when a match
first autosaves or records a hand (or by :meth:`~big2.app.storage.Storage.adopt` for a
resumed one). :func:`session_for` finds the match's session in the history on the writer
thread, starting it again if the history was reset or replaced meanwhile;
:func:`keep_hand` records a finished hand there and lets the achievements judge it
(:mod:`.achievementhooks`).
"""

from __future__ import annotations

import dataclasses
import logging
from concurrent.futures import Future
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from big2.persistence import History, Seat
from big2.persistence.sessioncodec import new_game_id

from big2.app.storage.achievementhooks import after_hand

if TYPE_CHECKING:
    from big2.room.match import Match


class HistorySource(Protocol):
    """What :func:`session_for` needs of the :class:`~big2.app.storage.store.Storage`
    (which imports this module): the score history, when it can be written."""

    def writable_history(self) -> History | None: ...

    def tell(self, notice: Any) -> None: ...

    def submit(self, fn: Any) -> None: ...


log = logging.getLogger(__name__)


@dataclasses.dataclass
class Recorder:
    """What the storage keeps about one match: its history session and the hand's start."""

    session_id: Future[int | None]
    hand_start: dict[str, Any] | None = None
    #: Who sits where and the rules, to start the history session again when the
    #: history was reset or replaced while the game was kept.
    seats: tuple[Any, ...] = ()
    rules_preset: str = ""
    rules_data: dict[str, Any] = dataclasses.field(default_factory=dict)
    hand_started_at: datetime | None = None
    hand_clock: float = 0.0
    ended: bool = False
    #: The match is played at a room on a server (its history session says so).
    online: bool = False
    #: The game's id, kept in every save of it (see sessioncodec.game_id): a resumed
    #: game keeps the id its save holds, so the crash guard finds all its copies.
    game_id: str = dataclasses.field(default_factory=new_game_id)


def describe(rec: Recorder, match: Match) -> None:
    from big2.persistence.gamecodec import rules_to_dict

    rec.seats = tuple(
        Seat(s.name, True) if s.human else Seat(s.name, False, s.level) for s in match.config.seats
    )
    rec.rules_preset = match.session.rules.name
    rec.rules_data = rules_to_dict(match.session.rules)


def session_for(st: HistorySource, rec: Recorder) -> tuple[History | None, int | None]:
    """The history and the match's session in it (writer thread). A history reset or
    replaced since the game began lacks that session (or holds another game's under the
    same number): the session is started again, and the game's saves follow it."""
    history = st.writable_history()
    sid = session_id(rec)
    if history is None:
        return None, sid
    if sid is not None and (not rec.seats or history.has_session(sid, rec.seats)):
        return history, sid
    if not rec.seats:
        return history, None
    sid = history.start_session(rec.seats, rules_preset=rec.rules_preset, rules=rec.rules_data, online=rec.online)
    fut: Future[int | None] = Future()
    fut.set_result(sid)
    rec.session_id = fut
    log.info("history session started again as %s", sid)
    return history, sid


def session_id(rec: Recorder) -> int | None:
    try:
        return rec.session_id.result(timeout=10)
    except Exception:
        return None


def keep_hand(st: HistorySource, rec: Recorder, result: Any) -> int | None:
    """Record the finished hand ``result`` in ``rec``'s history session (writer thread),
    then earn the achievements it earns; the hand's id (None when there is no history)."""
    history, sid = session_for(st, rec)
    if sid is None or history is None:
        return None
    hand_id = history.record_hand(sid, result)
    after_hand(st, history, hand_id)  # type: ignore[arg-type]
    return hand_id
