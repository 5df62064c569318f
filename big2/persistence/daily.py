"""The daily deals a player has played: one record a date, in a checksummed JSON file.

Where and why. The records live in ``daily.json`` in the data folder
(:attr:`AppPaths.data_dir`), written like the saves: serialised and read back by its
own loader first (:func:`~big2.persistence.atomic.write_checked`), then a temporary
file, fsync, ``os.replace``, the previous copy kept as ``daily.json.bak``; the file
carries a SHA-256 checksum of its content (:mod:`.checksum`). A damaged file is set
aside, the previous copy is loaded instead, and the player is told
(:func:`~big2.persistence.atomic.load_with_fallback`); with neither, the book starts
empty and the app goes on. They are not in the score history's SQLite file: a record is
small and read whole (the calendar and the streaks want every date at once), a damaged
history database is set aside with all its tables (the daily results would go with
it), and a file of its own keeps its format and upgrade chain apart from the history's
schema. The hand itself is still recorded in the score history like any other.

Format (:data:`DAILY_VERSION`; an older file is brought up one version at a time by
:data:`UPGRADES`, a newer one is set aside as "newer" and never overwritten unread)::

    {"format": "big2-daily", "version": 2,
     "records": [{"date": "2026-12-06", "deal": 96944034, "late": false,
                  "by_computer": false, "played_at": "2026-12-06T09:12:00+00:00",
                  "names": ["You", "Mei Lin", "Marco", "Ah Keung"],
                  "you": COURSE, "expert": COURSE or null}, ...],
     "checksum": "sha256:..."}

where ``COURSE`` is a :class:`~big2.engine.course.HandCourse` as JSON (:func:`course_to_json`).
Version 2 added ``by_computer``: the computer played some of the player's cards (see
:class:`DailyRecord`); a version-1 record is read as played by the player, which is all
that version could say.

For callers (the daily screens, ``big2 daily``, achievements to come): :class:`DailyStore`
loads a :class:`DailyBook` and records into it; a book answers :meth:`DailyBook.get`,
:meth:`DailyBook.streaks` (current and best, of the days played on time by the player
themselves: :meth:`DailyBook.streak_days`) and each
:class:`DailyRecord` says :attr:`~DailyRecord.against_expert`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Final

from ..engine.course import MOMENT_KINDS, HandCourse, Moment
from ..engine.dailynumber import daily_deal_number
from ..engine.messages import msg
from .atomic import LoadResult, Unreadable, load_with_fallback, write_checked
from .checksum import seal
from .jsonsafe import JsonLimits, dump_json
from .notices import StorageError
from .paths import AppPaths
from .sealed import open_sealed
from .textcheck import text_problem

DAILY_FILE: Final = "daily.json"
FORMAT_TAG: Final = "big2-daily"
DAILY_VERSION: Final = 2


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not say who played: every record was the player's own."""
    records = doc["records"]
    if not isinstance(records, list):
        raise ValueError("no list of records")
    return {**doc, "records": [{**r, "by_computer": False} if isinstance(r, dict) else r for r in records]}


#: ``UPGRADES[n]`` turns a version-``n`` document into a version-``n + 1`` one.
UPGRADES: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {1: _v1_to_v2}
#: A record is about 600 bytes: 4 MiB holds many years of days.
DAILY_LIMITS: Final = JsonLimits(max_bytes=4 * 1024 * 1024, max_depth=16, max_int_digits=20)
_MAX_SEATS: Final = 8
_MAX_POINTS: Final = 10**6


@dataclass(frozen=True, slots=True)
class DailyRecord:
    """The first play of a date's daily deal (practice plays are not kept).

    ``late``: played after its date (it counts for no streak). ``you`` is the player's
    hand, ``expert`` the duplicate (the Expert in the player's seat), None until it has
    been played out. ``names`` are the seats' names at the table. ``by_computer``: the
    computer played some of the player's cards (Let the computer play my hand, or the
    player left the table and came back by Continue with the computer still playing):
    the result is kept and shown, marked so, and counts for no streak and no
    achievement — only days the player played every card of themselves do."""

    day: date
    deal: int
    played_at: datetime
    late: bool
    names: tuple[str, ...]
    you: HandCourse
    expert: HandCourse | None = None
    by_computer: bool = False

    @property
    def counts(self) -> bool:
        """Whether the day counts for the streaks: played on its day, by the player."""
        return not self.late and not self.by_computer

    @property
    def against_expert(self) -> int | None:
        """1 when the player scored more points than the Expert's duplicate, 0 for the
        same, -1 for fewer; None while the Expert's result is not known."""
        if self.expert is None:
            return None
        mine, theirs = self.you.my_points, self.expert.my_points
        return (mine > theirs) - (mine < theirs)


@dataclass(frozen=True, slots=True)
class Streaks:
    """``current``: on-time days in a row up to today (or up to yesterday while today
    is still to play); ``best``: the longest such run ever."""

    current: int = 0
    best: int = 0


@dataclass(frozen=True, slots=True)
class DailyBook:
    """Every daily record, by date. Immutable: :meth:`with_record` returns a new book."""

    records: Mapping[date, DailyRecord] = field(default_factory=dict)

    def get(self, day: date) -> DailyRecord | None:
        return self.records.get(day)

    def with_record(self, record: DailyRecord) -> DailyBook:
        """This book with ``record`` for its date, replacing any there."""
        return DailyBook({**self.records, record.day: record})

    def streak_days(self) -> list[date]:
        """The dates that count for the streaks, oldest first: played on the day itself,
        every card by the player (:attr:`DailyRecord.counts`)."""
        return sorted(d for d, r in self.records.items() if r.counts)

    def streaks(self, today: date) -> Streaks:
        """The current and best streaks of daily deals played on their day by the player."""
        days = self.streak_days()
        best = run = 0
        previous: date | None = None
        for d in days:
            run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
            best = max(best, run)
            previous = d
        played = set(days)
        current = 0
        d = today if today in played else today - timedelta(days=1)
        while d in played:
            current += 1
            d -= timedelta(days=1)
        return Streaks(current, best)


# JSON ------------------------------------------------------------------------------------


def course_to_json(course: HandCourse) -> dict[str, Any]:
    """``course`` as JSON values (see :func:`course_from_json`)."""
    return {"seat": course.seat, "winner": course.winner, "points": list(course.points),
            "cards_left": list(course.cards_left), "tricks": list(course.tricks),
            "moments": [[m.kind, m.trick, m.seat, list(m.cards)] for m in course.moments]}


def _int(value: object, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise Unreadable(f"its {what} is not valid")
    return value


def _ints(value: object, lo: int, hi: int, what: str, *, most: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise Unreadable(f"its {what} are not valid")
    return tuple(_int(v, lo, hi, what) for v in value)


def course_from_json(data: object) -> HandCourse:
    """The :class:`HandCourse` :func:`course_to_json` wrote; :class:`Unreadable` else."""
    if not isinstance(data, dict):
        raise Unreadable("a hand in it is not a table")
    try:
        seats = len(data["points"]) if isinstance(data["points"], list) else 0
        if not 2 <= seats <= _MAX_SEATS:
            raise Unreadable("a hand in it has no seats")
        top = seats - 1
        moments = []
        raw = data["moments"]
        if not isinstance(raw, list) or len(raw) > 200:
            raise Unreadable("its moments are not valid")
        for m in raw:
            if not (isinstance(m, list) and len(m) == 4 and m[0] in MOMENT_KINDS):
                raise Unreadable("its moments are not valid")
            moments.append(Moment(m[0], _int(m[1], 1, 200, "trick"), _int(m[2], 0, top, "seat"),
                                  _ints(m[3], 0, 51, "cards", most=13)))
        course = HandCourse(
            seat=_int(data["seat"], 0, top, "seat"), winner=_int(data["winner"], 0, top, "winner"),
            points=_ints(data["points"], -_MAX_POINTS, _MAX_POINTS, "points", most=_MAX_SEATS),
            cards_left=_ints(data["cards_left"], 0, 52, "cards left", most=_MAX_SEATS),
            tricks=_ints(data["tricks"], 0, top, "tricks", most=200), moments=tuple(moments))
    except KeyError as exc:
        raise Unreadable(f"a hand in it lacks {exc.args[0]!r}") from None
    if len(course.cards_left) != seats:
        raise Unreadable("a hand in it has the wrong number of seats")
    return course


def record_to_json(record: DailyRecord) -> dict[str, Any]:
    return {"date": record.day.isoformat(), "deal": record.deal, "late": record.late,
            "by_computer": record.by_computer, "played_at": record.played_at.astimezone(timezone.utc).isoformat(),
            "names": list(record.names), "you": course_to_json(record.you),
            "expert": None if record.expert is None else course_to_json(record.expert)}


def record_from_json(data: object) -> DailyRecord:
    """The :class:`DailyRecord` :func:`record_to_json` wrote; :class:`Unreadable` else
    (a deal number that is not its date's among the reasons)."""
    if not isinstance(data, dict):
        raise Unreadable("a record in it is not a table")
    try:
        text = data["date"]
        if not isinstance(text, str) or len(text) != 10:
            raise Unreadable("a record's date is not valid")
        try:
            day = date.fromisoformat(text)
            moment = datetime.fromisoformat(data["played_at"]) if isinstance(data["played_at"], str) else None
        except ValueError:
            raise Unreadable("a record's date is not valid") from None
        if moment is None:
            raise Unreadable("a record's time is not valid")
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        deal = data["deal"]
        if deal != daily_deal_number(day) or isinstance(deal, bool):
            raise Unreadable(f"the record of {text} holds another date's deal")
        names = data["names"]
        if not (isinstance(names, list) and 2 <= len(names) <= _MAX_SEATS
                and all(isinstance(n, str) and text_problem(n, max_chars=64) is None for n in names)):
            raise Unreadable("a record's names are not valid")
        late = data["late"]
        if not isinstance(late, bool):
            raise Unreadable("a record's late mark is not valid")
        by_computer = data["by_computer"]
        if not isinstance(by_computer, bool):
            raise Unreadable("a record's mark of the computer's play is not valid")
        you = course_from_json(data["you"])
        expert = None if data["expert"] is None else course_from_json(data["expert"])
    except KeyError as exc:
        raise Unreadable(f"a record in it lacks {exc.args[0]!r}") from None
    for course in (you, expert):
        if course is not None and len(course.points) != len(names):
            raise Unreadable(f"the record of {text} has the wrong number of seats")
    return DailyRecord(day, deal, moment, late, tuple(names), you, expert, by_computer)


def book_to_bytes(book: DailyBook) -> bytes:
    doc = {"format": FORMAT_TAG, "version": DAILY_VERSION,
           "records": [record_to_json(book.records[d]) for d in sorted(book.records)]}
    return dump_json(seal(doc))


def parse_book(raw: bytes) -> DailyBook:
    """The book in the bytes of a daily file; :class:`Unreadable` for anything else: not
    JSON, another format, a newer version (tagged "newer"), a checksum that does not
    match, a record of the wrong shape."""
    doc, version = open_sealed(raw, DAILY_LIMITS, tag=FORMAT_TAG, current=DAILY_VERSION,
                               what="a file of daily results")
    while version < DAILY_VERSION:
        try:
            doc = UPGRADES[version](doc)
        except (KeyError, TypeError, ValueError) as exc:
            raise Unreadable(f"it could not be brought up to date ({exc})") from None
        version += 1
    records = doc.get("records")
    if not isinstance(records, list):
        raise Unreadable("it holds no list of records")
    book: dict[date, DailyRecord] = {}
    for item in records:
        rec = record_from_json(item)
        if rec.day in book:
            raise Unreadable(f"it holds {rec.day.isoformat()} twice")
        book[rec.day] = rec
    return DailyBook(book)


# The file --------------------------------------------------------------------------------


class DailyStore:
    """The daily file of ``paths`` (created on the first record). Loads never raise for
    a bad file; writes raise :class:`StorageError` (the previous copy kept)."""

    def __init__(self, paths: AppPaths) -> None:
        self.path: Path = paths.data_dir / DAILY_FILE

    def load(self) -> LoadResult[DailyBook]:
        """The book (empty when there is none usable) and the notices for the player."""
        found = load_with_fallback(self.path, parse_book, what="daily results file",
                                   max_bytes=DAILY_LIMITS.max_bytes)
        return LoadResult(found.value if found.value is not None else DailyBook(), found.source, found.notices)

    def save(self, book: DailyBook) -> None:
        try:
            data = book_to_bytes(book)
        except (TypeError, ValueError) as exc:
            raise StorageError(msg("The daily results could not be saved ({reason}).", reason=str(exc))) from exc
        write_checked(self.path, data, parse_book)

    def record(self, record: DailyRecord, *, replace_existing: bool = False) -> LoadResult[DailyBook]:
        """Add ``record`` (a first play) to the file and return the book written, with
        the load's notices. A date already recorded is kept as it was unless
        ``replace_existing`` (the first play stands; later ones are practice)."""
        loaded = self.load()
        book = loaded.value
        if book.get(record.day) is None or replace_existing:
            book = book.with_record(record)
            self.save(book)
        return LoadResult(book, loaded.source, loaded.notices)

    def add_expert(self, day: date, expert: HandCourse) -> LoadResult[DailyBook]:
        """Put the Expert's duplicate result into ``day``'s record (when it has none)."""
        loaded = self.load()
        book = loaded.value
        rec = book.get(day)
        if rec is not None and rec.expert is None:
            book = book.with_record(replace(rec, expert=expert))
            self.save(book)
        return LoadResult(book, loaded.source, loaded.notices)


def late_for(day: date, played_on: date) -> bool:
    """Whether a play on ``played_on`` of ``day``'s deal is late (after its date)."""
    return played_on > day

