"""Statistics for the statistics screen, computed from the score history.

Every function takes an open :class:`~big2.persistence.history.History` and a human
player's name, and raises :class:`StorageError` only if the database cannot be read. A
hand is a win for the player when they are its ``winner_seat``; "points" are the
player's points for the hand as recorded. Results are ordered oldest first unless
stated otherwise.

Opponent level of a hand, as used by :func:`stats_by_opponent_level`: the level of the
other seats when they are all computers of one level, ``"mixed"`` when they are all
computers of different levels, ``"people-and-computers"`` when people and computers sat
with the player, and when every other seat was a person ``"hot-seat"`` (on this
computer) or ``"people-online"`` (online).

Where a hand was played (:attr:`HandLine.where`, :attr:`PlayerReport.by_where`):
``"solo"`` on this computer with no other person, ``"hot-seat"`` on this computer with
other people, ``"online"`` at a room on a server (sessions stored before the history
kept it count as played on this computer).
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Final

from .atomic import write_atomic
from .history import History

MIXED: Final = "mixed"
HOT_SEAT: Final = "hot-seat"
PEOPLE_ONLINE: Final = "people-online"
PEOPLE_AND_COMPUTERS: Final = "people-and-computers"
#: Where a hand was played; ``HOT_SEAT`` is the third.
SOLO: Final = "solo"
ONLINE: Final = "online"
PLACES: Final = (SOLO, HOT_SEAT, ONLINE)


@dataclass(frozen=True, slots=True)
class Streak:
    """A run of consecutive wins (``won`` true) or losses; length 0 when no hands."""

    won: bool
    length: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """The summary line of one player (optionally within a preset or opponent level)."""

    player: str
    sessions: int
    hands: int
    wins: int
    #: wins / hands, 0.0 when no hands were played.
    win_rate: float
    average_points: float
    #: Highest and lowest points in a single hand; ``None`` when no hands.
    best_hand: int | None
    worst_hand: int | None
    current_streak: Streak
    longest_winning_streak: int
    longest_losing_streak: int


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand from one player's point of view."""

    hand_id: int
    session_id: int
    played_at: datetime
    rules_preset: str
    opponent_level: str
    seat: int
    won: bool
    cards_left: int
    points: int
    #: The player took moves back (undo) during the hand.
    assisted: bool = False
    #: The computer finished the hand for the player ("Let the computer play my hand").
    by_computer: bool = False
    #: Where it was played: ``SOLO``, ``HOT_SEAT`` or ``ONLINE`` (see the module notes).
    where: str = SOLO


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """A point of the running-score chart: the hand's points and the total so far."""

    hand_id: int
    played_at: datetime
    points: int
    total: int
    #: The player won the hand.
    won: bool = False
    #: The computer finished the hand for the player.
    by_computer: bool = False


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of the recent-sessions list; ``totals`` are per seat."""

    session_id: int
    started_at: datetime
    ended_at: datetime | None
    rules_preset: str
    players: tuple[str, ...]
    levels: tuple[str, ...]
    hands: int
    totals: tuple[int, ...]
    #: Hands of the session the computer finished for a person (for ``player`` when
    #: :func:`recent_sessions` was given one).
    by_computer: int = 0
    #: Played online (at a room on a server), not on this computer.
    online: bool = False


def _when(text: object) -> datetime:
    """A stored time stamp; a damaged one sorts first instead of failing."""
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return datetime.min.replace(tzinfo=timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _opponent_levels(history: History) -> dict[tuple[int, int], tuple[str, str]]:
    """(session, seat) -> (the label of the opponents that seat faced, where it played)."""
    online = {int(sid) for (sid,) in history.query("SELECT id FROM sessions WHERE online = 1")}
    by_session: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for session_id, seat, level in history.query(
            "SELECT session_id, seat, level FROM session_seats"):
        by_session[session_id].append((seat, level))
    labels: dict[tuple[int, int], tuple[str, str]] = {}
    for session_id, seats in by_session.items():
        here = session_id not in online
        for seat, _ in seats:
            others = [lvl for s, lvl in seats if s != seat]
            people = "human" in others
            computers = {lvl for lvl in others if lvl != "human"}
            if not computers:
                label = HOT_SEAT if here else PEOPLE_ONLINE
            elif people:
                label = PEOPLE_AND_COMPUTERS
            else:
                label = computers.pop() if len(computers) == 1 else MIXED
            labels[session_id, seat] = (label, ONLINE if not here else HOT_SEAT if people else SOLO)
    return labels


def hand_lines(history: History, player: str, *, assisted: bool = True) -> list[HandLine]:
    """Every hand the human ``player`` played, oldest first; with ``assisted=False``
    only the hands played without undo."""
    labels = _opponent_levels(history)
    rows = history.query(
        "SELECT h.id, h.session_id, h.started_at, h.rules_preset, ss.seat, h.winner_seat, "
        "hs.cards_left, hs.points, h.assisted, hs.by_computer "
        "FROM players p "
        "JOIN session_seats ss ON ss.player_id = p.id "
        "JOIN hands h ON h.session_id = ss.session_id "
        "JOIN hand_seats hs ON hs.hand_id = h.id AND hs.seat = ss.seat "
        "WHERE p.name = ? AND p.is_human = 1 ORDER BY h.started_at, h.id", (player,))
    lines = []
    for hand_id, session_id, started, preset, seat, winner, left, points, helped, computer in rows:
        if assisted or not helped:
            label, where = labels.get((session_id, seat), (HOT_SEAT, HOT_SEAT))
            lines.append(HandLine(hand_id, session_id, _when(started), preset, label, seat, seat == winner,
                                  left, points, bool(helped), bool(computer), where))
    return lines


def summarize(player: str, lines: Iterable[HandLine]) -> PlayerStats:
    """The :class:`PlayerStats` of some hand lines (already in time order)."""
    hands = list(lines)
    points = [h.points for h in hands]
    wins = sum(h.won for h in hands)
    longest = {True: 0, False: 0}
    run = Streak(True, 0)
    for h in hands:
        run = Streak(h.won, run.length + 1 if run.won == h.won and run.length else 1)
        longest[h.won] = max(longest[h.won], run.length)
    return PlayerStats(
        player=player,
        sessions=len({h.session_id for h in hands}),
        hands=len(hands),
        wins=wins,
        win_rate=wins / len(hands) if hands else 0.0,
        average_points=sum(points) / len(points) if points else 0.0,
        best_hand=max(points, default=None),
        worst_hand=min(points, default=None),
        current_streak=run,
        longest_winning_streak=longest[True],
        longest_losing_streak=longest[False],
    )


def player_stats(history: History, player: str, *, rules_preset: str | None = None,
                 opponent_level: str | None = None) -> PlayerStats:
    """The summary for ``player``, optionally only under one preset or opponent level."""
    lines = [h for h in hand_lines(history, player)
             if (rules_preset is None or h.rules_preset == rules_preset)
             and (opponent_level is None or h.opponent_level == opponent_level)]
    return summarize(player, lines)


def stats_by_preset(history: History, player: str) -> dict[str, PlayerStats]:
    """One summary per rule preset the player has played, keyed by preset name."""
    return _grouped(player, hand_lines(history, player), "rules_preset")


def stats_by_opponent_level(history: History, player: str) -> dict[str, PlayerStats]:
    """One summary per opponent level (see the module notes), keyed by level."""
    return _grouped(player, hand_lines(history, player), "opponent_level")


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """Everything the statistics screen shows for one player, from one read."""

    overall: PlayerStats
    by_preset: dict[str, PlayerStats]
    by_opponent_level: dict[str, PlayerStats]
    running_score: list[ScorePoint]
    cards_left_when_losing: list[int]
    #: For each entry of ``cards_left_when_losing``: the computer finished that hand.
    lost_by_computer: list[bool] = field(default_factory=list)
    #: One summary per place the player played (``SOLO``, ``HOT_SEAT``, ``ONLINE``, in
    #: that order; only those played).
    by_where: dict[str, PlayerStats] = field(default_factory=dict)


def _grouped(player: str, lines: list[HandLine], key: str) -> dict[str, PlayerStats]:
    groups: dict[str, list[HandLine]] = defaultdict(list)
    for line in lines:
        groups[getattr(line, key)].append(line)
    return {name: summarize(player, group) for name, group in sorted(groups.items())}


def _running(lines: list[HandLine], last: int) -> list[ScorePoint]:
    total = 0
    points: list[ScorePoint] = []
    for line in lines[-last:] if last > 0 else []:
        total += line.points
        points.append(ScorePoint(line.hand_id, line.played_at, line.points, total,
                                 line.won, line.by_computer))
    return points


def _losing_cards(lines: list[HandLine], last: int) -> list[int]:
    lost = [h.cards_left for h in lines if not h.won]
    return lost[-last:] if last > 0 else []


def _lost_by_computer(lines: list[HandLine], last: int) -> list[bool]:
    lost = [h.by_computer for h in lines if not h.won]
    return lost[-last:] if last > 0 else []


def player_report(history: History, player: str, *, last: int = 50,
                  assisted: bool = True) -> PlayerReport:
    """The whole statistics screen for ``player`` in one pass over the history
    (the charts cover the last ``last`` hands); ``assisted=False`` leaves out the hands
    played with undo."""
    lines = hand_lines(history, player, assisted=assisted)
    return PlayerReport(
        overall=summarize(player, lines),
        by_preset=_grouped(player, lines, "rules_preset"),
        by_opponent_level=_grouped(player, lines, "opponent_level"),
        running_score=_running(lines, last),
        cards_left_when_losing=_losing_cards(lines, last),
        lost_by_computer=_lost_by_computer(lines, last),
        by_where=stats_by_where(lines, player),
    )


def stats_by_where(lines: list[HandLine], player: str) -> dict[str, PlayerStats]:
    """One summary per place the hands ``lines`` were played, in :data:`PLACES`' order."""
    grouped = _grouped(player, lines, "where")
    return {place: grouped[place] for place in PLACES if place in grouped}


def running_score(history: History, player: str, *, last: int = 50) -> list[ScorePoint]:
    """The player's last ``last`` hands with a running total that starts at 0."""
    return _running(hand_lines(history, player), last)


def cards_left_when_losing(history: History, player: str, *, last: int = 50) -> list[int]:
    """Cards the player still held in each of their last ``last`` lost hands."""
    return _losing_cards(hand_lines(history, player), last)


def human_players(history: History) -> list[str]:
    """Names of the people who have played, most hands first."""
    rows = history.query(
        "SELECT p.name, COUNT(hs.hand_id) AS n FROM players p "
        "JOIN session_seats ss ON ss.player_id = p.id "
        "LEFT JOIN hands h ON h.session_id = ss.session_id "
        "LEFT JOIN hand_seats hs ON hs.hand_id = h.id AND hs.seat = ss.seat "
        "WHERE p.is_human = 1 GROUP BY p.id ORDER BY n DESC, p.name")
    return [str(name) for name, _ in rows]


def recent_sessions(history: History, *, limit: int = 10, player: str | None = None,
                    played_only: bool = False) -> list[SessionSummary]:
    """The latest sessions, newest first; only ``player``'s when a name is given, and
    only those with at least one finished hand when ``played_only``."""
    where: list[str] = []
    params: list[object] = []
    if player is not None:
        where.append("s.id IN (SELECT ss.session_id FROM session_seats ss JOIN players p "
                     "ON p.id = ss.player_id WHERE p.name = ? AND p.is_human = 1)")
        params.append(player)
    if played_only:
        where.append("EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.id)")
    params.append(max(0, limit))
    clause = "WHERE " + " AND ".join(where) if where else ""
    sessions = history.query(
        f"SELECT s.id, s.started_at, s.ended_at, s.rules_preset, s.seat_count, "
        f"(SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id), s.online "
        f"FROM sessions s {clause} ORDER BY s.started_at DESC, s.id DESC LIMIT ?", params)
    result = []
    for session_id, started, ended, preset, seat_count, hands, online in sessions:
        totals = dict(history.query(
            "SELECT hs.seat, SUM(hs.points) FROM hand_seats hs JOIN hands h ON h.id = "
            "hs.hand_id WHERE h.session_id = ? GROUP BY hs.seat", (session_id,)))
        seats = history.seats_of(session_id)
        mine = {i for i, s in enumerate(seats) if s.is_human and (player is None or s.name == player)}
        helped = {hand for hand, seat in history.query(
            "SELECT hs.hand_id, hs.seat FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id "
            "WHERE h.session_id = ? AND hs.by_computer = 1", (session_id,)) if seat in mine}
        result.append(SessionSummary(
            session_id, _when(started), _when(ended) if ended else None, preset,
            tuple(s.name for s in seats), tuple(s.level for s in seats), hands,
            tuple(int(totals.get(i, 0)) for i in range(seat_count)), len(helped), online == 1))
    return result


CSV_COLUMNS: Final = (
    "session_id", "session_started_at", "hand_id", "hand_number", "hand_started_at",
    "duration_s", "rules_preset", "deal_seed", "seat", "player", "is_human", "level",
    "cards_left", "points", "won", "deal_number", "assisted", "by_computer", "online",
)


_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\x85]+")


def _cell(value: object) -> object:
    """Text cells stay on one line (line breaks and other control characters become a
    space, so no name can start a row of its own), and text a spreadsheet would run as a
    formula gets a leading apostrophe."""
    if isinstance(value, str):
        value = _CONTROL.sub(" ", value)
        if value[:1] in ("=", "+", "-", "@"):
            return "'" + value
    return value


def export_csv_text(history: History) -> str:
    """Every hand, one row per seat, as CSV text with a header row."""
    return _csv(history)[0]


def _csv(history: History) -> tuple[str, int]:
    rows = history.query(
        "SELECT s.id, s.started_at, h.id, h.hand_number, h.started_at, h.duration_s, "
        "h.rules_preset, h.deal_seed, hs.seat, p.name, p.is_human, ss.level, "
        "hs.cards_left, hs.points, hs.seat = h.winner_seat, h.deal_number, h.assisted, "
        "hs.by_computer, s.online "
        "FROM hands h JOIN sessions s ON s.id = h.session_id "
        "JOIN hand_seats hs ON hs.hand_id = h.id "
        "JOIN session_seats ss ON ss.session_id = h.session_id AND ss.seat = hs.seat "
        "JOIN players p ON p.id = ss.player_id ORDER BY h.started_at, h.id, hs.seat")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows([_cell(v) for v in row] for row in rows)
    return out.getvalue(), len(rows)


def export_csv(history: History, destination: Path) -> int:
    """Write :func:`export_csv_text` to ``destination`` atomically; returns the row count.

    Raises :class:`StorageError` if the file cannot be written.
    """
    text, count = _csv(history)
    write_atomic(destination, text.encode("utf-8"), keep_backup=False)
    return count
