"""The score history: an SQLite database of players, sessions and hands.

Open it with :meth:`History.open`, which never raises: a damaged file is set aside
(:func:`~big2.persistence.atomic.quarantine`) and a fresh database started, a file from a
newer version of the app is left untouched, and a database that cannot be opened at all
(locked, read-only disk) is replaced by an in-memory one for this run — each case with a
:class:`Notice` for the window.

Every write is one ``BEGIN IMMEDIATE`` transaction in WAL mode with ``synchronous=FULL``
and a busy timeout, so a killed app keeps every committed hand and two running copies
of the app queue up instead of corrupting the file. Write errors raise
:class:`StorageError`.

The schema version lives in ``PRAGMA user_version``; :data:`MIGRATIONS` holds the steps,
``MIGRATIONS[n]`` taking a version-``n`` database to ``n + 1``. The statistics queries
are in :mod:`big2.persistence.stats`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final

from ..engine.messages import msg
from .atomic import LoadResult, quarantine
from .jsonsafe import JsonLimits, JsonRejected, parse_json
from .notices import Notice, Severity, StorageError
from .private import FILE_MODE, create_private, tighten

log = logging.getLogger(__name__)

#: Schema steps; ``MIGRATIONS[n]`` takes ``user_version`` n to n + 1.
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (  # 0 -> 1: the tables
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            is_human INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (name, is_human))""",
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            ended_at TEXT,
            rules_preset TEXT NOT NULL,
            rules_json TEXT NOT NULL,
            seat_count INTEGER NOT NULL)""",
        """CREATE TABLE session_seats (
            session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players (id),
            level TEXT NOT NULL,
            PRIMARY KEY (session_id, seat))""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            hand_number INTEGER NOT NULL,
            deal_seed TEXT,
            rules_preset TEXT NOT NULL,
            rules_json TEXT NOT NULL,
            winner_seat INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            duration_s REAL NOT NULL,
            moves_json TEXT NOT NULL)""",
        """CREATE TABLE hand_seats (
            hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            cards_left INTEGER NOT NULL,
            points INTEGER NOT NULL,
            PRIMARY KEY (hand_id, seat))""",
    ),
    (  # 1 -> 2: the dealt cards (for replay), how the hand ended, indexes
        "ALTER TABLE hands ADD COLUMN deal_json TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE hands ADD COLUMN ended_how TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE hands ADD COLUMN start_json TEXT NOT NULL DEFAULT '{}'",
        "CREATE INDEX hands_by_session ON hands (session_id, hand_number)",
        "CREATE INDEX seats_by_player ON session_seats (player_id)",
    ),
    (  # 2 -> 3: hands played with undo, and the deal number (documented shuffle)
        "ALTER TABLE hands ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0",
        # NULL for hands stored before: their deal_seed followed an older shuffle and
        # does not deal the same cards again.
        "ALTER TABLE hands ADD COLUMN deal_number INTEGER",
    ),
    (  # 3 -> 4: seats the computer finished for a person ("Let the computer play my
        # hand"); 0 for hands stored before, which did not keep it
        "ALTER TABLE hand_seats ADD COLUMN by_computer INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 4 -> 5: the hand review kept with its hand (big2.persistence.reviews), one per
        # seat and search setting; gone with the hand
        """CREATE TABLE hand_reviews (
            hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            settings TEXT NOT NULL,
            review_json TEXT NOT NULL,
            reviewed_at TEXT NOT NULL,
            PRIMARY KEY (hand_id, seat, settings))""",
    ),
    (  # 5 -> 6: sessions played online (at a room on a server, from this player's seat);
        # 0 for sessions stored before, which were all played on this computer
        "ALTER TABLE sessions ADD COLUMN online INTEGER NOT NULL DEFAULT 0 CHECK (online IN (0, 1))",
    ),
)
HISTORY_VERSION: Final = len(MIGRATIONS)
#: SQLite primary result codes that mean the file itself is damaged.
_DAMAGED_CODES: Final = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB
_BUSY_CODES: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED
_RECORD_LIMITS: Final = JsonLimits(max_bytes=8 * 1024 * 1024, max_depth=32)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sat in a seat for a session. ``level`` is "human" or the computer's level."""

    name: str
    is_human: bool
    level: str = "human"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand, as :meth:`History.record_hand` stores it.

    ``cards_left`` and ``points`` have one entry per seat. ``deal`` lists each seat's
    starting cards (card ints), ``start`` is the position the hand started from and
    ``moves`` the plays after it, all plain JSON, so the replay screen can rebuild the
    hand (see :func:`big2.persistence.gamecodec.replay`); ``deal_seed`` is kept as text
    (seeds can exceed 64 bits). ``deal_number`` is the hand's deal number
    (:mod:`big2.engine.dealnumber`; ``None`` for hands stored by versions before deal
    numbers, which cannot be dealt again), and ``assisted`` says the player took a move
    back (undo) during the hand, so the statistics can leave it out. ``by_computer``
    lists the seats of people whose hand the computer finished for them (empty for
    hands stored before the history kept it).
    """

    hand_number: int
    rules_preset: str
    rules: Mapping[str, Any]
    winner_seat: int
    cards_left: Sequence[int]
    points: Sequence[int]
    moves: Sequence[Any] = ()
    deal: Sequence[Sequence[int]] = ()
    deal_seed: int | str | None = None
    started_at: datetime | None = None
    duration_s: float = 0.0
    ended_how: str = ""
    start: Mapping[str, Any] = field(default_factory=dict)
    deal_number: int | None = None
    assisted: bool = False
    by_computer: Sequence[int] = ()


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand read back from the history, for the replay screen."""

    hand_id: int
    session_id: int
    hand_number: int
    started_at: datetime
    seats: tuple[Seat, ...]
    result: HandResult = field(repr=False)


def _utc(moment: datetime | None) -> str:
    return (moment or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat()


def _json_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _record_text(value: object, what: str) -> str:
    """``value`` as a hand record's JSON column, if :meth:`History.load_hand` reads it
    back (within :data:`_RECORD_LIMITS`); ValueError naming ``what`` else."""
    text = _json_text(value)
    try:
        parse_json(text.encode("utf-8"), _RECORD_LIMITS)
    except JsonRejected as exc:
        raise ValueError(f"the hand's {what} could not be read back: {exc}") from None
    return text


def _is_damage(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _DAMAGED_CODES
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _BUSY_CODES
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _connect(target: str | Path, timeout: float) -> sqlite3.Connection:
    """Open with a busy timeout; refuse (before changing the file) a newer schema."""
    conn = sqlite3.connect(target, timeout=timeout, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > HISTORY_VERSION:
            raise _TooNew(version)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _check_integrity(conn: sqlite3.Connection) -> None:
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise sqlite3.DatabaseError(f"database disk image is malformed: {rows[:3]}")


def migrate(conn: sqlite3.Connection, target: int = HISTORY_VERSION) -> int:
    """Bring the schema up to ``target`` in one transaction; returns the version found.

    Safe when two processes open a new database at once: the version is read inside
    the write lock.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = int(conn.execute("PRAGMA user_version").fetchone()[0])
        for step in range(found, target):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
        if found < target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found


class History:
    """The open score history. Use :meth:`open`; close it with :meth:`close` (or ``with``).

    ``persistent`` is false when the real file could not be used and this run's scores
    live only in memory. An instance belongs to the thread that opened it (``sqlite3``'s
    rule): a worker thread computing statistics opens its own with :meth:`open`.
    """

    def __init__(self, conn: sqlite3.Connection, *, path: Path | None) -> None:
        self._conn = conn
        self.path = path

    @property
    def persistent(self) -> bool:
        return self.path is not None

    # -- opening ---------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, timeout: float = 10.0) -> LoadResult[History]:
        """Open (creating or migrating) the history at ``path``; never raises.

        ``source`` is "main" for the existing file, "new" for a fresh file (first run or
        after setting a damaged one aside) and "memory" when the file could not be used.
        """
        existed = path.exists()
        if existed and not path.is_file():  # a FIFO or a device would hang SQLite
            return cls._unusable(OSError(f"{path.name} is not a regular file"))
        try:
            create_private(path)  # private before SQLite (and its -wal, -shm) touch it
            for side in ("-wal", "-shm"):
                tighten(path.with_name(path.name + side), FILE_MODE)
            return LoadResult(cls._open_file(path, timeout), "main" if existed else "new")
        except _TooNew as exc:
            text = msg("Your score history was made by a newer version of Big2 (schema "
                       "{found}); it is left untouched and this game's scores will not "
                       "be kept.", found=exc.found)
            return cls._in_memory(Notice.of(text, Severity.WARNING))
        except sqlite3.Error as exc:
            if not _is_damage(exc):
                return cls._unusable(exc)
            log.warning("score history %s is damaged: %s", path, exc)
            try:
                moved = quarantine(path)
                create_private(path)
                history = cls._open_file(path, timeout)
            except (OSError, sqlite3.Error, _TooNew) as again:
                return cls._unusable(again)
            text = msg("Your score history was damaged; it was set aside as {file} "
                       "and a new one was started.", file=moved.name)
            return LoadResult(history, "new", (Notice.of(text, Severity.WARNING),))
        except OSError as exc:
            return cls._unusable(exc)

    @classmethod
    def _open_file(cls, path: Path, timeout: float) -> History:
        # Another copy of the app creating or migrating the file at the same moment can
        # make SQLite answer "busy" without waiting (switching to WAL, first read of a
        # new WAL file); wait and try again until the timeout.
        deadline = time.monotonic() + timeout
        pause = 0.01
        while True:
            try:
                conn = _connect(path, timeout)
                try:
                    _check_integrity(conn)
                    migrate(conn)
                except BaseException:
                    conn.close()
                    raise
                return cls(conn, path=path)
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.25)

    @classmethod
    def _in_memory(cls, notice: Notice) -> LoadResult[History]:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return LoadResult(cls(conn, path=None), "memory", (notice,))

    @classmethod
    def in_memory(cls) -> History:
        """An empty history that lives in memory only (nothing is written anywhere)."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return cls(conn, path=None)

    def has_session(self, session_id: int, seats: Sequence[Seat] | None = None) -> bool:
        """Whether session ``session_id`` is stored (with these ``seats``, when given)."""
        found = self.query("SELECT 1 FROM sessions WHERE id = ?", (session_id,))
        if not found or seats is None:
            return bool(found)
        stored = self.seats_of(session_id)
        return [(s.name, s.is_human) for s in stored] == [(s.name, s.is_human) for s in seats]

    @classmethod
    def _unusable(cls, exc: BaseException) -> LoadResult[History]:
        log.warning("score history unusable: %s", exc)
        text = msg("Your score history could not be opened ({reason}); this game's scores "
                   "will not be kept.", reason=str(exc))
        return cls._in_memory(Notice.of(text, Severity.ERROR))

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    # -- writing ---------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` … ``COMMIT``; rolls back and raises
        :class:`StorageError` on any failure."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StorageError(msg("The score history is busy or unwritable ({reason}).", reason=str(exc))) from exc
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise StorageError(msg("The score could not be recorded ({reason}).", reason=str(exc))) from exc
            raise

    def _player_id(self, conn: sqlite3.Connection, seat: Seat, now: str) -> int:
        conn.execute(
            "INSERT OR IGNORE INTO players (name, is_human, created_at) VALUES (?, ?, ?)",
            (seat.name, int(seat.is_human), now),
        )
        row = conn.execute("SELECT id FROM players WHERE name = ? AND is_human = ?",
                           (seat.name, int(seat.is_human))).fetchone()
        return int(row[0])

    def start_session(self, seats: Sequence[Seat], *, rules_preset: str,
                      rules: Mapping[str, Any], started_at: datetime | None = None,
                      online: bool = False) -> int:
        """Record a new session at the table; returns its id for :meth:`record_hand`.
        ``online``: played at a room on a server (the seats as this player's seat saw
        them), not on this computer."""
        if not 2 <= len(seats) <= 8:
            raise ValueError("a session needs 2 to 8 seats")
        rules_json = _json_text(dict(rules))
        now = _utc(started_at)
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO sessions (started_at, rules_preset, rules_json, seat_count, online) "
                "VALUES (?, ?, ?, ?, ?)", (now, rules_preset, rules_json, len(seats), int(bool(online))))
            session_id = int(cur.lastrowid or 0)
            for index, seat in enumerate(seats):
                conn.execute(
                    "INSERT INTO session_seats (session_id, seat, player_id, level) "
                    "VALUES (?, ?, ?, ?)",
                    (session_id, index, self._player_id(conn, seat, now), seat.level))
        return session_id

    def rename_player(self, old: str, new: str) -> bool:
        """The human player ``old`` is called ``new`` from now on: their sessions and
        hands follow the new name (one set of statistics, not two). If ``new`` has a
        history of its own already, the two are joined. False when there is no ``old``."""
        if not new.strip():
            raise ValueError("a player needs a name")
        if old == new:
            return False
        with self.transaction() as conn:
            row = conn.execute("SELECT id FROM players WHERE name = ? AND is_human = 1", (old,)).fetchone()
            if row is None:
                return False
            old_id = int(row[0])
            other = conn.execute("SELECT id FROM players WHERE name = ? AND is_human = 1", (new,)).fetchone()
            if other is None:
                conn.execute("UPDATE players SET name = ? WHERE id = ?", (new, old_id))
            else:
                conn.execute("UPDATE session_seats SET player_id = ? WHERE player_id = ?", (int(other[0]), old_id))
                conn.execute("DELETE FROM players WHERE id = ?", (old_id,))
        return True

    def record_hand(self, session_id: int, hand: HandResult) -> int:
        """Store one finished hand in one transaction; returns the hand's id.

        Raises :class:`ValueError` when the record does not fit the session (seat
        counts, winner) or :meth:`load_hand` would not read it back (JSON beyond its
        limits), and :class:`StorageError` when the database refuses.
        """
        seats = self._seat_count(session_id)
        if not (len(hand.cards_left) == len(hand.points) == seats):
            raise ValueError(f"the session has {seats} seats; give one count and score each")
        if not 0 <= hand.winner_seat < seats:
            raise ValueError(f"winner seat {hand.winner_seat} is not at this table")
        if any(not 0 <= s < seats for s in hand.by_computer):
            raise ValueError("a seat the computer finished is not at this table")
        helped = {int(s) for s in hand.by_computer}
        row = (
            session_id, int(hand.hand_number),
            None if hand.deal_seed is None else str(hand.deal_seed),
            hand.rules_preset, _record_text(dict(hand.rules), "rules"), int(hand.winner_seat),
            _utc(hand.started_at), float(hand.duration_s), _record_text(list(hand.moves), "moves"),
            _record_text([list(cards) for cards in hand.deal], "deal"), hand.ended_how,
            _record_text(dict(hand.start), "start"),
            None if hand.deal_number is None else int(hand.deal_number), int(bool(hand.assisted)),
        )
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO hands (session_id, hand_number, deal_seed, rules_preset, "
                "rules_json, winner_seat, started_at, duration_s, moves_json, deal_json, "
                "ended_how, start_json, deal_number, assisted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            hand_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO hand_seats (hand_id, seat, cards_left, points, by_computer) "
                "VALUES (?, ?, ?, ?, ?)",
                [(hand_id, seat, int(left), int(pts), int(seat in helped)) for seat, (left, pts)
                 in enumerate(zip(hand.cards_left, hand.points))])
        return hand_id

    def end_session(self, session_id: int, *, ended_at: datetime | None = None) -> None:
        """Mark a session finished (sessions left open still count in the statistics)."""
        with self.transaction() as conn:
            conn.execute("UPDATE sessions SET ended_at = ? WHERE id = ?",
                         (_utc(ended_at), session_id))

    def reset(self) -> None:
        """Delete every player, session and hand (ask the player to confirm first)."""
        with self.transaction() as conn:
            for table in ("hand_reviews", "hand_seats", "hands", "session_seats", "sessions", "players"):
                conn.execute(f"DELETE FROM {table}")

    # -- reading ---------------------------------------------------------------

    def query(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Any]:
        """Rows of a read-only query; raises :class:`StorageError` if the database fails."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StorageError(msg("The score history could not be read ({reason}).", reason=str(exc))) from exc

    def _seat_count(self, session_id: int) -> int:
        rows = self.query("SELECT seat_count FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise ValueError(f"there is no session {session_id}")
        return int(rows[0][0])

    def seats_of(self, session_id: int) -> tuple[Seat, ...]:
        """The seats of a session in seat order."""
        rows = self.query(
            "SELECT p.name, p.is_human, ss.level FROM session_seats ss "
            "JOIN players p ON p.id = ss.player_id WHERE ss.session_id = ? ORDER BY ss.seat",
            (session_id,))
        return tuple(Seat(name, bool(human), level) for name, human, level in rows)

    def load_hand(self, hand_id: int) -> StoredHand | None:
        """A finished hand with its deal and moves, for replay; ``None`` if unknown.

        Raises :class:`StorageError` if the stored record is damaged.
        """
        rows = self.query(
            "SELECT session_id, hand_number, deal_seed, rules_preset, rules_json, "
            "winner_seat, started_at, duration_s, moves_json, deal_json, ended_how, "
            "start_json, deal_number, assisted FROM hands WHERE id = ?", (hand_id,))
        if not rows:
            return None
        (session_id, number, seed, preset, rules_json, winner, started, duration,
         moves_json, deal_json, ended_how, start_json, deal_number, assisted) = rows[0]
        per_seat = self.query("SELECT cards_left, points, by_computer, seat FROM hand_seats "
                              "WHERE hand_id = ? ORDER BY seat", (hand_id,))
        try:
            rules, moves, deal, start = (parse_json(str(text).encode(), _RECORD_LIMITS)
                                         for text in (rules_json, moves_json, deal_json,
                                                      start_json))
            moment = datetime.fromisoformat(started)
        except (JsonRejected, ValueError, TypeError) as exc:
            raise StorageError(msg("The record of hand {hand} is damaged ({reason}).", hand=hand_id, reason=str(exc))) from exc
        if not (isinstance(rules, dict) and isinstance(moves, list) and isinstance(deal, list)
                and isinstance(start, dict)):
            raise StorageError(msg("The record of hand {hand} is damaged.", hand=hand_id))
        result = HandResult(
            hand_number=number, rules_preset=preset, rules=rules, winner_seat=winner,
            cards_left=tuple(r[0] for r in per_seat), points=tuple(r[1] for r in per_seat),
            moves=moves, deal=[[x for x in c if isinstance(x, int)] if isinstance(c, list) else []
                             for c in deal],
            deal_seed=seed, started_at=moment, duration_s=duration, ended_how=ended_how,
            start=start, deal_number=deal_number if isinstance(deal_number, int) else None,
            assisted=bool(assisted), by_computer=tuple(r[3] for r in per_seat if r[2]))
        return StoredHand(hand_id, session_id, number, moment, self.seats_of(session_id),
                          result)


class _TooNew(Exception):
    def __init__(self, found: int) -> None:
        super().__init__(f"schema {found} is newer than {HISTORY_VERSION}")
        self.found = found
