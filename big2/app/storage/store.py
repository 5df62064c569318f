"""The Storage object: settings, saves and the score history, written on one thread.

:class:`Storage` is made once at start-up (:meth:`Storage.open`) and hung on the app
(:func:`attach`); :func:`of` finds it again (None when the app runs without one, as most
tests and the self-test do). Everything slow runs on its background writer thread, in
the order it was asked for; see :mod:`big2.app.storage`.
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

from big2.engine.messages import msg
from big2.persistence import AppPaths, History, Notice, SaveStore, Seat, Settings, SettingsStore, StorageError
from big2.persistence.envelope import SLOT_NAME_MAX_CHARS
from big2.persistence.logs import start_file_logging
from big2.persistence.notices import Severity

from ... import i18n
from ...i18n import _
from .savedmatch import check_save
from ..settings import AppSettings, from_mapping
from .recorder import Recorder, describe, session_id
from . import achievementhooks

if TYPE_CHECKING:
    from ..app import App
    from big2.room.match import Match

log = logging.getLogger(__name__)

#: AppSettings field -> persistence Settings field, where the names differ.
_TO_STORED = {"animation": "animation_speed", "pace": "computer_pace", "four_colour": "four_colour_deck"}
_STOP = object()
#: Seconds during which the same notice is not shown twice.
REPEAT_SECONDS = 120.0
#: How many autosave durations :attr:`Storage.autosave_times` keeps.
AUTOSAVE_TIMES_KEPT = 1000


class Storage:
    """Settings, saves and history for one run of the app; see the module notes."""

    def __init__(self, paths: AppPaths, *, settings: Settings, notices: tuple[Notice, ...] = ()) -> None:
        self.paths = paths
        self.settings_store = SettingsStore(paths)
        # a save is checked at load by the code that will open it (savedmatch.check_save)
        self.saves = SaveStore(paths, validate_payload=check_save)
        #: The settings as last saved (persistence field names).
        self.settings = settings
        #: Sentences waiting to be shown; appended from any thread.
        self.notices: deque[Notice] = deque(notices)
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._autosave_seq = 0
        self._lock = threading.Lock()
        self._recorders: WeakKeyDictionary[Match, Recorder] = WeakKeyDictionary()
        #: Online seats' recorders, by link (see :mod:`.onlinerecord`).
        self.link_recorders: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._told: dict[str, float] = {}
        self.history: History | None = None  # touched by the writer thread only
        self._history_on_disk = False
        self.history_ready = threading.Event()
        self.on_notice: Callable[[], None] | None = None
        #: The autosave the title's Continue offers (read when the title is built).
        self.continue_from: Any = None
        #: The daily results as last read or written (:func:`big2.app.daily.book`).
        self.daily_book: Any = None
        #: In-app settings given for this run only (``--animation off``): not saved
        #: unless the player changes them.
        self.overrides: dict[str, Any] = {}
        #: Seconds the writer spent on each of the last autosaves (for benchmarks; bounded,
        #: as a long session autosaves after every move).
        self.autosave_times: deque[float] = deque(maxlen=AUTOSAVE_TIMES_KEPT)
        #: The achievements as last read or earned (:mod:`.achievementhooks`).
        self.achievement_book: Any = None
        self._thread = threading.Thread(target=self._run, name="big2-storage", daemon=True)
        self._thread.start()
        # read first (earned again from the history if the file is lost), so that
        # what is earned later is announced
        self.submit(lambda: achievementhooks.ensure(self))

    @classmethod
    def open(cls, paths: AppPaths | None = None) -> Storage:
        """Start-up: paths (``BIG2_HOME`` or the platform's), the log file, the
        temporary files interrupted saves left (removed: those of the game's own files
        in its own folders whose writer is gone, see :mod:`big2.persistence.tempfiles`),
        the settings (never raises) and the writer thread, which opens the history."""
        paths = paths or AppPaths.from_environment()
        start_file_logging(paths)
        from big2.persistence.achievements import ACHIEVEMENTS_FILE
        from big2.persistence.daily import DAILY_FILE
        from big2.persistence.paths import ONLINE_SEAT_FILE, SETTINGS_FILE
        from big2.persistence.saves import SAVE_FILES
        from big2.persistence.tempfiles import remove_leftover_temps

        for folder, names in ((paths.saves_dir, SAVE_FILES), (paths.config_dir, (SETTINGS_FILE,)),
                              (paths.data_dir, (ONLINE_SEAT_FILE, DAILY_FILE, ACHIEVEMENTS_FILE))):
            remove_leftover_temps(folder, names)
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

    def game_id_of(self, match: Match) -> str | None:
        """The id of ``match``'s game as its saves hold it (None before its first save)."""
        rec = self._recorders.get(match)
        return rec.game_id if rec is not None else None

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
                payload["app"]["history_session"] = session_id(recorder)
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
        # the slot keeps the autosave's time: the one its name gives (Saved games shows one)
        self.saves.save_slot(name, saved.payload, saved.preview, saved_at=saved.saved_at)
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
            describe(rec, match)
            self._recorders[match] = rec
        return rec

    def recorder_of(self, match: Match) -> Recorder | None:
        """The recorder ``match`` already has (None if it never recorded anything)."""
        return self._recorders.get(match)

    def recorder_for(self, link: Any) -> Recorder | None:
        """The recorder of the room behind ``link`` (None for a room elsewhere, or one
        that never recorded anything)."""
        online = self.link_recorders.get(link) if getattr(link, "remote", False) else None
        if online is not None:
            return online.rec
        match = getattr(getattr(link, "room", None), "match", None)
        return self._recorders.get(match) if match is not None else None

    def adopt(self, match: Match, *, session_id: int | None, hand_start: dict[str, Any] | None,
              game_id: str | None = None) -> Recorder:
        """Link a resumed ``match`` to its history session (from the save); without
        one (the history was not available then) a new history session is started.
        ``game_id``: the id the save holds (kept in the game's later saves)."""
        if session_id is None:
            rec = self.recorder(match, keep_unfinished=False)
        else:
            fut: Future[int | None] = Future()
            fut.set_result(session_id)
            rec = self._recorders[match] = Recorder(fut)
            describe(rec, match)
        rec.hand_start = hand_start
        if game_id is not None:
            rec.game_id = game_id
        rec.hand_started_at = datetime.now(timezone.utc)
        rec.hand_clock = time.monotonic()
        return rec


def attach(app: App, storage: Storage) -> None:
    """Hang ``storage`` on ``app`` and start showing its notices in the window."""
    from ..ui.toast import NoticeHost

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
