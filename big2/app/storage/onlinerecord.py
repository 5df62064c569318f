"""Online hands in the player's own score history, from their seat's view.

A room on a server has no observers in this process (:class:`~.tablehooks.RoomWatch`
watches a local room), so the online table hands its seat's events to :func:`observe`
as they arrive. A :class:`LinkRecorder` (one per link, kept by the storage) records each
scored hand when its :class:`~big2.room.events.HandScored` comes: the winner, cards
left and points of every seat, the deal number (sent only once the hand is scored), the
public moves, and — rebuilt from the moves and the cards left — each seat's cards at
the start, so the replay screen can step through the hand. Nothing a seat could not
see is stored (every card is shown at the end). The history session is started with the
hand (the seats by name; the player's own seat and other people as people, computers
with their level), marked as played online; a rematch is a new session. Writes run on
the storage's writer thread; every hook is a no-op without storage.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timezone
from typing import Any

from big2.engine import Game
from big2.persistence import Seat
from big2.persistence.gamecodec import follow_move, game_to_dict, move_cards, rules_to_dict
from big2.persistence.handlog import replay
from big2.persistence.history import HandResult as StoredResult
from big2.room.events import HandScored
from big2.room.state import SeatState

from big2.app.storage.recorder import Recorder, keep_hand, session_for
from big2.app.storage.store import Storage, of

log = logging.getLogger(__name__)


def observe(app: Any, link: Any, events: Any) -> None:
    """The online table got ``events`` for ``link``'s seat: record any scored hand."""
    st = of(app)
    if st is None:
        return
    recorder = st.link_recorders.get(link)
    if recorder is None:
        recorder = st.link_recorders[link] = LinkRecorder(st, link)
    recorder.seen(events)


class LinkRecorder:
    """Keeps an online seat's scored hands in the history (see the module's notes)."""

    def __init__(self, st: Storage, link: Any) -> None:
        self.st = st
        self.link = link
        #: The history session of the session in play (None until its first hand).
        self.rec: Recorder | None = None
        #: The latest snapshot of the hand in play (its moves, for the record).
        self.hand_state: SeatState | None = None
        self.hand_seen_at: tuple[int, datetime, float] | None = None

    def seen(self, events: Any) -> None:
        state = self.link.state
        if state is not None and state.in_hand:
            if self.hand_seen_at is None or self.hand_seen_at[0] != state.hand_number:
                self.hand_seen_at = (state.hand_number, datetime.now(timezone.utc), time.monotonic())
            self.hand_state = state
        for event in events:
            if isinstance(event, HandScored):
                self.record(event)

    def recorder(self, state: SeatState) -> Recorder:
        """The history session for this session of the room, started on its first hand."""
        if self.rec is not None and not self.rec.ended:
            return self.rec
        seats = tuple(Seat(state.names[s], True) if state.people[s] else Seat(state.names[s], False, state.levels[s])
                      for s in range(state.n_players))
        rules, preset = rules_to_dict(state.rules), state.rules.name
        rec = Recorder(self.st.call(lambda h: h.start_session(seats, rules_preset=preset, rules=rules, online=True),
                                    write=True))
        rec.seats, rec.rules_preset, rec.rules_data, rec.online = seats, preset, rules, True
        self.rec = rec
        return rec

    def record(self, event: HandScored) -> None:
        result = event.result
        state = self.link.state
        if state is None or state.hand_number != result.number:
            state = self.hand_state  # the next hand began meanwhile: the last one seen
        if state is None:
            return
        rec = self.recorder(state)
        stored = stored_result(state, result, self.hand_seen_at)
        st = self.st

        def job() -> None:
            keep_hand(st, rec, stored)
            history, sid = session_for(st, rec)
            if sid is not None and history is not None and event.session_over:
                history.end_session(sid)

        st.submit(job)
        if event.session_over:
            rec.ended = True


def stored_result(state: SeatState, result: Any, seen: tuple[int, datetime, float] | None) -> StoredResult:
    """The history's record of the scored hand ``result`` (a room HandResult) as the seat
    saw it in ``state``."""
    same = state.hand_number == result.number
    history = list(state.history) if same else []
    moves = [[seat, move_cards(move)] for seat, move in history]
    n = len(result.cards_left)
    deal = [sorted(set(result.hands_left[s]).union(*(move_cards(m) for who, m in history if who == s)))
            for s in range(n)]
    start: dict[str, Any] = {}
    if moves and all(deal):
        start = _start_position(state, deal, moves)
    started_at, duration = None, 0.0
    if seen is not None and seen[0] == result.number:
        started_at, duration = seen[1], max(0.0, time.monotonic() - seen[2])
    return StoredResult(
        hand_number=result.number, rules_preset=state.rules.name, rules=rules_to_dict(state.rules),
        winner_seat=result.winner, cards_left=tuple(result.cards_left), points=tuple(result.points),
        moves=moves, deal=deal if start else [], deal_seed=result.deal_number, deal_number=result.deal_number,
        assisted=bool(result.assisted), by_computer=tuple(result.by_computer), started_at=started_at,
        duration_s=duration, ended_how="finished", start=start,
    )


def _start_position(state: SeatState, deal: list[list[int]], moves: list[list[Any]]) -> dict[str, Any]:
    """The hand's start rebuilt from each seat's cards (after any exchange), checked by
    replaying every move; {} when it does not replay (a stock to draw from, say)."""
    try:
        game = Game(deal, rules=state.rules, names=list(state.names), first=moves[0][0], clockwise=state.clockwise)
        start = game_to_dict(game)
        check = Game(deal, rules=state.rules, names=list(state.names), first=moves[0][0], clockwise=state.clockwise)
        for i, (seat, cards) in enumerate(moves):
            follow_move(check, i, seat, cards)
        if not check.is_over:
            return {}
        stored = StoredResult(hand_number=1, rules_preset="", rules={}, winner_seat=0, cards_left=(), points=(),
                              moves=moves, start=start)
        replay(stored)
        return start
    except (ValueError, TypeError, KeyError) as exc:
        log.info("online hand kept without its start position: %s", exc)
        return {}


__all__ = ["LinkRecorder", "observe", "stored_result"]