"""The daily deal in the app: starting its table, keeping its result, the duplicate.

:func:`play` opens a date's daily table (:func:`big2.room.daily.daily_config`, the
player's name in the first seat) over a room in this process, with a
:class:`DailyWatch` among the room's observers. When the hand is scored the watch
records the player's :class:`~big2.engine.course.HandCourse` — the first play of a date
only; a later one is practice and is not kept; marked when the computer played any of
the player's cards, so it counts for no streak and no achievement — and starts the
duplicate: the Expert in
the player's seat plays the same deal (:func:`big2.room.duplicate.play_duplicate`) in
the background while the results show (:func:`expert_result`). The table opens the
scene ``"daily_result"`` instead of the usual results (``table.results_scene``).

The duplicate runs in a worker *process* of its own (spawned, lower priority, a daemon
that dies with the app), or in a thread when ``app.ai_in_process`` is False (tests).
Its result for a date does not depend on the player's moves, so one run a date serves
every play of it (kept in :data:`_runs` for this run of the app, and in the daily file).

The records go through the storage's writer thread into ``daily.json``
(:class:`~big2.persistence.daily.DailyStore`); :func:`book` is the last book read or
written (the screens read it; a damaged file is set aside and the player told by the
storage's notices). Without storage (most tests) a book lives in memory only.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any

from big2 import i18n
from big2.engine.course import HandCourse, hand_course, trick_symbols
from big2.engine.dailynumber import daily_deal_number
from big2.engine.dealnumber import format_deal_number
from big2.i18n import _
from big2.persistence.daily import DailyBook, DailyRecord, DailyStore, late_for
from big2.room.daily import daily_config
from big2.room.duplicate import DUPLICATE_EXPERT, play_duplicate

log = logging.getLogger(__name__)

#: The Expert's options in the duplicate (tests make it quicker).
EXPERT_OPTIONS: dict[str, Any] = dict(DUPLICATE_EXPERT)
#: The duplicate's future by date, for this run of the app.
_runs: dict[date, Future[HandCourse]] = {}
#: The book without storage (tests, the self-test): kept in memory.
_memory_book: dict[int, DailyBook] = {}


def today() -> date:
    """Today on the player's calendar (local time): the date whose deal is "today's"."""
    return date.today()


@dataclass
class DailyPlay:
    """One play of a date's daily deal at a table: which date, whether it is kept
    (``practice`` False: the first play) and whether it is late."""

    day: date
    practice: bool
    late: bool
    #: The player's hand once scored.
    course: HandCourse | None = None
    #: Once scored: the computer played some of the player's cards (Let the computer
    #: play my hand): kept and marked, but no streak (:attr:`DailyRecord.by_computer`).
    by_computer: bool = False


# The book ---------------------------------------------------------------------------------


def book(app: Any) -> DailyBook:
    """The daily results as last read or written (read from the file at first use)."""
    st = _storage(app)
    if st is None:
        return _memory_book.get(id(app), DailyBook())
    found = getattr(st, "daily_book", None)
    if found is None:
        loaded = _store(st).load()
        for notice in loaded.notices:
            st.tell(notice)
        found = st.daily_book = loaded.value
    return found


def _storage(app: Any) -> Any:
    from .storage.store import of

    return of(app)


def _store(st: Any) -> DailyStore:
    return DailyStore(st.paths)


def _keep(app: Any, record: DailyRecord | None = None, expert: tuple[date, HandCourse] | None = None) -> None:
    """Put a first play, or the Expert's result of a date, into the book now and into
    the file on the writer thread."""
    current = book(app)
    if record is not None and current.get(record.day) is None:
        current = current.with_record(record)
    if expert is not None:
        rec = current.get(expert[0])
        if rec is not None and rec.expert is None:
            from dataclasses import replace

            current = current.with_record(replace(rec, expert=expert[1]))
    st = _storage(app)
    if st is None:
        _memory_book[id(app)] = current
        return
    st.daily_book = current

    def write() -> None:
        store = _store(st)
        loaded = store.record(record) if record is not None else store.add_expert(*expert)  # type: ignore[misc]
        for notice in loaded.notices:
            st.tell(notice)

    st.submit(write)
    from . import achievements

    achievements.after_daily(app)  # a result above the Expert's, a week's streak


# Playing ---------------------------------------------------------------------------------


def plan(app: Any, day: date) -> DailyPlay:
    """How a play of ``day`` would count now: practice when it was played before, late
    when ``day`` is past."""
    return DailyPlay(day, practice=book(app).get(day) is not None, late=late_for(day, today()))


def play(app: Any, day: date) -> Any:
    """Open the table of ``day``'s daily deal over the top screen; returns the table."""
    from . import rooms
    from .storage.choices import player_name

    config = daily_config(day, player_name(app) or "You")
    link = rooms.local_link(app, config)
    daily = plan(app, day)
    link.room.observers.append(DailyWatch(app, daily))
    table = app.push("table", link)
    table.results_scene = "daily_result"
    table.daily = daily
    return table


def resume(app: Any, table: Any, saved: Any) -> bool:
    """A daily deal's table put back by Continue: it is that date's play again (kept or
    practice, late or not, as it was), its result kept and the duplicate shown at the
    hand's end. ``saved`` is what the autosave carried (``{"day", "practice", "late"}``,
    read here with care: a damaged value makes it an ordinary hand); False then."""
    if not isinstance(saved, dict):
        return False
    try:
        day = date.fromisoformat(str(saved.get("day"))[:10])
    except ValueError:
        return False
    practice, late = saved.get("practice"), saved.get("late")
    if not isinstance(practice, bool) or not isinstance(late, bool):
        return False
    room = getattr(getattr(table, "link", None), "room", None)
    if room is None:
        return False
    daily = DailyPlay(day, practice=practice, late=late)
    room.observers.append(DailyWatch(app, daily))
    table.results_scene = "daily_result"
    table.daily = daily
    return True


class DailyWatch:
    """A daily room's observer: at the hand's end, keep the player's result (a first
    play; marked when the computer played for the player at any point of the hand —
    the room's ``by_computer`` seats, which a table put back by Continue keeps) and start
    the Expert's duplicate."""

    def __init__(self, app: Any, daily: DailyPlay) -> None:
        self.app = app
        self.daily = daily

    def hand_scored(self, room: Any, result: Any) -> None:
        course = hand_course(room.log, 0, points=tuple(result.points))
        self.daily.course = course
        self.daily.by_computer = 0 in tuple(getattr(result, "by_computer", ()) or ())
        if not self.daily.practice:
            names = tuple(room.match.names)
            # (the date's number: a table put back by Continue has no deal in its set-up)
            _keep(self.app, DailyRecord(self.daily.day, daily_deal_number(self.daily.day), datetime.now(timezone.utc),
                                        self.daily.late, names, course, by_computer=self.daily.by_computer))
        expert_result(self.app, self.daily.day)


# The duplicate -----------------------------------------------------------------------------


def expert_result(app: Any, day: date) -> Future[HandCourse]:
    """The Expert's duplicate of ``day``: from the book when known, else played out in
    the background (once a date per run of the app). When it is done it is kept in
    ``day``'s record (if the day was played) and the window is woken."""
    known = book(app).get(day)
    if known is not None and known.expert is not None:
        done: Future[HandCourse] = Future()
        done.set_result(known.expert)
        return done
    fut = _runs.get(day)
    if fut is not None and not (fut.done() and fut.exception() is not None):
        return fut
    fut = _runs[day] = _start(daily_config(day), processes=bool(getattr(app, "ai_in_process", True)))

    def finished(f: Future[HandCourse]) -> None:
        if f.cancelled() or f.exception() is not None:
            log.warning("the daily duplicate of %s failed: %r", day, None if f.cancelled() else f.exception())
        else:
            _keep(app, expert=(day, f.result()))
        app.post_wake()

    fut.add_done_callback(finished)
    return fut


def _start(config: Any, *, processes: bool) -> Future[HandCourse]:
    """Play ``config``'s duplicate in a daemon worker process (or thread)."""
    fut: Future[HandCourse] = Future()
    fut.set_running_or_notify_cancel()
    options = {"expert": dict(EXPERT_OPTIONS)}
    if processes:
        try:
            ctx = multiprocessing.get_context("spawn")
            here, there = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_in_process, args=(config, options, there), daemon=True,
                               name="big2-daily-duplicate")
            proc.start()
            there.close()
        except (OSError, ValueError, RuntimeError) as exc:  # pragma: no cover - no processes here
            log.warning("no worker process for the duplicate (%s): a thread plays it", exc)
        else:
            threading.Thread(target=_wait_for, args=(here, proc, fut), daemon=True,
                             name="big2-daily-wait").start()
            return fut

    def run() -> None:
        try:
            fut.set_result(play_duplicate(config, options=options))
        except Exception as exc:  # noqa: BLE001 - the screen says the Expert's result is missing
            fut.set_exception(exc)

    threading.Thread(target=run, daemon=True, name="big2-daily-duplicate").start()
    return fut


def _in_process(config: Any, options: Any, conn: Any) -> None:
    """In the worker process: play the duplicate, send ``("ok", course)`` or
    ``("error", text)`` back."""
    try:
        import os

        os.nice(10)  # never take a core from drawing the window
    except (AttributeError, OSError):  # pragma: no cover
        pass
    try:
        conn.send(("ok", play_duplicate(config, options=options)))
    except Exception as exc:  # noqa: BLE001
        conn.send(("error", repr(exc)))
    finally:
        conn.close()


def _wait_for(conn: Any, proc: Any, fut: Future[HandCourse]) -> None:
    try:
        kind, value = conn.recv()
    except (EOFError, OSError) as exc:
        fut.set_exception(RuntimeError(f"the duplicate's worker stopped: {exc!r}"))
    else:
        if kind == "ok":
            fut.set_result(value)
        else:
            fut.set_exception(RuntimeError(value))
    finally:
        conn.close()
        proc.join(timeout=5)


# Sharing ---------------------------------------------------------------------------------


def share_text(day: date, mine: HandCourse, expert: HandCourse | None) -> str:
    """The few lines *Copy share text* puts on the clipboard: the deal number after a
    ``#`` first (so ``big2 --deal`` and New game's Play a deal read it even cut short),
    the date, the player's points against the Expert's, and one symbol a trick
    (:func:`~big2.engine.course.trick_symbols`, ★ for going out first). No card is named."""
    tr = i18n.current()
    head = "#" + format_deal_number(int(daily_config(day).deal or 0)) + " · " + _(
        "Big Two daily deal {date}").format(date=day.isoformat())
    if expert is None:
        score = _("Me {mine}").format(mine=tr.signed(mine.my_points))
    else:
        score = _("Me {mine} · Expert {expert}").format(mine=tr.signed(mine.my_points),
                                                       expert=tr.signed(expert.my_points))
    course = trick_symbols(mine) + (" ★" if mine.winner == mine.seat else "")
    return "\n".join((head, score, course))
