"""How each achievement is earned, judged from what the score history and the daily
results file hold (so the same judgement serves the moment a hand, a review or a daily
result is kept, and earning them all again when the achievements file is lost:
:func:`derive`).

**Which hands count.** A hand of the score history counts for the person who played it
when all of these hold, and for no one otherwise:

* exactly one seat is a person's, the others computers' (hot-seat hands have several
  people and the achievements are one player's; an online room with other people in it
  likewise; an online room of the player and computers counts like one played here:
  its computers play the same levels);
* nobody took a move back (the hand is not ``assisted``) and the computer did not
  finish the hand for the person (Let the computer play my hand);
* its deal is new: no earlier hand of the history has its deal number. A deal played
  again — a daily deal's practice plays, Play this deal again — is practice.

Practice hands of Try from here, How to play and the quick demo are never recorded in
the history, so never count. Call everything here on the thread that owns the
:class:`~big2.persistence.history.History` (the app's writer thread).

**The achievements** (ids of :data:`.achievements.ACHIEVEMENTS`):

* ``three_experts``: win a counted hand of four seats whose three computers are all
  Expert or Master;
* ``saved_two``: win a counted hand on a last play that holds a 2 (the 2 was kept to
  the very end, not spent to take a trick earlier);
* ``clean_sweep``: win a counted hand while every opponent still holds 8 or more cards;
* ``hat_trick``: win three counted hands in a row in one game (hands 4, 5 and 6, say);
* ``spotless``: a complete review of the person's seat in a counted hand with at least
  :data:`MIN_DECISIONS` decisions and no costly one;
* ``expert_eye``: the same, with every decision played as the Expert would;
* ``beat_expert``: a daily deal's kept result above the Expert's duplicate (late days
  too; not one the computer played cards of for the person — ``by_computer`` in the
  daily record —, and when the history still holds that hand it must count);
* ``week_streak``: the daily deal played on its day seven days in a row, each by the
  person themselves (the days of the daily streak: :meth:`.DailyBook.streak_days`).

Each comes with when it was earned: the end of the hand, the time of the review, the
daily play that made it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Final

from ..engine.cards import rank_of
from .daily import DailyBook
from .history import History
from .jsonsafe import JsonLimits, JsonRejected, parse_json

#: A reviewed hand needs this many decisions (positions with a choice) to earn.
MIN_DECISIONS: Final = 5
#: Cards every opponent still holds for a clean sweep.
SWEEP_CARDS: Final = 8
#: Levels that count as "an Expert" for three_experts.
EXPERT_LEVELS: Final = frozenset({"expert", "master"})
STREAK_DAYS: Final = 7
_TWO: Final = 12  # rank index of the 2
_LIMITS: Final = JsonLimits(max_bytes=8 * 1024 * 1024, max_depth=32)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the achievements read of one recorded hand. ``person`` is the seat it counts
    for, None when it counts for no one (see the module notes)."""

    hand_id: int
    session_id: int
    hand_number: int
    person: int | None
    winner: int
    cards_left: tuple[int, ...]
    levels: tuple[str, ...]
    last_move: tuple[int, tuple[int, ...]] | None
    ended_at: datetime

    @property
    def won(self) -> bool:
        return self.person is not None and self.winner == self.person


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """What the achievements read of a hand review: its decisions, how many were costly
    and how many were played as the Expert would, and whether it is complete."""

    decisions: int
    costly: int
    good: int
    complete: bool = True


def _when(text: object, extra: float = 0.0) -> datetime:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        moment = datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment + timedelta(seconds=max(0.0, float(extra or 0.0)))


def _last_move(text: object) -> tuple[int, tuple[int, ...]] | None:
    try:
        moves = parse_json(str(text).encode("utf-8"), _LIMITS)
    except JsonRejected:
        return None
    if not isinstance(moves, list) or not moves:
        return None
    last = moves[-1]
    if not (isinstance(last, list) and len(last) == 2 and isinstance(last[0], int) and isinstance(last[1], list)):
        return None
    cards = tuple(c for c in last[1] if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52)
    return int(last[0]), cards


def hand_facts(history: History, hand_id: int, *, seats_cache: dict[int, Any] | None = None) -> HandFacts | None:
    """The facts of hand ``hand_id``; None when the history has no such hand."""
    rows = history.query("SELECT session_id, hand_number, winner_seat, started_at, duration_s, moves_json, "
                         "deal_number, assisted FROM hands WHERE id = ?", (hand_id,))
    if not rows:
        return None
    session_id, number, winner, started, duration, moves, deal, assisted = rows[0]
    per_seat = history.query("SELECT seat, cards_left, by_computer FROM hand_seats WHERE hand_id = ? ORDER BY seat",
                             (hand_id,))
    if seats_cache is not None and session_id in seats_cache:
        seats = seats_cache[session_id]
    else:
        seats = history.seats_of(session_id)
        if seats_cache is not None:
            seats_cache[session_id] = seats
    people = [i for i, s in enumerate(seats) if s.is_human]
    person: int | None = people[0] if len(people) == 1 and len(seats) == len(per_seat) else None
    if person is not None and (assisted or any(r[0] == person and r[2] for r in per_seat)):
        person = None
    if person is not None and deal is not None:
        first = history.query("SELECT MIN(id) FROM hands WHERE deal_number = ?", (deal,))
        if first and first[0][0] is not None and int(first[0][0]) < hand_id:
            person = None
    return HandFacts(hand_id=hand_id, session_id=int(session_id), hand_number=int(number), person=person,
                     winner=int(winner), cards_left=tuple(int(r[1]) for r in per_seat),
                     levels=tuple(s.level for s in seats), last_move=_last_move(moves),
                     ended_at=_when(started, duration))


def _before(history: History, facts: HandFacts, n: int) -> list[HandFacts]:
    """The ``n`` hands played just before ``facts`` in its game, latest first."""
    rows = history.query("SELECT id FROM hands WHERE session_id = ? AND hand_number < ? "
                         "ORDER BY hand_number DESC, id DESC LIMIT ?", (facts.session_id, facts.hand_number, n))
    found = (hand_facts(history, int(r[0])) for r in rows)
    return [f for f in found if f is not None]


def hand_feats(facts: HandFacts, before: Iterable[HandFacts] = ()) -> dict[str, datetime]:
    """The achievements hand ``facts`` earns; ``before``: the hands of its game just
    before it, latest first (two are enough)."""
    if not facts.won:
        return {}
    me = facts.person
    out: dict[str, datetime] = {}
    others = [i for i in range(len(facts.levels)) if i != me]
    if len(facts.levels) == 4 and all(facts.levels[i] in EXPERT_LEVELS for i in others):
        out["three_experts"] = facts.ended_at
    if facts.last_move is not None and facts.last_move[0] == me and any(rank_of(c) == _TWO for c in facts.last_move[1]):
        out["saved_two"] = facts.ended_at
    if others and all(facts.cards_left[i] >= SWEEP_CARDS for i in others if i < len(facts.cards_left)):
        out["clean_sweep"] = facts.ended_at
    run, number = 1, facts.hand_number
    for prior in before:
        if prior.hand_number != number - 1 or not prior.won or prior.person != me:
            break
        run, number = run + 1, prior.hand_number
        if run >= 3:
            out["hat_trick"] = facts.ended_at
            break
    return out


def feats_of_hand(history: History, hand_id: int) -> dict[str, datetime]:
    """What the hand just recorded as ``hand_id`` earns (the hook after recording)."""
    facts = hand_facts(history, hand_id)
    if facts is None or not facts.won:
        return {}
    return hand_feats(facts, _before(history, facts, 2))


def review_feats(facts: HandFacts | None, seat: int, review: ReviewSummary, at: datetime) -> dict[str, datetime]:
    """The achievements a review of ``seat`` in the hand of ``facts`` earns."""
    if facts is None or facts.person != seat or not review.complete or review.decisions < MIN_DECISIONS:
        return {}
    out: dict[str, datetime] = {}
    if review.costly == 0:
        out["spotless"] = at
        if review.good == review.decisions:
            out["expert_eye"] = at
    return out


def feats_of_review(history: History, hand_id: int, seat: int, review: ReviewSummary) -> dict[str, datetime]:
    """What a review just finished earns (the hook after a review)."""
    return review_feats(hand_facts(history, hand_id), seat, review, datetime.now(timezone.utc))


def daily_feats(history: History | None, book: DailyBook) -> dict[str, datetime]:
    """What the daily results earn: beat_expert and week_streak, dated by the daily
    play that earned them."""
    out: dict[str, datetime] = {}
    for day in sorted(book.records):
        rec = book.records[day]
        if rec.against_expert != 1 or rec.by_computer:
            continue
        if history is not None:
            rows = history.query("SELECT MIN(id) FROM hands WHERE deal_number = ?", (rec.deal,))
            if rows and rows[0][0] is not None:
                facts = hand_facts(history, int(rows[0][0]))
                if facts is None or facts.person != rec.you.seat:
                    continue  # the hand in the history does not count (undo, the computer played it)
        out["beat_expert"] = rec.played_at
        break
    run, previous = 0, None
    for day in book.streak_days():
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        previous = day
        if run >= STREAK_DAYS:
            out["week_streak"] = book.records[day].played_at
            break
    return out


def derive(history: History | None, book: DailyBook,
           summarise: Callable[[Mapping[str, Any]], ReviewSummary | None]) -> dict[str, datetime]:
    """Every achievement the history and the daily results hold, each with the earliest
    time it was earned; ``summarise`` reads a stored review's JSON (None: unreadable)."""
    out: dict[str, datetime] = {}

    def keep(found: Mapping[str, datetime]) -> None:
        for k, v in found.items():
            out[k] = min(out.get(k, v), v)

    if history is not None:
        seats: dict[int, Any] = {}
        facts_of: dict[int, HandFacts] = {}
        rows = history.query("SELECT id FROM hands ORDER BY session_id, hand_number, id")
        game: list[HandFacts] = []
        for (hand_id,) in rows:
            facts = hand_facts(history, int(hand_id), seats_cache=seats)
            if facts is None:
                continue
            facts_of[facts.hand_id] = facts
            if game and game[-1].session_id != facts.session_id:
                game = []
            keep(hand_feats(facts, reversed(game[-2:])))
            game.append(facts)
        for hand_id, seat, text, reviewed_at in history.query(
                "SELECT hand_id, seat, review_json, reviewed_at FROM hand_reviews"):
            facts = facts_of.get(int(hand_id))
            if facts is None or facts.person != seat:
                continue
            try:
                data = parse_json(str(text).encode("utf-8"), _LIMITS)
            except JsonRejected:
                continue
            summary = summarise(data) if isinstance(data, dict) else None
            if summary is not None:
                keep(review_feats(facts, int(seat), summary, _when(reviewed_at)))
    keep(daily_feats(history, book))
    return out

