"""The app's side of big2.persistence: one object owning settings, saves and history.

:class:`Storage` is made once at start-up (:meth:`Storage.open`) and hung on the app
(:func:`attach`). Everything slow — the autosave after every move (an fsync costs
~10 ms), history writes, statistics queries — runs on one background *writer* thread,
in the order it was asked for, so the render loop never blocks on the disk. The score
history's SQLite connection lives on that thread (sqlite3 objects belong to the thread
that opened them); the statistics screen asks for its data with :meth:`Storage.call`
and gets a :class:`~concurrent.futures.Future`.

Sentences for the player (a damaged file set aside, a write that failed) are collected
in :attr:`Storage.notices`; the banner in :mod:`big2.app.toast` shows them. The same
banner host watches the in-app settings and the window size and saves them when they
change, so no screen has to remember to.

The other screens call in through one-line hooks, each a no-op when the app has no
storage (most tests, the self-test): the table through :func:`hand_started`,
:func:`after_move` (autosave) and :func:`hand_recorded` (score history; at the session's
end the autosave goes); the title through :func:`can_continue`, :func:`continue_hint`
and :func:`title_event` (Continue, Saved games, Statistics); New game through
:func:`new_game_defaults` and :func:`remember_new_game`; Settings through
:func:`game_defaults` and :func:`set_game_defaults`. Putting a save back on the
table is :mod:`big2.app.resume`.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from big2.persistence import AppPaths, History, Notice, SaveStore, Seat, Settings, SettingsStore, StorageError
from big2.engine.messages import msg
from big2.persistence.handlog import hand_result, start_position
from big2.persistence.logs import start_file_logging
from big2.persistence.notices import Severity
from big2.persistence.envelope import SLOT_NAME_MAX_CHARS
from big2.persistence.sessioncodec import check_payload, preview_of, save_payload

from .. import i18n
from ..i18n import _, ngettext, verbatim
from . import vocab
from .settings import AppSettings, from_mapping

if TYPE_CHECKING:
    from .app import App
    from .match import Match
    from .scenes.table import TableScene

log = logging.getLogger(__name__)

#: AppSettings field -> persistence Settings field, where the names differ.
_TO_STORED = {"animation": "animation_speed", "pace": "computer_pace", "four_colour": "four_colour_deck"}
_STOP = object()
#: Seconds during which the same notice is not shown twice.
REPEAT_SECONDS = 120.0


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


class Storage:
    """Settings, saves and history for one run of the app; see the module notes."""

    def __init__(self, paths: AppPaths, *, settings: Settings, notices: tuple[Notice, ...] = ()) -> None:
        self.paths = paths
        self.settings_store = SettingsStore(paths)
        self.saves = SaveStore(paths, validate_payload=check_payload)
        #: The settings as last saved (persistence field names).
        self.settings = settings
        #: Sentences waiting to be shown; appended from any thread.
        self.notices: deque[Notice] = deque(notices)
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._autosave_seq = 0
        self._lock = threading.Lock()
        self._recorders: WeakKeyDictionary[Match, Recorder] = WeakKeyDictionary()
        self._told: dict[str, float] = {}
        self.history: History | None = None  # touched by the writer thread only
        self._history_on_disk = False
        self.history_ready = threading.Event()
        self.on_notice: Callable[[], None] | None = None
        #: The autosave the title's Continue offers (read when the title is built).
        self.continue_from: Any = None
        #: In-app settings given for this run only (``--animation off``): not saved
        #: unless the player changes them.
        self.overrides: dict[str, Any] = {}
        #: Seconds the writer spent on each autosave (the benchmark reads it).
        self.autosave_times: list[float] = []
        self._thread = threading.Thread(target=self._run, name="big2-storage", daemon=True)
        self._thread.start()

    @classmethod
    def open(cls, paths: AppPaths | None = None) -> Storage:
        """Start-up: paths (``BIG2_HOME`` or the platform's), the log file, the
        settings (never raises) and the writer thread, which opens the history."""
        paths = paths or AppPaths.from_environment()
        start_file_logging(paths)
        loaded = SettingsStore(paths).load()
        return cls(paths, settings=loaded.value, notices=loaded.notices)

    # The writer thread ---------------------------------------------------------------------

    def _open_history(self) -> None:
        """Open the history file (writer thread); a failure becomes a notice."""
        old = self.history
        try:
            opened = History.open(self.paths.history_db)
            self.history = opened.value
            self._history_on_disk = opened.value.persistent
            for n in opened.notices:
                self.tell(n)
        except Exception as exc:  # History.open never raises; be safe anyway
            log.exception("score history")
            self.tell(Notice.of(msg("The score history could not be opened ({reason}).", reason=str(exc)), Severity.ERROR))
            self._history_on_disk = True  # do not try again on every hand
        if old is not None and old is not self.history:
            old.close()

    def writable_history(self) -> History | None:
        """The history to record into (writer thread): the file is made now, when
        something worth keeping is first recorded, not when the app starts."""
        if not self._history_on_disk:
            self._open_history()
        return self.history

    def _run(self) -> None:
        try:
            if self.paths.history_db.exists():
                self._open_history()
            else:  # a fresh home: nothing is written until a game is recorded
                self.history = History.in_memory()
        except Exception as exc:
            log.exception("score history")
            self.tell(Notice.of(msg("The score history could not be opened ({reason}).", reason=str(exc)), Severity.ERROR))
        finally:
            self.history_ready.set()
        while True:
            job = self._jobs.get()
            if job is _STOP:
                break
            fn, fut = job
            if fut is not None and not fut.set_running_or_notify_cancel():
                continue
            try:
                value = fn()
            except Exception as exc:
                if fut is not None:
                    fut.set_exception(exc)
                else:
                    self._report(exc)
            else:
                if fut is not None:
                    fut.set_result(value)
        if self.history is not None:
            self.history.close()

    def _report(self, exc: Exception) -> None:
        if isinstance(exc, StorageError):
            self.tell(Notice(str(exc), Severity.ERROR, exc.message))
        else:
            log.exception("storage job failed", exc_info=exc)
            self.tell(Notice.of(msg("Something could not be saved ({reason}).", reason=str(exc)), Severity.ERROR))

    def tell(self, notice: Notice) -> None:
        """Queue a sentence for the window (any thread). The same sentence again within
        :data:`REPEAT_SECONDS` is only logged (a full disk fails every autosave)."""
        now = time.monotonic()
        with self._lock:
            last = self._told.get(notice.text)
            self._told[notice.text] = now
        if last is not None and now - last < REPEAT_SECONDS:
            log.info("again: %s", notice.text)
            return
        self.notices.append(notice)
        cb = self.on_notice
        if cb is not None:
            cb()

    def submit(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` on the writer thread; a failure becomes a notice."""
        self._jobs.put((fn, None))

    def call(self, fn: Callable[[History], Any], *, write: bool = False) -> Future[Any]:
        """Run ``fn(history)`` on the writer thread, after every write asked for before.
        ``write``: ``fn`` records something, so the history file is made if need be."""
        fut: Future[Any] = Future()

        def job() -> Any:
            if write or (not self._history_on_disk and self.paths.history_db.exists()):
                history = self.writable_history()  # (made meanwhile by another copy of the app)
            else:
                history = self.history
            if history is None:
                raise StorageError("The score history is not available.")
            return fn(history)

        self._jobs.put((job, fut))
        return fut

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job asked for so far is done."""
        fut: Future[None] = Future()
        self._jobs.put((lambda: None, fut))
        try:
            fut.result(timeout)
            return True
        except Exception:
            return False

    def close(self, timeout: float = 10.0) -> None:
        """Finish the writes still queued (the last autosave above all), then stop."""
        if self._thread.is_alive():
            self._jobs.put(_STOP)
            self._thread.join(timeout)

    # Settings ------------------------------------------------------------------------------

    def app_settings(self) -> AppSettings:
        """The in-app settings object from the stored settings."""
        s = self.settings
        data = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
        for mine, theirs in _TO_STORED.items():
            data[mine] = data.pop(theirs)
        return from_mapping(data)

    def stored_from(self, app_settings: AppSettings, **more: Any) -> Settings:
        """The stored settings with the in-app values (and ``more``) put in."""
        values: dict[str, Any] = {}
        own = {f.name for f in dataclasses.fields(Settings)}
        for f in dataclasses.fields(app_settings):
            name = _TO_STORED.get(f.name, f.name)
            value = getattr(app_settings, f.name)
            if f.name in self.overrides and self.overrides[f.name] == value:
                continue  # a command-line choice for this run only
            if name in own:
                values[name] = value
        values.update(more)
        return dataclasses.replace(self.settings, **values)

    def save_settings(self, settings: Settings) -> None:
        """Keep ``settings`` and write them on the writer thread."""
        if settings == self.settings:
            return
        self.settings = settings
        self.submit(lambda: self.settings_store.save(settings))

    def remember_window(self, app: App) -> None:
        """Save the in-app settings, window size and fullscreen if they changed."""
        more: dict[str, Any] = {"fullscreen": bool(getattr(app, "fullscreen", False))}
        w, h = getattr(app, "_windowed_size", app.size) if more["fullscreen"] else app.size
        if 800 <= w <= 7680 and 600 <= h <= 4320:
            more["window_width"], more["window_height"] = int(w), int(h)
        try:
            self.save_settings(self.stored_from(app.settings, **more))
        except ValueError as exc:  # a value the stored settings refuse: keep the old ones
            log.warning("settings not saved: %s", exc)

    # Autosave and Continue -----------------------------------------------------------------

    def has_autosave(self) -> bool:
        return self.saves.has_autosave()

    def autosave(self, payload: dict[str, Any], preview: Any, recorder: Recorder | None) -> None:
        """Write ``payload`` as the autosave on the writer thread; a newer one queued
        later makes this one unnecessary and it is skipped."""
        with self._lock:
            self._autosave_seq += 1
            seq = self._autosave_seq

        def job() -> None:
            if seq != self._autosave_seq:
                return  # a newer autosave is queued
            if recorder is not None:
                payload["app"]["history_session"] = _sid(recorder)
            t0 = time.perf_counter()
            self.saves.autosave(payload, preview)
            self.autosave_times.append(time.perf_counter() - t0)

        self.submit(job)

    def keep_unfinished(self, *, unless: dict[str, Any] | None = None) -> None:
        """Another game is about to replace the autosave's: keep that one in a save slot
        first (on the writer thread) — unless it is the game of payload ``unless``."""
        self.submit(lambda: self._keep_unfinished(unless))

    def _keep_unfinished(self, unless: dict[str, Any] | None = None) -> None:
        if not self.saves.has_autosave():
            return
        loaded = self.saves.load_autosave()
        saved = loaded.value
        if saved is None or (unless is not None and saved.payload.get("session") == unless.get("session")):
            return
        stamp = saved.saved_at.astimezone()
        # a slot name (at most SLOT_NAME_MAX_CHARS, with room for " (2)"): the date and time
        # the language's way, or the date alone where that would not fit
        base = _("Unfinished, {when}").format(when=i18n.current().datetime(stamp))
        if len(base) > SLOT_NAME_MAX_CHARS - 5:
            base = _("Unfinished, {when}").format(when=i18n.current().date(stamp.date()))
        taken = {info.name for info in self.saves.list_slots()}
        name, n = base, 2
        while name in taken or self.saves.slot_path(name).exists():  # two in the same minute
            name, n = f"{base} ({n})", n + 1
        self.saves.save_slot(name, saved.payload, saved.preview)
        self.tell(Notice.of(msg("Your unfinished game was kept in Saved games as “{name}”.", name=name), Severity.INFO))

    def clear_autosave(self) -> None:
        with self._lock:
            self._autosave_seq += 1
        self.submit(self.saves.clear_autosave)

    # Matches and the score history ---------------------------------------------------------

    def recorder(self, match: Match, *, keep_unfinished: bool = True) -> Recorder:
        """The history session of ``match``, started on first use (when the match is new,
        an unfinished game in the autosave is kept in a save slot first)."""
        rec = self._recorders.get(match)
        if rec is None:
            seats = [
                Seat(s.name, True) if s.human else Seat(s.name, False, s.level)
                for s in match.config.seats
            ]
            rules = match.session.rules
            from big2.persistence.gamecodec import rules_to_dict

            rule_data = rules_to_dict(rules)
            if keep_unfinished:  # before this game's first autosave replaces it
                self.submit(self._keep_unfinished)
            rec = Recorder(self.call(lambda h: h.start_session(seats, rules_preset=rules.name, rules=rule_data),
                                     write=True))
            _describe(rec, match)
            self._recorders[match] = rec
        return rec

    def adopt(self, match: Match, *, session_id: int | None, hand_start: dict[str, Any] | None) -> Recorder:
        """Link a resumed ``match`` to its history session (from the save); without
        one (the history was not available then) a new history session is started."""
        if session_id is None:
            rec = self.recorder(match, keep_unfinished=False)
        else:
            fut: Future[int | None] = Future()
            fut.set_result(session_id)
            rec = self._recorders[match] = Recorder(fut)
            _describe(rec, match)
        rec.hand_start = hand_start
        rec.hand_started_at = datetime.now(timezone.utc)
        rec.hand_clock = time.monotonic()
        return rec


def _describe(rec: Recorder, match: Match) -> None:
    from big2.persistence.gamecodec import rules_to_dict

    rec.seats = tuple(
        Seat(s.name, True) if s.human else Seat(s.name, False, s.level) for s in match.config.seats
    )
    rec.rules_preset = match.session.rules.name
    rec.rules_data = rules_to_dict(match.session.rules)


def _session_for(st: Storage, rec: Recorder) -> tuple[History | None, int | None]:
    """The history and the match's session in it (writer thread). A history reset or
    replaced since the game began lacks that session (or holds another game's under the
    same number): the session is started again, and the game's saves follow it."""
    history = st.writable_history()
    sid = _sid(rec)
    if history is None:
        return None, sid
    if sid is not None and (not rec.seats or history.has_session(sid, rec.seats)):
        return history, sid
    if not rec.seats:
        return history, None
    sid = history.start_session(rec.seats, rules_preset=rec.rules_preset, rules=rec.rules_data)
    fut: Future[int | None] = Future()
    fut.set_result(sid)
    rec.session_id = fut
    log.info("history session started again as %s", sid)
    return history, sid


def _sid(rec: Recorder) -> int | None:
    try:
        return rec.session_id.result(timeout=10)
    except Exception:
        return None


# The app's hooks -------------------------------------------------------------------------


def attach(app: App, storage: Storage) -> None:
    """Hang ``storage`` on ``app`` and start showing its notices in the window."""
    from .toast import NoticeHost

    app.storage = storage  # type: ignore[attr-defined]
    stored = storage.app_settings()
    storage.overrides = {
        f.name: getattr(app.settings, f.name)
        for f in dataclasses.fields(app.settings)
        if getattr(app.settings, f.name) != getattr(stored, f.name)
    }
    NoticeHost(app, storage)


def of(app: App) -> Storage | None:
    """The app's storage, or None (tests and the self-test run without one)."""
    return getattr(app, "storage", None)


def match_data(table: TableScene) -> dict[str, Any]:
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


def payload_of(table: TableScene, rec: Recorder | None) -> dict[str, Any]:
    """The save payload of the table's session (engine state, generators, app data)."""
    m = table.match
    data = match_data(table)
    data["hand_start"] = rec.hand_start if rec else None
    data["history_session"] = rec.session_id.result() if rec and rec.session_id.done() else None
    rngs = {f"seat-{i}": r for i, r in enumerate(m.ai_rngs)}
    return save_payload(m.session, rngs=rngs, app=data)


def _autosave(st: Storage, table: TableScene, rec: Recorder) -> None:
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


def hand_started(table: TableScene) -> None:
    """The table dealt a hand: note its start position and autosave."""
    st = of(table.app)
    if st is None or getattr(table, "practice", False):  # How to play keeps nothing
        return
    rec = st.recorder(table.match)
    game = table.match.game
    if game is not None and (game.history or game.is_over):
        return  # a resumed hand: its start is known already
    rec.hand_start = None
    _note_start(rec, game)
    _autosave(st, table, rec)


def after_move(table: TableScene) -> None:
    """A move was made at the table: autosave (on the writer thread).

    The finished hand is not saved here: the save after :func:`hand_recorded` holds it.
    """
    st = of(table.app)
    if st is None or getattr(table, "practice", False):  # How to play keeps nothing
        return
    game = table.match.game
    rec = st.recorder(table.match)
    _note_start(rec, game)
    if game is not None and game.is_over:
        return
    _autosave(st, table, rec)


def hand_recorded(table: TableScene) -> None:
    """The match scored a finished hand: store it in the history and autosave; at the
    end of the session close it in the history and forget the autosave."""
    st = of(table.app)
    if st is None or getattr(table, "practice", False):  # How to play keeps nothing
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
    history, sid = _session_for(st, rec)
    if sid is not None and history is not None:
        history.record_hand(sid, result)


def _end(st: Storage, rec: Recorder) -> None:
    history, sid = _session_for(st, rec)
    if sid is not None and history is not None:
        history.end_session(sid)


# The title screen's buttons ----------------------------------------------------------------


def can_continue(app: App) -> bool:
    """Whether the title should offer Continue: an autosave that loads (a damaged one is
    set aside here, and the player told, rather than after pressing Continue)."""
    st = of(app)
    if st is None:
        return False
    st.flush(timeout=2.0)  # a session that just ended may still be clearing its autosave
    st.continue_from = None
    if not st.has_autosave():
        return False
    loaded = st.saves.load_autosave()
    for n in loaded.notices:
        st.tell(n)
    st.continue_from = loaded.value
    return loaded.value is not None


def continue_hint(app: App) -> str:
    """The Continue button's tooltip: which game it goes back to."""
    st = of(app)
    saved = getattr(st, "continue_from", None)
    if saved is None:
        return _("Carry on with the game you left")
    p = saved.preview
    tr = i18n.current()
    scores = ", ".join(f"{verbatim(n)} {tr.signed(s)}" for n, s in zip(p.players, p.scores))
    when = tr.datetime(saved.saved_at.astimezone())
    hand = _("hand {number}").format(number=tr.number(p.hand_number)) if p.hand_number else _("between hands")
    return _("Carry on: {rules} rules, {hand} ({scores}); saved {when}").format(
        rules=vocab.preset_title(p.preset), hand=hand, scores=scores, when=when)


def title_event(title: Any, event: Any) -> bool:
    """The title's Continue, Saved games and Statistics buttons."""
    app = title.app
    if getattr(title, "b_continue", None) is not None and title.pressed(event, title.b_continue):
        from .resume import continue_game

        if not continue_game(app):
            title.build()  # the save is gone or damaged: no Continue any more
        return True
    if getattr(title, "b_saves", None) is not None and title.pressed(event, title.b_saves):
        app.push("saves")
        return True
    if getattr(title, "b_stats", None) is not None and title.pressed(event, title.b_stats):
        app.push("statistics")
        return True
    return False


# The New game form's defaults -----------------------------------------------------------------


def first_start(app: App) -> bool:
    """True on the first start of the game (the title then offers How to play).

    Asked once per run: the first answer is kept on the app, and the settings remember
    that the offer was made so later runs do not make it again.
    """
    known = getattr(app, "_first_start", None)
    if known is not None:
        return bool(known)
    st = of(app)
    first = st is not None and not st.settings.extra.get("tutorial_offered")
    if st is not None and first:
        st.save_settings(dataclasses.replace(st.settings, extra={**st.settings.extra, "tutorial_offered": True}))
    app._first_start = first  # type: ignore[attr-defined]
    return first


def new_game_defaults(scene: Any) -> None:
    """Start the New game form from the stored defaults: the player's name, rule preset
    with house rules and scoring, and the opponents' levels (the last game's choices)."""
    st = of(scene.app)
    if st is None:
        return
    s = st.settings
    try:
        from big2.persistence.tablerules import table_rules

        from .rulesform import presets, scoring_names

        info = next((p for p in presets().values() if p.name == s.rules_preset), None)
        if info is not None:
            scene.preset_name = info.title
            scene.rules = table_rules(s).rules if s.house_rules else info.rules
            scene.scoring = s.scoring if s.scoring in scoring_names() else info.scoring
        kinds = getattr(scene, "seat_kinds", None)
        if isinstance(kinds, list) and 1 <= len(s.opponents) <= len(kinds) - 1:
            from .opponents import seat_kinds

            known = seat_kinds()
            scene.n = 1 + len(s.opponents)
            for i, level in enumerate(s.opponents, start=1):
                kind = "Human" if level == "human" else f"Computer ({level})"
                kinds[i] = kind if kind in known else "Computer (normal)"
        if s.player_name != Settings().player_name:
            scene.seat_names[0] = s.player_name[:14]
    except Exception:  # the form works with its own defaults
        log.exception("new game defaults not applied")


def player_name(app: App) -> str | None:
    """The name the player gave (None without storage, or while it is still the stored
    default: the table then says "You", as New game does)."""
    st = of(app)
    if st is None or st.settings.player_name == Settings().player_name:
        return None
    return st.settings.player_name


def ask_before_new_game(app: App, start: Callable[[], None]) -> None:
    """Start a new game with ``start()`` — but while an unfinished game waits to be
    continued, ask once what becomes of it first: "Keep it in Saved games" (one slot)
    or "Discard"; Esc starts nothing. Either way the autosave is cleared, so the new
    game never adds a slot of its own and slots never pile up."""
    st = of(app)
    if st is None or not can_continue(app):
        start()
        return

    def keep() -> None:
        st.keep_unfinished()  # a slot and a notice, on the writer thread, then:
        st.clear_autosave()
        start()

    def discard() -> None:
        st.clear_autosave()
        start()

    app.push(
        "confirm", _("You have an unfinished game"), keep, yes=_("Keep it in Saved games"), no=_("Discard"),
        on_no=discard, danger=False, detail=_("A new game replaces it as the one Continue brings back."),
    )


def quick_game(app: App, *, seed: int | None = None) -> Any:
    """The title's "Play against the computer": the player's own choices from Settings —
    their name, rule preset (with house rules and scoring) and computer opponents at
    their levels (a seat set to Human there is a normal computer here) — four hands.
    Without storage, or if the settings cannot be used, the standard game."""
    from .match import MatchConfig, SeatConfig, default_seats, quick_config

    cfg = quick_config(player_name(app), seed=seed)
    st = of(app)
    if st is None:
        return cfg
    s = st.settings
    try:
        from big2.persistence.tablerules import table_rules

        from .opponents import levels
        from .rulesform import presets, scoring_names

        info = next((p for p in presets().values() if p.name == s.rules_preset), None)
        if info is None:
            return cfg
        rules = table_rules(s).rules if s.house_rules else info.rules
        scoring = s.scoring if s.scoring in scoring_names() else info.scoring
        seats = cfg.seats
        if 1 <= len(s.opponents) <= 3:
            names = default_seats(1 + len(s.opponents))
            known = levels()
            seats = (cfg.seats[0], *(
                SeatConfig(seat.name, human=False, level=level if level in known else "normal")
                for seat, level in zip(names[1:], s.opponents)
            ))
        if rules.cards_per_player * len(seats) > 52:
            seats = cfg.seats
        return MatchConfig(seats=seats, rules=rules, hands=cfg.hands, seed=seed, scoring=scoring)
    except Exception:  # the standard game rather than none
        log.exception("quick game settings not applied")
        return cfg


def quick_game_hint(app: App) -> str:
    """The quick game button's tooltip: what it deals, in a sentence."""
    cfg = quick_game(app)
    st = of(app)
    preset = vocab.preset_title("standard")
    house = False
    if st is not None:
        preset = vocab.preset_title(st.settings.rules_preset)
        house = bool(st.settings.house_rules or st.settings.scoring)
    n = len(cfg.seats) - 1
    levels = ", ".join(vocab.level(lvl) for lvl in sorted({seat.level for seat in cfg.seats[1:]}))
    who = ngettext("one computer ({levels})", "{n} computers ({levels})", n).format(
        n=i18n.current().number(n), levels=levels)
    hands = ngettext("{n} hand", "{n} hands", cfg.hands).format(n=i18n.current().number(cfg.hands))
    if house:
        return _("You and {who}, {rules} rules with your house rules, {hands} (change them in "
                 "Settings)").format(who=who, rules=preset, hands=hands)
    return _("You and {who}, {rules} rules, {hands} (change them in Settings)").format(
        who=who, rules=preset, hands=hands)


def rename_player(app: App, old: str | None, new: str | None) -> None:
    """The player changed their name in Settings: their score history follows it
    (``None`` is the unnamed player, who plays as "You"), on the writer thread."""
    st = of(app)
    old, new = old or "You", new or "You"
    if st is None or old == new:
        return

    def job(history: History) -> bool:
        return history.rename_player(old, new)

    st.call(job)


def game_defaults(app: App) -> Settings | None:
    """The stored settings New game starts from (None without storage)."""
    st = of(app)
    return st.settings if st is not None else None


def set_game_defaults(app: App, settings: Settings) -> str | None:
    """Keep ``settings`` (the Settings screen's name, preset and opponents); returns a
    sentence when they cannot be kept, else None."""
    st = of(app)
    if st is None:
        return None
    try:
        st.save_settings(settings)
    except ValueError as exc:
        return i18n.sentence(exc)
    return None


def remember_new_game(scene: Any) -> None:
    """Keep the New game choices as the defaults for next time."""
    st = of(scene.app)
    if st is None:
        return
    try:
        from big2.persistence.gamecodec import rules_to_dict

        from .rulesform import presets

        cfg = scene.config()
        info = presets()[scene.preset_name]
        base, mine = rules_to_dict(info.rules), rules_to_dict(cfg.rules)
        house = {k: v for k, v in mine.items() if k != "name" and base.get(k) != v}
        first = cfg.seats[0]
        st.save_settings(dataclasses.replace(
            st.settings,
            player_name=first.name if first.human else st.settings.player_name,
            rules_preset=info.name,
            house_rules=house,
            scoring="" if cfg.scoring == info.scoring else cfg.scoring,
            opponents=tuple("human" if seat.human else seat.level for seat in cfg.seats[1:]),
        ))
    except Exception:  # a choice the settings refuse: the game starts anyway
        log.exception("new game choices not kept")
